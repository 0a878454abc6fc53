import RouteModel
import RouteCodecs

/// A store that holds a ``StoredState``: a whole navigator state, or a route setting, as a key
/// of an app's preferences may hold either. ``NavigatorStore`` (always a navigator state) and
/// ``PreferenceKeyStore`` are two; a caller that works on any store works on this.
public protocol StateStorage {
    /// Reads what the store holds.
    func readState() throws -> StoredState

    /// Reads what the store holds, and the key of an app's preferences that holds it when the
    /// store was given a prefix of that key (`nil` otherwise, and for a store of no key).
    func readLocated() throws -> (state: StoredState, foundKey: String?)

    /// What `show --path` prints, read the quickest way the store has: the path of the
    /// navigator state it holds when that can be said without reading the state, else what
    /// it holds (see ``PathRead``). Default: ``readLocated()``.
    func readPath() throws -> PathRead

    /// Reads what the store holds under its lock, lets `change` modify it, and stores the
    /// result when `change` returns `true` (see ``NavigatorStorage/update(recover:_:)``).
    ///
    /// - Parameter recover: set contents that cannot be read aside (or, where nothing can be
    ///   set aside, remove them, saying so) and start afresh.
    func updateState(recover: Bool, _ change: (inout StoredState) throws -> Bool) throws -> ChangeOutcome<StoredState>

    /// ``updateState(recover:_:)``, without `recover`, for a `change` that pushes `route`:
    /// written straight into the bytes the store holds when their format can
    /// (``FormatTable/pushed(_:onto:)``), the state then never read: `nil` (a change, with
    /// nothing to note); else as ``updateState(recover:_:)``, with `change`. Default: the
    /// latter. (Never with `recover`: what cannot be read is not pushed onto.)
    func updateState(pushing route: Route, _ change: (inout StoredState) throws -> Bool) throws -> ChangeOutcome<StoredState>?

    /// Stores a new navigator state; with `replace`, over what is there.
    func createState(_ state: NavigatorState, replace: Bool) throws -> ChangeOutcome<StoredState>
}

extension StateStorage {
    public func readLocated() throws -> (state: StoredState, foundKey: String?) {
        (try readState(), nil)
    }

    public func readPath() throws -> PathRead {
        let (state, foundKey) = try readLocated()
        return .state(state, foundKey: foundKey)
    }

    public func updateState(pushing route: Route, _ change: (inout StoredState) throws -> Bool) throws -> ChangeOutcome<StoredState>? {
        try updateState(recover: false, change)
    }
}

extension NavigatorStore: StateStorage {
    public func readState() throws -> StoredState {
        .navigator(try read())
    }

    public func updateState(recover: Bool, _ change: (inout StoredState) throws -> Bool) throws -> ChangeOutcome<StoredState> {
        Self.stored(try update(recover: recover) { try Self.apply(change, to: &$0) })
    }

    public func updateState(pushing route: Route, _ change: (inout StoredState) throws -> Bool) throws -> ChangeOutcome<StoredState>? {
        try update(pushing: route) { try Self.apply(change, to: &$0) }.map(Self.stored)
    }

    /// `outcome` as a stored state's.
    private static func stored(_ outcome: Outcome) -> ChangeOutcome<StoredState> {
        ChangeOutcome(state: .navigator(outcome.state), changed: outcome.changed, notes: outcome.notes)
    }

    /// `change` of a stored state, made on `state`. A navigator state stays one: no operation
    /// makes it a setting.
    private static func apply(_ change: (inout StoredState) throws -> Bool, to state: inout NavigatorState) throws -> Bool {
        var stored = StoredState.navigator(state)
        let changed = try change(&stored)
        if case .navigator(let changedState) = stored { state = changedState }
        return changed
    }

    public func createState(_ state: NavigatorState, replace: Bool) throws -> ChangeOutcome<StoredState> {
        let outcome = try create(state, replace: replace)
        return ChangeOutcome(state: .navigator(outcome.state), changed: outcome.changed, notes: outcome.notes)
    }
}
