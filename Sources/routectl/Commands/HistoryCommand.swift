import RouteModel

/// `history`: the recorded changes, oldest first.
enum HistoryCommand {
    static func run(last: Int?, _ context: Context) throws -> CommandResult {
        // Another library's state: the changes routectl recorded (see JournalCommand).
        if let recorded = try JournalCommand.history(last: last, context) { return recorded }
        let (state, foundKey) = try context.store.readLocated()
        let entries = try context.naming(foundKey: foundKey) { try state.history().entries(last: last) }
        let view = HistoryView(entries: entries)
        return CommandResult(output: context.options.json ? view.json() : view.table(color: context.color, width: Terminal.tableWidth()))
    }
}
