/// One declaration as the project file holds it, uninterpreted: its text and where it is.
public struct SchemaDeclaration: Hashable, Sendable {
    /// The declaration's text, such as `details(Int)`.
    public let text: String
    /// The line of the project file it is on, from 1.
    public let line: Int

    public init(_ text: String, line: Int) {
        self.text = text
        self.line = line
    }
}
