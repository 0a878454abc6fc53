/// The fish completion script: `complete` lines whose conditions ask a small function what the
/// line holds so far (the command, how many arguments follow it, the file option's value).
enum FishCompletion {
    /// The script, with holes the tables fill.
    static let template = Template(#"""
{{header}}

# Prints what the words before the cursor hold, one a line: the command (or nothing), how
# many arguments follow it, the {{file_flag}} value (or nothing) and the first argument (or
# nothing).
function __routectl_scan
    set -l words (commandline -opc)
    set -e words[1]
    set -l command ''
    set -l count 0
    set -l file ''
    set -l expect ''
    set -l ended 0
    set -l first ''
    for word in $words
        if test -n "$expect"
            test "$expect" = {{file_flag}}; and set file $word
            set expect ''
        else if test $ended = 0; and test "x$word" = x--
            set ended 1
        else if test $ended = 0; and string match -q -- '--*' $word
            switch $word
                case '{{file_flag}}=*'
                    set file (string replace -- {{file_flag}}= '' $word)
                case {{value_flags}}
                    set expect $word
            end
        else if test $ended = 0; and string match -qr -- '^-[^0-9]' $word
            set -l letters (string sub -s 2 -- $word)
            while test -n "$letters"; and test -z "$expect"
                switch (string sub -l 1 -- $letters)
{{short_value_cases}}
                end
                set letters (string sub -s 2 -- $letters)
            end
            if test -n "$expect"; and test -n "$letters"
                test "$expect" = {{file_flag}}; and set file $letters
                set expect ''
            end
        else if test -z "$command"
            set command $word
        else
            set count (math $count + 1)
            test $count = 1; and set first $word
        end
    end
    printf '%s\n' "$command" $count "$file" "$first"
end

# Whether no command has been typed yet.
function __routectl_needs_command
    set -l scan (__routectl_scan)
    test -z "$scan[1]"
end

# Whether the command typed is one of $argv.
function __routectl_using_command
    set -l scan (__routectl_scan)
    contains -- "$scan[1]" $argv
end

# Whether the word being completed is the first argument of command $argv[1].
function __routectl_first_argument
    set -l scan (__routectl_scan)
    test "$scan[1]" = "$argv[1]"; and test "$scan[2]" = 0
end

# Prints the names hidden command $argv[1] lists (routes, tabs, URL starts) for the file named
# on the line so far (else the file in use), as routectl itself lists them, described as
# $argv[2].
function __routectl_names
    set -l file (__routectl_scan)[3]
    set file (string replace -r -- '^~(?=/)' $HOME $file)
    set -l args
    test -n "$file"; and set args {{file_flag}} $file
    for name in (command routectl $args $argv[1] 2>/dev/null)
        printf '%s\t%s\n' $name $argv[2]
    end
end

# Whether the word being completed follows the first argument of one of the commands $argv.
function __routectl_later_argument
    set -l scan (__routectl_scan)
    contains -- "$scan[1]" $argv; and test "$scan[2]" -gt 0
end

# Prints the labelled parameters (label=) the schema gives the route typed first.
function __routectl_parameters
    set -l scan (__routectl_scan)
    set -l file (string replace -r -- '^~(?=/)' $HOME $scan[3])
    set -l args
    test -n "$file"; and set args {{file_flag}} $file
    for name in (command routectl $args {{parameters_command}} $scan[4] 2>/dev/null)
        printf '%s\t%s\n' $name parameter
    end
end

complete -c routectl -f
{{complete_lines}}
"""#)

    /// The whole script.
    static func script() -> String {
        var complete = Completions.commands.map { command in
            "complete -c routectl -n __routectl_needs_command -a \(command.name) -d \(quoted(command.summary))"
        }
        complete += OptionSpec.global.map { line(for: $0, condition: nil) }
        complete += OptionSpec.commandSpecific.map { option in
            line(for: option, condition: "__routectl_using_command " + (option.commands ?? []).map(\.name).joined(separator: " "))
        }
        for command in Completions.commands where Completions.takesArguments(command) {
            let condition = "-n " + quoted("__routectl_first_argument \(command.name)")
            complete += values(command.completion).map { "complete -c routectl \(condition) \($0)" }
        }
        let parameterCommands = Completions.commands.filter(Completions.takesParameters).map(\.name).joined(separator: " ")
        complete.append("complete -c routectl -n " + quoted("__routectl_later_argument \(parameterCommands)") + " -a '(__routectl_parameters)'")
        return template.render([
            "parameters_command": Completions.parametersCommand,
            "header": Completions.header(.fish, install: [
                "Install: save as ~/.config/fish/completions/routectl.fish (mkdir -p that folder first)."
            ]).map { "# " + $0 }.joined(separator: "\n"),
            "file_flag": file.flag,
            "value_flags": OptionSpec.valueTaking.map(\.flag).joined(separator: " "),
            "short_value_cases": OptionSpec.valueTaking.compactMap { option in
                option.short.map { "                    case \($0)\n                        set expect \(option.flag)" }
            }.joined(separator: "\n"),
            "complete_lines": complete.joined(separator: "\n"),
        ]) + "\n"
    }

    /// The option naming the navigator file, whose value the script passes on to `__routes`.
    private static let file = Completions.fileOption

    /// The `complete` line of one option, offered only after its commands when it has any.
    private static func line(for option: OptionSpec, condition: String?) -> String {
        var parts = ["complete -c routectl"]
        if let condition { parts.append("-n " + quoted(condition)) }
        if let short = option.short { parts.append("-s \(short)") }
        parts.append("-l \(option.long)")
        if option.valueName != nil {
            switch option.completion {
            case .file: parts.append("-r -F")
            case .none: parts.append("-x")
            case .route, .tab, .link, .state, .command, .choices: parts.append("-x -a " + quoted(words(option.completion)))
            }
        }
        parts.append("-d " + quoted(option.summary))
        return parts.joined(separator: " ")
    }

    /// The `complete` arguments that offer a kind of value as a command's argument.
    private static func values(_ completion: Completion) -> [String] {
        switch completion {
        case .none: return []
        case .file: return ["-F"]
        case .route, .tab, .link, .state, .choices: return ["-a " + quoted(words(completion))]
        case .command: return Completions.commands.map { "-a \($0.name) -d \(quoted($0.summary))" }
        }
    }

    /// The `-a` words of a kind of value.
    private static func words(_ completion: Completion) -> String {
        switch completion {
        case .none, .file: return ""
        case .route, .tab, .link, .state:
            let helper = Completions.helper(for: completion)!
            return "(__routectl_names \(helper.command) \(helper.tag))"
        case .command: return Completions.commands.map(\.name).joined(separator: " ")
        case .choices(let choices): return choices.joined(separator: " ")
        }
    }

    /// `text` in fish's single quotes.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
