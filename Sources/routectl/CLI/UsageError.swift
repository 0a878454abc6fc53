/// A command line routectl cannot run (exit status 64): what is wrong and, when there is a good
/// guess, how to fix it.
struct UsageError: Error, Equatable {
    var message: String
    var hint: String?

    init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }
}
