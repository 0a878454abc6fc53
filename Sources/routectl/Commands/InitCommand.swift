import RouteModel

/// `init`: creates the file, refusing to replace one unless `--force`.
enum InitCommand {
    static func run(_ state: NavigatorState, force: Bool, _ context: Context) throws -> CommandResult {
        context.changed(try context.store.createState(state, replace: force))
    }
}
