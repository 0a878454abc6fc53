import RouteModel
import RouteProject

/// `states` and `go @<name>`: the named states of the project file.
enum StatesCommand {
    /// `states`: lists them; a project file without states lists none (exit 0).
    static func list(_ options: ParsedOptions) throws -> CommandResult {
        let project = try required(ProjectLoading.load(options, environment: Terminal.variable), for: "states")
        let view = StatesView(states: project.project.states)
        let color = Terminal.useColor(options)
        return CommandResult(output: options.json ? view.json() : view.table(color: color, width: Terminal.tableWidth()))
    }

    /// The path of the state `name` (from `go @<name>`), checked against the state only when
    /// it is applied.
    ///
    /// - Throws: ``UsageError`` without a project file, or for a name it does not declare
    ///   (with the closest name, or the list).
    static func path(of name: String, in loaded: LoadedProject?) throws -> RoutePath {
        let loaded = try required(loaded, for: "go @\(name)")
        if let state = loaded.project.state(named: name) { return state.path }
        let names = loaded.project.states.map(\.name)
        let guess = Suggestion.closest(to: name, among: names)
        throw UsageError(
            "unknown state \(quoted("@" + name)): \(loaded.name) declares "
                + (names.isEmpty ? "no states" : names.map { "@" + $0 }.joined(separator: ", ")),
            hint: guess.map { "did you mean '@\($0)'? run: routectl go @\($0)" }
                ?? (names.isEmpty ? "declare it under \"states\" in \(loaded.name)" : "list them with: routectl states"))
    }

    private static func required(_ loaded: LoadedProject?, for command: String) throws -> LoadedProject {
        guard let loaded else {
            throw UsageError(
                "'\(command)' needs a project file, and there is no routectl.json in this folder or above it",
                hint: "name one with --config <path>")
        }
        return loaded
    }
}
