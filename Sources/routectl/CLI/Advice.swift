import RouteModel

/// The `hint:` line under an error from the model: advice in the command line's words, from the
/// facts the model gives, naming the file the failing command used. Every hint that shows a
/// command shows one that works when pasted into a shell.
enum Advice {
    /// The hint for `error`, or nil when there is nothing useful to add. `file` is the
    /// `--file` the command was given, if any.
    static func hint(for error: NavigatorError, file: String?) -> String? {
        switch error.fact {
        case .routeNotAllowed(let name, let allowed):
            return routeHint(name, allowed)
        case .initialNotAllowed(let name, let allowed):
            // The list was checked first: every name in it is valid, none needs quoting.
            return "add it: --routes " + ([name] + allowed).joined(separator: ",")
        case .nothingToPop(let path), .notInFlow(_, let path):
            return "the state is \(quoted(path))"
        case .popPastRoot:
            return "use 'pop --root' to pop everything above the root"
        case .parameterWithoutValue:
            return "write parameters as key=value, for example id=42"
        case .duplicateParameter:
            return "give each parameter key once"
        case .tooLargeToStore:
            return "pop some routes, or use shorter parameter values"
        case .readOnly(let path):
            return "to allow changes, run: chmod u+w \(ShellWord.quote(pathArgument(path)))"
        case .alreadyExists:
            return "use --force to start over; the old file is kept beside it"
        case .notARegularFile:
            return nil  // --force would not help: routectl never replaces a special file
        case nil:
            break
        }
        switch error.kind {
        case .invalidFile:
            return "to move it aside and start fresh, run: \(routectl(file)) reset --force"
        case .newerFormat:
            return "use a newer routectl, or start over with: \(routectl(file)) init --force (the file is kept beside it)"
        case .lockTimeout:
            return "try again, or wait longer with --lock-timeout <seconds>"
        case .invalidInput, .cannotApply, .cannotCreate, .io:
            return nil
        }
    }

    /// `routectl`, with `-f <file>` when the command was given one, quoted for a shell.
    static func routectl(_ file: String?) -> String {
        "routectl" + (file.map { " -f " + ShellWord.quote(pathArgument($0)) } ?? "")
    }

    /// `path` as an argument no command reads as an option: `./-x.json` for `-x.json`.
    static func pathArgument(_ path: String) -> String {
        path.hasPrefix("-") ? "./" + path : path
    }

    /// "did you mean" for a route outside the declared list; else the first few allowed names.
    private static func routeHint(_ name: String, _ allowed: [String]) -> String {
        if let guess = Suggestion.closest(to: name, among: allowed) {
            return "did you mean '\(guess)'?"
        }
        let shown = 5
        guard allowed.count > shown else { return "allowed routes: " + allowed.joined(separator: ", ") }
        return "allowed routes: " + allowed.prefix(shown).joined(separator: ", ") + ", … (\(allowed.count) in all)"
    }
}
