import RouteModel

/// A store's state followed by a program with no run loop and no main actor (`routectl show
/// --watch`): what the store holds, read again each time it may have changed, with a change
/// reported only when the state, or the reason it cannot be read, is not what it was.
/// ``RouteNavigator`` follows a store the same way for an app, observably, on the main actor;
/// this one keeps `routectl` free of the concurrency runtime an actor brings (its start costs
/// every command, watching or not).
public struct StoreFollower {
    /// The store.
    public let storage: any WatchedStorage
    /// What the store held at the last read that succeeded (a fresh state when none has).
    public private(set) var stored: StoredState
    /// Why the store could not be read at the last look (`nil` when it could).
    public private(set) var readError: NavigatorError?
    /// Waits for the store's events; made on the first wait.
    private var watcher: StoreWatcher?

    /// Follows `storage` from what it holds now.
    public init(storage: any WatchedStorage) {
        self.storage = storage
        (stored, readError) = Self.firstRead(storage)
    }

    /// What `storage` holds now, or a fresh state and why it cannot be read: where a follower,
    /// and the app's navigator, start.
    package static func firstRead(_ storage: any WatchedStorage) -> (StoredState, NavigatorError?) {
        do {
            return (try storage.readState(), nil)
        } catch {
            return (.navigator(NavigatorState()), navigatorError(error))
        }
    }

    /// Reads the store now; returns whether what it holds differs from ``stored`` (which it
    /// then becomes). A store that cannot be read sets ``readError`` and keeps the state.
    @discardableResult
    public mutating func reload() -> Bool {
        do {
            let read = try storage.readState()
            readError = nil
            guard !stored.isSame(as: read) else { return false }
            stored = read
            return true
        } catch {
            readError = Self.navigatorError(error)
            return false
        }
    }

    /// Waits until the store may have changed, then reloads; returns
    /// ``StoreWatcher/Event/changed`` only when ``stored`` or ``readError`` changed (a reload
    /// that reads the same state waits again).
    ///
    /// - Parameters:
    ///   - timeout: seconds to wait at most (forever when `nil`).
    ///   - closing: a descriptor whose closing by the other end ends the wait (standard output).
    public mutating func waitForChange(timeout: Double? = nil, closing: Int32? = nil) -> StoreWatcher.Event {
        var watcher = self.watcher
        defer { self.watcher = watcher }
        return StoreWatcher.waitForChange(of: storage, watcher: &watcher, timeout: timeout, closing: closing) {
            let error = readError
            return reload() || readError != error
        }
    }

    /// `error` as the model's error (routectl's stores throw those). An app's own store's error
    /// is said in one line: its description's control characters escaped, cut after 160
    /// characters (as typed routes say an app's error).
    package static func navigatorError(_ error: any Error) -> NavigatorError {
        if let error = error as? NavigatorError { return error }
        let quoted = NavigatorError.quote("\(error)", limit: 160)
        return NavigatorError(.io, String(quoted.dropFirst().dropLast()))
    }
}
