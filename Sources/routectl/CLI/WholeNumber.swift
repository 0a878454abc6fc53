/// Whole numbers typed on the command line: digits only, in a range, with "too large" for a
/// number past the range's top (or past what any count can be) rather than "not a number".
enum WholeNumber {
    /// `text` as a whole number from `minimum` to `maximum`.
    ///
    /// - Throws: ``InvalidValue`` saying what a valid value looks like.
    static func parse(_ text: String, atLeast minimum: Int, atMost maximum: Int = Int.max) throws -> Int {
        let range = maximum == Int.max ? ">= \(minimum)" : "from \(minimum) to \(maximum)"
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw InvalidValue(expected: "expected a whole number \(range)")
        }
        guard let value = Int(text), value <= maximum else {
            throw InvalidValue(expected: "too large (at most \(maximum))")
        }
        guard value >= minimum else { throw InvalidValue(expected: "expected a whole number \(range)") }
        return value
    }
}
