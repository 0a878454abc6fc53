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

    /// Reads what the store holds under its lock, lets `change` modify it, and stores the
    /// result when `change` returns `true` (see ``NavigatorStorage/update(recover:_:)``).
    ///
    /// - Parameter recover: set contents that cannot be read aside (or, where nothing can be
    ///   set aside, remove them, saying so) and start afresh.
    func updateState(recover: Bool, _ change: (inout StoredState) throws -> Bool) throws -> ChangeOutcome<StoredState>

    /// Stores a new navigator state; with `replace`, over what is there.
    func createState(_ state: NavigatorState, replace: Bool) throws -> ChangeOutcome<StoredState>
}

extension StateStorage {
    public func readLocated() throws -> (state: StoredState, foundKey: String?) {
        (try readState(), nil)
    }
}

/// A store that hands out what its format's one reader read of the bytes it holds
/// (``NavigatorDocument``), so that `show --path` and a change the document can splice in
/// read no more of the state than they need: routectl's own stores. What an app implements to
/// be a store is ``StateStorage``, which needs none of this.
/// What ``DocumentStorage/readDocument()`` reads.
package enum StoredDocument {
    /// The navigator state's bytes, as their format's reader read them.
    case document(any NavigatorDocument)
    /// What the store holds, and the key that holds it when a prefix found it.
    case state(StoredState, foundKey: String?)
}

package protocol DocumentStorage: StateStorage {
    /// The document the store holds, read through its format's reader; where it holds no
    /// navigator state's bytes (nothing, a route setting), what it holds, as ``readLocated()``
    /// reads it, in the same read.
    func readDocument() throws -> StoredDocument

    /// ``updateState(recover:_:)``, without `recover`, for a `change` that applies `operation`:
    /// written straight into the bytes the store holds when their document can
    /// (``NavigatorDocument/applying(_:)``), the state then never read: `nil` (a change, with
    /// nothing to note); else as ``updateState(recover:_:)``, with `change`, in the same read.
    func updateDocument(applying operation: NavigationOperation, _ change: (inout StoredState) throws -> Bool) throws -> ChangeOutcome<StoredState>?
}

extension NavigatorStore: DocumentStorage {
    public func readState() throws -> StoredState {
        .navigator(try read())
    }

    public func updateState(recover: Bool, _ change: (inout StoredState) throws -> Bool) throws -> ChangeOutcome<StoredState> {
        Self.stored(try update(recover: recover) { try Self.apply(change, to: &$0) })
    }

    package func updateDocument(applying operation: NavigationOperation, _ change: (inout StoredState) throws -> Bool) throws -> ChangeOutcome<StoredState>? {
        try update(applying: operation) { try Self.apply(change, to: &$0) }.map(Self.stored)
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
