import RouteModel
import RouteStore

/// `history`: the recorded changes, oldest first.
enum HistoryCommand {
    static func run(last: Int?, _ context: Context) throws -> CommandResult {
        let (state, foundKey) = try context.store.readLocated()
        // Another library's state, a route setting: the changes routectl recorded (see JournalCommand).
        if state.journaled, context.store is any JournaledStorage {
            return try JournalCommand.history(last: last, foundKey: foundKey, context)
        }
        let entries = try context.naming(foundKey: foundKey) { try state.history().entries(last: last) }
        let view = HistoryView(entries: entries)
        return CommandResult(output: context.options.json ? view.json() : view.table(color: context.color, width: Terminal.tableWidth()))
    }
}
