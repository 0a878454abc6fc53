import RouteModel

/// The hidden `__routes`, `__tabs` and `__links` helpers of the completion scripts: names (or
/// URL starts) the file knows, one a line, so no shell script has to read JSON. Print nothing
/// when the file cannot be read.
enum RoutesCommand {
    static func run(_ names: CompletionNames, _ context: Context) -> CommandResult {
        // The app's own routes, from the project file, whatever the store holds.
        if names == .routes, let schema = context.schema {
            return CommandResult(output: schema.routeNames.map { $0 + "\n" }.joined())
        }
        if case .parameters(let route) = names {
            let labels = context.schema?.routes[route]?.values.compactMap(\.label) ?? []
            return CommandResult(output: labels.map { $0 + "=\n" }.joined())
        }
        if names == .states {
            // The project file's, whatever the store holds (or whether it reads).
            return CommandResult(output: (context.project?.project.states ?? []).map { "@" + $0.name + "\n" }.joined())
        }
        guard case .navigator(let read)? = try? context.store.readState() else { return CommandResult() }
        let state = context.declaring(read)
        let list: [String]
        switch names {
        case .routes: list = routeNames(state)
        case .tabs: list = state.tree.tabs?.names ?? []
        case .links:
            var seen = Set<String>()
            list = state.links.links.map(\.url.fixedPrefix).filter { seen.insert($0).inserted }
        case .parameters, .states: list = []
        }
        return CommandResult(output: list.map { $0 + "\n" }.joined())
    }

    /// The declared route list, else every route name the state and its history mention.
    private static func routeNames(_ state: NavigatorState) -> [String] {
        if let routes = state.routes { return routes }
        var names: [String] = []
        var seen = Set<String>()
        func add(_ name: String) {
            if seen.insert(name).inserted { names.append(name) }
        }
        // A format that keeps no initial route (another library's) holds only a stand-in there.
        let initial = state.resetRule == .initialRoute ? [state.initial] : []
        (initial + state.tree.allRoutes).map(\.name).forEach(add)
        for entry in (try? state.history.entries()) ?? [] {
            // Only valid names: a hand-edited history must not feed anything else to a shell.
            if let first = entry.args.first, ["set", "push", "present"].contains(entry.op), Route.isValidName(first) {
                add(first)
            }
        }
        return names
    }
}
