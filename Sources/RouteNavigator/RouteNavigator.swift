import Observation
@_exported import RouteWatch
import RouteModel
import RouteStore
import RouteCodecs

/// The navigation state an app shows, kept in a store routectl reads and writes, and moved by
/// either: every operation is saved through the store's lock and atomic write (the update path
/// `routectl` itself uses), and a change another process makes (`routectl push details 42`)
/// is reloaded as soon as the store's folder says so.
///
/// Threading: the navigator lives on the main actor (SwiftUI reads it there). Operations read
/// and write the store on the main actor, synchronously, as `routectl` does, but never wait
/// for another process: when another process (a `routectl` command) holds the store's lock,
/// the operation fails at once with `lockTimeout`, changes nothing, and may be tried again (a
/// command holds the lock for milliseconds). An app's own ``WatchedStorage`` must not wait
/// either. No operation installs a signal handler. ``startWatching()`` waits for
/// changes on a thread of its own and applies each reload on the main actor, in one assignment:
/// an observer sees one change per reload, never a state half-read. A program with no main run
/// loop (`routectl show --watch`) drives the same reloads with ``waitForChange(timeout:closing:)``
/// instead.
///
/// What observers see: ``stored`` (and ``state``, read from it) changes only when the store holds
/// something different; the navigator's own writes do not come back as reloads. A store that can
/// no longer be read leaves the last good state and says why in ``readError``.
@MainActor @Observable
public final class RouteNavigator {
    /// What the store holds: a navigator state, or a route setting (a key of an app's preferences
    /// may hold a root route only).
    public private(set) var stored: StoredState
    /// Why the store could not be read at the last look (`nil` when it could): the state is the
    /// last one read or written.
    public private(set) var readError: NavigatorError?

    /// The navigator state (`nil` for a route setting).
    public var state: NavigatorState? {
        if case .navigator(let state) = stored { return state }
        return nil
    }

    /// The store.
    @ObservationIgnored public let storage: any WatchedStorage
    /// Waits for another process's changes, for ``waitForChange(timeout:closing:)``; made on
    /// first use.
    @ObservationIgnored private var watcher: StoreWatcher?
    /// What the thread of ``startWatching()`` waits on, while it runs (each start has its own, so
    /// that a stop followed by a start never leaves two threads).
    @ObservationIgnored private var background: StoreWatcher?

    /// A navigator over `storage`, holding what it holds now. A store that cannot be read starts
    /// from a fresh state, with ``readError`` saying why.
    public init(storage: any WatchedStorage) {
        self.storage = storage
        (stored, readError) = StoreFollower.firstRead(storage)
    }

    /// A navigator over routectl's file at `path` (any format of the standard table).
    public convenience init(file path: String) {
        self.init(storage: NavigatorStore(path: path, formats: .standard))
    }

    deinit {
        background?.cancel()
    }

    // MARK: Operations

    /// Applies `operation` through the store: under its lock, to what it holds then (another
    /// process's change included), written atomically; then shows the result. Returns whether
    /// anything changed.
    ///
    /// The store's locks are tried once, never waited for (the main actor never blocks on
    /// another process): a lock another process holds is `lockTimeout` at once.
    ///
    /// - Throws: the model's refusals (`cannotApply`, `invalidInput`, ...) and the store's errors
    ///   (a lock held by another process, an unreadable store, a failed write), as `routectl`
    ///   reports them; the state is left as it was.
    @discardableResult
    public func perform(_ operation: NavigationOperation) throws -> Bool {
        let outcome = try LockWait.waits.withValue(false) {
            try storage.updateState(recover: false) { state in
                // Stamped under the lock, so that history times follow history order.
                try state.perform(operation, at: WallClock.now())
            }
        }
        // The store was read under its lock: whatever made the last look fail is gone.
        if readError != nil { readError = nil }
        show(outcome.state)
        return outcome.changed
    }

    /// Pushes `route` on the top flow.
    public func push(_ route: Route) throws { try perform(.push(route)) }
    /// Pops `count` routes off the top flow, never its root.
    public func pop(_ count: Int = 1) throws { try perform(.pop(count)) }
    /// Pops the top flow until the nearest route named `name` is on top.
    public func pop(to name: String) throws { try perform(.popTo(name)) }
    /// Pops everything above the top flow's root.
    public func popToRoot() throws { try perform(.popToRoot) }
    /// Presents a new flow rooted at `route`.
    public func present(_ route: Route, style: PresentationStyle = .sheet, withNavigation: Bool = true) throws {
        try perform(.present(route, style, withNavigation: withNavigation))
    }
    /// Removes the top presentation.
    public func dismiss() throws { try perform(.dismiss) }
    /// Removes every presentation.
    public func dismissAll() throws { try perform(.dismissAll) }
    /// Removes presentations until the top flow holds a route named `name`.
    public func dismiss(to name: String) throws { try perform(.dismissTo(name)) }
    /// Selects the root's tab named `name`.
    public func selectTab(_ name: String) throws { try perform(.selectTab(name)) }
    /// Makes the state what `path` says.
    public func go(_ path: RoutePath) throws { try perform(.go(path)) }
    /// Makes `route` the root, everything else closed.
    public func set(_ route: Route) throws { try perform(.set(route)) }
    /// Returns to the initial route.
    public func reset() throws { try perform(.reset) }
    /// Takes back `count` recorded changes (a format that keeps history only).
    public func undo(_ count: Int = 1) throws { try perform(.undo(count)) }
    /// Takes forward again `count` changes undo took back.
    public func redo(_ count: Int = 1) throws { try perform(.redo(count)) }

    // MARK: Reloads

    /// Reads the store now and shows what it holds, when that differs from what is shown; a
    /// store that cannot be read sets ``readError`` and keeps the state. Returns whether the
    /// state shown changed.
    @discardableResult
    public func reload() -> Bool {
        do {
            let read = try storage.readState()
            if readError != nil { readError = nil }
            return show(read)
        } catch {
            let reason = Self.navigatorError(error)
            if readError != reason { readError = reason }
            return false
        }
    }

    /// Starts reloading on every change another process makes, on a thread that waits for the
    /// store's events and applies each reload on the main actor. Does nothing when already
    /// started. The thread ends with ``stopWatching()`` or when the navigator goes (the thread
    /// holds it weakly). Returns `false` when no thread could be started (the system's limit):
    /// the navigator then reloads only when asked (``reload()``).
    @discardableResult
    public func startWatching() -> Bool {
        guard background == nil else { return true }
        let watcher = StoreWatcher(storage.changeSource)
        let gate = ReloadGate()
        let started = WatchSystemCalls.startThread { [weak self] in
            while watcher.wait() == .changed {
                // One reload queued at a time: a busy main actor finds one, not a backlog.
                guard gate.claim() else { continue }
                Task { @MainActor [weak self] in
                    gate.open()
                    self?.reload()
                }
            }
            _ = self  // read, so that the weak capture the tasks take is not reported unused
        }
        guard started else { return false }
        background = watcher
        // Watching starts now: a change made since the store was read is looked for.
        reload()
        return true
    }

    /// Stops the thread ``startWatching()`` started; the navigator no longer reloads by itself.
    public func stopWatching() {
        background?.cancel()
        background = nil
    }

    /// Waits, on the calling thread, until the store may have changed, then reloads; for a
    /// program with no run loop (`routectl show --watch`). Returns ``StoreWatcher/Event/changed``
    /// only when the state shown or ``readError`` changed (a reload that reads the same state
    /// waits again).
    ///
    /// - Parameters:
    ///   - timeout: seconds to wait at most (forever when `nil`).
    ///   - closing: a descriptor whose closing by the other end ends the wait (standard output).
    public func waitForChange(timeout: Double? = nil, closing: Int32? = nil) -> StoreWatcher.Event {
        StoreWatcher.waitForChange(of: storage, watcher: &watcher, timeout: timeout, closing: closing) {
            let error = readError
            return reload() || readError != error
        }
    }

    /// Shows `state` when it differs from what is shown, in one assignment. Returns whether it
    /// did.
    @discardableResult
    private func show(_ state: StoredState) -> Bool {
        guard !stored.isSame(as: state) else { return false }
        stored = state
        return true
    }

    /// `error` as the model's error (see ``StoreFollower/navigatorError(_:)``).
    static func navigatorError(_ error: any Error) -> NavigatorError {
        StoreFollower.navigatorError(error)
    }
}
