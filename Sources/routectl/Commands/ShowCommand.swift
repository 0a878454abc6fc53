import RouteModel

/// `show`: prints the current state.
enum ShowCommand {
    static func run(pathOnly: Bool, _ context: Context) throws -> CommandResult {
        let state = try context.store.read()
        if pathOnly && !context.options.json { return CommandResult(output: state.path + "\n") }
        return CommandResult(output: context.render(state))
    }
}
