/// The JSON scalars a typed parameter value may be, recognised without Foundation.
import JSONText

package enum TypedValue {
    /// The type and text of `json`: a number (its text as given, when it is finite as a
    /// `Double`, so that an app decoding it with `JSONDecoder` can), `true`, `false`, `null`,
    /// or a string (its decoded text). `nil` for anything else, white space around it included.
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
