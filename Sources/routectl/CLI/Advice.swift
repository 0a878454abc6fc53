import RouteModel
import RouteCodecs
import RoutePreferences
import RouteStore

/// The `hint:` line under an error from the model: advice in the command line's words, from the
/// facts the model gives, naming the file the failing command used. Every hint that shows a
/// command shows one that works when pasted into a shell.
enum Advice {
    /// The hint for `error`, or nil when there is nothing useful to add. `store` are the
    /// options that chose the store (``ParsedOptions/store``); `command`
    /// the command that failed, when known; `typed` the command line's words as typed (after
    /// the program's name), for a hint that is the same command with something added.
    static func hint(for error: NavigatorError, store: StoreOptions = StoreOptions(), command: Command? = nil, typed: [String] = []) -> String? {
        let onKey = store.key != nil
        let given = store.words
        switch error.fact {
        case .routeNotAllowed(let name, let allowed):
            return routeHint(name, allowed)
        case .initialNotAllowed(let name, let allowed):
            // The list was checked first: every name in it is valid, none needs quoting.
            return "add it: --routes " + ([name] + allowed).joined(separator: ",")
        case .nothingToPop(_, let style?), .popPastRoot(_, _, let style?):
            return "a pop never closes the \(style); to close it, run: \(routectl(given)) dismiss"
        case .nothingToPop(let path, nil), .notInFlow(_, let path), .nothingPresented(let path), .notInChain(_, let path):
            return "the state is \(quoted(path))"
        case .popPastRoot(_, _, nil):
            return "to pop everything above the root, run: \(routectl(given)) pop --root"
        case .noTabs(_, let containers):
            guard let first = containers.first else { return "this file declares no tab containers (init --tabs declares them)" }
            return "tab containers: \(containers.joined(separator: ", ")); to make one the root, run: \(routectl(given)) set \(first)"
        case .unknownTab(let name, let container, let tabs):
            if let guess = Suggestion.closest(to: name, among: tabs) { return "did you mean '\(guess)'?" }
            let whose = container.isEmpty ? "the tab view's tabs" : "the tabs of \(quoted(container))"  // "": a container that is no route
            return whose + " are: " + tabs.joined(separator: ", ")
        case .historyTooShort:
            return "see what can be undone with: \(routectl(given)) history"
        case .invalidPath:
            return "see the current state's path with: \(routectl(given)) show --path"
        case .invalidURL:
            return nil  // the message says what to write instead
        case .invalidLink:
            return "each placeholder appears once on each side, as in: routectl link add 'myapp://item/{id}' 'home/details?id={id}'"
        case .noLinkMatch(_, let closest?, let reason):
            return "the closest link pattern is \(quoted(closest))" + (reason.map { ": " + $0 } ?? "")
        case .noLinkMatch(_, nil, _), .noLinkForPath(_, 0):
            return "this file declares no links; see how to declare one with: routectl help link"
        case .noLinkForPath:
            return "see the declared links with: \(routectl(given)) link list"
        case .linkDeclared(let url, _):
            return "to declare it anew, first run: \(routectl(given)) link remove \(ShellWord.quote(url))"
        case .noSuchLink(let url, let declared):
            if let guess = Suggestion.closest(to: url, among: declared) { return "did you mean \(quoted(guess))?" }
            if declared.isEmpty { return "this file declares no links" }
            return "see the declared links with: \(routectl(given)) link list"
        case .parameterWithoutValue:
            return "write parameters as key=value, for example id=42, or key:=<json> for a typed value, such as count:=7"
        case .invalidTypedValue:
            return "a typed value is JSON: a number, true, false, null, a quoted string, an array or an object, such as count:=7 or 'item:={\"id\":7}'"
        case .duplicateParameter:
            return "give each parameter key once"
        case .tooLargeToStore:
            return "pop some routes, or use shorter parameter values"
        case .onlyARootRoute("set", let route?):
            return "it holds a route name only, without parameters; run: \(routectl(given)) set \(route)"
        case .onlyARootRoute(_, let route?):
            return "it holds the raw value of the app's route enum; to make \(quoted(route)) the root instead, run: \(routectl(given)) set \(route)"
        case .onlyARootRoute:
            return "it holds the raw value of the app's route enum, a name only; see it with: \(routectl(given)) show"
        case .onlyAnInteger("set", let value), .onlyAnInteger("go", let value):
            return "it holds the raw value of an Int-backed enum, and set takes one, such as the \(value) it holds: \(routectl(given)) set \(value)"
        case .onlyAnInteger:
            return "it holds the raw value of an Int-backed enum, an integer only; see it with: \(routectl(given)) show"
        case .nothingToRedo:
            return "redo takes forward what undo took back, until another change; see the changes with: \(routectl(given)) history"
        case .keepsNoHistory:
            return "the app changes its own state and records no history; see the state with: \(routectl(given)) show"
        case .nothingOverTabs(let path):
            return "to present it in the selected tab, as the app does, run: \(routectl(given)) go \(ShellWord.quote(path))"
        case nil:
            break
        }
        switch error.detail as? StoreFact {
        case .readOnly(let path):
            return "to allow changes, run: chmod u+w \(ShellWord.quote(pathArgument(path)))"
        case .alreadyExists:
            return "to start over, keeping the old file beside it, run: \(routectl(given)) init --force"
        case .notARegularFile:
            return nil  // --force would not help: routectl never replaces a special file
        case .noSuchFolder(let folder):
            return "check the path; to create the folder, run: mkdir -p \(ShellWord.quote(pathArgument(folder)))"
        case .folderNotWritable(let folder):
            return "to allow changes, run: chmod u+w \(ShellWord.quote(pathArgument(folder)))"
        case .inNoFormat:
            // Not routectl's (a package.json given by mistake): never reset --force.
            return "check the path: no format routectl reads recognizes this file, and routectl replaces no file it cannot read"
        case nil:
            break
        }
        switch error.detail as? PreferencesFact {
        case .propertyListNeedsKey(let candidates):
            guard let first = candidates.first else {
                return "no key holds a route name (a string) or a navigator state routectl reads; name the key the app uses with --key <name>"
            }
            return "\(candidateList(candidates)); for example: \(routectl(store.words(key: first))) show"
        case .unreadablePropertyList:
            guard let file = store.file.map(pathArgument) else { return nil }
            return "routectl never replaces a property list it cannot read; check it with: plutil -lint \(ShellWord.quote(file))"
        case .keyHoldsValue:
            // Never a command that replaces an app's value (issue 17, item 14).
            return "see what it holds with: \(routectl(given)) show"
        case .keyHoldsNoRoute(let candidates):
            let likely = "it is likely not the key the app keeps its route in"
            guard let first = candidates.first else {
                return likely + ", and no other key holds a route name or a navigator state routectl reads; name the app's key with --key <name>"
            }
            return "\(likely); \(candidateList(candidates)); for example: \(routectl(store.words(key: first))) show"
        case .missingKeyNear(let near):
            return "did you mean \(quoted(near))? run: \(routectl(store.words(key: near))) show"
        case .toolMissing:
            return "--domain runs macOS's defaults, and --simulator Xcode's xcrun; elsewhere, edit the plist file with -f <path> --key <name>"
        case .keyPrefixMatchesSeveral(let keys):
            guard let first = keys.first else { return nil }
            return "say which with --key; for example: \(routectl(store.words(key: first))) show"
        case nil:
            break
        }
        switch error.detail as? FormatFact {
        case .notInFormat:
            // Never reset --force: the value is likely fine, in another format.
            return "to let routectl find its format, run: \(routectl(removingFormat(given))) show"
        case .cannotStartFromNothing:
            return "open the app once, so that it saves its state, then run: \(routectl(given)) show"
        case .severalFormats(let formats):
            // The value is fine: only its format is unknown. The command typed, once per
            // candidate, with --format added (a NavigationPath's new element needs its type).
            let words = typed.isEmpty ? removingFormat(given) + ["show"] : removingFormat(typed)
            let needsType = words.first { $0 == "--type" || $0.hasPrefix("--type=") } == nil
                && words.contains { ["set", "push", "present", "go", "open"].contains($0) }
            return "run: " + formats.map { format in
                routectl(["--format", format] + words)
                    + (format == "navigation-path" && needsType ? " (adding --type <Module.Type>, the type of the app's route enum)" : "")
            }.joined(separator: ", or: ")
        case .foreignStateUnreadable(_, let appRejects):
            // Another library's data: never a command that would replace it.
            return "routectl changes nothing in another library's state that it cannot read" + (appRejects ? "; the app's own decoder would reject it too" : "")
        case .appCannotDecode:
            return "routectl writes nothing to a state the app cannot restore; see it with: \(routectl(given)) show"
        case .unreadableTypeName:
            return "routectl writes nothing to a state holding a type name it cannot read; see it with: \(routectl(given)) show"
        case nil:
            break
        }
        if let needed = error.detail as? ElementTypeNeeded {
            return elementTypeHint(needed, store: given, command: command)
        }
        switch error.kind {
        case .invalidFile where onKey:
            // routectl's own navigator JSON that does not decode: reset --force prints the old
            // value before it replaces it.
            return "to replace it with a fresh state (its old value is printed first), run: \(routectl(given)) reset --force"
        case .newerFormat where onKey:
            return "use a newer routectl"
        case .invalidFile:
            return "to move it aside and start fresh, run: \(routectl(given)) reset --force"
        case .newerFormat:
            return "use a newer routectl, or start over with: \(routectl(given)) init --force (the file is kept beside it)"
        case .lockTimeout:
            return "try again, or wait longer with --lock-timeout <seconds>"
        case .invalidInput, .cannotApply, .cannotCreate, .io, .toolFailed:
            return nil
        }
    }

    /// The hint for a new element whose type cannot be told: the command corrected when its
    /// route's name is close to one the state shows (a typo), else the command with `--type`
    /// and the likeliest type (a push; for `go`, the push that would let it through), else how
    /// to declare the app's routes.
    private static func elementTypeHint(_ needed: ElementTypeNeeded, store: [String], command: Command?) -> String? {
        let pushes = command == nil || command == .push
        let rest = needed.route.dropFirst().map(ShellWord.quote)
        if let name = needed.route.first, let guess = Suggestion.closest(to: name, among: needed.names), guess != name {
            guard pushes else { return "did you mean \(quoted(guess))?" }
            return "did you mean \(quoted(guess))? run: \(([routectl(store), "push", ShellWord.quote(guess)] + rest).joined(separator: " "))"
        }
        guard needed.canName else {
            return #"declare the app's routes in routectl.json, such as {"routes": ["home", "details(Int)"]}, then run the command again"#
        }
        guard let type = needed.types.first else {
            if needed.mangled {
                return "name its type as FlowStacks writes it, mangled as Swift's _mangledTypeName gives it (such as 5MyApp6RecipeV), with --type <name>"
            }
            return "name its type as Swift's _typeName(qualified: true) does, module first, with --type <Module.Type>"
        }
        let push = ([routectl(store), "push"] + needed.route.map(ShellWord.quote) + ["--type", ShellWord.quote(type)]).joined(separator: " ")
        if pushes { return "for example: \(push)" }
        // `go` builds the path from its routes: the element pushed with its type first is
        // then one read, which the same `go` keeps.
        return command == .go ? "push it with its type first, for example: \(push)" : nil
    }

    /// `keys that could hold a route: a, b, …`, the first five quoted for a shell.
    private static func candidateList(_ candidates: [String]) -> String {
        let shown = candidates.prefix(5).map { ShellWord.quote($0) }.joined(separator: ", ")
        let more = candidates.count > 5 ? ", … (\(candidates.count) in all)" : ""
        return "keys that could hold a route: \(shown)\(more)"
    }

    /// The store options without `--format` and its value.
    private static func removingFormat(_ words: [String]) -> [String] {
        var removed: [String] = []
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            if word == "--" { return removed + words[index...] }  // operands from here on
            if word == "--format" {
                index += 2
            } else {
                if !word.hasPrefix("--format=") { removed.append(word) }
                index += 1
            }
        }
        return removed
    }

    /// `routectl` with the options that chose the store, quoted for a shell. A value starting
    /// with '-' is joined to its option (`--key=-nav`): after a space it reads as an option.
    static func routectl(_ store: [String]) -> String {
        var words = ["routectl"]
        var index = store.startIndex
        while index < store.endIndex {
            let word = store[index]
            if word == "--" {
                words += store[index...].map(ShellWord.quote)
                break
            }
            if ["--key", "--domain", "--simulator", "--device", "--format"].contains(word), index + 1 < store.endIndex, store[index + 1].hasPrefix("-") {
                words.append(ShellWord.quote(word + "=" + store[index + 1]))
                index += 2
            } else {
                words.append(ShellWord.quote(word))
                index += 1
            }
        }
        return words.joined(separator: " ")
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
