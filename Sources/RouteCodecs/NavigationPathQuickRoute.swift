import RouteModel
import JSONText

/// The route of a NavigationPath element read straight from the document's bytes: the
/// element's JSON text as it stands inside its string, `\"` read as `"`, without first copying
/// the string unescaped, building a scanner over the copy, or checking the route's names and
/// values again as a `String` each.
///
/// It reads the shapes an app's `JSONEncoder` writes for the usual values, compactly: an enum
/// value (`{"details":{"_0":42}}`), a plain object (`{"id":42}`) and a plain scalar (`7`,
/// `"a"`, `true`), whose values are strings without escapes, integers (`-?(0|[1-9][0-9]*)`,
/// at most 300 bytes), `true`, `false` or `null`. Anything else (white space, any other escape,
/// a nested array or object as a value, a fraction, a name that is no route name, a value with a
/// control character or of more than 1024 bytes, a key twice) is `nil`, for
/// ``NavigationPathElement/route(type:bytes:)`` to read from the unescaped text: that reading
/// defines the route, and names what is wrong. Where this reads a route, it is the one that
/// reading gives (NavigationPathFuzzTests compares them on mutated texts). The parts it reads
/// (``Parts``) also make a path segment without a route (``NavigationPathQuickPath``).
package enum NavigationPathQuickRoute {
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
        /// The parameters: the first ``count`` of ``storage`` (kept, not emptied, between
        /// elements).
        private var storage: [Part] = []
        private(set) var count = 0

        var parameters: ArraySlice<Part> { storage[..<count] }

        /// Parameter `index` (below ``count``), read without a slice of the storage.
        subscript(index: Int) -> Part { storage[index] }

        mutating func removeAll() {
            count = 0
        }

        mutating func append(_ part: Part) {
            if count < storage.count { storage[count] = part } else { storage.append(part) }
            count += 1
        }

        /// Whether a member read has the key at `key` in `buffer` (members have keys: only a
        /// plain scalar's one parameter has none).
        func hasKey(_ key: Range<Int>, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
            for index in 0..<count {
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
