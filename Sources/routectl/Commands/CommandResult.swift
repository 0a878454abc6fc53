/// What a command has to say: text for standard output and notes for standard error.
struct CommandResult {
    var output = ""
    var notes: [String] = []
    /// The exit status, when the output is a finding rather than success (`check`: 1).
    var status: Int32 = 0
}
