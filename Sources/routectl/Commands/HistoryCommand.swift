import RouteModel

/// `history`: the recorded changes, oldest first.
enum HistoryCommand {
    static func run(last: Int?, _ context: Context) throws -> CommandResult {
        let state = try context.store.read()
        let entries: [HistoryEntry]
        do {
            entries = try state.history.entries(last: last)
        } catch var error as NavigatorError {
            error.message = quoted(context.store.path, limit: 200) + " " + error.message
            throw error
        }
        let view = HistoryView(entries: entries)
        return CommandResult(output: context.options.json ? view.json() : view.table(color: context.color, width: Terminal.tableWidth()))
    }
}
