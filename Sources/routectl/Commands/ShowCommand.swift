import RouteModel

/// `show`: prints the current state.
enum ShowCommand {
    static func run(pathOnly: Bool, url: Bool, _ context: Context) throws -> CommandResult {
        let state = try context.store.read()
        if url { return CommandResult(output: try state.url().description + "\n") }
        if pathOnly && !context.options.json { return CommandResult(output: state.path + "\n") }
        return CommandResult(output: context.render(state))
    }
}
