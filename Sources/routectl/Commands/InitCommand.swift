import RouteModel
import RoutePreferences
import RouteStore

/// `init`: creates the file, refusing to replace one unless `--force`; with `--if-missing`,
/// one that is there is left as it is, and that is success.
enum InitCommand {
    static func run(_ state: NavigatorState, force: Bool, ifMissing: Bool, _ context: Context) throws -> CommandResult {
        do {
            return context.changed(try context.store.createState(state, replace: force))
        } catch let error as NavigatorError where ifMissing && Self.isThere(error) {
            return CommandResult()
        }
    }

    /// Whether `error` says that a file or a key's value is already there.
    private static func isThere(_ error: NavigatorError) -> Bool {
        if case .alreadyExists? = error.detail as? StoreFact { return true }
        return error.detail as? PreferencesFact == .keyHoldsValue
    }
}
