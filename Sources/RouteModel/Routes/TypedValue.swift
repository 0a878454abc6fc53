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
