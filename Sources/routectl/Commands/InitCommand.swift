import RouteModel
import RoutePreferences
import RouteStore
import RouteSchema

/// `init`: creates the file, refusing to replace one unless `--force`; with `--if-missing`,
/// one that is there is left as it is, and that is success.
enum InitCommand {
    static func run(_ state: NavigatorState, force: Bool, ifMissing: Bool, _ context: Context) throws -> CommandResult {
        var state = state
        if let schema = context.schema {
            // Without --initial, the schema's first route that takes no values starts the file
            // (the built-in default is rarely one of the app's routes).
            if context.options.initial == nil, schema.routes[state.initial.name] == nil,
               let first = schema.routes.cases.first(where: { $0.values.isEmpty }) {
                var options = context.options
                options.initial = first.name
                state = try Invocation.initialState(options)
            }
            for route in [state.initial] + state.tree.allRoutes { try schema.check(route) }
        }
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
