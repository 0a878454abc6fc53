import RouteModel

/// `history`: the recorded changes, oldest first.
enum HistoryCommand {
    static func run(last: Int?, _ context: Context) throws -> CommandResult {
        let entries: [HistoryEntry]
        let state = try context.store.readState()
        do {
            entries = try state.history().entries(last: last)
        } catch let error as NavigatorError {
            throw context.about(error)
        }
        let view = HistoryView(entries: entries)
        return CommandResult(output: context.options.json ? view.json() : view.table(color: context.color, width: Terminal.tableWidth()))
    }
}
