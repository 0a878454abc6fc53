/// The zsh completion script: `_arguments` specs for the global options and the command, then
/// one `_arguments` call per command for its own options and arguments.
enum ZshCompletion {
    /// The script, with holes the tables fill. Autoloaded from `$fpath` it completes at once;
    /// sourced, it registers itself with `compdef`.
    static let template = Template(#"""
#compdef routectl
{{header}}

# Offers the names hidden command $1 lists (routes, tabs, URL starts) for the file named on the
# line so far (else the file in use), as routectl itself lists them, tagged $2; the rest of the
# arguments go to compadd (-S '' for no space after a URL's start). $_routectl_file is a file
# option given before the command. (Actions below call it through one function per kind:
# _arguments puts its own options before an action's arguments.)
_routectl_names() {
  local file={{file_lookup}}
  local -a args names
  file=${(Q)file}
  [[ $file == \~/* ]] && file=$HOME/${file#\~/}
  [[ -n $file ]] && args=({{file_flag}} $file)
  names=(${(f)"$(command routectl $args $1 2>/dev/null)"})
  _wanted $2s expl $2 compadd "${@:3}" -a names
}
{{name_functions}}

# Offers the labelled parameters (label=) the schema gives the route typed first, for set, push
# and present.
_routectl_parameters() {
  local file={{file_lookup}}
  local -a args names
  file=${(Q)file}
  [[ $file == \~/* ]] && file=$HOME/${file#\~/}
  [[ -n $file ]] && args=({{file_flag}} $file)
  names=(${(f)"$(command routectl $args {{parameters_command}} ${(Q)line[1]} 2>/dev/null)"})
  _wanted parameters expl parameter compadd -S '' -a names
}

# Offers the command names.
_routectl_commands() {
  local -a commands=(
{{command_descriptions}}
  )
  _describe -t commands 'routectl command' commands
}

_routectl() {
  local curcontext=$curcontext state state_descr line ret=1
  local -A opt_args
  local -a global=(
{{global_specs}}
  )
  _arguments -C -s -S -A '-*' : $global \
    '1:command:_routectl_commands' \
    '*::argument:->argument' && ret=0
  if [[ $state == argument ]]; then
    local _routectl_file={{file_before_command}}
    curcontext=${curcontext%:*:*}:routectl-$words[1]:
    case $words[1] in
{{command_cases}}
    esac
  fi
  return ret
}

if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  _routectl "$@"
else
  compdef _routectl routectl
fi
"""#)

    /// The whole script.
    static func script() -> String {
        let lookup = fileKeys.reversed().reduce("$_routectl_file") { inner, key in "${opt_args[\(key)]:-\(inner)}" }
        let beforeCommand = fileKeys.reversed().reduce("") { inner, key in "${opt_args[\(key)]\(inner.isEmpty ? "" : ":-" + inner)}" }
        return template.render([
            "header": Completions.header(.zsh, install: [
                "Install: save as _routectl in a folder on $fpath before compinit runs, or add",
                "`source <(routectl completions zsh)` to ~/.zshrc after compinit.",
            ]).map { "# " + $0 }.joined(separator: "\n"),
            "file_lookup": lookup,
            "parameters_command": Completions.parametersCommand,
            "file_flag": file.flag,
            "name_functions": [Completion.route, .tab, .link, .state].map { completion in
                let helper = Completions.helper(for: completion)!
                let suffix = completion == .link ? " -S ''" : ""
                return "_routectl_\(helper.tag)s() { _routectl_names \(helper.command) \(helper.tag)\(suffix) }"
            }.joined(separator: "\n"),
            "command_descriptions": Completions.commands.map {
                "    " + quoted($0.name.replacing(":", with: "\\:") + ":" + $0.summary)
            }.joined(separator: "\n"),
            "global_specs": OptionSpec.global.flatMap(specs).map { "    " + $0 }.joined(separator: "\n"),
            "file_before_command": beforeCommand,
            "command_cases": Completions.commands.map { command in
                let own = OptionSpec.own(of: command.command).flatMap(specs) + argumentSpecs(command)
                return "      \(command.name))\n        _arguments -s -S : $global"
                    + own.map { " \\\n          " + $0 }.joined() + " && ret=0 ;;"
            }.joined(separator: "\n"),
        ]) + "\n"
    }

    /// The option naming the navigator file, whose value the script passes on to `__routes`.
    private static let file = Completions.fileOption

    /// The keys `_arguments` files the file option's value under in `opt_args`.
    private static var fileKeys: [String] { [file.flag] + (file.short.map { ["-\($0)"] } ?? []) }

    /// The `_arguments` specs of one option: one per spelling, each excluding the others.
    private static func specs(_ option: OptionSpec) -> [String] {
        let forms = (option.short.map { ["-\($0)"] } ?? []) + [option.flag]
        let exclusion = forms.count > 1 ? "(" + forms.joined(separator: " ") + ")" : ""
        let explanation = "[" + bracketed(option.summary) + "]"
        return forms.map { form in
            guard let valueName = option.valueName else { return quoted(exclusion + form + explanation) }
            let joiner = form.hasPrefix("--") ? "=" : "+"
            return quoted(exclusion + form + joiner + explanation + ":" + colonless(valueName) + ":" + action(option.completion))
        }
    }

    /// The `_arguments` specs of a command's arguments: what completes the first, and nothing
    /// for the rest.
    private static func argumentSpecs(_ command: CommandSpec) -> [String] {
        guard Completions.takesArguments(command) else { return [] }
        var names = Completions.argumentNames(of: command).map(colonless)
        // A synopsis that starts with words (`add|list|remove [...]`) names a subcommand first.
        if let start = command.synopsis.first, start != "<", start != "[" { names.insert("subcommand", at: 0) }
        let first = names.first ?? "argument"
        var specs = [quoted("1:" + (command.arity.lowerBound == 0 ? ":" : "") + first + ":" + action(command.completion))]
        if command.arity.upperBound > 1 {
            let rest = Completions.takesParameters(command) ? "_routectl_parameters" : " "
            specs.append(quoted("*:" + (names.dropFirst().first ?? first) + ":" + rest))
        }
        return specs
    }

    /// The `_arguments` action for a kind of value (a single space offers nothing).
    private static func action(_ completion: Completion) -> String {
        switch completion {
        case .none: return " "
        case .file: return "_files"
        case .route, .tab, .link, .state:
            return "_routectl_\(Completions.helper(for: completion)!.tag)s"
        case .command: return "_routectl_commands"
        case .choices(let choices): return "(" + choices.joined(separator: " ") + ")"
        }
    }

    /// `text` in single quotes.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    /// `text` made safe inside an `_arguments` `[explanation]`.
    private static func bracketed(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("]", with: "\\]")
    }

    /// `text` made safe between the colons of an `_arguments` spec.
    private static func colonless(_ text: String) -> String {
        text.replacing(":", with: "\\:")
    }
}
