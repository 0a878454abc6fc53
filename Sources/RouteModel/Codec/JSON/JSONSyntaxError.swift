/// A failure to read JSON: what was expected or wrong, and the byte offset where it was found.
struct JSONSyntaxError: Error, Equatable {
    /// What went wrong, such as `expected ',' or '}'`.
    var reason: String
    /// The offset of the offending byte from the start of the input.
    var offset: Int

    /// The 1-based line and column of ``offset`` within `bytes`.
    func location(in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }
}
