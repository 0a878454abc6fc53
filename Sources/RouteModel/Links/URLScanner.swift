import PlainText

/// The parts of a URL's text, found but not yet decoded: what ``URLText`` and ``LinkPattern``
/// share. Every character is checked against what RFC 3986 allows where it stands.
package struct URLScanner {
    /// Where each part of the text stands.
    package struct Parts {
        var scheme: String
        var host: Range<Int>?
        var port: Int?
        var segments: [Range<Int>] = []
        var query: [(name: Range<Int>, value: Range<Int>)] = []
        var fragment: Range<Int>?
    }

    package let text: String
    package let bytes: [UInt8]
    /// What the text is, for messages: `URL` or `URL pattern`.
    package let what: String
    /// Whether `{` and `}` may stand in the path and query (a pattern's placeholders).
    package let allowsBraces: Bool

    package init(text: String, what: String, allowsBraces: Bool) {
        self.text = text
        self.bytes = Array(text.utf8)
        self.what = what
        self.allowsBraces = allowsBraces
    }

    /// An `invalidInput` error at byte `offset`: `invalid URL '…': at column N, <reason>`.
    package func error(_ reason: String, at offset: Int) -> NavigatorError {
        let column = String(decoding: bytes[..<min(offset, bytes.count)], as: UTF8.self).unicodeScalars.count + 1
        return NavigatorError(
            .invalidInput, "invalid \(what) \(quoted(text)): at column \(column), \(reason)", fact: .invalidURL(column: column))
    }

    /// The text of `range`, as written.
    package func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// Finds the parts.
    package func scan() throws -> Parts {
        guard !bytes.isEmpty else { throw error("it is empty: a \(what) starts with its scheme, such as myapp://", at: 0) }
        let schemeEnd = try self.schemeEnd()
        var parts = Parts(scheme: string(0..<schemeEnd).lowercased())
        var index = schemeEnd + 1
        if bytes[index...].starts(with: "//".utf8) {
            let end = bytes[(index + 2)...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
            (parts.host, parts.port) = try authority(index + 2..<end)
            index = end
        }
        let pathEnd = bytes[index...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        parts.segments = try segments(index..<pathEnd)
        index = pathEnd
        if index < bytes.count, bytes[index] == UInt8(ascii: "?") {
            let end = bytes[index...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
            parts.query = try query(index + 1..<end)
            index = end
        }
        if index < bytes.count {
            try check(index + 1..<bytes.count, allowing: isQueryCharacter)
            parts.fragment = index + 1..<bytes.count
        }
        return parts
    }

    /// The offset of the `:` that ends the scheme.
    private func schemeEnd() throws -> Int {
        for (offset, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: ":") where offset > 0:
                return offset
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                continue
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                if offset > 0 { continue }
            default:
                break
            }
            if offset > 0, byte != UInt8(ascii: "/"), byte != UInt8(ascii: "?"), byte != UInt8(ascii: "#") {
                throw error("the scheme may hold only letters, digits, '+', '-' and '.'", at: offset)
            }
            break
        }
        throw error("a \(what) starts with its scheme and ':', such as myapp://", at: 0)
    }

    /// The host's range and the port of the authority in `range` (after `//`).
    private func authority(_ range: Range<Int>) throws -> (Range<Int>, Int?) {
        if let at = bytes[range].firstIndex(of: UInt8(ascii: "@")) {
            throw error("user information ('…@') is not part of a deep link", at: at)
        }
        var hostEnd = bytes[range].firstIndex(of: UInt8(ascii: ":")) ?? range.upperBound
        if range.lowerBound < range.upperBound, bytes[range.lowerBound] == UInt8(ascii: "[") {
            guard let close = bytes[range].firstIndex(of: UInt8(ascii: "]")) else {
                throw error("an IP literal host has no closing ']'", at: range.lowerBound)
            }
            try check(range.lowerBound + 1..<close) { URLScanner.isUnreserved($0) || URLScanner.isSubDelimiter($0) || $0 == UInt8(ascii: ":") }
            hostEnd = close + 1
            guard hostEnd == range.upperBound || bytes[hostEnd] == UInt8(ascii: ":") else {
                throw error("expected ':' and a port after the IP literal host", at: hostEnd)
            }
        } else {
            try check(range.lowerBound..<hostEnd) { URLScanner.isUnreserved($0) || URLScanner.isSubDelimiter($0) || $0 == UInt8(ascii: "%") }
        }
        guard hostEnd < range.upperBound else { return (range.lowerBound..<hostEnd, nil) }
        let digits = bytes[(hostEnd + 1)..<range.upperBound]
        guard digits.count <= 5, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let port = Int(String(decoding: digits, as: UTF8.self)) ?? (digits.isEmpty ? -1 : nil), port <= 65535
        else {
            throw error("the port must be a whole number from 0 to 65535", at: hostEnd + 1)
        }
        return (range.lowerBound..<hostEnd, port < 0 ? nil : port)
    }

    /// The ranges of the path's segments: one leading `/` and one trailing `/` are not
    /// segments; any other empty segment is refused.
    private func segments(_ range: Range<Int>) throws -> [Range<Int>] {
        try check(range) { isPathCharacter($0) || $0 == UInt8(ascii: "/") }
        var start = range.lowerBound
        if start < range.upperBound, bytes[start] == UInt8(ascii: "/") { start += 1 }
        var end = range.upperBound
        if end > start, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        guard start < end else { return [] }
        var segments: [Range<Int>] = []
        while start <= end {
            let stop = bytes[start..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
            guard stop > start else { throw error("empty path segment (two '/' in a row)", at: start) }
            segments.append(start..<stop)
            start = stop + 1
        }
        return segments
    }

    /// The ranges of the query's items' names and values; empty items are skipped.
    private func query(_ range: Range<Int>) throws -> [(name: Range<Int>, value: Range<Int>)] {
        try check(range, allowing: isQueryCharacter)
        var items: [(name: Range<Int>, value: Range<Int>)] = []
        var start = range.lowerBound
        while start <= range.upperBound {
            let stop = bytes[start..<range.upperBound].firstIndex(of: UInt8(ascii: "&")) ?? range.upperBound
            if stop > start {
                let equals = bytes[start..<stop].firstIndex(of: UInt8(ascii: "=")) ?? stop
                guard equals > start else { throw error("a query item needs a name before '='", at: start) }
                items.append((start..<equals, min(equals + 1, stop)..<stop))
            }
            start = stop + 1
        }
        return items
    }

    /// Throws at the first byte of `range` that `allowed` refuses.
    private func check(_ range: Range<Int>, allowing allowed: (UInt8) -> Bool) throws {
        guard let bad = bytes[range].firstIndex(where: { !allowed($0) }) else { return }
        let byte = bytes[bad]
        if allowsBraces, byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") {
            throw error("a placeholder stands for a whole path segment or a whole query value, such as /{id} or ?q={q}", at: bad)
        }
        // The whole character (all its UTF-8 bytes), to show it and its %XX spelling.
        var end = bad + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let character = string(bad..<end)
        throw error("\(quoted(character)) is not allowed here in a \(what): write it as \(PercentEncoding.encoded(character))", at: bad)
    }

    /// A path segment's, a query's or a fragment's character (RFC 3986's pchar, `%` included:
    /// escapes are checked when decoded); `{` and `}` too in a pattern.
    private func isPathCharacter(_ byte: UInt8) -> Bool {
        URLScanner.isUnreserved(byte) || URLScanner.isSubDelimiter(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@")
            || byte == UInt8(ascii: "%") || (allowsBraces && (byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")))
    }

    /// What a query or fragment may hold: a path character, `/` or `?`.
    private func isQueryCharacter(_ byte: UInt8) -> Bool {
        isPathCharacter(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
    }

    package static func isUnreserved(_ byte: UInt8) -> Bool {
        PercentEncoding.isUnreserved(byte)
    }

    package static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }

    /// The decoded text of `range`, which is a `part` (such as `path segment`) of the URL.
    package func decoded(_ range: Range<Int>, _ part: String) throws -> String {
        let decoded = PercentEncoding.decoded(bytes[range])
        if let escape = decoded.badEscape {
            throw error("a '%' not followed by two hex digits", at: escape)
        }
        guard let text = decoded.text else {
            throw error("the \(part) \(quoted(string(range))) is not UTF-8 once its %XX are decoded", at: range.lowerBound)
        }
        return text
    }

    /// The host in `range`, decoded and lower-cased (an IP literal as written, lower-cased).
    package func host(_ range: Range<Int>) throws -> String {
        let text = bytes[range].first == UInt8(ascii: "[") ? string(range) : try decoded(range, "host")
        return String(decoding: text.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
