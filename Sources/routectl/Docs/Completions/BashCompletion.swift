/// The bash completion script: a `complete -F` function that walks `COMP_WORDS` itself, so it
/// needs neither the bash-completion package nor bash 4 features (`compopt` is used when there).
enum BashCompletion {
    /// The script, with holes the tables fill.
    static let template = Template(#"""
{{header}}

# Prints the names hidden command $1 lists (routes, tabs, URL starts; with $3, the route's
# labelled parameters) for navigator file $2 (the file in use when empty), one a line, as
# routectl itself lists them.
_routectl_names() {
    local helper=$1 file=$2
    shift 2
    case $file in
        \"*\" | \'*\') file=${file:1:${#file}-2} ;;
        \~/*) file=$HOME/${file:2} ;;
        *) file=${file//\\/} ;;
    esac
    if [[ -n $file ]]; then
        command routectl {{file_flag}} "$file" "$helper" "$@" 2>/dev/null
    else
        command routectl "$helper" "$@" 2>/dev/null
    fi
}

# Takes from each word of COMPREPLY what bash's current word leaves out: bash splits a word
# at ':' (see COMP_WORDBREAKS), so for the URL myapp://it it completes only //it.
_routectl_colon_trim() {
    local before=${cur%"${cur##*:}"}
    [[ -n $before && $COMP_WORDBREAKS == *:* ]] && COMPREPLY=("${COMPREPLY[@]#"$before"}")
}

# Sets COMPREPLY to the lines of standard input that start with $1.
_routectl_reply() {
    local line
    COMPREPLY=()
    while IFS= read -r line; do
        [[ $line == "$1"* ]] && COMPREPLY+=("$line")
    done
}

# Sets COMPREPLY for the word at COMP_CWORD of a routectl command line.
_routectl() {
    local -a words=("${COMP_WORDS[0]}")
    local i n word last
    # Bash splits --name=value at '=' and a URL at ':' (see COMP_WORDBREAKS): join the pieces
    # again.
    for ((i = 1; i <= COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        n=$((${#words[@]} - 1))
        last=${words[n]}
        if [[ $n -gt 0 && ( $last == --* && $last != *=* && $word == = || $last == --*= || $word == :* || $last == *: ) ]]; then
            words[n]=$last$word
        else
            words+=("$word")
        fi
    done
    local cur=${words[${#words[@]}-1]}
    local command= file= expect= ended= count=0 letters option= prefix= own= first=

    # The words before the cursor: options and their values, the command, its arguments.
    for ((i = 1; i < ${#words[@]} - 1; i++)); do
        word=${words[i]}
        if [[ -n $expect ]]; then
            [[ $expect == {{file_flag}} ]] && file=$word
            expect=
        elif [[ -z $ended && $word == -- ]]; then
            ended=1
        elif [[ -z $ended && $word == --* ]]; then
            case $word in
                {{file_flag}}=*) file=${word#*=} ;;
                {{value_flags}}) expect=$word ;;
            esac
        elif [[ -z $ended && $word == -[!0-9]* ]]; then
            letters=${word:1}
            while [[ -n $letters && -z $expect ]]; do
                case ${letters:0:1} in
{{short_value_cases}}
                esac
                letters=${letters:1}
            done
            if [[ -n $expect && -n $letters ]]; then
                [[ $expect == {{file_flag}} ]] && file=$letters
                expect=
            fi
        elif [[ -z $command ]]; then
            command=$word
        else
            count=$((count + 1))
            [[ $count -eq 1 ]] && first=$word
        fi
    done

    COMPREPLY=()
    if [[ -n $expect ]]; then
        option=$expect
    elif [[ -z $ended && $cur == --*=* ]]; then
        option=${cur%%=*}
        cur=${cur#*=}
        [[ ${COMP_WORDS[COMP_CWORD]} == --*=* ]] && prefix=$option=
    elif [[ -z $ended && $cur == -* ]]; then
        case $command in
{{own_option_cases}}
        esac
        _routectl_reply "$cur" < <(printf '%s\n' {{global_words}} $own)
        return
    fi

    if [[ -n $option ]]; then
        case $option in
{{value_cases}}
        esac
        COMPREPLY=("${COMPREPLY[@]/#/$prefix}")
    elif [[ -z $command ]]; then
        {{command_reply}}
    elif [[ $count -eq 0 ]]; then
        case $command in
{{argument_cases}}
        esac
    else
        case $command in
{{parameter_cases}}
        esac
    fi
}

complete -F _routectl routectl
"""#)

    /// The whole script.
    static func script() -> String {
        let file = Completions.fileOption
        return template.render([
            "header": Completions.header(.bash, install: [
                "Install: save as ~/.local/share/bash-completion/completions/routectl (with the",
                "bash-completion package), or add `eval \"$(routectl completions bash)\"` to ~/.bashrc.",
            ]).map { "# " + $0 }.joined(separator: "\n"),
            "file_flag": file.flag,
            "value_flags": OptionSpec.valueTaking.map(\.flag).joined(separator: " | "),
            "short_value_cases": lines(OptionSpec.valueTaking.compactMap { option in
                option.short.map { "                    \($0)) expect=\(option.flag) ;;" }
            }),
            "own_option_cases": lines(Completions.commands.compactMap { command in
                let own = OptionSpec.own(of: command.command).flatMap(words)
                return own.isEmpty ? nil : "            \(command.name)) own='\(own.joined(separator: " "))' ;;"
            }),
            "global_words": OptionSpec.global.flatMap(words).joined(separator: " "),
            "value_cases": lines(OptionSpec.valueTaking.compactMap { option in
                source(option.completion).map { "            \(option.flag)) \($0) ;;" }
            }),
            "command_reply": source(.command)!,
            "parameter_cases": "            " + Completions.commands.filter(Completions.takesParameters).map(\.name).joined(separator: " | ")
                + ") compopt -o nospace 2>/dev/null; _routectl_reply \"$cur\" < <(_routectl_names \(Completions.parametersCommand) \"$file\" \"$first\") ;;",
            "argument_cases": lines(Completions.commands.compactMap { command in
                Completions.takesArguments(command) ? source(command.completion).map { "            \(command.name)) \($0) ;;" } : nil
            }),
        ]) + "\n"
    }

    /// Lines joined for a hole of its own.
    private static func lines(_ lines: [String]) -> String {
        lines.joined(separator: "\n")
    }

    /// `--long` and `-s` of an option.
    private static func words(_ option: OptionSpec) -> [String] {
        [option.flag] + (option.short.map { ["-\($0)"] } ?? [])
    }

    /// The command that sets COMPREPLY for a kind of value, or nil when nothing completes it.
    private static func source(_ completion: Completion) -> String? {
        switch completion {
        case .none:
            return nil
        case .file:
            return "compopt -o filenames 2>/dev/null; _routectl_reply \"$cur\" < <(compgen -f -- \"$cur\")"
        case .route, .tab, .state:
            return "_routectl_reply \"$cur\" < <(_routectl_names \(Completions.helper(for: completion)!.command) \"$file\")"
        case .link:
            return "compopt -o nospace 2>/dev/null; _routectl_reply \"$cur\" < <(_routectl_names \(Completions.helper(for: completion)!.command) \"$file\"); _routectl_colon_trim"
        case .command:
            return fixed(Completions.commands.map(\.name))
        case .choices(let choices):
            return fixed(choices)
        }
    }

    /// Sets COMPREPLY from a fixed list of words (names from the tables, which need no quoting).
    private static func fixed(_ words: [String]) -> String {
        "_routectl_reply \"$cur\" < <(printf '%s\\n' \(words.joined(separator: " ")))"
    }
}
