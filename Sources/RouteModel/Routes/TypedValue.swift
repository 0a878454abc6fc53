/// The JSON values a typed parameter may hold, recognised without Foundation.
import JSONText

package enum TypedValue {
    /// The largest typed value that is an array or an object, as compact JSON text, in bytes
    /// (a nested enum payload); text and scalars keep ``Route/maxValueBytes``.
    package static let maxStructuredBytes = 65_536

    /// The type and text of `json`: a number (its text as given, when it is finite as a
    /// `Double`, so that an app decoding it with `JSONDecoder` can), `true`, `false`, `null`,
    /// a string (its decoded text), or an array or object (its compact text, members in the
    /// order given). `nil` for anything else, white space around a scalar included.
    package static func parse(_ json: String) -> (Route.ValueType, String)? {
        if let type = quickScalar(json) { return (type, json) }
        return parseFully(json)
    }

    /// The type of `json` when it is an integer of at most 300 digits (finite as a `Double`
    /// whatever its digits), `true`, `false` or `null`, read from its bytes without a scanner,
    /// a copy or `strtod`; `nil` for anything else, which ``parseFully(_:)`` reads (a route
    /// parameter of a path of 1,000 screens was 1,400 instructions, most of them here).
    package static func quickScalar(_ json: String) -> Route.ValueType? {
        let utf8 = json.utf8
        guard let first = utf8.first, utf8.count <= 300 else { return nil }
        switch first {
        case UInt8(ascii: "t"): return json == "true" ? .boolean : nil
        case UInt8(ascii: "f"): return json == "false" ? .boolean : nil
        case UInt8(ascii: "n"): return json == "null" ? .null : nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            // `-?(0|[1-9][0-9]*)`, nothing after it.
            var index = utf8.startIndex
            if first == UInt8(ascii: "-") { index = utf8.index(after: index) }
            guard index < utf8.endIndex else { return nil }
            let lead = utf8[index]
            index = utf8.index(after: index)
            if lead == UInt8(ascii: "0") { return index == utf8.endIndex ? .number : nil }
            guard lead >= UInt8(ascii: "1"), lead <= UInt8(ascii: "9") else { return nil }
            while index < utf8.endIndex {
                let byte = utf8[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                index = utf8.index(after: index)
            }
            return .number
        default: return nil
        }
    }

    /// ``parse(_:)`` by the scanner: the reading that defines it.
    package static func parseFully(_ json: String) -> (Route.ValueType, String)? {
        let bytes = Array(json.utf8)
        guard let first = bytes.first else { return nil }
        var scanner = JSONScanner(bytes)
        do {
            let result: (Route.ValueType, String)
            switch first {
            case UInt8(ascii: "\""): result = (.string, try scanner.readString())
            case UInt8(ascii: "t"), UInt8(ascii: "f"): result = (.boolean, json)
            case UInt8(ascii: "n"): result = (.null, json)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): result = (.number, json)
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                let value = try JSONValue(&scanner, depth: 1)
                guard scanner.position == bytes.count, value.isFiniteThroughout else { return nil }
                return (first == UInt8(ascii: "[") ? .array : .object, value.text)
            default: return nil
            }
            if result.0 != .string {
                try scanner.skipValue(depth: 1)
            }
            guard scanner.position == bytes.count else { return nil }
            if result.0 == .number, !(Double(json)?.isFinite ?? false) { return nil }
            return result
        } catch {
            return nil
        }
    }
}

extension JSONValue {
    /// Whether every number in the value is finite as a `Double` (what `JSONDecoder` reads).
    package var isFiniteThroughout: Bool {
        switch self {
        case .number(let text): return Double(text)?.isFinite ?? false
        case .array(let elements): return elements.allSatisfy(\.isFiniteThroughout)
        case .object(let members): return members.allSatisfy(\.value.isFiniteThroughout)
        case .null, .bool, .string: return true
        }
    }
}

extension Route.ValueType {
    /// The type of a JSON scalar of kind `kind`.
    package init(_ kind: JSONScalarKind) {
        switch kind {
        case .string: self = .string
        case .number: self = .number
        case .boolean: self = .boolean
        case .null: self = .null
        }
    }
}
