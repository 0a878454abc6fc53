import PlainText

/// One declared deep link: a URL pattern and the path pattern it stands for, such as
/// `myapp://item/{id}` and `home/tab:feed/details?id={id}`. Each placeholder appears once on
/// each side, so a URL the pattern matches gives every value the path needs, and back.
public struct DeepLink: Equatable, Sendable {
    /// The URL side.
    public let url: LinkPattern
    /// The path side.
    public let path: PathPattern
    /// What the codec that read this link keeps for writing it back (such as members this build
    /// does not know). It takes no part in equality.
    public var preserved: Preserved?

    /// A link of two patterns.
    ///
    /// - Throws: `invalidInput` when a placeholder of one side is not on the other, naming it
    ///   (fact ``NavigatorError/Fact/invalidLink``).
    public init(url: LinkPattern, path: PathPattern) throws {
        func missing(_ name: String, from side: String, on other: String) -> NavigatorError {
            NavigatorError(
                .invalidInput,
                "invalid link \(quoted(url.description)) \(quoted(path.description)): the placeholder '{\(name)}' of the \(side) is not in the \(other)",
                fact: .invalidLink)
        }
        for name in url.placeholders where !path.placeholders.contains(name) {
            throw missing(name, from: "URL pattern", on: "path pattern")
        }
        for name in path.placeholders where !url.placeholders.contains(name) {
            throw missing(name, from: "path pattern", on: "URL pattern")
        }
        self.url = url
        self.path = path
    }

    /// Parses a link's two patterns.
    ///
    /// - Throws: `invalidInput` for a pattern that does not parse (with its column) and as
    ///   ``init(url:path:)-(LinkPattern,PathPattern)``.
    public init(url: String, path: String) throws {
        try self.init(url: LinkPattern(parsing: url), path: PathPattern(parsing: path))
    }

    public static func == (lhs: DeepLink, rhs: DeepLink) -> Bool {
        lhs.url == rhs.url && lhs.path == rhs.path
    }

    /// The path `url` stands for, when the URL pattern matches it and its values fit the path
    /// pattern (a typed placeholder's value is a JSON number, `true`, `false` or `null`).
    ///
    /// - Throws: `invalidInput` for a value no parameter may hold, naming the placeholder.
    public func path(for url: URLText) throws -> RoutePath? {
        guard let values = self.url.match(url) else { return nil }
        return try path.fill(values)
    }

    /// The URL `path` stands for, when the path pattern matches it and each path segment's
    /// value is not empty.
    public func url(for path: RoutePath) -> URLText? {
        self.path.match(path).flatMap(url.fill)
    }
}
