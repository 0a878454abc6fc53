import RouteStore
import RouteModel

/// `set`, `push`, `pop` and `reset`: one navigation operation, applied under the lock.
enum ChangeCommand {
    /// - Parameter recover: move a corrupt file aside and start fresh (`reset --force`).
    static func run(_ operation: NavigationOperation, recover: Bool, _ context: Context) throws -> CommandResult {
        // Named: a navigator file's refusal of an undo its format keeps no history for names no
        // store (a key's store names itself).
        let outcome = try context.naming {
            try context.store.updateState(recover: recover) { state in
                // Stamped under the lock, so that history times follow history order.
                try state.perform(operation, at: WallClock.now())
            }
        }
        return context.changed(outcome)
    }
}
