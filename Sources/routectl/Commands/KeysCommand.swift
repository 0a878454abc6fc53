import RouteModel
import RouteCodecs
import RoutePreferences
import RouteDefaults
import PropertyListCodec

/// `keys`: the keys of an app's preferences (`-f <plist>`, `--domain <bundle-id>`, with
/// `--simulator <device>`, or the project file's store) that hold navigation state, each with
/// the format routectl finds it in from the content (as `show` finds it) and the path it
/// shows, so that a user need not know the key first. Nothing is written.
enum KeysCommand {
    static func run(_ given: ParsedOptions) throws -> CommandResult {
        let project = try ProjectLoading.load(given, environment: Terminal.variable)
        let schema = try project.flatMap(SchemaLoading.schema)
        let table = Context.formats(schema: schema, routeType: try project.flatMap(SchemaLoading.routeType))
            .deciding(alike: project?.project.store.format)
        let options = given.applying(project, environment: Terminal.environment)
        let preferences: any PreferencesDocument
        var notes: [String] = []
        if let domain = options.domain {
            guard options.file == nil else {
                throw UsageError(
                    "options '--domain' and '--file' name different stores",
                    hint: "keep one: --domain <bundle-id> for the preferences system, or -f <path> for a plist file")
            }
            preferences = DefaultsDomainStore(
                domain: domain, simulator: options.simulator, timeout: try ToolTimeout.seconds(environment: Terminal.variable))
        } else if let file = options.file {
            guard options.simulator == nil else {
                throw UsageError(
                    "option '--simulator' needs '--domain <bundle-id>'",
                    hint: "for example: routectl keys --domain com.example.app --simulator booted")
            }
            let store = PropertyListFileStore(path: file, lockTimeout: options.lockTimeout)
            if try !store.exists() { notes.append("\(store.name) does not exist: it holds no keys") }
            preferences = store
        } else {
            throw UsageError(
                "'keys' needs the app's preferences: -f <plist>, or --domain <bundle-id> (with --simulator <device> for a simulator app)",
                hint: "for example: routectl keys --domain com.example.app --simulator booted")
        }
        let dictionary = try preferences.read().dictionary
        let order = schema.map { schema in
            ParameterOrder(declared: Dictionary(schema.routes.cases.map { ($0.name, $0.keys) }, uniquingKeysWith: { first, _ in first }))
        } ?? ParameterOrder()
        // By key, byte for byte: a binary plist keeps its keys in no order of meaning.
        let rows = dictionary.entries.compactMap { row($0, in: dictionary, table, order) }
            .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        if rows.isEmpty, notes.isEmpty {
            notes.append("no key of \(preferences.name) holds navigation state in a format routectl reads (\(table.names.joined(separator: ", ")), or a route name)")
        }
        let view = KeysView(rows: rows)
        return CommandResult(
            output: options.json ? view.json() : rows.isEmpty ? "" : view.table(color: Terminal.useColor(options), width: Terminal.tableWidth()),
            notes: notes)
    }

    /// The row of `entry` when it holds navigation state: a value one of `table`'s formats
    /// recognizes, or a string that is a route's name (a route setting); `nil` otherwise.
    private static func row(_ entry: PropertyListDictionary.Entry, in dictionary: PropertyListDictionary, _ table: FormatTable, _ order: ParameterOrder) -> KeysView.Row? {
        let bytes: [UInt8]
        switch entry.value {
        case .string(let text): bytes = Array(text.utf8)
        case .data(let data): bytes = data
        default: return nil
        }
        let codec: (any NavigatorCodec)?
        do {
            codec = try table.recognizing(bytes)
        } catch {
            // Several formats read it as different states: say which could.
            let names = table.formats.filter { $0.recognizes(bytes) }.map(\.name)
            return KeysView.Row(key: entry.key, format: names.joined(separator: " or "), path: nil)
        }
        if let codec {
            var path: String?
            if case .navigator(let state)? = try? PreferenceKey(entry.key, formats: table).state(in: dictionary) {
                path = state.path(order: order)
            }
            return KeysView.Row(key: entry.key, format: codec.name, path: path)
        }
        guard case .string(let text) = entry.value, !FormatTable.startsWithJSONContainer(bytes), (try? Route(text)) != nil else { return nil }
        return KeysView.Row(key: entry.key, format: PreferenceKey.settingFormatName, path: text)
    }
}
