/// A failure to read JSON: what was expected or wrong, and the byte offset where it was found.
@usableFromInline
package struct JSONSyntaxError: Error, Equatable {
    /// What went wrong, such as `expected ',' or '}'`.
    package var reason: String
    /// The offset of the offending byte from the start of the input; `nil` for a problem of
    /// the document as a whole (members that do not fit together).
    package var offset: Int?

    @usableFromInline
    package init(reason: String, offset: Int?) {
        self.reason = reason
        self.offset = offset
    }

    /// Whether the text is refused for nesting deeper than ``JSONScanner/maxDepth``: valid JSON
    /// that Foundation reads (to 512 levels), past routectl's limit only.
    package var isTooDeep: Bool {
        reason == "nested deeper than \(JSONScanner.maxDepth) levels"
    }

    /// Where the problem is, as `at line L, column C`, or `nil` for the document as a whole.
    package func place(in bytes: [UInt8]) -> String? {
        guard offset != nil else { return nil }
        let (line, column) = location(in: bytes)
        return "at line \(line), column \(column)"
    }

    /// The 1-based line and column of ``offset`` within `bytes`.
    package func location(in bytes: [UInt8]) -> (line: Int, column: Int) {
        let offset = self.offset ?? 0
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }
}
