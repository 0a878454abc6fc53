import RouteModel
import RouteCodecs
import RouteStore
import PropertyListCodec

/// A route kept under one key of an app's preferences (see ``PreferenceKey`` for what the
/// value may be), wherever those preferences are (``PreferencesDocument``). Every other key and
/// value is kept as it is.
///
/// A route setting has no history: the app changes it too, so a history kept beside it would
/// record only some of its changes, and an undo would restore a state the app has moved on
/// from. A navigator state under the key keeps its history inside it.
public struct PreferenceKeyStore: StateStorage, Sendable {
    /// Where the preferences are.
    public let preferences: any PreferencesDocument
    /// The key that holds the route.
    public let key: PreferenceKey

    /// The store for `key` of `preferences`.
    public init(_ preferences: any PreferencesDocument, key: PreferenceKey) {
        self.preferences = preferences
        self.key = key
    }

    /// Reads what the key holds.
    ///
    /// - Throws: the errors of ``PreferencesDocument/read()`` and ``PreferenceKey/state(in:)``.
    public func readState() throws -> StoredState {
        try naming { try key.state(in: preferences.read().dictionary) }
    }

    /// Changes what the key holds, storing the preferences again only when something changed.
    /// Unsetting a route setting removes the key, so the app's default applies; the outcome's
    /// notes say so.
    ///
    /// - Parameter recover: remove a value the key holds that cannot be read (another type,
    ///   navigator JSON that does not decode) and start from an unset setting. The preferences
    ///   themselves are never replaced when they cannot be read.
    public func updateState(recover: Bool, _ change: (inout StoredState) throws -> Bool) throws -> ChangeOutcome<StoredState> {
        try preferences.update { document in
            var state: StoredState
            var unreadable = false
            do {
                state = try naming { try key.state(in: document.dictionary) }
            } catch let error as NavigatorError where recover && error.kind == .invalidFile && error.fact == nil {
                state = .setting(.unset)
                unreadable = true
            }
            if case .navigator(let navigator) = state { try naming { try key.format(in: document.dictionary).checkWritable(navigator) } }
            let wasSet = document.dictionary[key.name] != nil
            guard try naming({ try change(&state) }) || unreadable else {
                return (nil, ChangeOutcome(state: state, changed: false))
            }
            if case .navigator(let navigator) = state { try navigator.validate() }
            var changed = document
            let stored = try key.storing(&state, in: document.dictionary)
            changed.dictionary = stored.dictionary
            var notes: [String] = []
            if stored.droppedHistory > 0 {
                notes.append("dropped the \(stored.droppedHistory) oldest history entries to keep \(key) under 16 MiB")
            }
            if unreadable {
                notes.append("removed the value of \(key) from \(preferences.name), which routectl could not read")
            } else if case .setting(.unset) = state, wasSet {
                notes.append("removed \(key) from \(preferences.name): the app's own default applies")
            }
            return (changed, ChangeOutcome(state: state, changed: true, notes: notes))
        }
    }

    /// Stores `state` under the key, as navigator JSON data.
    ///
    /// - Parameter replace: replace a value the key holds (it is not kept).
    /// - Throws: `cannotApply` when the key holds a value and `replace` is false.
    public func createState(_ state: NavigatorState, replace: Bool) throws -> ChangeOutcome<StoredState> {
        try state.validate()
        return try preferences.update { document in
            let old = document.dictionary[key.name]
            if old != nil, !replace {
                throw NavigatorError(.cannotApply, "already holds a value", fact: .keyHoldsValue, subject: [preferences.name, key.description])
            }
            var created = StoredState.navigator(state)
            var changed = document
            changed.dictionary = try key.storing(&created, in: document.dictionary).dictionary
            let notes = old.map { "replaced the value of \(key) in \(preferences.name), \($0.kindPhrase)" }.map { [$0] } ?? []
            return (changed, ChangeOutcome(state: .navigator(state), changed: true, notes: notes))
        }
    }

    /// Runs `body`, naming the preferences (and the key) in its errors about the key's value.
    private func naming<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as NavigatorError {
            let aboutTheKey = error.subject.first == key.description
            if case .onlyARootRoute? = error.fact, !aboutTheKey {
                throw error.about(key.description).about(preferences.name)
            } else if error.kind == .newerFormat, !aboutTheKey {
                throw error.about(key.description).about(preferences.name)
            } else if aboutTheKey {
                throw error.about(preferences.name)
            }
            throw error
        }
    }
}
