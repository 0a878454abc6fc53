/// What a command has to say: text for standard output and notes for standard error.
struct CommandResult {
    var output = ""
    var notes: [String] = []
}
