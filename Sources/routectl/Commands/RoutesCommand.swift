import RouteModel

/// The hidden `__routes` helper of the completion scripts: route names the file knows, one a
/// line, so no shell script has to read JSON. Prints nothing when the file cannot be read.
enum RoutesCommand {
    static func run(_ context: Context) -> CommandResult {
        guard let state = try? context.store.read() else { return CommandResult() }
        var names: [String] = []
        var seen = Set<String>()
        func add(_ name: String) {
            if seen.insert(name).inserted { names.append(name) }
        }
        if let routes = state.routes {
            routes.forEach(add)
        } else {
            ([state.initial, state.root] + state.stack).map(\.name).forEach(add)
            for entry in (try? state.history.entries()) ?? [] {
                // Only valid names: a hand-edited history must not feed anything else to a shell.
                if let first = entry.args.first, entry.op == "set" || entry.op == "push", Route.isValidName(first) {
                    add(first)
                }
            }
        }
        return CommandResult(output: names.map { $0 + "\n" }.joined())
    }
}
