import RouteModel

/// The first step of reading a command line: words in, the command, its positional arguments
/// and the options out, each checked against the command and option tables.
struct ParsedCommandLine: Equatable {
    /// The command, if one was given.
    var command: Command?
    /// The words after the command that are not options.
    var arguments: [String] = []
    var options = ParsedOptions()

    /// Parses `words` (the arguments after the program name).
    init(_ words: [String]) throws {
        var lexer = Lexer(words)
        while let token = lexer.next() {
            switch token {
            case .positional(let word):
                if command == nil {
                    command = try ParsedCommandLine.command(named: word)
                } else {
                    arguments.append(word)
                }
            case .long(let name, let inline):
                guard let option = OptionSpec.named(name) else {
                    throw unknownOption("--" + name, among: OptionSpec.all.filter { $0.applies(to: command) }.map(\.flag))
                }
                if option.valueName == nil, let inline {
                    throw UsageError("option '\(option.flag)' takes no value, but was given \(quoted(inline))")
                }
                try apply(option, as: option.flag, &lexer)
            case .short(let letter):
                guard let option = OptionSpec.named(short: letter) else {
                    let shorts = OptionSpec.all.filter { $0.applies(to: command) }.compactMap { $0.short.map { "-\($0)" } }
                    throw unknownOption("-" + String(letter), among: shorts)
                }
                try apply(option, as: "-" + String(letter), &lexer)
            }
        }
    }

    /// The command `word` names; otherwise a ``UsageError`` with the closest guess.
    static func command(named word: String) throws -> Command {
        // A search, not `Command(rawValue:)`, whose string switch builds a hashed table of
        // the names on first use (a conformance lookup at every startup).
        if let command = Command.allCases.first(where: { $0.rawValue == word }) { return command }
        // `routectl version`: the user meant an option.
        if let option = OptionSpec.global.first(where: { $0.long == word && $0.valueName == nil }) {
            throw UsageError("unknown command \(quoted(word))", hint: "did you mean '\(option.flag)'?")
        }
        let guess = Suggestion.closest(to: word, among: CommandSpec.visible.map(\.name))
        throw UsageError(
            "unknown command \(quoted(word))",
            hint: guess.map { "did you mean '\($0)'?" } ?? "run 'routectl --help' to see the commands")
    }

    private func unknownOption(_ typed: String, among candidates: [String]) -> UsageError {
        let guess = Suggestion.closest(to: typed, among: candidates)
        return UsageError(
            "unknown option \(quoted(typed))",
            hint: guess.map { "did you mean '\($0)'?" } ?? "run 'routectl \(command.map { $0.name + " " } ?? "")--help' to see the options")
    }

    private mutating func apply(_ option: OptionSpec, as typed: String, _ lexer: inout Lexer) throws {
        guard option.applies(to: command) else {
            let owners = option.commands!.map { "'routectl \($0.name)'" }.joined(separator: " and ")
            if let command {
                throw UsageError("option '\(option.flag)' does not apply to '\(command.name)'", hint: "it belongs to \(owners)")
            }
            throw UsageError("option '\(option.flag)' must come after its command", hint: "it belongs to \(owners)")
        }
        var value = ""
        if option.valueName != nil {
            guard let given = lexer.takeValue() else {
                throw UsageError(
                    "missing value for option '\(typed)'",
                    hint: "write '\(option.flag) <\(option.valueName!)>' or '\(option.flag)=<\(option.valueName!)>'")
            }
            value = given
        }
        do {
            try option.apply(&options, value)
        } catch let invalid as InvalidValue {
            throw UsageError("invalid value \(quoted(value)) for option '\(typed)': \(invalid.expected)", hint: invalid.hint)
        }
    }
}
