/// One enum case as a route signature declares it: `home`, `details(Int)`,
/// `profile(id: Int, name: String?)`, or a case with a raw value, `home = 0`.
public struct CaseSignature: Hashable, Sendable, CustomStringConvertible {
    /// One associated value: its label (none for an unlabelled one), type and default.
    public struct Value: Hashable, Sendable, CustomStringConvertible {
        public let label: String?
        public let type: SchemaType
        /// Where it stands among the case's values, from 0.
        public let position: Int
        /// The default the declaration gives (`transition: NavigatorTransition? = nil`), if
        /// any. Synthesized `Decodable` never uses it: a value with a default is as required as
        /// one without (only an optional may be absent). A change that names the case without
        /// the value gets it written, as Swift's `.case()` would.
        public let defaultValue: DefaultValue?

        /// The key synthesized `Codable` writes it under: its label, or `_<position>`.
        public var key: String { label ?? "_\(position)" }

        public init(label: String?, type: SchemaType, position: Int, defaultValue: DefaultValue? = nil) {
            self.label = label
            self.type = type
            self.position = position
            self.defaultValue = defaultValue
        }

        /// The value as Swift declares it: `id: Int`, `transition: NavigatorTransition? = nil`.
        public var description: String {
            (label.map { $0 + ": " } ?? "") + type.description + (defaultValue.map { " = \($0)" } ?? "")
        }
    }

    /// A default value of an associated value, as a Swift literal: `nil`, a number, a string,
    /// `true`, `false`, `[]`, `[:]` or a case without values of a declared enum (`.none`).
    public enum DefaultValue: Hashable, Sendable, CustomStringConvertible {
        case null
        /// A number, as its text (`5`, `-2.5`).
        case number(String)
        case string(String)
        case bool(Bool)
        case emptyArray
        case emptyDictionary
        /// `.name`: a case of a declared enum.
        case enumCase(String)

        public var description: String {
            switch self {
            case .null: return "nil"
            case .number(let text): return text
            case .string(let text): return "\"" + text + "\""
            case .bool(let flag): return flag ? "true" : "false"
            case .emptyArray: return "[]"
            case .emptyDictionary: return "[:]"
            case .enumCase(let name): return "." + name
            }
        }
    }

    /// A raw value of an `Int`- or `String`-backed enum.
    public enum RawValue: Hashable, Sendable, CustomStringConvertible {
        case int(Int)
        case string(String)

        public var description: String {
            switch self {
            case .int(let value): return String(value)
            case .string(let text): return "\"" + text + "\""
            }
        }
    }

    /// The case name, such as `details`.
    public let name: String
    /// The associated values, in order.
    public let values: [Value]
    /// The raw value the declaration gives (`home = 0`), if any.
    public let rawValue: RawValue?

    public init(name: String, values: [Value] = [], rawValue: RawValue? = nil) {
        self.name = name
        self.values = values
        self.rawValue = rawValue
    }

    /// The value stored under `key`, if the case has one.
    public func value(forKey key: String) -> Value? {
        values.first { $0.key == key }
    }

    /// The keys a payload of this case has, in order.
    public var keys: [String] { values.map(\.key) }

    /// The declaration as Swift spells it: `profile(id: Int, name: String?)`.
    public var description: String {
        var text = name
        if !values.isEmpty {
            text += "(" + values.map(\.description).joined(separator: ", ") + ")"
        }
        if let rawValue { text += " = \(rawValue)" }
        return text
    }
}
