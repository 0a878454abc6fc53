import RouteModel

/// `reset`: back to the initial route; with `--force`, over a corrupt file too.
enum ResetCommand {
    static func run(force: Bool, _ context: Context) throws -> CommandResult {
        let timestamp = Timestamp.now()
        let outcome = try context.store.update(recover: force) { state in
            try state.perform(.reset, at: timestamp)
        }
        return CommandResult(output: context.options.json ? context.render(outcome.state) : "", notes: outcome.notes)
    }
}
