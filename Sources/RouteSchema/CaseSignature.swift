/// One enum case as a route signature declares it: `home`, `details(Int)`,
/// `profile(id: Int, name: String?)`, or a case with a raw value, `home = 0`.
public struct CaseSignature: Hashable, Sendable, CustomStringConvertible {
    /// One associated value: its label (none for an unlabelled one) and type.
    public struct Value: Hashable, Sendable {
        public let label: String?
        public let type: SchemaType
        /// Where it stands among the case's values, from 0.
        public let position: Int

        /// The key synthesized `Codable` writes it under: its label, or `_<position>`.
        public var key: String { label ?? "_\(position)" }

        public init(label: String?, type: SchemaType, position: Int) {
            self.label = label
            self.type = type
            self.position = position
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
            text += "(" + values.map { ($0.label.map { $0 + ": " } ?? "") + $0.type.description }.joined(separator: ", ") + ")"
        }
        if let rawValue { text += " = \(rawValue)" }
        return text
    }
}
