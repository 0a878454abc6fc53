/// One subcommand, defined once: everything the parser, `--help`, the man page and the shell
/// completions say about it comes from here.
struct CommandSpec: Sendable {
    /// The command it describes.
    let command: Command
    /// The arguments after the name in a usage line, such as `<route> [<key=value> ...]`.
    let synopsis: String
    /// How many positional arguments it takes.
    let arity: ClosedRange<Int>
    /// What completes its positional arguments.
    let completion: Completion
    /// One line for command lists, starting with a verb, without a final period.
    let summary: String
    /// More text for `help <command>` and the man page, one paragraph per element.
    let details: [String]
    /// Example command lines with what they do.
    let examples: [(command: String, meaning: String)]
    /// Left out of help and completions (for helpers the shell scripts call).
    var hidden = false

    /// Every command, in the order help lists them.
    static let all: [CommandSpec] = [
        CommandSpec(
            command: .show, synopsis: "", arity: 0...0, completion: .none,
            summary: "Print the current state",
            details: [
                "Prints the file, the initial route and the path, then a table of the root (depth 0) and the routes pushed above it. With --path, prints the path alone; with --json, an object with file, initial, root, stack, path and (when declared) routes."
            ],
            examples: [("routectl show --path", "print the state as one line, such as home/details?id=42")]),
        CommandSpec(
            command: .set, synopsis: "<route> [<key=value> ...]", arity: 1...Int.max, completion: .route,
            summary: "Make <route> the root and clear the stack",
            details: ["Does nothing (and records nothing) when <route> with these parameters is already the root and the stack is empty."],
            examples: [("routectl set home", "skip onboarding: make home the root")]),
        CommandSpec(
            command: .push, synopsis: "<route> [<key=value> ...]", arity: 1...Int.max, completion: .route,
            summary: "Push <route> on top of the stack",
            details: ["Parameters keep the order given. A value may hold any UTF-8 text without control characters, up to 1024 bytes."],
            examples: [("routectl push details id=42", "open the details screen for item 42")]),
        CommandSpec(
            command: .pop, synopsis: "[<n> | --to <route> | --root]", arity: 0...1, completion: .none,
            summary: "Pop routes off the top of the stack",
            details: [
                "Pops the top <n> routes (default 1; a whole number >= 1). With --to, pops until the nearest <route> from the top is on top (the root counts); with --root, pops everything above the root.",
                "Popping more routes than the stack holds, or --to a route that is not there, fails with exit status 1 and changes nothing.",
            ],
            examples: [("routectl pop --to home", "go back to the home screen")]),
        CommandSpec(
            command: .reset, synopsis: "", arity: 0...0, completion: .none,
            summary: "Make the initial route the root and clear the stack",
            details: ["History is kept. With --force, a corrupt or foreign file is first moved aside to <file>.corrupt-<time> and a fresh file is written."],
            examples: [("routectl reset", "start over from the initial route")]),
        CommandSpec(
            command: .history, synopsis: "", arity: 0...0, completion: .none,
            summary: "Print the recorded changes, oldest first",
            details: ["Each row shows the sequence number, the time (UTC), the operation, its arguments and the path it led to."],
            examples: [("routectl history -n 5", "the last five changes")]),
        CommandSpec(
            command: .initialize, synopsis: "", arity: 0...0, completion: .none,
            summary: "Create the file with root = initial and an empty history",
            details: [
                "Refuses an existing file (exit status 1) unless --force, which moves it aside to <file>.old-<time> (or <file>.corrupt-<time> when it is not a valid navigator file)."
            ],
            examples: [("routectl init --initial onboarding --routes onboarding,home,details", "start a file that allows only three routes")]),
        CommandSpec(
            command: .help, synopsis: "[<command>]", arity: 0...1, completion: .command,
            summary: "Show help for routectl or one command",
            details: ["The same as --help."],
            examples: [("routectl help pop", "how pop works")]),
        CommandSpec(
            command: .completions, synopsis: "<shell>", arity: 1...1, completion: .choices(["bash", "zsh", "fish"]),
            summary: "Print a completion script for bash, zsh or fish",
            details: ["The script completes commands, options, fixed option values and, for set, push and pop --to, the route names of the file in use."],
            examples: [("routectl completions fish | source", "load completions into the running fish")]),
        CommandSpec(
            command: .man, synopsis: "", arity: 0...0, completion: .none,
            summary: "Print the manual page (roff)",
            details: ["The same page as man/routectl.1 in the source tree."],
            examples: [("routectl man | man -l -", "read the manual")]),
        CommandSpec(
            command: .routes, synopsis: "", arity: 0...0, completion: .none,
            summary: "Print the route names known to the file, one a line (for completion scripts)",
            details: [], examples: [], hidden: true),
    ]

    /// The command's name as typed.
    var name: String { command.name }

    /// The command named `name`, if any (hidden ones included).
    static func named(_ name: String) -> CommandSpec? {
        all.first { $0.name == name }
    }

    /// The commands users see.
    static var visible: [CommandSpec] { all.filter { !$0.hidden } }
}
