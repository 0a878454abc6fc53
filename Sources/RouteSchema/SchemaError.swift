import PlainText

/// A declaration of the project file that synthesized `Codable` could not produce, or that does
/// not parse: the file, the line, the member (`routes[2]`, `types.Feature[0]`), the text and why.
public struct SchemaError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The project file, as messages name it (`routectl.json`).
    public var file: String
    public var line: Int
    /// The member holding the declaration: `routes[2]`, `types.Feature[0]`, or `types.Feature`.
    public var member: String
    /// The declaration's text (empty when the error is about a type as a whole).
    public var text: String
    /// What is wrong, and what would be right.
    public var reason: String

    public init(file: String, line: Int, member: String, text: String, reason: String) {
        self.file = file
        self.line = line
        self.member = member
        self.text = text
        self.reason = reason
    }

    /// `routectl.json:4: routes[2] 'details(Int': expected ')' after the associated values`.
    public var description: String {
        "\(file):\(line): \(member)\(text.isEmpty ? "" : " " + quoted(text, limit: 80)): \(reason)"
    }
}
