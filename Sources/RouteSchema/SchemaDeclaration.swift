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

/// One stored property of a struct declared under `types`, as the project file holds it: its
/// name, the text of its type (`String?`), and the line it is on.
public struct SchemaMember: Hashable, Sendable {
    public let name: String
    /// The type's text, such as `Int` or `[DetailFeature.State]`.
    public let text: String
    public let line: Int

    public init(_ name: String, _ text: String, line: Int) {
        self.name = name
        self.text = text
        self.line = line
    }
}
