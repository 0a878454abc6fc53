import RouteModel

/// `set`, `push` and `pop`: one navigation operation, applied under the lock.
enum ChangeCommand {
    static func run(_ operation: NavigationOperation, _ context: Context) throws -> CommandResult {
        let timestamp = Timestamp.now()
        let outcome = try context.store.update { state in
            try state.perform(operation, at: timestamp)
        }
        return CommandResult(output: context.options.json ? context.render(outcome.state) : "", notes: outcome.notes)
    }
}
