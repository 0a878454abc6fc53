import RouteModel

/// `init`: creates the file, refusing to replace one unless `--force`.
enum InitCommand {
    static func run(_ state: NavigatorState, force: Bool, _ context: Context) throws -> CommandResult {
        do {
            return context.changed(try context.store.create(state, replace: force))
        } catch var error as NavigatorError where error.kind == .cannotApply {
            error.hint = "use --force to start over; the old file is kept beside it"
            throw error
        }
    }
}
