import RouteModel

/// What every command needs besides its own arguments: the store the options chose (a navigator
/// file, or a key of a plist file or of a preferences domain), how to name it, and how to print.
struct Context {
    var options: ParsedOptions
    var store: any StateStorage
    /// Where the state is, as `show` names it: `file` (absolute), or `domain` and `simulator`,
    /// then `key` when a key holds it.
    var location: [(name: String, value: String)]
    /// How messages name the store: the file's path as given, or where the key is and the key.
    var subject: String
    var color: Bool

    /// - Throws: ``UsageError`` when no file is named and there is no home folder to find the
    ///   default one in, or when the store options do not go together; for `--domain` without
    ///   `--key`, the model's error listing the keys that could hold a route.
    init(_ options: ParsedOptions) throws {
        self.options = options
        color = Terminal.useColor(options)
        if let domain = options.domain {
            guard options.file == nil else {
                throw UsageError(
                    "options '--domain' and '--file' name different stores",
                    hint: "keep one: --domain <bundle-id> for the preferences system, or -f <path> for a plist file")
            }
            let preferences = DefaultsDomainStore(
                domain: domain, simulator: options.simulator, timeout: try ToolTimeout.seconds(environment: Terminal.environment))
            location = [("domain", domain)] + (options.simulator.map { [("simulator", $0)] } ?? [])
            store = try Context.keyStore(preferences, options.key, &location)
            subject = "\(preferences.name) \(PreferenceKey(options.key ?? ""))"
            return
        }
        guard options.simulator == nil else {
            throw UsageError(
                "option '--simulator' needs '--domain <bundle-id>'",
                hint: "for example: routectl --domain com.example.app --simulator booted --key route show")
        }
        guard let path = FileLocation.resolve(explicit: options.file, environment: Terminal.environment) else {
            throw UsageError(
                "no navigator file: neither --file, ROUTECTL_FILE, XDG_STATE_HOME nor HOME is set",
                hint: "name the file with --file <path> or ROUTECTL_FILE")
        }
        guard !path.contains(CommandArguments.invalidUTF8) else {
            throw UsageError(
                "the navigator file's path from ROUTECTL_FILE, XDG_STATE_HOME or HOME is not valid UTF-8",
                hint: "name the file with --file <path>")
        }
        location = [("file", Terminal.absolute(path))]
        subject = NavigatorError.quote(path, limit: 200)
        if let key = options.key {
            store = try Context.keyStore(PropertyListFileStore(path: path, lockTimeout: options.lockTimeout), key, &location)
            subject += " \(PreferenceKey(key))"
        } else {
            store = NavigatorStore(path: path, lockTimeout: options.lockTimeout)
        }
    }

    /// The store for `key` of `preferences`; without a key, throws the model's error naming the
    /// keys that could hold a route.
    private static func keyStore(_ preferences: any PreferencesDocument, _ key: String?, _ location: inout [(name: String, value: String)]) throws -> PreferenceKeyStore {
        guard let key else {
            let candidates = PreferenceKey.candidates(in: try preferences.read().dictionary)
            throw NavigatorError(
                .invalidInput, "\(preferences.name) holds an app's preferences: say which key holds the route",
                fact: .propertyListNeedsKey(candidates: candidates))
        }
        location.append(("key", key))
        return PreferenceKeyStore(preferences, key: PreferenceKey(key))
    }

    /// What a changing command prints: nothing, or with `--json` the resulting state; and the
    /// store's notes.
    func changed(_ outcome: ChangeOutcome<StoredState>) -> CommandResult {
        CommandResult(output: options.json ? render(outcome.state) : "", notes: outcome.notes)
    }

    /// Runs `body`, naming the store in a refusal of what a route setting cannot hold (whose
    /// message starts "holds only"); stores name themselves in the errors they throw.
    func naming<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch var error as NavigatorError where error.message.hasPrefix("holds only") {
            error.message = subject + " " + error.message
            throw error
        }
    }

    /// The state as `show` prints it, table or JSON as asked.
    func render(_ state: StoredState) -> String {
        switch state {
        case .navigator(let navigator):
            let view = StateView(location: location, state: navigator)
            return options.json ? view.json() : view.table(color: color, width: Terminal.tableWidth())
        case .setting(let setting):
            let view = SettingView(location: location, setting: setting)
            return options.json ? view.json() : view.table(width: Terminal.tableWidth())
        }
    }
}
