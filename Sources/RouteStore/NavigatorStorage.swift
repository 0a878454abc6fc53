import RouteModel
import RouteCodecs

/// Where a navigator state is kept, and how it is changed safely: read it, change it under a
/// lock, or create it. ``NavigatorStore`` keeps it in one file. A store that may also hold a
/// plain route setting (a key of an app's preferences) is a ``StateStorage``.
public protocol NavigatorStorage {
    /// Reads the state; a store that holds nothing yet reads as the default state.
    func read() throws -> NavigatorState

    /// Reads the state under an exclusive lock, lets `change` modify it, and stores the result
    /// when `change` returns `true`. A change that changes nothing, or throws, stores and
    /// creates nothing. `change` may run more than once and must depend only on the state.
    ///
    /// - Parameter recover: set corrupt contents aside and start from a fresh state.
    func update(recover: Bool, _ change: (inout NavigatorState) throws -> Bool) throws -> ChangeOutcome<NavigatorState>

    /// Creates the store holding `state`; with `replace`, what is there is set aside first.
    func create(_ state: NavigatorState, replace: Bool) throws -> ChangeOutcome<NavigatorState>
}

/// The outcome of a change to a ``NavigatorStorage`` or a ``StateStorage``.
public struct ChangeOutcome<State: Sendable>: Sendable {
    /// The state after the change (or as it was, when nothing changed).
    public var state: State
    /// Whether anything was written.
    public var changed: Bool
    /// Things the user should know that are not errors, such as where a corrupt file went.
    public var notes: [String] = []
    /// The key of an app's preferences that held the state, when the store was given a prefix
    /// of it (see ``StateStorage/readLocated()``); `nil` otherwise.
    public var foundKey: String?

    /// An outcome.
    public init(state: State, changed: Bool, notes: [String] = [], foundKey: String? = nil) {
        self.state = state
        self.changed = changed
        self.notes = notes
        self.foundKey = foundKey
    }

    /// `outcome`, of a change that read the state, as the outcome of one that may not
    /// (``StateStorage/updateState(pushing:_:)``).
    public init<Read>(_ outcome: ChangeOutcome<Read>) where State == Read? {
        self.init(state: outcome.state, changed: outcome.changed, notes: outcome.notes, foundKey: outcome.foundKey)
    }
}
