import RouteModel
import RouteCodecs
import RouteStore
import PropertyListCodec
import PlainText

/// A route kept under one key of an app's preferences (see ``PreferenceKey`` for what the
/// value may be), wherever those preferences are (``PreferencesDocument``). Every other key and
/// value is kept as it is.
///
/// A route setting has no history: the app changes it too, so a history kept beside it would
/// record only some of its changes, and an undo would restore a state the app has moved on
/// from. A navigator state under the key keeps its history inside it.
public struct PreferenceKeyStore: DocumentStorage, Sendable {
    /// Where the preferences are.
    public let preferences: any PreferencesDocument
    /// The key that holds the route.
    public let key: PreferenceKey
    /// Given the key's name and the keys there are, the key it looks like a typo of, if any:
    /// reading or changing a missing key with such a neighbour is refused (`invalidInput`, with
    /// the fact ``NavigatorError/Fact/missingKeyNear(near:)``), so that a typo creates nothing.
    public var nearKey: (@Sendable (String, [String]) -> String?)?
    /// Called with a value the store is about to remove or replace although routectl could not
    /// read it or was told to (`reset --force`, `init --force`), with `removed` or `replaced`,
    /// and with the key that holds it (the one a prefix found, see
    /// ``PreferenceKey/resolved(in:)``), before anything is written: a caller keeps a copy
    /// (routectl prints it). An error it throws stops the change.
    public var beforeDiscarding: (@Sendable (PropertyListValue, String, PreferenceKey) throws -> Void)?

    /// The store for `key` of `preferences`.
    public init(_ preferences: any PreferencesDocument, key: PreferenceKey) {
        self.preferences = preferences
        self.key = key
    }

    /// Reads what the key holds.
    ///
    /// - Throws: the errors of ``PreferencesDocument/read()``, ``PreferenceKey/resolved(in:)``
    ///   and ``PreferenceKey/state(in:)``; `invalidInput` for a missing key that looks like a
    ///   typo of another (see ``nearKey``).
    public func readState() throws -> StoredState {
        try readLocated().state
    }

    /// Reads what the key holds, and the key that holds it when a prefix named it (see
    /// ``PreferenceKey/resolved(in:)``).
    ///
    /// - Throws: as ``readState()``.
    public func readLocated() throws -> (state: StoredState, foundKey: String?) {
        let document = try preferences.read(keysStartingWith: key.name)
        let key = try resolvedKey(in: document)
        return (try naming(key) { try state(of: key, in: document) }, found(key))
    }

    /// The navigator state the key holds, as its format's reader reads it
    /// (``PreferenceKey/document(in:)``); anything else (a route setting, a value no format
    /// recognizes) as ``readLocated()`` reads it, in the same read of the preferences.
    ///
    /// - Throws: as ``readState()``.
    package func readDocument() throws -> StoredDocument {
        let document = try preferences.read(keysStartingWith: key.name)
        let key = try resolvedKey(in: document)
        guard let read = key.document(in: document.dictionary)?.document else {
            return .state(try naming(key) { try state(of: key, in: document) }, foundKey: found(key))
        }
        return .document(Named(document: read, store: self, key: key))
    }

    /// A document whose errors are named as ``readState()`` names them.
    private struct Named: NavigatorDocument {
        let document: any NavigatorDocument
        let store: PreferenceKeyStore
        let key: PreferenceKey

        func state() throws -> NavigatorState { try store.naming(key) { try document.state() } }
        func path(order: ParameterOrder) throws -> String { try store.naming(key) { try document.path(order: order) } }
        func applying(_ operation: NavigationOperation) -> [UInt8]? { document.applying(operation) }
    }

    /// What `key` holds in `document` (``PreferenceKey/state(in:)``). The store reads only the
    /// keys that start with its key's name (those ``PreferenceKey/resolved(in:)`` looks at), so
    /// a refusal, which may name the other keys that could hold a route, is made again on the
    /// whole document.
    private func state(of key: PreferenceKey, in document: PropertyListDocument) throws -> StoredState {
        try read(key, in: document).state
    }

    /// ``state(of:in:)``, and the format of the state read (see ``PreferenceKey/read(in:)``).
    private func read(_ key: PreferenceKey, in document: PropertyListDocument) throws -> (state: StoredState, format: (any NavigatorCodec)?) {
        do {
            return try key.read(in: document.dictionary)
        } catch is NavigatorError where document.isPartial {
            return try key.read(in: document.whole().dictionary)
        }
    }

    /// The name of the key that holds the state (the whole name when a prefix named it), the
    /// value stored under it (`nil` when unset) and the state read from it in its format: in
    /// one read of the preferences (one `defaults export` for a domain).
    ///
    /// - Throws: as ``readState()``.
    public func readStoredValue() throws -> (key: String, value: PropertyListValue?, state: StoredState) {
        let document = try preferences.read(keysStartingWith: key.name)
        let key = try resolvedKey(in: document)
        let read = try naming(key) { try state(of: key, in: document) }
        return (key.name, document.dictionary[key.name], read)
    }

    /// The key that holds the state in `dictionary` (``PreferenceKey/resolved(in:)``).
    ///
    /// - Throws: the ambiguity of a prefix, naming the preferences; `invalidInput` when the key
    ///   is missing and another looks like what was meant.
    func resolvedKey(in document: PropertyListDocument) throws -> PreferenceKey {
        let dictionary = document.dictionary
        let resolved: PreferenceKey
        do {
            resolved = try key.resolved(in: dictionary)
        } catch let error as NavigatorError {
            throw error.about(preferences.name)
        }
        guard dictionary[resolved.name] == nil, let nearKey,
              let near = nearKey(key.name, document.keys()) else { return resolved }
        throw NavigatorError(
            .invalidInput, "\(preferences.name) has no \(key)", detail: PreferencesFact.missingKeyNear(near: near))
    }

    /// The name of `resolved` when it is not ``key``'s own.
    func found(_ resolved: PreferenceKey) -> String? {
        resolved.name == key.name ? nil : resolved.name
    }

    /// Changes what the key holds, storing the preferences again only when something changed.
    /// Unsetting a route setting removes the key, so the app's default applies; the outcome's
    /// notes say so.
    ///
    /// - Parameter recover: remove a value the key holds that cannot be read (another type,
    ///   navigator JSON that does not decode) and start from an unset setting. The preferences
    ///   themselves are never replaced when they cannot be read.
    public func updateState(recover: Bool, _ change: (inout StoredState) throws -> Bool) throws -> ChangeOutcome<StoredState> {
        try preferences.update(keysStartingWith: key.name) { document in
            try changing(document, key: try resolvedKey(in: document), recover: recover, change)
        }
    }

    /// ``updateState(recover:_:)``, without `recover`, for a `change` that applies `operation`:
    /// written straight into the bytes of the navigator state the key holds when their document
    /// can (``PreferenceKey/applying(_:in:)``), the state then never read: `nil` (a change, with
    /// nothing to note); else as ``updateState(recover:_:)``, in the same read of the
    /// preferences.
    package func updateDocument(applying operation: NavigationOperation, _ change: (inout StoredState) throws -> Bool) throws -> ChangeOutcome<StoredState>? {
        try preferences.update(keysStartingWith: key.name) { document -> (PropertyListDocument?, ChangeOutcome<StoredState>?) in
            let key = try resolvedKey(in: document)
            if let pushed = key.applying(operation, in: document.dictionary) {
                var changed = document
                changed.dictionary = document.dictionary.replacing(key.name, with: pushed)
                return (changed, nil)
            }
            return try changing(document, key: key, recover: false, change)
        }
    }

    /// What ``updateState(recover:_:)`` makes of `document`, whose key holding the state is
    /// `key`: the document to write (`nil`: nothing changed) and the outcome.
    func changing(
        _ document: PropertyListDocument, key: PreferenceKey, recover: Bool, _ change: (inout StoredState) throws -> Bool
    ) throws -> (PropertyListDocument?, ChangeOutcome<StoredState>) {
        var state: StoredState
        // The format that recognized what the key holds, found as it was read.
        var recognized: (any NavigatorCodec)?
        var unreadable = false
        do {
            (state, recognized) = try naming(key) { try self.read(key, in: document) }
        } catch let error as NavigatorError where recover && error.kind == .invalidFile && Self.removable(error) {
            // As if the key were missing (see PreferenceKey.missingState()).
            state = try naming(key) { try key.missingState() }
            unreadable = true
        }
        // The format of what the key holds, found once: checked here, written by storing below.
        var format: (any NavigatorCodec)?
        if case .navigator(let navigator) = state {
            format = try naming(key) {
                let format = try recognized ?? key.format(in: document.dictionary)
                try format.checkWritable(navigator)
                return format
            }
        }
        let wasSet = document.dictionary[key.name] != nil
        guard try naming(key, { try change(&state) }) || unreadable else {
            return (nil, ChangeOutcome(state: state, changed: false, foundKey: found(key)))
        }
        if case .navigator(let navigator) = state { try navigator.validate() }
        if unreadable, let old = document.dictionary[key.name] { try beforeDiscarding?(old, "removed", key) }
        var changed = document
        let stored = try key.storing(&state, in: document.dictionary, format: format)
        changed.dictionary = stored.dictionary
        var notes: [String] = []
        if stored.droppedHistory > 0 {
            notes.append("dropped the \(stored.droppedHistory) oldest history entries to keep \(key) under \(byteSize(format?.maxBytes ?? PropertyListDocument.maxBytes))")
        }
        if unreadable {
            notes.append("removed the value of \(key) from \(preferences.name), which routectl could not read")
        } else if case .setting(.unset) = state, wasSet {
            notes.append("removed \(key) from \(preferences.name): the app's own default applies")
        }
        return (changed, ChangeOutcome(state: state, changed: true, notes: notes, foundKey: found(key)))
    }

    /// Stores `state` under the key, as navigator JSON data in the default format.
    ///
    /// - Parameter replace: replace a value the key holds (it is not kept).
    /// - Throws: `cannotApply` when the key holds a value and `replace` is false, or when the
    ///   default format cannot start from nothing; `invalidInput` when the key holds a route
    ///   setting only (``PreferenceKey/holdsSettingOnly``).
    public func createState(_ state: NavigatorState, replace: Bool) throws -> ChangeOutcome<StoredState> {
        try state.validate()
        return try preferences.update(keysStartingWith: key.name) { document in
            let key = try resolvedKey(in: document)
            guard !key.holdsSettingOnly else {
                throw NavigatorError(
                    .invalidInput,
                    "is read in the format '\(PreferenceKey.settingFormatName)' (\(PreferenceKey.settingSummary)), which has no room for a whole navigator state",
                    subject: [preferences.name, key.description])
            }
            let old = document.dictionary[key.name]
            if old != nil, !replace {
                throw NavigatorError(.cannotApply, "already holds a value", detail: PreferencesFact.keyHoldsValue, subject: [preferences.name, key.description])
            }
            let new = try naming(key) { () throws -> NavigatorState in
                do {
                    return try key.formats.newState(state)
                } catch let error as NavigatorError {
                    throw error.about(key.description)
                }
            }
            var created = StoredState.navigator(new)
            var changed = document
            changed.dictionary = try key.storing(&created, in: document.dictionary).dictionary
            if let old { try beforeDiscarding?(old, "replaced", key) }
            return (changed, ChangeOutcome(state: .navigator(new), changed: true, foundKey: found(key)))
        }
    }

    /// Whether `reset --force` may remove a value refused with `fact`: one that holds no route
    /// or does not decode, never one the preferences themselves cause.
    private static func removable(_ error: NavigatorError) -> Bool {
        guard error.fact == nil else { return false }
        switch error.detail {
        case nil: return true
        case let fact as PreferencesFact:
            if case .keyHoldsNoRoute = fact { return true }
            return false
        case let fact as FormatFact:
            // A value not in the format --format named, or another library's state that does
            // not decode: the user said --force, and its old value is printed before it goes.
            switch fact {
            case .notInFormat, .foreignStateUnreadable: return true
            case .cannotStartFromNothing, .severalFormats, .appCannotDecode, .unreadableTypeName: return false
            }
        default: return false
        }
    }

    /// Runs `body`, naming the preferences (and `key`) in its errors about the key's value.
    private func naming<T>(_ key: PreferenceKey, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as NavigatorError {
            let aboutTheKey = error.subject.first == key.description
            if Self.aboutTheState(error), !aboutTheKey {
                throw error.about(key.description).about(preferences.name)
            } else if error.kind == .newerFormat, !aboutTheKey {
                throw error.about(key.description).about(preferences.name)
            } else if aboutTheKey {
                throw error.about(preferences.name)
            }
            throw error
        }
    }

    /// Whether `error` refuses what the state under the key cannot do (a route setting's
    /// missing room, a format's missing history), which names no store itself.
    private static func aboutTheState(_ error: NavigatorError) -> Bool {
        switch error.fact {
        case .onlyARootRoute?, .onlyAnInteger?, .keepsNoHistory?: return true
        default: return false
        }
    }
}
