import PlainText

/// A URL as apps' deep links use it, parsed from its text by RFC 3986 without Foundation, and
/// rendered in one normal form: `myapp://item/42`, `myapp://search?q=caf%C3%A9`,
/// `https://example.com:8443/item/42`.
///
/// - The **scheme** is required and lower-cased (`MyApp:` is `myapp:`).
/// - The **authority**, after `//`, is a host (lower-cased; `[…]` for an IP literal) and an
///   optional port (0–65535; an empty port is none). User information (`user@`) is refused:
///   no app's deep link carries it. Without `//` there is no host (`myapp:item/42`).
/// - The **path** is a list of segments, each percent-decoded; one trailing `/` is ignored, an
///   empty segment elsewhere (`a//b`) is refused. `.` and `..` are segments like any other: a
///   deep link is not a relative reference, so nothing resolves them.
/// - The **query** is a list of `name=value` items split at `&` and at the first `=`, each part
///   percent-decoded; an item without `=` has the empty value, empty items are skipped, and
///   `+` is a plus sign (RFC 3986), not a space.
/// - The **fragment** is kept, decoded.
///
/// Percent-decoding is exact: `%XX` is one byte, the bytes of a part must be UTF-8, and a `%`
/// without two hex digits is refused. A character that RFC 3986 does not allow in its place
/// (a space, `é`, `"`) is refused with the `%XX` spelling to write instead. Rendering writes
/// every byte outside `A-Z a-z 0-9 - . _ ~` as `%XX` (upper-case hex digits), so that
/// `URLText(parsing: url.description) == url` for every parsed URL.
public struct URLText: Hashable, Sendable, CustomStringConvertible {
    /// One `name=value` item of the query, both decoded.
    public struct QueryItem: Hashable, Sendable {
        /// The name, before the first `=`.
        public var name: String
        /// The value, after the first `=` (empty when there is none).
        public var value: String

        /// An item of `name` and `value`.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The scheme, lower-cased, such as `myapp` or `https`.
    public var scheme: String
    /// The host, lower-cased and decoded, when the URL has an authority (`//…`); `nil` when not.
    public var host: String?
    /// The port, when given.
    public var port: Int?
    /// The path's segments, decoded, first to last.
    public var segments: [String]
    /// The query's items, in the order written.
    public var query: [QueryItem]
    /// The fragment, decoded, when there is one.
    public var fragment: String?

    /// A URL of these parts, taken as they are (the scheme and host should be lower case).
    public init(scheme: String, host: String?, port: Int? = nil, segments: [String] = [], query: [QueryItem] = [], fragment: String? = nil) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.segments = segments
        self.query = query
        self.fragment = fragment
    }

    /// Parses a URL's text.
    ///
    /// - Throws: `invalidInput` saying what is wrong and at which column, with the fact
    ///   ``NavigatorError/Fact/invalidURL(column:)``.
    public init(parsing text: String) throws {
        let scanner = URLScanner(text: text, what: "URL", allowsBraces: false)
        let raw = try scanner.scan()
        scheme = raw.scheme
        host = try raw.host.map(scanner.host)
        port = raw.port
        segments = try raw.segments.map { try scanner.decoded($0, "path segment") }
        query = try raw.query.map { try QueryItem(name: scanner.decoded($0.name, "query name"), value: scanner.decoded($0.value, "query value")) }
        fragment = try raw.fragment.map { try scanner.decoded($0, "fragment") }
    }

    /// The URL in its normal form.
    public var description: String {
        URLText.render(
            scheme: scheme, host: host, port: port, segments: segments.map(LinkPattern.Part.text),
            query: query.map { ($0.name, .text($0.value)) }, fragment: fragment)
    }

    /// The normal form of a URL or URL pattern of these parts: every byte of text outside
    /// `A-Z a-z 0-9 - . _ ~` written `%XX`, a placeholder written `{name}`.
    package static func render(
        scheme: String, host: String?, port: Int?, segments: [LinkPattern.Part], query: [(name: String, value: LinkPattern.Part)],
        fragment: String?
    ) -> String {
        func append(_ part: LinkPattern.Part, to bytes: inout [UInt8]) {
            switch part {
            case .text(let text): PercentEncoding.append(text, to: &bytes)
            case .placeholder(let name): bytes += "{\(name)}".utf8
            }
        }
        var bytes: [UInt8] = Array(scheme.utf8) + [UInt8(ascii: ":")]
        if let host {
            bytes += "//".utf8
            if host.hasPrefix("[") {
                bytes += host.utf8  // an IP literal: checked to hold only what it may
            } else {
                PercentEncoding.append(host, to: &bytes)
            }
            if let port { bytes += ":\(port)".utf8 }
        }
        for (index, segment) in segments.enumerated() {
            // No '/' before the first segment of a URL without a host (`myapp:item/42`).
            if index > 0 || host != nil { bytes.append(UInt8(ascii: "/")) }
            append(segment, to: &bytes)
        }
        for (index, item) in query.enumerated() {
            bytes.append(index == 0 ? UInt8(ascii: "?") : UInt8(ascii: "&"))
            PercentEncoding.append(item.name, to: &bytes)
            bytes.append(UInt8(ascii: "="))
            append(item.value, to: &bytes)
        }
        if let fragment {
            bytes.append(UInt8(ascii: "#"))
            PercentEncoding.append(fragment, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
