import RouteModel
import RouteCodecs
import RouteSchema
import RouteProject

/// The second step of reading a command line: one typed request that a command runs, with every
/// argument checked and converted.
struct Invocation {
    /// What to do.
    enum Action {
        /// `show`; `pathOnly` for `--path`, `url` for `--url`.
        case show(pathOnly: Bool, url: Bool)
        /// `show --watch`; `pathOnly` for `--path`.
        case watch(pathOnly: Bool)
        /// A navigation operation; `recover` moves a corrupt file aside first (`reset --force`).
        case change(NavigationOperation, recover: Bool)
        case history(last: Int?)
        case initialize(NavigatorState, force: Bool, ifMissing: Bool)
        /// `show --launch-arguments`: of the stored state, or of `target`; `swift` for `--swift`.
        case launchArguments(target: LaunchTarget?, swift: Bool)
        /// `apps --simulator <device>`.
        case apps
        /// `keys`: the keys of an app's preferences that hold navigation state.
        case keys
        /// `go @<name>`: the path of a named state of the project file.
        case goState(String)
        /// `states`: the project file's named states.
        case states
        /// `link add`, `link list` or `link remove`.
        case link(LinkAction)
        /// The hidden `__routes`, `__tabs` and `__links` helpers of the completion scripts.
        case listNames(CompletionNames)
        case help(command: Command?)
        case version
        case completions(Shell)
        case manual
        /// `check`: the state against the schema.
        case check
        /// `migrate`: renames and drops, or with `dryRun` what they would do.
        case migrate(Migration, dryRun: Bool)
    }

    var action: Action
    var options: ParsedOptions
    /// The words of `set`, `push` or `present` when one is positional (`push details 42`): only
    /// the schema says which value it fills, so the route is made again from them once the
    /// project file is read (``ChangeCommand``); the action holds the route's name alone.
    var routeWords: [String]?

    /// Resolves a parsed command line; `--help` and `--version` win over everything else.
    init(_ parsed: ParsedCommandLine) throws {
        options = parsed.options
        let arguments = parsed.arguments
        if options.help, parsed.command != .help {
            action = .help(command: parsed.command)
            return
        }
        if options.version, parsed.command != .help {
            action = .version
            return
        }
        guard let command = parsed.command else {
            // As git, gh and kubectl do, the commands are listed; the status stays 64, so that a
            // script whose command word came out empty fails (see the contract's choices).
            throw UsageError(
                "missing command: run 'routectl help <command>' for one command's help", preamble: Help.commands() + "\n")
        }
        try Invocation.check(arguments, for: command)
        switch command {
        case .show:
            if options.pathOnly && options.json {
                throw UsageError(
                    "options '--path' and '--json' cannot be used together",
                    hint: "the JSON has the path as its \"path\" member: \(Advice.routectl(options.storeArguments)) show --json")
            }
            if options.url && (options.pathOnly || options.json) {
                throw UsageError(
                    "option '--url' cannot be used with '\(options.json ? "--json" : "--path")'",
                    hint: "run them one at a time: --url prints the URL alone")
            }
            if options.watch && options.url {
                throw UsageError(
                    "options '--watch' and '--url' cannot be used together",
                    hint: "watch the path instead: \(Advice.routectl(options.storeArguments)) show --watch --path")
            }
            if options.launchArguments && (options.pathOnly || options.json || options.url || options.watch) {
                let other = options.json ? "--json" : options.url ? "--url" : options.watch ? "--watch" : "--path"
                throw UsageError(
                    "option '--launch-arguments' cannot be used with '\(other)'",
                    hint: "run them one at a time: --launch-arguments prints the arguments alone")
            }
            if options.swift && !options.launchArguments {
                throw UsageError(
                    "option '--swift' needs '--launch-arguments'",
                    hint: "for example: \(Advice.routectl(options.storeArguments)) show --launch-arguments --swift")
            }
            var target: LaunchTarget?
            if let word = arguments.first {
                guard options.launchArguments else {
                    throw UsageError(
                        "unexpected argument \(quoted(word)) for 'show': a state or path goes with --launch-arguments",
                        hint: "to print the launch arguments of that state: \(Advice.routectl(options.storeArguments)) show --launch-arguments \(ShellWord.quote(word))")
                }
                target = try LaunchTarget(word)
            }
            action = options.launchArguments ? .launchArguments(target: target, swift: options.swift)
                : options.watch ? .watch(pathOnly: options.pathOnly) : .show(pathOnly: options.pathOnly, url: options.url)
        case .set where RawInteger.isSpelt(arguments[0]):
            // Only a key holds an integer (named with --key or by the project file's store);
            // elsewhere it is refused once the state is read (``ChangeCommand``).
            action = .change(try Invocation.setIntegerOperation(arguments), recover: false)
        case .set, .push:
            var route = try Invocation.route(arguments, &routeWords)
            if let type = options.elementType { route = GivenElementType.route(route, ofType: type) }
            action = .change(command == .set ? .set(route) : .push(route), recover: false)
        case .pop:
            action = .change(try Invocation.popOperation(arguments.first, options), recover: false)
        case .present:
            let route = try Invocation.route(arguments, &routeWords)
            action = .change(.present(route, options.cover ? .cover : .sheet, withNavigation: !options.noNavigation), recover: false)
        case .dismiss:
            action = .change(try Invocation.dismissOperation(options), recover: false)
        case .tab:
            _ = try Route(arguments[0])  // a tab is named like a route
            action = .change(.selectTab(arguments[0]), recover: false)
        case .go where arguments[0].hasPrefix("@"):
            let name = String(arguments[0].dropFirst())
            guard ProjectFile.isStateName(name) else {
                throw UsageError(
                    "invalid state name \(quoted(name)) for 'go @<name>': a state name has letters, digits, '-', '_' and '.'",
                    hint: "list the named states with: routectl states")
            }
            action = .goState(name)
        case .go:
            action = .change(.go(try RoutePath(parsing: arguments[0])), recover: false)
        case .open:
            action = .change(.open(try URLText(parsing: arguments[0])), recover: false)
        case .link:
            action = .link(try LinkAction(arguments))
        case .states:
            action = .states
        case .undo:
            action = .change(.undo(try Invocation.count(arguments.first, for: command)), recover: false)
        case .redo:
            action = .change(.redo(try Invocation.count(arguments.first, for: command)), recover: false)
        case .reset:
            action = .change(.reset, recover: options.force)
        case .history:
            action = .history(last: options.last)
        case .initialize:
            if options.ifMissing && options.force {
                throw UsageError(
                    "options '--if-missing' and '--force' cannot be used together",
                    hint: "--if-missing keeps a file that is there, --force replaces it: pick one")
            }
            action = .initialize(try Invocation.initialState(options), force: options.force, ifMissing: options.ifMissing)
        case .completions:
            guard let shell = Shell(rawValue: arguments[0]) else {
                throw UsageError(
                    "unknown shell \(quoted(arguments[0]))",
                    hint: "choose one of: " + Shell.allCases.map(\.rawValue).joined(separator: ", "))
            }
            action = .completions(shell)
        case .man:
            action = .manual
        case .check:
            action = .check
        case .apps:
            action = .apps
        case .keys:
            action = .keys
        case .migrate:
            guard !options.renames.isEmpty || !options.drops.isEmpty else {
                throw UsageError(
                    "'migrate' needs --rename <old>=<new> or --drop <route>",
                    hint: "for example: routectl migrate --rename details=detail --dry-run")
            }
            action = .migrate(try Migration(renames: options.renames, drops: options.drops), dryRun: options.dryRun)
        case .routes:
            action = .listNames(.routes)
        case .tabs:
            action = .listNames(.tabs)
        case .links:
            action = .listNames(.links)
        case .parameters:
            action = .listNames(.parameters(route: arguments[0]))
        case .stateNames:
            action = .listNames(.states)
        case .help:
            let named = try arguments.first.map(ParsedCommandLine.command(named:))
            if arguments.count == 2 {
                try Invocation.checkAction(arguments[1], of: named!)
            }
            action = .help(command: named)
        }
    }

    /// The route `arguments` name; with a positional word (no `=`), the route's name alone, the
    /// words kept in `words` for the schema to place.
    private static func route(_ arguments: [String], _ words: inout [String]?) throws -> Route {
        let values = Array(arguments.dropFirst())
        guard values.contains(where: { !$0.contains("=") }) else { return try Route(name: arguments[0], arguments: values) }
        words = arguments
        return try Route(arguments[0])
    }

    /// Throws unless the number of arguments fits the command.
    private static func check(_ arguments: [String], for command: Command) throws {
        let spec = command.spec
        if arguments.count < spec.arity.lowerBound {
            throw UsageError(
                "missing argument for '\(command)'",
                hint: "usage: routectl \(command) \(spec.synopsis)")
        }
        if arguments.count > spec.arity.upperBound {
            throw UsageError(
                "unexpected argument \(quoted(arguments[spec.arity.upperBound])) for '\(command)'",
                hint: spec.synopsis.isEmpty ? "'\(command)' takes no arguments" : "usage: routectl \(command) \(spec.synopsis)")
        }
    }

    /// Throws unless `word` is an action of `command` (`help link add`): only `link` has actions.
    private static func checkAction(_ word: String, of command: Command) throws {
        guard command == .link else {
            throw UsageError(
                "unexpected argument \(quoted(word)) for 'help'", hint: "usage: routectl help \(Command.help.spec.synopsis)")
        }
        guard LinkAction.names.contains(word) else {
            let guess = Suggestion.closest(to: word, among: LinkAction.names)
            throw UsageError(
                "unknown action \(quoted(word)) for 'link'",
                hint: guess.map { "did you mean '\($0)'?" } ?? "the actions of link are: " + LinkAction.names.joined(separator: ", "))
        }
    }

    private static func popOperation(_ count: String?, _ options: ParsedOptions) throws -> NavigationOperation {
        let given = [count != nil, options.to != nil, options.popRoot].filter { $0 }.count
        guard given <= 1 else {
            throw UsageError("'pop' takes only one of <n>, --to <route> and --root")
        }
        if let name = options.to {
            _ = try Route(name)  // validates the name
            return .popTo(name)
        }
        if options.popRoot { return .popToRoot }
        return .pop(try Invocation.count(count, for: .pop))
    }

    /// `set <integer>`: the raw value of an `Int`-backed enum, alone.
    private static func setIntegerOperation(_ arguments: [String]) throws -> NavigationOperation {
        guard arguments.count == 1 else {
            throw UsageError(
                "unexpected argument \(quoted(arguments[1])) for 'set': an integer (the raw value of an Int-backed enum) takes no parameters",
                hint: "usage: routectl set <integer>")
        }
        do {
            return .setInteger(try RawInteger.parse(arguments[0]))
        } catch let invalid as InvalidValue {
            throw UsageError("invalid integer \(quoted(arguments[0])) for 'set': \(invalid.expected)")
        }
    }

    /// A count argument: 1 when not given, else a whole number >= 1.
    private static func count(_ text: String?, for command: Command) throws -> Int {
        guard let text else { return 1 }
        do {
            return try WholeNumber.parse(text, atLeast: 1)
        } catch let invalid as InvalidValue {
            throw UsageError("invalid count \(quoted(text)) for '\(command)': \(invalid.expected)")
        }
    }

    private static func dismissOperation(_ options: ParsedOptions) throws -> NavigationOperation {
        if options.dismissAll, options.to != nil {
            throw UsageError("'dismiss' takes only one of --all and --to <route>")
        }
        if let name = options.to {
            _ = try Route(name)  // validates the name
            return .dismissTo(name)
        }
        return options.dismissAll ? .dismissAll : .dismiss
    }

    static func initialState(_ options: ParsedOptions) throws -> NavigatorState {
        try NavigatorState.new(
            initial: try Route(options.initial ?? NavigatorState.defaultRouteName), routes: options.routes,
            tabContainers: try options.tabs.map(TabContainer.init(declaration:)),
            historyLimit: options.historyLimit ?? NavigatorState.defaultHistoryLimit)
    }
}
