import RouteModel

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
/// reading gives (NavigationPathQuickRouteTests compares them on mutated texts).
package enum NavigationPathQuickRoute {
    /// The route and shape of the element whose string's content (between its quotes) is
    /// `content` in `buffer`; `routeName` gives the name a plain value shows under (its type's,
    /// ``NavigationPathTypeName/routeName``), asked only for one.
    package static func route(
        in buffer: UnsafeBufferPointer<UInt8>, content: Range<Int>, routeName: () -> String?
    ) -> (Route, NavigationPathElement.Shape)? {
        var reader = Reader(buffer: buffer, index: content.lowerBound, end: content.upperBound)
        return reader.element(routeName: routeName)
    }

    /// A cursor over one element's JSON text.
    private struct Reader {
        let buffer: UnsafeBufferPointer<UInt8>
        var index: Int
        let end: Int

        /// The byte at the cursor, or `nil` at the end.
        var current: UInt8? { index < end ? buffer[index] : nil }

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

        mutating func element(routeName: () -> String?) -> (Route, NavigationPathElement.Shape)? {
            guard current == UInt8(ascii: "{") else {
                guard let name = routeName(), let parameter = parameter(key: "_0"), index == end else { return nil }
                return (Route(checkedName: name, parameters: [parameter]), .single)
            }
            index += 1
            if take(UInt8(ascii: "}")) {
                guard index == end, let name = routeName() else { return nil }
                return (Route(checkedName: name, parameters: []), .object)
            }
            guard let first = key() else { return nil }
            if current == UInt8(ascii: "{") {
                // An object of one member holding an object: an enum value, its case and payload.
                index += 1
                var payload: [Route.Parameter] = []
                if !take(UInt8(ascii: "}")) {
                    guard let member = member({ _ in false }), let members = members(after: member) else { return nil }
                    payload = members
                }
                guard take(UInt8(ascii: "}")), index == end else { return nil }
                return (Route(checkedName: text(first), parameters: payload), .enumValue)
            }
            guard let parameter = parameter(key: text(first)), let parameters = members(after: parameter),
                index == end, let name = routeName()
            else { return nil }
            return (Route(checkedName: name, parameters: parameters), .object)
        }

        /// The members after `first` up to and including the object's `}`, each a key and a
        /// scalar, `first` leading; `nil` for anything else, or a key twice. One or two (most
        /// routes) make an array of their own size, with no growing.
        mutating func members(after first: Route.Parameter) -> [Route.Parameter]? {
            guard take(UInt8(ascii: ",")) else { return take(UInt8(ascii: "}")) ? [first] : nil }
            guard let second = member({ $0 == first.key }) else { return nil }
            guard take(UInt8(ascii: ",")) else { return take(UInt8(ascii: "}")) ? [first, second] : nil }
            var parameters = [first, second]
            repeat {
                // Few members: a scan of the keys before beats a set.
                guard parameters.count < 16, let next = member({ name in parameters.contains { $0.key == name } }) else { return nil }
                parameters.append(next)
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}")) ? parameters : nil
        }

        /// The next member, a key and a scalar, unless `taken` says its key is one read before.
        mutating func member(_ taken: (String) -> Bool) -> Route.Parameter? {
            guard let key = key() else { return nil }
            let name = text(key)
            guard !taken(name) else { return nil }
            return parameter(key: name)
        }

        /// Reads `\"name\":` and returns the range of the name, a valid route name.
        mutating func key() -> Range<Int>? {
            guard takeQuote() else { return nil }
            let start = index
            while index < end, Route.isNameByte(buffer[index], first: index == start) { index += 1 }
            let range = start..<index
            guard !range.isEmpty, range.count <= Route.maxNameLength, takeQuote(), take(UInt8(ascii: ":"))
            else { return nil }
            return range
        }

        /// Reads a scalar as the parameter `key`: a string without escapes is text; an integer,
        /// `true`, `false` or `null` a typed value.
        mutating func parameter(key: String) -> Route.Parameter? {
            guard let byte = current else { return nil }
            let start = index
            switch byte {
            case UInt8(ascii: "\\"):
                guard takeQuote() else { return nil }
                let valueStart = index
                // Plain text: no escape (the next backslash ends it, as `\"`), no DEL or C1
                // control character (what the outer string's scan let through).
                while index < end {
                    let byte = buffer[index]
                    if byte == UInt8(ascii: "\\") || byte == 0x7F { break }
                    if byte == 0xC2, index + 1 < end, buffer[index + 1] < 0xA0 { return nil }
                    index += 1
                }
                let value = valueStart..<index
                guard value.count <= Route.maxValueBytes, takeQuote() else { return nil }
                return Route.Parameter(checkedKey: key, value: text(value), type: .string)
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
                return Route.Parameter(checkedKey: key, value: text(start..<index), type: .number)
            case UInt8(ascii: "t"):
                guard literal("true") else { return nil }
                return Route.Parameter(checkedKey: key, value: "true", type: .boolean)
            case UInt8(ascii: "f"):
                guard literal("false") else { return nil }
                return Route.Parameter(checkedKey: key, value: "false", type: .boolean)
            case UInt8(ascii: "n"):
                guard literal("null") else { return nil }
                return Route.Parameter(checkedKey: key, value: "null", type: .null)
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
