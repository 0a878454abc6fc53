/// Why an option's value was refused, without the option's name: the parser adds that, so
/// every such message reads the same.
struct InvalidValue: Error {
    /// What a valid value looks like, such as `expected a whole number >= 1`.
    var expected: String
    /// Advice, such as a did-you-mean guess.
    var hint: String? = nil
}
