/// The type of an associated value, as a route signature spells it in Swift: the scalars
/// synthesized `Codable` writes as JSON scalars, optionals, arrays, dictionaries keyed by
/// strings, and enums declared under the project file's `types`.
public indirect enum SchemaType: Hashable, Sendable, CustomStringConvertible {
    case string
    case int
    case double
    case bool
    /// `T?`: the member may be missing or `null` (synthesized `Codable` writes none for `nil`).
    case optional(SchemaType)
    /// `[T]`: a JSON array.
    case array(SchemaType)
    /// `[String: T]`: a JSON object.
    case dictionary(SchemaType)
    /// A type declared under `types`, by name.
    case named(String)

    /// The built-in type Swift calls `name`, if any.
    public static func builtIn(named name: String) -> SchemaType? {
        switch name {
        case "String": return .string
        case "Int": return .int
        case "Double": return .double
        case "Bool": return .bool
        default: return nil
        }
    }

    /// The type as Swift spells it: `Int`, `String?`, `[String: [Int]]`.
    public var description: String {
        switch self {
        case .string: return "String"
        case .int: return "Int"
        case .double: return "Double"
        case .bool: return "Bool"
        case .optional(let wrapped): return "\(wrapped)?"
        case .array(let element): return "[\(element)]"
        case .dictionary(let value): return "[String: \(value)]"
        case .named(let name): return name
        }
    }

    /// The type with an `a`/`an` in front, for messages: `an Int`, `a String?`.
    public var withArticle: String {
        let text = description
        let vowel = text.first.map { "AEIOUaeiou".contains($0) } ?? false
        return (vowel ? "an " : "a ") + text
    }

    /// Whether a member of this type may be missing from a payload (an optional).
    public var mayBeAbsent: Bool {
        if case .optional = self { return true }
        return false
    }
}
