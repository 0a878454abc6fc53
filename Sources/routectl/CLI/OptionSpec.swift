import RouteModel
import RouteCodecs

/// One option, defined once: the parser, `--help`, the man page and the shell completions all
/// read this table and nothing else.
struct OptionSpec: Sendable {
    /// The long name, without `--`.
    let long: String
    /// The short letter, if any.
    let short: Character?
    /// The value's name in help (`path`), or `nil` for a switch that takes no value.
    let valueName: String?
    /// The commands it belongs to; `nil` for a global option, accepted with every command.
    let commands: [Command]?
    /// One line for help.
    let summary: String
    /// What completes its value.
    let completion: Completion
    /// More for the man page, after the summary; `nil` when the summary says it all.
    var details: String? = nil
    /// What the option does for one command, where that differs from ``summary`` (an option
    /// shared by commands that use it differently); `help <command>` shows it.
    /// (Pairs, not a dictionary: the table is built on every run, and a dictionary keyed by
    /// ``Command`` costs a conformance lookup at startup.)
    var summaries: [(command: Command, summary: String)] = []
    /// Records the option (and its value; `""` for a switch) in the parsed options.
    let apply: @Sendable (inout ParsedOptions, String) throws -> Void

    /// `--long` as typed.
    var flag: String { "--" + long }

    /// The summary for `command`'s help: its own, or the shared ``summary``.
    func summary(for command: Command?) -> String {
        command.flatMap { command in summaries.first { $0.command == command }?.summary } ?? summary
    }

    /// `-s, --long <value>`, as help shows it.
    var label: String {
        let shortPart = short.map { "-\($0), " } ?? ""
        return shortPart + flag + (valueName.map { " <\($0)>" } ?? "")
    }

    /// Whether it is accepted with `command`.
    func applies(to command: Command?) -> Bool {
        guard let commands else { return true }
        return command.map(commands.contains) ?? false
    }

    /// Every option, global ones first, in the order help lists them.
    static let all: [OptionSpec] = [
        OptionSpec(
            long: "file", short: "f", valueName: "path", commands: nil,
            summary: "The navigator file (default: $ROUTECTL_FILE, else $XDG_STATE_HOME/routectl/navigator.json)",
            completion: .file, apply: { $0.file = try nonEmpty($1) }),
        OptionSpec(
            long: "key", short: nil, valueName: "name", commands: nil,
            summary: "Work on the route under this key of a property list (-f) or domain (--domain)",
            completion: .none,
            details: "A string under the key is a root route, the raw value of the app's String-backed route enum (@AppStorage), and an integer the raw value of an Int-backed enum (set <integer> changes it); routectl's navigator JSON there, as data or a string, is a whole navigator state. Every other key is kept as it is, and binary stays binary, XML stays XML.",
            apply: { $0.key = try nonEmpty($1, "a key") }),
        OptionSpec(
            long: "domain", short: nil, valueName: "bundle-id", commands: nil,
            summary: "Edit the preferences of this domain through defaults (macOS), as a running app sees them; each run of defaults is stopped after 30 s",
            completion: .none,
            details: "Reads with 'defaults export <bundle-id> -' and writes with 'defaults import <bundle-id> -'. Needs --key; not with --file. Each run of defaults (or of xcrun, with --simulator, --device or --relaunch) that has not ended, and closed its output, within 30 seconds is stopped with every process it started, and routectl exits with status 69 naming it; ROUTECTL_TOOL_TIMEOUT changes the limit.",
            apply: { $0.domain = try word($1, "a bundle identifier") }),
        OptionSpec(
            long: "simulator", short: nil, valueName: "device", commands: nil,
            summary: "With --domain: run defaults in this simulator (a UDID or booted) through xcrun simctl spawn; with apps, the simulator whose apps to list",
            completion: .choices(["booted"]),
            apply: { $0.simulator = try word($1, "a device UDID or booted") }),
        OptionSpec(
            long: "device", short: nil, valueName: "name|identifier", commands: nil,
            summary: "With --domain: the app's preferences on this connected device, copied out and back with xcrun devicectl",
            completion: .none,
            details: "Copies Library/Preferences/<bundle-id>.plist out of the development-signed app's data container with 'xcrun devicectl device copy from --domain-type appDataContainer', changes it as a plist file is changed, and copies it back with 'copy to'. A change ends the app first (devicectl device process terminate); --relaunch starts it after. A failed copy changes nothing and says what devicectl said. Not with --simulator or --file.",
            apply: { $0.device = try word($1, "a device name or identifier") }),
        OptionSpec(
            long: "relaunch", short: nil, valueName: nil, commands: nil,
            summary: "With --simulator or --device: quit the app before a change and launch it after, so it starts in the new state",
            completion: .none,
            details: "With --simulator: 'xcrun simctl terminate <device> <bundle-id>' before the change (an app that is not running is no error) and 'xcrun simctl launch <device> <bundle-id>' after it; a change that fails launches nothing. Without --relaunch, a change written while the simulator app runs is written with a warning that the app may write over it.",
            apply: { options, _ in options.relaunch = true }),
        OptionSpec(
            long: "format", short: nil, valueName: "name", commands: nil,
            // The names of FormatName.all as a literal (a test holds it to them): built from the
            // table, the summary cost every run ~19,000 instructions of string building.
            summary: "Read the state in this format only (routectl, vapn, codable-array, flowstacks, navigation-path, setting), and start a new one in it",
            completion: .choices(FormatName.all),
            details: "Without it, the format is found from the content. With it, a value in another format is refused (exit status 65), and a missing file or key starts a state in this format; a format routectl cannot start (another library's, which the app writes first) exits with status 1. 'setting' is a route setting, a string or an integer under --key.",
            apply: { $0.format = try FormatName.parse($1) }),
        OptionSpec(
            long: "config", short: nil, valueName: "path", commands: nil,
            summary: "The project file to use (default: $ROUTECTL_CONFIG, else routectl.json in this folder or the nearest above)",
            completion: .file,
            details: "A project file gives the defaults of -f, --key, --domain, --simulator and --format, and declares the app's routes, types, tabs, links and named states. Options on the command line win over $ROUTECTL_FILE, which wins over the project file. The search for routectl.json stops at $HOME, at a mount point and at the file system's root; a routectl.json another user owns is refused.",
            apply: { $0.config = try configPath($1) }),
        OptionSpec(
            long: "no-config", short: nil, valueName: nil, commands: nil,
            summary: "Use no project file, not even one named by $ROUTECTL_CONFIG",
            completion: .none, apply: { options, _ in options.noConfig = true }),
        OptionSpec(
            long: "json", short: nil, valueName: nil, commands: nil,
            summary: "Print JSON for scripts (changing commands print the resulting state)",
            completion: .none, apply: { options, _ in options.json = true }),
        OptionSpec(
            long: "color", short: nil, valueName: "when", commands: nil,
            summary: "When to colour tables: auto (the default: on a terminal), always or never",
            completion: .choices(ColorChoice.allCases.map(\.rawValue)),
            details: "In auto mode, NO_COLOR (set to anything) turns colour off and CLICOLOR_FORCE or FORCE_COLOR (set, not empty and not 0) turn it on; TERM=dumb turns it off. JSON is never coloured.",
            apply: { options, value in
                guard let choice = ColorChoice(rawValue: value) else {
                    throw InvalidValue(expected: "expected auto, always or never")
                }
                options.color = choice
            }),
        OptionSpec(
            long: "no-color", short: nil, valueName: nil, commands: nil,
            summary: "Never colour the output (also when NO_COLOR is set)",
            completion: .none, apply: { options, _ in options.noColor = true }),
        OptionSpec(
            long: "quiet", short: "q", valueName: nil, commands: nil,
            summary: "Silence notes on standard error (errors are still printed)",
            completion: .none, apply: { options, _ in options.quiet = true }),
        OptionSpec(
            long: "lock-timeout", short: nil, valueName: "seconds", commands: nil,
            summary: "How long to wait for another routectl's lock (default: 10)",
            completion: .none,
            details: "Fractions are allowed, such as 2.5; 0 tries once. When the lock is still held after that, routectl exits with status 75.",
            apply: { $0.lockTimeout = try seconds($1) }),
        OptionSpec(
            long: "help", short: "h", valueName: nil, commands: nil,
            summary: "Show help for routectl or the command",
            completion: .none, apply: { options, _ in options.help = true }),
        OptionSpec(
            long: "version", short: nil, valueName: nil, commands: nil,
            summary: "Print the version",
            completion: .none, apply: { options, _ in options.version = true }),
        OptionSpec(
            long: "path", short: nil, valueName: nil, commands: [.show],
            summary: "Print only the path, such as home/details?id=42",
            completion: .none,
            details: "Not with --json, whose output has the path as its \"path\" member.",
            apply: { options, _ in options.pathOnly = true }),
        OptionSpec(
            long: "url", short: nil, valueName: nil, commands: [.show],
            summary: "Print only the deep link URL of the current state, from the declared links",
            completion: .none,
            details: "The first link whose path pattern matches the current path, filled in; exit status 1 when none does. Not with --path or --json.",
            apply: { options, _ in options.url = true }),
        OptionSpec(
            long: "watch", short: "w", valueName: nil, commands: [.show],
            summary: "Print the state, then again each time it changes, until interrupted",
            completion: .none,
            details: "Each change another process (or the app) makes is printed as it lands: the whole state, a blank line between two; with --path, one path a line; with --json, one JSON object a line. A file is watched through its folder (inotify on Linux, kqueue on macOS); a domain (--domain) is read again every second. SIGINT or SIGTERM ends it as they end any command; a closed standard output (the reader of a pipe gone) ends it with status 0. Not with --url.",
            apply: { options, _ in options.watch = true }),
        OptionSpec(
            long: "launch-arguments", short: nil, valueName: nil, commands: [.show],
            summary: "Print the launch arguments that start the app in this state (or in @<name> or <path>) without touching its files",
            completion: .none,
            details: "UserDefaults' argument domain: -<key> <value>, one key a line, each word shell-quoted, for XCUIApplication().launchArguments or xcrun simctl launch. A string is written as a quoted property-list string, data as <hex>, an integer as an XML property list. Needs a key an app reads (--key, or the project file's store.key): routectl's own navigator file exits with status 1. An unset key prints nothing. With a named state (@<name>, from the project file) or a path, the arguments are those of the state go would write, made in memory: with --format (or the project file's store.format) no store is read, else the key is read, never written, for its format and form (data or string). Not with --path, --url, --json or --watch.",
            apply: { options, _ in options.launchArguments = true }),
        OptionSpec(
            long: "swift", short: nil, valueName: nil, commands: [.show],
            summary: "With --launch-arguments: print them as a Swift array literal, for XCUIApplication().launchArguments",
            completion: .none,
            details: "One line: an array of Swift string literals (quotes, backslashes and control characters escaped), such as [\"-route\", \"<value>\"]; [] when the key is unset.",
            apply: { options, _ in options.swift = true }),
        OptionSpec(
            long: "last", short: "n", valueName: "count", commands: [.history],
            summary: "Keep only the last <count> changes",
            completion: .none, apply: { $0.last = try wholeNumber($1, atLeast: 0) }),
        OptionSpec(
            long: "to", short: nil, valueName: "route", commands: [.pop, .dismiss],
            summary: "Stop at <route>: pop until it is on top, dismiss until the top flow holds it",
            completion: .route,
            summaries: [
                (.pop, "Pop until the nearest <route> from the top is on top (the flow's root counts)"),
                (.dismiss, "Dismiss until the top flow holds <route>, as its root or pushed (the base counts)"),
            ],
            apply: { $0.to = $1 }),
        OptionSpec(
            long: "root", short: nil, valueName: nil, commands: [.pop],
            summary: "Pop everything above the root",
            completion: .none, apply: { options, _ in options.popRoot = true }),
        OptionSpec(
            long: "type", short: nil, valueName: "Module.Type", commands: [.push],
            summary: "The Swift type of the pushed value, for a state that names each element's type (SwiftUI's NavigationPath, FlowStacks' FlowPath)",
            completion: .none,
            details: "For a NavigationPath as Swift's _typeName(qualified: true) names it: the module, a '.', then the type, such as MyApp.Screen or Swift.Int; for a FlowPath, or a path whose names are mangled (NavigationBackport, UINavigationPath), mangled as _mangledTypeName gives it, such as 5MyApp6ScreenO, or readable, which routectl mangles. Without it, the type is the schema's (store.type of routectl.json, for a route its routes declare), else that of the values already in the state that show under the route's name (exit status 64 when neither tells: routectl cannot know a type's cases without the app's routes). A private type's name, which holds a memory address (MyApp.(unknown context at $...).Hidden), is refused: no later run of the app can restore it.",
            apply: { $0.elementType = try elementType($1) }),
        OptionSpec(
            long: "cover", short: nil, valueName: nil, commands: [.present],
            summary: "Present a full-screen cover instead of a sheet",
            completion: .none, apply: { options, _ in options.cover = true }),
        OptionSpec(
            long: "no-navigation", short: nil, valueName: nil, commands: [.present],
            summary: "Present the screen alone, without navigation to push on (FlowStacks' withNavigation: false)",
            completion: .none,
            details: "Only FlowStacks' state holds it (format flowstacks); push on such a sheet or cover exits with status 1. Other formats refuse it with exit status 1.",
            apply: { options, _ in options.noNavigation = true }),
        OptionSpec(
            long: "all", short: nil, valueName: nil, commands: [.dismiss],
            summary: "Dismiss every sheet and cover of the chain on screen",
            completion: .none, apply: { options, _ in options.dismissAll = true }),
        OptionSpec(
            long: "initial", short: nil, valueName: "route", commands: [.initialize],
            summary: "The initial route (default: root)",
            completion: .none, apply: { $0.initial = $1 }),
        OptionSpec(
            long: "routes", short: nil, valueName: "a,b,c", commands: [.initialize],
            summary: "Allow only these route names (default: any)",
            completion: .none,
            details: "Names are separated by commas and must include the initial route. Every command then rejects other names.",
            apply: { $0.routes = $1.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }),
        OptionSpec(
            long: "history-limit", short: nil, valueName: "count", commands: [.initialize],
            summary: "How many history entries to keep (default: 1000)",
            completion: .none,
            details: "From 1 to 1000000. The oldest entries are dropped first; sequence numbers keep growing.",
            apply: { $0.historyLimit = try wholeNumber($1, atLeast: 1, atMost: NavigatorState.maxHistoryLimit) }),
        OptionSpec(
            long: "tabs", short: nil, valueName: "container=tab,...", commands: [.initialize],
            summary: "Declare a tab container and its tabs, such as home=feed,profile (repeatable)",
            completion: .none,
            details: "When the container is the root, each tab keeps its own flows, based on the route named like the tab, and one tab is selected (the first, until tab selects another). With --routes, the container and its tabs must be in the list.",
            apply: { $0.tabs.append($1) }),
        OptionSpec(
            long: "force", short: nil, valueName: nil, commands: [.initialize, .reset],
            summary: "Move an existing (init) or corrupt (init, reset) file aside and start fresh",
            completion: .none,
            summaries: [
                (.initialize, "Replace an existing file, keeping it beside the new one as <file>.old-<time> (<file>.corrupt-<time> when it is not a valid navigator file)"),
                (.reset, "When the file is corrupt, move it aside to <file>.corrupt-<time> and write a fresh one"),
            ],
            apply: { options, _ in options.force = true }),
        OptionSpec(
            long: "if-missing", short: nil, valueName: nil, commands: [.initialize],
            summary: "Create the file only when there is none; exit 0 either way, leaving an existing one as it is",
            completion: .none,
            details: "For scripts and CI: a file (or a key's value) that is there, valid or not, is left untouched and nothing is printed. Not with --force.",
            apply: { options, _ in options.ifMissing = true }),
        OptionSpec(
            long: "rename", short: nil, valueName: "old=new", commands: [.migrate],
            summary: "Rename a route (details=detail) or a route's parameter (details._0=id) everywhere (repeatable)",
            completion: .none,
            apply: { $0.renames.append(try nonEmpty($1, "<old>=<new>")) }),
        OptionSpec(
            long: "drop", short: nil, valueName: "route", commands: [.migrate],
            summary: "Pop or dismiss a route where it stands, with what is above it (repeatable)",
            completion: .route,
            apply: { $0.drops.append(try nonEmpty($1, "a route name")) }),
        OptionSpec(
            long: "dry-run", short: nil, valueName: nil, commands: [.migrate],
            summary: "Print the path before and after, and change nothing",
            completion: .none,
            apply: { options, _ in options.dryRun = true }),
        OptionSpec(
            long: "allow-missing", short: nil, valueName: nil, commands: [.check],
            summary: "Pass when the store (file, key or domain value) does not exist",
            completion: .none,
            details: "Without it, check fails (exit 1) on a store that is not there, so that a mistyped file or key in CI does not pass.",
            apply: { options, _ in options.allowMissing = true }),
    ]

    /// The option called `--long`, if any.
    static func named(_ long: String) -> OptionSpec? {
        all.first { $0.long == long }
    }

    /// The option called `-short`, if any.
    static func named(short: Character) -> OptionSpec? {
        all.first { $0.short == short }
    }
}

private func nonEmpty(_ text: String, _ what: String) throws -> String {
    guard !text.isEmpty else { throw InvalidValue(expected: "expected " + what) }
    return text
}

/// A value passed on to another tool as one argument, which must not read as an option.
private func word(_ text: String, _ what: String) throws -> String {
    guard !text.isEmpty, !text.hasPrefix("-") else { throw InvalidValue(expected: "expected " + what) }
    return text
}

/// A type name routectl writes for a new element (see ``GivenElementType/check(_:)``).
private func elementType(_ text: String) throws -> String {
    do {
        try GivenElementType.check(text)
    } catch let error as NavigatorError {
        throw InvalidValue(expected: error.reason)
    }
    return text
}

private func nonEmpty(_ text: String) throws -> String {
    guard !text.isEmpty else { throw InvalidValue(expected: "expected a file path") }
    guard text != "-" else {
        throw InvalidValue(expected: "a navigator file cannot be standard input; name a file (a file called '-' is ./-)")
    }
    return text
}

private func configPath(_ text: String) throws -> String {
    guard !text.isEmpty else { throw InvalidValue(expected: "expected a file path") }
    guard text != "-" else {
        throw InvalidValue(expected: "a project file cannot be standard input; name a file (a file called '-' is ./-)")
    }
    return text
}

private func wholeNumber(_ text: String, atLeast minimum: Int, atMost maximum: Int = Int.max) throws -> Int {
    try WholeNumber.parse(text, atLeast: minimum, atMost: maximum)
}

private func seconds(_ text: String) throws -> Double {
    let allowed = text.utf8.allSatisfy { ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") }
    if allowed, let value = Double(text), value.isFinite, value > 86_400 {
        throw InvalidValue(expected: "too large (at most 86400 seconds, a day)")
    }
    guard allowed, let value = Double(text), value.isFinite else {
        throw InvalidValue(expected: "expected a number of seconds from 0 to 86400, such as 2.5")
    }
    return value
}
