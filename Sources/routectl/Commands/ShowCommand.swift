import RouteModel
import RouteCodecs
import RouteStore
import RoutePreferences
import PropertyListCodec
import PlainText
import JSONText

/// `show`: prints the current state.
enum ShowCommand {
    static func run(pathOnly: Bool, url: Bool, _ context: Context) throws -> CommandResult {
        let (state, foundKey): (StoredState, String?)
        if pathOnly, !url, !context.options.json, let store = context.store as? DocumentStorage {
            // The path, read through the format's reader: without the state where it can (a
            // NavigationPath).
            switch try store.readDocument() {
            case .document(let document):
                return CommandResult(output: try document.path(order: context.parameterOrder) + "\n")
            case .state(let read, let found): (state, foundKey) = (read, found)
            }
        } else {
            (state, foundKey) = try context.store.readLocated()
        }
        var result = try show(state, foundKey: foundKey, pathOnly: pathOnly, url: url, context)
        result.kept = state
        return result
    }

    /// What `show` prints of `state`, read under `foundKey` when a prefix found it.
    private static func show(_ state: StoredState, foundKey: String?, pathOnly: Bool, url: Bool, _ context: Context) throws -> CommandResult {
        var notes: [String] = []
        if let keyStore = context.store as? PreferenceKeyStore,
           let file = keyStore.preferences as? PropertyListFileStore, try !file.exists() {
            // A mistyped -f reads as an unset key, or with --format as a fresh state: say that
            // there is no file (issue 17, item 16).
            switch state {
            case .setting: notes.append("\(file.name) does not exist: nothing is set, so the app's own default applies")
            case .navigator: notes.append("\(file.name) does not exist: this is the fresh state a first change starts from")
            }
        } else if let file = context.store as? NavigatorStore, case .navigator(let navigator) = state,
                  navigator.history.lastSeq == 0, try !file.exists() {
            // As for a plist: a mistyped -f shows the fresh state, and says there is no file. (A
            // state with history was read from a file: no second look at the disk for it.)
            notes.append("\(context.storeName) does not exist: this is the fresh state a first change starts from")
        }
        if case .navigator(let navigator) = state, navigator.formatName.contains(" or ") {
            // `[]` or an empty file: shown, but no format is told yet (a change asks for one).
            notes.append("\(context.storeName) holds an empty stack, which the formats \(navigator.formatName) keep alike: a change needs --format <name> (or store.format in routectl.json)")
        }
        if url {
            let navigator = context.declaring(try context.naming(foundKey: foundKey) { try state.navigator(for: "links") })
            return CommandResult(output: try navigator.url().description + "\n")
        }
        if pathOnly && !context.options.json {
            switch state {
            case .navigator(let navigator): return CommandResult(output: navigator.path(order: context.parameterOrder) + "\n", notes: notes)
            // Unset prints nothing: the app's default is not known. The value is the app's,
            // as stored: escaped, like every other text printed (issue 17, item 10).
            case .setting(let setting): return CommandResult(output: SettingView.path(setting, caseName: SchemaCheck.caseName(of: setting, context.schema)).map { Printable.escaped($0) + "\n" } ?? "", notes: notes)
            }
        }
        return CommandResult(output: context.render(state, foundKey: foundKey), notes: notes)
    }

    /// What a file named without a key holds, for a message: routectl's own navigator file,
    /// which no app reads, or a file in another library's format (named by its summary), which
    /// the app reads from its file.
    private static func fileKind(of state: StoredState, exists: Bool) -> String {
        guard exists else { return "does not exist" }
        if case .navigator(let navigator) = state, navigator.formatName.contains(" or ") {
            return "is a file holding an empty stack ([], in the format \(navigator.formatName)), which the app reads from its file, not from its preferences"
        }
        guard case .navigator(let navigator) = state, let codec = FormatTable.standard.format(named: navigator.formatName),
              !(codec is NavigatorFileCodec)
        else { return "is routectl's own navigator file, which no app reads" }
        let what = codec.summary.map { "\(NavigatorError.quote(codec.name)) (\($0))" } ?? NavigatorError.quote(codec.name)
        return "is a file in the format \(what), which the app reads from its file, not from its preferences"
    }

    /// `show --launch-arguments`: the value under the key, as UserDefaults' argument domain
    /// reads it (see ``LaunchArgument``), after the state there is read as `show` reads it.
    static func launchArguments(swift: Bool = false, _ context: Context) throws -> CommandResult {
        guard let keyStore = context.store as? PreferenceKeyStore else {
            // Read it first, as show does: a plist named without --key is said to be one, with
            // the whole command that names its key, not taken for routectl's own file.
            let state = try context.store.readLocated().state
            let exists = try (context.store as? NavigatorStore)?.exists() ?? true
            throw NavigatorError(.cannotApply, "\(context.storeName) \(fileKind(of: state, exists: exists)): --launch-arguments passes the value of a key of the app's preferences, named with --key <name> or as store.key in routectl.json")
        }
        // The state must read (in its format) before its value is handed to an app.
        let (key, stored, _) = try keyStore.readStoredValue()
        guard let value = stored else {
            return CommandResult(
                output: swift ? "[]\n" : "",
                notes: ["\(PreferenceKey(key)) is not set in \(context.storeName): the app starts from its own default, so there is no argument to pass"])
        }
        guard let line = swift ? LaunchArgument.swiftArray(key: key, value: value) : LaunchArgument.line(key: key, value: value) else {
            throw NavigatorError(.cannotApply, "the value of \(PreferenceKey(key)) in \(context.storeName) (\(value.kindPhrase)) is no route, so routectl passes no argument for it")
        }
        return CommandResult(output: line + "\n")
    }
}

