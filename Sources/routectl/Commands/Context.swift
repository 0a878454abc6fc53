import RouteModel
import RouteCodecs
import RouteStore
import RoutePreferences
import RouteDefaults
import PropertyListCodec
import RouteProject
import RouteSchema

/// What every command needs besides its own arguments: the store the options chose (a navigator
/// file, or a key of a plist file or of a preferences domain), how to name it, and how to print.
struct Context {
    /// The formats of a file named with `-f`: the standard table, with a property list (an
    /// app's preferences, which needs `--key`) refused before the default format reads it.
    static func fileFormats(_ table: FormatTable) -> FormatTable { table.wrappingDefault { PropertyListSniffer($0) } }

    /// The formats routectl reads and writes: the standard table, with a schema its
    /// NavigationPath codec given the project file's `store.type` for the routes the schema
    /// declares, and its FlowStacks codec the routes the schema declares.
    static func formats(schema: Schema?, routeType: String?) -> FormatTable {
        guard let schema else { return .standard }
        let routes = schema.routes
        var schemaType: (@Sendable (Route) -> String?)?
        if let routeType { schemaType = { routes[$0.name] != nil ? routeType : nil } }
        return FormatTable.standard
            .replacing(NavigationPathCodec(schemaType: schemaType, schema: .init(routeType: routeType)))
            .replacing(FlowStacksCodec(schemaDeclares: { routes[$0.name] != nil }))
    }

    /// The options, with the project file's store defaults where the command line left them
    /// unset (see ``ParsedOptions/applying(_:environment:)``).
    var options: ParsedOptions
    /// The project file in use (`routectl.json`, `--config`, `$ROUTECTL_CONFIG`), if any: its
    /// store defaults are in ``options`` already; its declarations are for the commands.
    var project: LoadedProject?
    /// The app's route types, from the project file's `routes` and `types`; `nil` without a
    /// project file or without `routes` (then routes are checked only as names and values).
    var schema: Schema?
    var store: any StateStorage
    /// Where the state is, as `show` names it: `file` (absolute), or `domain` and `simulator`,
    /// then `key` when a key holds it (the key named; see ``location(foundKey:)``).
    var location: [(name: String, value: String)]
    /// How messages name where the state is: the file's path as given, or the preferences.
    var storeName: String
    /// The key named with `--key`, if any.
    var keyName: String?
    /// The options that chose the store as given on the command line, for hints: pasted in the
    /// same folder, they find the same project file (``ParsedOptions/storeArguments``).
    var givenStore: [String] = []
    var color: Bool
    /// Where routectl records its changes to stores whose format keeps no history (see
    /// ``JournalCommand``): its state folder's `journal`, from the environment; `nil` when
    /// neither XDG_STATE_HOME nor HOME is an absolute path.
    var journalFolder: String? = JournalFile.folder()

    /// How messages name the store: the file's path as given, or where the key is and the key
    /// (`foundKey`, when a prefix named it).
    func subject(foundKey: String? = nil) -> String {
        guard let key = foundKey ?? keyName else { return storeName }
        return "\(storeName) \(PreferenceKey(key))"
    }

    /// ``location``, with the key that holds the state when a prefix of it was named.
    func location(foundKey: String?) -> [(name: String, value: String)] {
        guard let foundKey else { return location }
        return location.map { $0.name == "key" ? ("key", foundKey) : $0 }
    }

    /// - Throws: ``UsageError`` when no file is named and there is no home folder to find the
    ///   default one in, or when the store options do not go together; for `--domain` without
    ///   `--key`, the model's error listing the keys that could hold a route.
    init(_ given: ParsedOptions) throws {
        // The project file first, before any store is read: a bad one stops every command.
        project = try ProjectLoading.load(given, environment: Terminal.variable)
        schema = try project.flatMap(SchemaLoading.schema)
        // The project's store.format describes the app: it decides `[]` (every stack format's
        // empty stack) whatever store is named, as store.type holds for any store.
        let table = Context.formats(schema: schema, routeType: try project.flatMap(SchemaLoading.routeType))
            .deciding(alike: project?.project.store.format)
        let options = given.applying(project, environment: Terminal.environment)
        self.options = options
        givenStore = given.storeArguments
        color = Terminal.useColor(options)
        if let domain = options.domain {
            guard options.file == nil else {
                throw UsageError(
                    "options '--domain' and '--file' name different stores",
                    hint: "keep one: --domain <bundle-id> for the preferences system, or -f <path> for a plist file")
            }
            let preferences = try Context.appPreferences(domain, options)
            location = [("domain", domain)] + (options.simulator.map { [("simulator", $0)] } ?? []) + (options.device.map { [("device", $0)] } ?? [])
            storeName = preferences.name
            keyName = options.key
            store = try Context.keyStore(preferences, options.key, format: options.format, table, &location)
            return
        }
        guard options.simulator == nil else {
            throw UsageError(
                "option '--simulator' needs '--domain <bundle-id>'",
                hint: "for example: routectl --domain com.example.app --simulator booted --key route show")
        }
        guard options.device == nil else {
            throw UsageError(
                "option '--device' needs '--domain <bundle-id>'",
                hint: "for example: routectl --domain com.example.app --device 'My iPhone' --key route show")
        }
        guard !options.relaunch else {
            throw UsageError(
                "option '--relaunch' needs '--simulator <device>' or '--device <name>' with '--domain <bundle-id>'",
                hint: "for example: routectl --domain com.example.app --simulator booted --key route go home --relaunch")
        }
        guard let path = try FileLocation.resolve(explicit: options.file, environment: Terminal.variable) else {
            throw UsageError(
                "no navigator file: neither --file nor ROUTECTL_FILE names one, and neither XDG_STATE_HOME nor HOME is an absolute path",
                hint: "name the file with --file <path> or ROUTECTL_FILE")
        }
        location = [("file", Terminal.absolute(path))]
        storeName = NavigatorError.quote(path, limit: 200)
        keyName = options.key
        if let key = options.key {
            store = try Context.keyStore(PropertyListFileStore(path: path, lockTimeout: options.lockTimeout), key, format: options.format, table, &location)
        } else {
            store = NavigatorStore(path: path, formats: try Self.fileFormats(options.format, table), lockTimeout: options.lockTimeout)
        }
    }

    /// The preferences of the app `domain` where the options say it runs: through `defaults`
    /// (on this Mac, or in a simulator, the app quit and relaunched around a change with
    /// `--relaunch`), or copied from a connected device with devicectl.
    ///
    /// - Throws: ``UsageError`` for `--simulator` with `--device`, or `--relaunch` with neither.
    private static func appPreferences(_ domain: String, _ options: ParsedOptions) throws -> any PreferencesDocument {
        let timeout = try ToolTimeout.seconds(environment: Terminal.variable)
        if let device = options.device {
            guard options.simulator == nil else {
                throw UsageError(
                    "options '--simulator' and '--device' name different places for the app",
                    hint: "keep one: --simulator <UDID|booted> for a simulator, or --device <name|identifier> for a connected device")
            }
            return DeviceAppPreferences(device: device, bundle: domain, relaunch: options.relaunch, timeout: timeout)
        }
        let preferences = DefaultsDomainStore(domain: domain, simulator: options.simulator, timeout: timeout)
        guard let simulator = options.simulator else {
            guard !options.relaunch else {
                throw UsageError(
                    "option '--relaunch' needs '--simulator <device>' or '--device <name>': routectl does not quit or launch a Mac app",
                    hint: "for example: routectl --domain \(ShellWord.quote(domain)) --simulator booted --key route go home --relaunch")
            }
            return preferences
        }
        let quiet = options.quiet
        return SimulatorAppPreferences(preferences, device: simulator, relaunch: options.relaunch) { warning in
            if !quiet { _ = Terminal.emit("routectl: \(Printable.escaped(warning))\n", to: 2) }
        }
    }

    /// The formats of a file named with `-f` (without `--key`): ``fileFormats``, or the one
    /// `format` names, behind the same property-list check.
    ///
    /// - Throws: ``UsageError`` for `setting`, which only a key holds.
    private static func fileFormats(_ format: String?, _ formats: FormatTable) throws -> FormatTable {
        guard let format else { return fileFormats(formats) }
        guard let table = formats.narrowed(to: format) else {
            throw UsageError(
                "option '--format \(format)' needs '--key <name>': a route setting is a string or an integer under a key of an app's preferences",
                hint: "name the plist with -f <path> and its key with --key <name>")
        }
        return table.wrappingDefault { PropertyListSniffer($0) }
    }

    /// The key called `name`, in the formats `format` (from `--format`) allows: the standard
    /// table, one format of it, or a route setting only.
    private static func preferenceKey(_ name: String, format: String?, _ formats: FormatTable) -> PreferenceKey {
        guard let format else { return PreferenceKey(name, formats: formats) }
        if let table = formats.narrowed(to: format) {
            return PreferenceKey(name, formats: table)
        }
        return PreferenceKey(name, settingOnly: true)
    }

    /// The store for `key` of `preferences`; without a key, throws the model's error naming the
    /// keys that could hold a route.
    private static func keyStore(_ preferences: any PreferencesDocument, _ key: String?, format: String?, _ formats: FormatTable, _ location: inout [(name: String, value: String)]) throws -> PreferenceKeyStore {
        guard let key else {
            let candidates = PreferenceKey.candidates(in: try preferences.read().dictionary)
            throw NavigatorError(
                .invalidInput, "\(preferences.name) holds an app's preferences: say which key holds the route",
                detail: PreferencesFact.propertyListNeedsKey(candidates: candidates))
        }
        location.append(("key", key))
        var store = PreferenceKeyStore(preferences, key: preferenceKey(key, format: format, formats))
        store.nearKey = Context.nearKey
        let name = preferences.name
        store.beforeDiscarding = { value, verb, key in
            // A copy of what is about to go, before anything is written, even with -q: an app's
            // value is never lost without one (issue 17, item 14).
            // A copy is only a copy when it can be printed as it is: XML holds control
            // characters raw (as Foundation writes them), which a terminal would obey.
            guard let copy = value.xmlText, !copy.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t" && $0 != "\n") || $0.value == 0x7F }) else {
                // No copy, no discarding: a UID, or a string holding control characters, stays.
                throw NavigatorError(
                    .cannotApply,
                    "cannot print a copy of the value of \(key) in \(name) (\(value.kindPhrase)) as XML, so it is kept: remove it with the app's own tools")
            }
            let lines = copy.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            let text = "routectl: a copy of the value of \(key) in \(name) (\(value.kindPhrase)), which this command \(verb == "removed" ? "removes" : "replaces"):\n"
                + lines.map { line in
                    // XML's own indentation stays tabs; anything else unprintable is escaped.
                    line.split(separator: "\t", omittingEmptySubsequences: false)
                        .map { Printable.escaped(String($0)) }.joined(separator: "\t") + "\n"
                }.joined()
            guard Terminal.emit(text, to: 2) else {
                throw NavigatorError(.io, "cannot write the old value of \(key) to standard error, so it is kept")
            }
        }
        return store
    }

    /// The key among `keys` that `name`, missing, looks like a typo of: the same in another
    /// case, or did-you-mean's closest.
    @Sendable static func nearKey(_ name: String, _ keys: [String]) -> String? {
        keys.first { $0.lowercased() == name.lowercased() } ?? Suggestion.closest(to: name, among: keys)
    }

    /// What a changing command prints: nothing, or with `--json` the resulting state; and the
    /// store's notes.
    func changed(_ outcome: ChangeOutcome<StoredState>) -> CommandResult {
        CommandResult(output: options.json ? render(outcome.state, foundKey: outcome.foundKey) : "", notes: outcome.notes)
    }

    /// Runs `body`, naming the store in a refusal of what the state cannot do that no store
    /// named (the stores name themselves in the errors they throw).
    func naming<T>(foundKey: String? = nil, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as NavigatorError {
            throw about(error, foundKey: foundKey)
        }
    }

    /// `error`, about the store when it is a refusal of what the state cannot do (what a route
    /// setting cannot hold, a history its format does not keep) that is not about anything yet.
    func about(_ error: NavigatorError, foundKey: String? = nil) -> NavigatorError {
        guard error.subject.isEmpty else { return error }
        switch error.fact {
        case .onlyARootRoute?, .onlyAnInteger?, .keepsNoHistory?: return error.about(subject(foundKey: foundKey))
        default: return error
        }
    }

    /// The order routes' parameters print in: the schema's declaration order for the routes it
    /// declares, else positional values first, then labels in byte order (one state, one path).
    var parameterOrder: ParameterOrder {
        guard let schema else { return ParameterOrder() }
        return ParameterOrder(declared: Dictionary(schema.routes.cases.map { ($0.name, $0.keys) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The state as `show` prints it, table or JSON as asked; `foundKey` is the key that holds
    /// it when a prefix of it was named.
    func render(_ state: StoredState, foundKey: String? = nil) -> String {
        let location = location(foundKey: foundKey)
        switch state {
        case .navigator(let navigator):
            let view = StateView(location: location, state: navigator, order: parameterOrder)
            return options.json ? view.json() : view.table(color: color, width: Terminal.tableWidth())
        case .setting(let setting):
            let view = SettingView(location: location, setting: setting, caseName: SchemaCheck.caseName(of: setting, schema))
            return options.json ? view.json() : view.table(width: Terminal.tableWidth())
        }
    }
}
