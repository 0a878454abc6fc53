/// The raw value of an `Int`-backed enum typed on the command line (`set 2`, `set -1`): an
/// optional `-` then decimal digits, which no route name can be (a name starts with a letter
/// or `_`), so the two never meet.
enum RawInteger {
    /// Whether `word` is spelt as an integer: an optional `-`, then one or more ASCII digits.
    static func isSpelt(_ word: String) -> Bool {
        let digits = word.utf8.first == UInt8(ascii: "-") ? word.utf8.dropFirst() : word.utf8[...]
        return !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// `word`, spelt as an integer (``isSpelt(_:)``), as the `Int` it is.
    ///
    /// - Throws: ``InvalidValue`` when it is past what an `Int` holds.
    static func parse(_ word: String) throws -> Int64 {
        guard let value = Int64(word) else {
            throw InvalidValue(expected: "an Int-backed enum's raw value is from \(Int64.min) to \(Int64.max)")
        }
        return value
    }
}
