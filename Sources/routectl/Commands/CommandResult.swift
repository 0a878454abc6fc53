/// What a command has to say: text for standard output and notes for standard error.
struct CommandResult {
    var output = ""
    var notes: [String] = []
    /// The exit status, when the output is a finding rather than success (`check`: 1).
    var status: Int32 = 0
    /// What the command read, for the process to leave unfreed when it exits after printing
    /// (see `runRoutectl`): a state of 1,000 screens costs as much to free route by route as it
    /// did to read. In process (tests), it is freed as usual.
    var kept: (any Sendable)?
}
