import RouteCodecs
import RouteModel
import RouteSchema
import RouteStore
import RoutePreferences

/// `check`: whether the app would read the saved state as shown. Every route the state holds,
/// where its format says it stands, against the project file's schema; one line a problem on
/// standard output, exit 1 when there is any. A store that is not there is a problem too
/// (`--allow-missing` accepts it): a mistyped file or key in CI must not pass. Never changes
/// anything.
enum CheckCommand {
    static func run(_ context: Context) throws -> CommandResult {
        let schema = try requireSchema(context, for: "check")
        var (problems, routes, notes) = ([String](), 0, [String]())
        do {
            switch try stored(context) {
            case .missing(let missing):
                guard context.options.allowMissing else {
                    return CommandResult(
                        output: "\(missing): there is nothing to check (run with --allow-missing to accept that)\n",
                        status: ExitStatus.failure)
                }
                // Nothing stored: no route of the state to check (not even a fresh state's).
            case .state(let state):
                (problems, routes, notes) = SchemaCheck.problems(in: state, schema)
            }
        } catch let error as NavigatorError where error.kind == .invalidFile || error.kind == .newerFormat {
            // What the format cannot read, the app cannot either: a finding, not a failure.
            return CommandResult(output: "\(error.message)\n", status: ExitStatus.failure)
        }
        // The project's named states are paths the team will go to: checked as well, and
        // counted apart from the store's routes.
        let named = context.project?.project.states ?? []
        for state in named {
            for place in RoutePlace.places(inPath: state.path.description, member: "\(context.project!.name):\(state.line): states.\(state.name)") {
                // `go @<name>` writes a value it leaves out that has a default: so is it checked.
                var found: [String] = []
                let route = (try? schema.withDefaults(place.route)) ?? place.route
                if let problem = schema.problem(with: route, notes: &found) { problems.append("\(place.path): \(problem)") }
                notes += found.map { "\(place.path): \($0)" }
            }
        }
        if problems.isEmpty {
            var summary = "ok: \(routes == 1 ? "1 route" : "\(routes) routes") of the state"
            if !named.isEmpty { summary += " and \(named.count == 1 ? "1 named state" : "\(named.count) named states")" }
            let verb = routes == 1 && named.isEmpty ? "fits" : "fit"
            return CommandResult(output: summary + " \(verb) the schema of \(context.project!.name)\n", notes: notes)
        }
        // A problem quotes the app's values: escaped, as every text routectl prints of them.
        return CommandResult(output: problems.map { Printable.escaped($0) + "\n" }.joined(), notes: notes, status: ExitStatus.failure)
    }

    /// What the store holds, or what is missing, said for a message (`'x.plist' does not exist`,
    /// `key 'route' is not set in 'x.plist'`): in one read of the store.
    private enum Stored {
        case missing(String)
        case state(StoredState)
    }

    private static func stored(_ context: Context) throws -> Stored {
        if let keyStore = context.store as? PreferenceKeyStore {
            if let file = keyStore.preferences as? PropertyListFileStore, try !file.exists() {
                return .missing("\(file.name) does not exist")
            }
            let (key, value, state) = try keyStore.readStoredValue()
            return value == nil ? .missing("\(PreferenceKey(key)) is not set in \(context.storeName)") : .state(state)
        }
        if let file = context.store as? NavigatorStore, try !file.exists() {
            return .missing("\(context.storeName) does not exist")
        }
        return .state(try context.store.readLocated().state)
    }

    /// The schema, or a usage error saying that `command` needs one.
    static func requireSchema(_ context: Context, for command: String) throws -> Schema {
        if let schema = context.schema { return schema }
        throw UsageError(
            context.project == nil
                ? "'\(command)' checks against the app's routes, declared in a project file, and there is none (routectl.json here or above, --config, ROUTECTL_CONFIG)"
                : "'\(command)' checks against the app's routes, and \(context.project!.name) declares none",
            hint: "declare them in routectl.json, such as {\"routes\": [\"home\", \"details(Int)\"]}")
    }
}
extension SchemaCheck {
    /// Every problem of `state` against `schema`, each `<where>: <what>`, how many routes were
    /// checked, and notes on what the app's decoder ignores (a member a declared struct lacks).
    static func problems(in state: StoredState, _ schema: Schema) -> (problems: [String], routes: Int, notes: [String]) {
        switch state {
        case .setting(let setting):
            if case .unset = setting { return ([], 0, []) }
            return (problem(with: setting, schema).map { ["value: \($0)"] } ?? [], 1, [])
        case .navigator(let navigator):
            // Defaults' Key<Route> (read under a key only, in no table) is one route.
            let codec = FormatTable.standard.format(named: navigator.formatName)
                ?? (navigator.formatName == CodableValueCodec().name ? CodableValueCodec() : NavigatorFileCodec())
            let places = codec.routePlaces(in: navigator)
            var problems = navigator.unshownParts
            // A type name no run of the app resolves: the app restores none of it.
            if let reason = navigator.appCannotDecode { problems.append("the app cannot decode it as it stands: \(reason)") }
            var notes: [String] = []
            for place in places {
                let at = place.path.isEmpty ? "/" : place.path
                var found: [String] = []
                if let problem = schema.problem(with: place.route, notes: &found) { problems.append("\(at): \(problem)") }
                notes += found.map { "\(at): \($0)" }
            }
            return (problems, places.count, notes)
        }
    }
}
