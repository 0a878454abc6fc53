import RouteModel

/// `init`: creates the file, refusing to replace one unless `--force`.
enum InitCommand {
    static func run(_ state: NavigatorState, force: Bool, _ context: Context) throws -> CommandResult {
        let outcome = try context.store.create(state, replace: force)
        return CommandResult(output: context.options.json ? context.render(outcome.state) : "", notes: outcome.notes)
    }
}
