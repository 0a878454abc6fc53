/// A command line routectl cannot run (exit status 64): what is wrong and, when there is a good
/// guess, how to fix it.
struct UsageError: Error, Equatable {
    var message: String
    var hint: String?
    /// Text of routectl's own printed on standard error before the error line, such as the
    /// list of commands for `routectl` alone.
    var preamble: String?

    init(_ message: String, hint: String? = nil, preamble: String? = nil) {
        self.message = message
        self.hint = hint
        self.preamble = preamble
    }
}
