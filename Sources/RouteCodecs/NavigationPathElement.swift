import JSONText
import RouteModel
import PlainText

/// One element of SwiftUI's `NavigationPath` and the route it shows as: a type name, and the
/// element's JSON text as the app's encoder wrote it.
///
/// - An enum value (an object with one member, its case, holding an object) is that route,
///   as synthesized `Codable` writes it (``Route/init(codableValue:)``): `MyApp.Screen`
///   `{"details":{"_0":42}}` is `details?_0:=42`.
/// - Any other value is a **plain value**: a route named after its type
///   (``NavigationPathTypeName/routeName``), whose parameters are an object's members
///   (`MyApp.Recipe` `{"id":42}` is `Recipe?id:=42`) or, for anything else, the value as `_0`
///   (`Swift.Int` `7` is `Int?_0:=7`, `Swift.String` `"\"a\""` is `String?_0=a`).
///
/// As read, an element keeps its bytes (``typeToken`` and ``itemToken``, the two JSON strings
/// as they stand in the document), which are written back unchanged while the element's route
/// is the same; a route it rides on carries it in ``Route/preserved``. (A class: one word in
/// the route's ``Preserved``, no box of its own, copied and cast as one reference.)
package final class NavigationPathElement: Sendable {
    /// What an element's JSON is.
    package enum Shape: Sendable, Equatable {
        /// An enum value: the route is its case.
        case enumValue
        /// A plain value that is an object: the route's parameters are its members.
        case object
        /// A plain value that is no object: the route's one parameter `_0`.
        case single
    }

    let type: NavigationPathTypeName
    let shape: Shape
    /// The route the element shows as (without ``Route/preserved``).
    let route: Route
    /// The document the element was read from, and the ranges of its two JSON strings there.
    let document: [UInt8]
    let typeToken: Range<Int>
    let itemToken: Range<Int>
    /// The element's place in the document: 0 for the first pair (the top of the stack).
    let pair: Int

    init(
        type: NavigationPathTypeName, shape: Shape, route: Route, document: [UInt8], typeToken: Range<Int>,
        itemToken: Range<Int>, pair: Int
    ) {
        self.type = type
        self.shape = shape
        self.route = route
        self.document = document
        self.typeToken = typeToken
        self.itemToken = itemToken
        self.pair = pair
    }

    /// The route an element of `type` whose JSON text is `text` shows as, and its shape.
    ///
    /// - Throws: `invalidInput` for JSON that does not parse, or a value no route holds (a
    ///   case or member name that is no route name, text with control characters, more than
    ///   1024 bytes of text or 65,536 of JSON), or a plain value of a type whose name gives
    ///   no route name; the reason without a place.
    package static func route(type: NavigationPathTypeName, text: String) throws -> (Route, Shape) {
        try route(type: type, bytes: Array(text.utf8))
    }

    /// ``route(type:text:)`` of the text's UTF-8 `bytes` (valid UTF-8), as a document's
    /// string decodes to: read straight from them, and only when that does not take them by
    /// way of their JSON value.
    package static func route(type: NavigationPathTypeName, bytes: [UInt8]) throws -> (Route, Shape) {
        if let quick = quickRoute(type: type, bytes: bytes) { return quick }
        return try routeByValue(type: type, text: String(decoding: bytes, as: UTF8.self))
    }

    /// ``route(type:text:)`` by way of the text's JSON value: the reading that defines it, and
    /// the one that names what is wrong.
    package static func routeByValue(type: NavigationPathTypeName, text: String) throws -> (Route, Shape) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: Array(text.utf8))
        } catch let error as JSONSyntaxError {
            throw NavigatorError(.invalidInput, "the JSON text of the \(quoted(type.text)) value does not parse: \(error.reason)")
        }
        if case .object(let cases) = value, cases.count == 1, case .object = cases[0].value {
            return (try Route(codableValue: value), .enumValue)
        }
        guard let name = type.routeName else {
            throw NavigatorError(
                .invalidInput,
                "a value of \(quoted(type.text)), which is no enum value, shows as a route named after its type, and that name gives none routectl takes (letters, digits, '_', '.', '-')")
        }
        if case .object(let members) = value {
            return (try Route(name, parameters: members.map(parameter)), .object)
        }
        return (try Route(name, parameters: [parameter(JSONValue.Member("_0", value))]), .single)
    }

    /// What ``route(type:text:)`` gives, read straight from the text without building its
    /// JSON value (which the typed parameters check again): `nil` for anything this does not
    /// read, or reads as invalid, so that the full reading gives the same route or names what
    /// is wrong. (A path of 1,000 screens is read in a third fewer instructions.)
    private static func quickRoute(type: NavigationPathTypeName, bytes: [UInt8]) -> (Route, Shape)? {
        var scanner = JSONScanner(bytes)
        do {
            guard scanner.peek() == UInt8(ascii: "{") else {
                guard let name = type.routeName else { return nil }
                let parameter = try self.parameter("_0", &scanner, depth: 0)
                try scanner.expectEnd()
                return (try Route(name, parameters: [parameter]), .single)
            }
            // An object of one member holding an object is an enum value: its case and payload.
            var members: [Route.Parameter] = []
            var first: (key: String, range: Range<Int>, payload: [Route.Parameter])?
            try scanner.readObject(depth: 0) { scanner, key in
                if let held = first {
                    // A second member: a plain object after all, whose first member is an object.
                    members.append(try Route.Parameter(key: held.key, json: String(decoding: scanner.bytes[held.range], as: UTF8.self)))
                    first = nil
                }
                if members.isEmpty, scanner.peek() == UInt8(ascii: "{") {
                    let start = scanner.position
                    var payload: [Route.Parameter] = []
                    try scanner.readObject(depth: 1) { scanner, member in
                        payload.append(try self.parameter(member, &scanner, depth: 2))
                    }
                    first = (key, start..<scanner.position, payload)
                } else {
                    members.append(try self.parameter(key, &scanner, depth: 1))
                }
            }
            try scanner.expectEnd()
            if let first {
                return (try Route(first.key, parameters: first.payload), .enumValue)
            }
            guard let name = type.routeName else { return nil }
            return (try Route(name, parameters: members), .object)
        } catch {
            return nil
        }
    }

    /// The next value of `scanner` as the parameter `key`: a string is text, anything else a
    /// typed value.
    private static func parameter(_ key: String, _ scanner: inout JSONScanner, depth: Int) throws -> Route.Parameter {
        if scanner.peek() == UInt8(ascii: "\"") { return try Route.Parameter(key: key, value: scanner.readString()) }
        let range = try scanner.skipValue(depth: depth)
        return try Route.Parameter(key: key, json: String(decoding: scanner.bytes[range], as: UTF8.self))
    }

    /// A member as a route parameter: a string is text, anything else a typed value.
    private static func parameter(_ member: JSONValue.Member) throws -> Route.Parameter {
        if case .string(let text) = member.value { return try Route.Parameter(key: member.key, value: text) }
        return try Route.Parameter(key: member.key, json: member.value.text)
    }

    /// The JSON text of `route` as an element of the shape `shape`: its enum value, or a plain
    /// value (its parameters as an object's members, or its `_0` alone).
    static func text(of route: Route, shape: Shape) -> String {
        switch shape {
        case .enumValue:
            return route.codableValue.text
        case .object:
            guard case .object(let cases) = route.codableValue, case .object(let members)? = cases.first?.value else { return "{}" }
            return JSONValue.object(members).text
        case .single:
            guard case .object(let cases) = route.codableValue, case .object(let members)? = cases.first?.value, let value = members.first?.value else {
                return "null"
            }
            return value.text
        }
    }
}

extension NavigationPathElement {
    /// An element's route read where it stands in the document's bytes: the element's JSON text
    /// inside its string, `\"` read as `"`, recorded as byte ranges (its case name and each
    /// parameter's key and value, ``Parts``) without copying the string unescaped or building
    /// anything; the route is built from them when asked (``route(in:content:parts:routeName:)``).
    /// The document's reading reads each element so as it scans its string
    /// (``element(inStringAt:of:parts:)``).
    ///
    /// It reads the shapes an app's `JSONEncoder` writes for the usual values, compactly: an enum
    /// value (`{"details":{"_0":42}}`), a plain object (`{"id":42}`) and a plain scalar (`7`,
    /// `"a"`, `true`), whose values are strings without escapes, integers (`-?(0|[1-9][0-9]*)`,
    /// at most 300 bytes), `true`, `false` or `null`. Anything else (white space, any other escape,
    /// a nested array or object as a value, a fraction, a name that is no route name, a value with a
    /// control character or of more than 1024 bytes, a key twice) is `nil`, for
    /// ``NavigationPathElement/route(type:bytes:)`` to read from the unescaped text: that reading
    /// defines the route, and names what is wrong; where this reads a route, it is the one that
    /// reading gives (NavigationPathFuzzTests compares them).
    package enum InPlace {
        /// One parameter of an element as it stands in the buffer: its key (`nil`: `_0`, a plain
        /// value's one), its value's text (a string's without its quotes) and its type.
        struct Part {
            let key: Range<Int>?
            let value: Range<Int>
            let type: Route.ValueType
        }

        /// What an element's text holds, as ranges of the buffer: its case's name (`nil`: a plain
        /// value, shown under its type's route name), its shape and its parameters. One value is
        /// reused for every element of a document, so that reading one allocates nothing.
        struct Parts {
            var name: Range<Int>?
            var shape = NavigationPathElement.Shape.single
            /// The parameters of the element read: ``storage`` from ``start`` up to ``end``. The
            /// parameters of the elements read before stay before ``start``
            /// (``keepParameters()``), so that a document's reading records all of them in one
            /// array, copied nowhere.
            private(set) var storage: [Part] = []
            private(set) var start = 0
            private(set) var end = 0

            /// How many parameters the element read has.
            var count: Int { end - start }

            var parameters: ArraySlice<Part> { storage[start..<end] }

            /// Parameter `index` (below ``count``), read without a slice of the storage.
            subscript(index: Int) -> Part { storage[start + index] }

            /// Forgets the parameters of the element read (those kept before it stay).
            mutating func removeAll() {
                end = start
            }

            /// Keeps the parameters of the element read, for the next one to be read after them.
            mutating func keepParameters() {
                start = end
            }

            mutating func append(_ part: Part) {
                if end < storage.count { storage[end] = part } else { storage.append(part) }
                end += 1
            }

            /// Whether a member read has the key at `key` in `buffer` (members have keys: only a
            /// plain scalar's one parameter has none).
            func hasKey(_ key: Range<Int>, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
                for index in start..<end {
                    guard let other = storage[index].key else { continue }
                    guard other.count == key.count else { continue }
                    var offset = 0
                    while offset < key.count, buffer[other.lowerBound + offset] == buffer[key.lowerBound + offset] { offset += 1 }
                    if offset == key.count { return true }
                }
                return false
            }
        }

        /// The route and shape of the element whose string's content (between its quotes) is
        /// `content` in `buffer`; `routeName` gives the name a plain value shows under (its type's,
        /// ``NavigationPathTypeName/routeName``), asked only for one.
        package static func route(
            in buffer: UnsafeBufferPointer<UInt8>, content: Range<Int>, routeName: () -> String?
        ) -> (Route, NavigationPathElement.Shape)? {
            var parts = Parts()
            return route(in: buffer, content: content, parts: &parts, routeName: routeName)
        }

        /// ``route(in:content:routeName:)``, reading into `parts` (any value; reused).
        static func route(
            in buffer: UnsafeBufferPointer<UInt8>, content: Range<Int>, parts: inout Parts, routeName: () -> String?
        ) -> (Route, NavigationPathElement.Shape)? {
            var reader = Reader(buffer: buffer, index: content.lowerBound, end: content.upperBound)
            guard reader.element(into: &parts), let name = parts.name.map({ reader.text($0) }) ?? routeName() else { return nil }
            let parameters = parts.parameters.map { part in
                Route.Parameter(checkedKey: part.key.map { reader.text($0) } ?? "_0", value: reader.text(part.value), type: part.type)
            }
            return (Route(checkedName: name, parameters: parameters), parts.shape)
        }

        /// Reads the element whose JSON text is the content of the document's string whose
        /// opening quote is at `start` into `parts`, the string checked as it is read (as the
        /// document's scan would: no control character, UTF-8 well formed) and its end found by
        /// the reading; returns where its closing quote is, or `nil` where the reading of the
        /// string's content as ``route(in:content:parts:routeName:)`` reads it gives no route (or
        /// where the string is not one the scan takes).
        static func element(inStringAt start: Int, of buffer: UnsafeBufferPointer<UInt8>, parts: inout Parts) -> Int? {
            var reader = Reader(buffer: buffer, index: start + 1, end: buffer.count, endsAtQuote: true)
            guard reader.element(into: &parts) else { return nil }
            return reader.index
        }

        /// A cursor over one element's JSON text.
        private struct Reader {
            let buffer: UnsafeBufferPointer<UInt8>
            var index: Int
            let end: Int
            /// Whether the text ends at the first `"` met outside a `\"` (reading a document's
            /// string as it stands, its end not yet known: ``element(inStringAt:of:parts:)``), not
            /// at `end`.
            var endsAtQuote = false

            /// The byte at the cursor, or `nil` at the end.
            var current: UInt8? { index < end ? buffer[index] : nil }

            /// Whether the cursor is at the end of the text.
            var atEnd: Bool { endsAtQuote ? index < end && buffer[index] == UInt8(ascii: "\"") : index == end }

            /// Consumes `byte` when it is next.
            mutating func take(_ byte: UInt8) -> Bool {
                guard index < end, buffer[index] == byte else { return false }
                index += 1
                return true
            }

            /// Consumes an escaped quote, `\"`, when it is next.
            mutating func takeQuote() -> Bool {
                guard index + 1 < end, buffer[index] == UInt8(ascii: "\\"), buffer[index + 1] == UInt8(ascii: "\"") else { return false }
                index += 2
                return true
            }

            /// Reads the whole text into `parts`: an enum value (an object of one member, its case,
            /// holding an object of scalars), a plain object of scalars, or a plain scalar; `false`
            /// for anything else.
            mutating func element(into parts: inout Parts) -> Bool {
                parts.name = nil
                parts.removeAll()
                guard current == UInt8(ascii: "{") else {
                    guard let part = parameter(key: nil), atEnd else { return false }
                    parts.append(part)
                    parts.shape = .single
                    return true
                }
                index += 1
                if take(UInt8(ascii: "}")) {
                    parts.shape = .object
                    return atEnd
                }
                guard let first = key() else { return false }
                if current == UInt8(ascii: "{") {
                    // An object of one member holding an object: an enum value, its case and payload.
                    index += 1
                    if !take(UInt8(ascii: "}")) {
                        guard let key = key(), members(from: key, into: &parts) else { return false }
                    }
                    guard take(UInt8(ascii: "}")), atEnd else { return false }
                    parts.name = first
                    parts.shape = .enumValue
                    return true
                }
                guard members(from: first, into: &parts), atEnd else { return false }
                parts.shape = .object
                return true
            }

            /// The members of an object from the value of `key` (read) up to and including the
            /// object's `}`, each a key and a scalar; `false` for anything else, a key twice, or more
            /// than 16 members.
            mutating func members(from key: Range<Int>, into parts: inout Parts) -> Bool {
                var key = key
                while true {
                    guard let part = parameter(key: key) else { return false }
                    parts.append(part)
                    guard take(UInt8(ascii: ",")) else { return take(UInt8(ascii: "}")) }
                    // Few members: a scan of the keys before beats a set.
                    guard parts.count < 16, let next = self.key(), !parts.hasKey(next, in: buffer) else { return false }
                    key = next
                }
            }

            /// Reads `\"name\":` and returns the range of the name, a valid route name. (Looked at
            /// from a local cursor, with the bytes around the name tested at once: a key is read for
            /// nearly every parameter of a long path.)
            mutating func key() -> Range<Int>? {
                var position = index
                guard position &+ 2 < end, buffer[position] == UInt8(ascii: "\\"), buffer[position &+ 1] == UInt8(ascii: "\""),
                    Route.isNameByte(buffer[position &+ 2], first: true)
                else { return nil }
                let start = position &+ 2
                position = start &+ 1
                while position < end, Route.isNameByte(buffer[position], first: false) { position &+= 1 }
                guard position &- start <= Route.maxNameLength, position &+ 3 <= end, buffer[position] == UInt8(ascii: "\\"),
                    buffer[position &+ 1] == UInt8(ascii: "\""), buffer[position &+ 2] == UInt8(ascii: ":")
                else { return nil }
                index = position &+ 3
                return start..<position
            }

            /// Reads a scalar as the parameter `key` (`nil`: `_0`): a string without escapes is
            /// text; an integer, `true`, `false` or `null` a typed value.
            mutating func parameter(key: Range<Int>?) -> Part? {
                guard let byte = current else { return nil }
                let start = index
                switch byte {
                case UInt8(ascii: "\\"):
                    guard takeQuote() else { return nil }
                    let valueStart = index
                    // Plain text: no escape (the next backslash ends it, as `\"`), no DEL or C1
                    // control character (what the outer string's scan let through); and, for a
                    // string read as it stands (``endsAtQuote``), nothing its scan would refuse: no
                    // quote, no control character, UTF-8 well formed.
                    while index < end {
                        let byte = buffer[index]
                        if byte == UInt8(ascii: "\\") || byte == 0x7F { break }
                        if byte < 0x80 {
                            if byte == UInt8(ascii: "\"") || byte < 0x20 { return nil }
                            index += 1
                        } else {
                            if byte == 0xC2, index + 1 < end, buffer[index + 1] < 0xA0 { return nil }
                            guard let next = try? JSONScanner.checkUTF8(buffer, at: index) else { return nil }
                            index = next
                        }
                    }
                    let value = valueStart..<index
                    guard value.count <= Route.maxValueBytes, takeQuote() else { return nil }
                    return Part(key: key, value: value, type: .string)
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if byte == UInt8(ascii: "-") { index += 1 }
                    guard let lead = current, Self.isDigit(lead) else { return nil }
                    index += 1
                    if lead != UInt8(ascii: "0") {
                        while index < end, Self.isDigit(buffer[index]) { index += 1 }
                    }
                    // Not a fraction, an exponent, or digits after a leading zero.
                    if let next = current, Self.isDigit(next) || next == UInt8(ascii: ".") || next | 0x20 == UInt8(ascii: "e") { return nil }
                    guard index - start <= 300 else { return nil }
                    return Part(key: key, value: start..<index, type: .number)
                case UInt8(ascii: "t"):
                    guard literal("true") else { return nil }
                    return Part(key: key, value: start..<index, type: .boolean)
                case UInt8(ascii: "f"):
                    guard literal("false") else { return nil }
                    return Part(key: key, value: start..<index, type: .boolean)
                case UInt8(ascii: "n"):
                    guard literal("null") else { return nil }
                    return Part(key: key, value: start..<index, type: .null)
                default:
                    return nil
                }
            }

            /// Consumes `word` when it is next.
            mutating func literal(_ word: StaticString) -> Bool {
                let count = word.utf8CodeUnitCount
                guard end - index >= count else { return false }
                for offset in 0..<count where buffer[index + offset] != word.utf8Start[offset] { return false }
                index += count
                return true
            }

            /// The text of the bytes at `range` (valid UTF-8: the document's scan checked it).
            func text(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
            }

            static func isDigit(_ byte: UInt8) -> Bool {
                byte &- UInt8(ascii: "0") < 10
            }
        }
    }
}
