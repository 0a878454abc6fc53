/// What a store holds: a whole navigator state, or a root route kept as an app's setting
/// (``RouteSetting``), as a key of an app's preferences may hold either.
public enum StoredState: Sendable {
    /// A whole navigator state, with its history.
    case navigator(NavigatorState)
    /// A root route, kept as the app keeps it, without history.
    case setting(RouteSetting)

    /// Applies `operation`: ``NavigatorState/perform(_:at:)`` for a navigator state, which
    /// records it in history stamped `timestamp`; ``RouteSetting/perform(_:)`` for a setting.
    /// Returns whether anything changed.
    @discardableResult
    public mutating func perform(_ operation: NavigationOperation, at timestamp: String) throws -> Bool {
        switch self {
        case .navigator(var state):
            defer { self = .navigator(state) }
            return try state.perform(operation, at: timestamp)
        case .setting(var setting):
            defer { self = .setting(setting) }
            return try setting.perform(operation)
        }
    }

    /// The navigator state, for `operation` (a command's name), which needs one.
    ///
    /// - Throws: `cannotApply` with the fact ``NavigatorError/Fact/onlyARootRoute(operation:route:)``
    ///   (``NavigatorError/Fact/onlyAnInteger(operation:value:)`` for an integer) for a
    ///   setting; the message starts with "holds only".
    public func navigator(for operation: String) throws -> NavigatorState {
        switch self {
        case .navigator(let state): return state
        case .setting(let setting):
            throw setting.refusal(operation, ", which has no room for \(operation)")
        }
    }

    /// Lets `change` change the navigator state, for `operation`, which needs one; returns what
    /// `change` returns (whether it changed anything).
    ///
    /// - Throws: as ``navigator(for:)``; what `change` throws.
    public mutating func changeNavigator(for operation: String, _ change: (inout NavigatorState) throws -> Bool) throws -> Bool {
        var state = try navigator(for: operation)
        defer { self = .navigator(state) }
        return try change(&state)
    }

    /// The recorded history.
    ///
    /// - Throws: `cannotApply` with the fact ``NavigatorError/Fact/onlyARootRoute(operation:route:)``
    ///   (``NavigatorError/Fact/onlyAnInteger(operation:value:)`` for an integer) for a
    ///   setting, which has none; the message starts with "holds only"; and with the fact
    ///   ``NavigatorError/Fact/keepsNoHistory(operation:format:)`` for a state whose format
    ///   keeps none (see ``NavigatorState/keepsHistory``).
    public func history() throws -> History {
        switch self {
        case .navigator(let state):
            guard state.keepsHistory else { throw state.historyRefusal("history") }
            return state.history
        case .setting(let setting):
            throw setting.refusal(
                "history", ", and routectl keeps no history for it: the app changes it too, so a history kept beside it would be wrong")
        }
    }
}
