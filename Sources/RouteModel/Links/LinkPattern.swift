import PlainText

/// The URL side of a deep link: a URL whose path segments and query values may be named
/// placeholders, such as `myapp://item/{id}` or `myapp://search?q={q}&src=app`.
///
/// A placeholder is a whole path segment or a whole query value, named by the route-name rule,
/// and appears once. It matches one non-empty path segment, or any one query value, decoded.
/// Everything else is literal and parsed as ``URLText`` parses a URL (scheme and host lower-cased,
/// `%XX` decoded, one trailing `/` ignored). A pattern has no fragment.
///
/// A URL matches when its scheme, host and port are the pattern's, its segments are as many and
/// agree one by one, and its query has exactly the pattern's names, each once, in any order,
/// with agreeing values: a query item the pattern does not name makes it no match, as does a
/// missing one.
public struct LinkPattern: Hashable, Sendable, CustomStringConvertible {
    /// A path segment or query value of the pattern.
    public enum Part: Hashable, Sendable {
        /// Literal text, decoded.
        case text(String)
        /// A placeholder: `{name}`.
        case placeholder(String)
    }

    /// A query item of the pattern: a literal name and a value or placeholder.
    public struct QueryItem: Hashable, Sendable {
        /// The name, decoded.
        public var name: String
        /// The value.
        public var value: Part
    }

    /// The scheme, lower-cased.
    public let scheme: String
    /// The host, lower-cased and decoded, when the pattern has an authority.
    public let host: String?
    /// The port, when given.
    public let port: Int?
    /// The path segments.
    public let segments: [Part]
    /// The query items, in the order written.
    public let query: [QueryItem]

    /// Parses a URL pattern.
    ///
    /// - Throws: `invalidInput` saying what is wrong and at which column (fact
    ///   ``NavigatorError/Fact/invalidURL(column:)``): what ``URLText`` refuses, a `{` or `}`
    ///   that is not one whole placeholder, a placeholder in the scheme, host, port or a query
    ///   name, a placeholder named twice, a query name given twice, or a fragment.
    public init(parsing text: String) throws {
        let scanner = URLScanner(text: text, what: "URL pattern", allowsBraces: true)
        let raw = try scanner.scan()
        if let fragment = raw.fragment {
            throw scanner.error("a URL pattern has no fragment ('#…')", at: fragment.lowerBound - 1)
        }
        var names = UniqueNames()
        func part(_ range: Range<Int>, _ what: String) throws -> Part {
            guard let name = try LinkPattern.placeholder(range, scanner, what) else {
                return .text(try scanner.decoded(range, what))
            }
            guard names.insert(name) else { throw scanner.error("placeholder '{\(name)}' appears twice", at: range.lowerBound) }
            return .placeholder(name)
        }
        scheme = raw.scheme
        host = try raw.host.map(scanner.host)
        port = raw.port
        segments = try raw.segments.map { try part($0, "path segment") }
        var queryNames = UniqueNames()
        query = try raw.query.map { item in
            if scanner.bytes[item.name].contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) {
                throw scanner.error("a placeholder stands for a query value, not a name: write ?name={name}", at: item.name.lowerBound)
            }
            let name = try scanner.decoded(item.name, "query name")
            guard queryNames.insert(name) else { throw scanner.error("query item \(quoted(name)) appears twice", at: item.name.lowerBound) }
            return QueryItem(name: name, value: try part(item.value, "query value"))
        }
    }

    /// The name of the placeholder that `range` (a whole segment or value) is, or `nil` when it
    /// holds no brace.
    private static func placeholder(_ range: Range<Int>, _ scanner: URLScanner, _ what: String) throws -> String? {
        let raw = scanner.bytes[range]
        let braces = raw.indices.filter { raw[$0] == UInt8(ascii: "{") || raw[$0] == UInt8(ascii: "}") }
        guard let first = braces.first else { return nil }
        guard braces == [range.lowerBound, range.upperBound - 1], raw.first == UInt8(ascii: "{") else {
            throw scanner.error("a placeholder is a whole \(what), such as /{id} or ?q={q} (write a literal '{' or '}' as %7B or %7D)", at: first)
        }
        let name = scanner.string(range.lowerBound + 1..<range.upperBound - 1)
        guard Route.isValidName(name) else {
            throw scanner.error(
                "invalid placeholder name \(quoted(name)): use a letter or '_', then letters, digits, '_', '.' and '-'", at: range.lowerBound + 1)
        }
        return name
    }

    /// The placeholders' names, in the order they stand (path, then query).
    public var placeholders: [String] {
        (segments + query.map(\.value)).compactMap { part in
            if case .placeholder(let name) = part { return name }
            return nil
        }
    }

    /// The pattern in its normal form, placeholders written `{name}`.
    public var description: String {
        URLText.render(scheme: scheme, host: host, port: port, segments: segments, query: query.map { ($0.name, $0.value) }, fragment: nil)
    }

    /// The text every URL it matches starts with: its normal form up to the first placeholder
    /// (the whole of it when it has none). Completion offers it for `open`.
    public var fixedPrefix: String {
        let text = description
        return text.firstIndex(of: "{").map { String(text[..<$0]) } ?? text
    }

    // MARK: Matching

    /// The placeholders' values when `url` matches, by name; `nil` when it does not.
    public func match(_ url: URLText) -> [String: String]? {
        mismatch(url) == nil ? values(url) : nil
    }

    /// Why `url` does not match, in a few words; `nil` when it does.
    public func mismatch(_ url: URLText) -> String? {
        if url.scheme != scheme { return "its scheme is \(quoted(scheme)), not \(quoted(url.scheme))" }
        if url.host != host || url.port != port {
            return "its host is \(quoted(authority(host, port))), not \(quoted(authority(url.host, url.port)))"
        }
        if url.segments.count != segments.count {
            return "it has \(count(segments.count, "path segment")), not \(url.segments.count)"
        }
        for (index, (part, segment)) in zip(segments, url.segments).enumerated() {
            if case .text(let text) = part, text != segment {
                return "path segment \(index + 1) is \(quoted(text)), not \(quoted(segment))"
            }
        }
        var given = UniqueNames()
        for item in url.query {
            guard let declared = query.first(where: { $0.name == item.name }) else {
                return "it takes no query item \(quoted(item.name))"
            }
            guard given.insert(item.name) else { return "query item \(quoted(item.name)) is given twice" }
            if case .text(let text) = declared.value, text != item.value {
                return "its query item \(quoted(item.name)) is \(quoted(text)), not \(quoted(item.value))"
            }
        }
        for item in query where !url.query.contains(where: { $0.name == item.name }) {
            return "it needs the query item \(quoted(item.name))"
        }
        return nil
    }

    /// How close `url` comes to matching, for hints: the parts that agree, in order (scheme,
    /// host, each path segment, each query name).
    public func closeness(to url: URLText) -> Int {
        var score = 0
        guard url.scheme == scheme else { return score }
        score += 1
        guard url.host == host, url.port == port else { return score }
        score += 1
        for (part, segment) in zip(segments, url.segments) {
            guard part == .text(segment) || (part.isPlaceholder && !segment.isEmpty) else { break }
            score += 1
        }
        if url.segments.count == segments.count { score += 1 }
        score += query.filter { item in url.query.contains { $0.name == item.name } }.count
        return score
    }

    /// The placeholders' values in `url`, which matches.
    private func values(_ url: URLText) -> [String: String] {
        var values: [String: String] = [:]
        for (part, segment) in zip(segments, url.segments) {
            if case .placeholder(let name) = part { values[name] = segment }
        }
        for item in query {
            if case .placeholder(let name) = item.value {
                values[name] = url.query.first { $0.name == item.name }?.value
            }
        }
        return values
    }

    /// The URL with every placeholder filled from `values`; `nil` when a value is missing or
    /// a path segment's would be empty (no URL could carry it there).
    public func fill(_ values: [String: String]) -> URLText? {
        func text(_ part: Part) -> String? {
            switch part {
            case .text(let text): return text
            case .placeholder(let name): return values[name]
            }
        }
        var segments: [String] = []
        for part in self.segments {
            guard let segment = text(part), !segment.isEmpty else { return nil }
            segments.append(segment)
        }
        var items: [URLText.QueryItem] = []
        for item in query {
            guard let value = text(item.value) else { return nil }
            items.append(URLText.QueryItem(name: item.name, value: value))
        }
        return URLText(scheme: scheme, host: host, port: port, segments: segments, query: items)
    }

    private func authority(_ host: String?, _ port: Int?) -> String {
        (host ?? "") + (port.map { ":\($0)" } ?? "")
    }

    private func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}

extension LinkPattern.Part {
    /// Whether it is a placeholder.
    package var isPlaceholder: Bool {
        if case .placeholder = self { return true }
        return false
    }
}
