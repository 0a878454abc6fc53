import PlainText

/// Why a project file cannot be used: the line (when the problem is at one place) and what is
/// wrong there, naming the member; for a name that is not a member, the name and the members it
/// could have meant, so that the caller can add a guess.
public struct ProjectFileError: Error, Equatable, Sendable {
    /// The 1-based line; `nil` for the file as a whole.
    public var line: Int?
    /// What is wrong, naming the member, such as `'store.file' must be a string, found 42`.
    public var reason: String
    /// For an unknown member: the name given and the names allowed there.
    public var unknown: Unknown?

    public struct Unknown: Equatable, Sendable {
        public var name: String
        public var candidates: [String]

        public init(name: String, candidates: [String]) {
            self.name = name
            self.candidates = candidates
        }
    }

    public init(line: Int?, _ reason: String, unknown: Unknown? = nil) {
        self.line = line
        self.reason = reason
        self.unknown = unknown
    }

    /// `<file>:<line>: <reason>`, or `<file>: <reason>` without a line.
    public func message(file: String) -> String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(reason)"
    }
}
