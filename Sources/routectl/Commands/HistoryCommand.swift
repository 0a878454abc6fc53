import RouteModel

/// `history`: the recorded changes, oldest first.
enum HistoryCommand {
    static func run(last: Int?, _ context: Context) throws -> CommandResult {
        let state = try context.store.read()
        let view = HistoryView(entries: try state.history.entries(last: last))
        return CommandResult(output: context.options.json ? view.json() : view.table(color: context.color))
    }
}
