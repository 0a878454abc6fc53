import RouteModel
import RouteStore
import RoutePreferences
import RouteProject
import PropertyListCodec

/// The state `show --launch-arguments` is given: a named state of the project file
/// (`@editing`) or a path (`home/details?_0:=1`).
enum LaunchTarget: Equatable {
    case state(String)
    case path(RoutePath)

    /// `word` as typed.
    ///
    /// - Throws: ``UsageError`` for a state name that cannot be one, or a path that does not parse.
    init(_ word: String) throws {
        if word.hasPrefix("@") {
            let name = String(word.dropFirst())
            guard ProjectFile.isStateName(name) else {
                throw UsageError(
                    "invalid state name \(quoted(name)) for 'show --launch-arguments @<name>': a state name has letters, digits, '-', '_' and '.'",
                    hint: "list the named states with: routectl states")
            }
            self = .state(name)
        } else {
            self = .path(try RoutePath(parsing: word))
        }
    }
}

/// `show --launch-arguments @<name>` and `show --launch-arguments <path>`: the launch arguments
/// of the state `go` would write, made in memory. Nothing is written. With a format known
/// (`--format`, or the project file's `store.format`) nothing is read either: the state starts
/// as a new one in that format, and its value is data, as a new state is stored. Otherwise the
/// key is read, as `go` reads it, for its format and its form (data or string).
enum LaunchTargetCommand {
    static func run(_ target: LaunchTarget, swift: Bool, _ context: Context) throws -> CommandResult {
        let path: RoutePath
        switch target {
        case .state(let name):
            guard context.project != nil else {
                throw UsageError(
                    "'show --launch-arguments @\(name)' needs a project file, and there is no routectl.json in this folder or above it",
                    hint: "name one with --config <path>, or give the path itself: show --launch-arguments <path>")
            }
            path = try StatesCommand.path(of: name, in: context.project)
        case .path(let given): path = given
        }
        // The schema's conversions first, before anything is read, as for go.
        let operation = try SchemaCheck.conform(.go(path), words: nil, context)
        guard let keyStore = context.store as? PreferenceKeyStore else {
            throw NavigatorError(
                .cannotApply,
                "\(context.storeName) is a file, not a key of the app's preferences: --launch-arguments passes the value of a key, named with --key <name> or as store.key in routectl.json")
        }
        let key: String
        var dictionary = PropertyListDictionary()
        var state: StoredState
        if context.options.format != nil {
            key = keyStore.key.name
            state = try context.naming { try fresh(keyStore.key) }
        } else {
            let read = try keyStore.readStoredValue()
            key = read.key
            state = read.state
            if let value = read.value { dictionary = [key: value] }
        }
        let before = state
        try context.naming {
            _ = try context.perform(try SchemaCheck.rawValue(operation, in: before, context), on: &state, at: WallClock.now())
        }
        if let schema = context.schema { try SchemaCheck.checkNewRoutes(before: before, after: state, schema) }
        let storingKey = PreferenceKey(key, formats: keyStore.key.formats, settingOnly: keyStore.key.holdsSettingOnly)
        let stored = try context.naming { try storingKey.storing(&state, in: dictionary) }.dictionary
        guard let value = stored[key] else {
            // An unset setting: nothing to pass, the app's default applies.
            return CommandResult(output: swift ? "[]\n" : "", notes: ["\(path) leaves \(PreferenceKey(key)) unset: the app starts from its own default, so there is no argument to pass"])
        }
        guard let line = swift ? LaunchArgument.swiftArray(key: key, value: value) : LaunchArgument.line(key: key, value: value) else {
            throw NavigatorError(.cannotApply, "the value of \(PreferenceKey(key)) (\(value.kindPhrase)) is no route, so routectl passes no argument for it")
        }
        return CommandResult(output: line + "\n")
    }

    /// The state a key starts from in the format `--format` named, read from nothing: a new
    /// state where the format can start one; else, for a stack format (codable-array,
    /// flowstacks, navigation-path, which the app writes first), its empty stack `[]`, which
    /// every one of them reads.
    ///
    /// - Throws: as ``PreferenceKey/missingState()`` for a format that reads no `[]` (vapn).
    private static func fresh(_ key: PreferenceKey) throws -> StoredState {
        do {
            return try key.missingState()
        } catch let error as NavigatorError where key.formats.isForced {
            guard let empty = try? key.formats.defaultFormat.read(Array("[]".utf8)) else { throw error }
            return .navigator(empty)
        }
    }
}
