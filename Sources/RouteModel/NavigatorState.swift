/// Where an app is: the route `reset` returns to, the current root, the stack pushed on top of
/// it, the optional list of allowed route names, and the recorded history of changes.
///
/// Operations are pure transitions over this value (see ``apply(_:)`` and
/// ``perform(_:at:)``); the stack logic itself is ``NavigationStack``'s, of which the state holds
/// one ``flow``. Reading and writing it as a file is ``NavigatorFile``'s job, and doing so safely
/// is ``NavigatorStore``'s.
public struct NavigatorState: Sendable {
    /// The name of the initial and root route of a state nobody has changed.
    public static let defaultRouteName = "root"
    /// How many history entries a new state keeps.
    public static let defaultHistoryLimit = 1000
    /// The file format this build reads and writes.
    public static let currentFormat = 1

    /// The route ``NavigationOperation/reset`` returns to.
    public var initial: Route
    /// The flow on screen: the current root and the routes pushed on it.
    public var flow: NavigationStack
    /// The current root route (``flow``'s root).
    public var root: Route {
        get { flow.root }
        set { flow.root = newValue }
    }
    /// The routes pushed on top of the root, bottom first (``flow``'s pushed routes).
    public var stack: [Route] {
        get { flow.pushed }
        set { flow.pushed = newValue }
    }
    /// The allowed route names; when present, operations naming any other route are refused.
    public var routes: [String]?
    /// How many history entries are kept; older ones are dropped, their `seq` never reused.
    public var historyLimit: Int
    /// The recorded changes, oldest first.
    public var history: History
    /// The format of the file this state was read from (``currentFormat`` for a new state).
    public internal(set) var format: Int
    /// What the codec that read this state keeps for writing it back (such as top-level members
    /// this build does not know).
    public var preserved: Preserved?

    /// A fresh state: root equal to `initial`, an empty stack and no history.
    public init(
        initial: Route = NavigatorState.defaultRoute,
        routes: [String]? = nil,
        historyLimit: Int = NavigatorState.defaultHistoryLimit
    ) {
        self.initial = initial
        self.flow = NavigationStack(root: initial)
        self.routes = routes
        self.historyLimit = historyLimit
        self.history = History()
        self.format = NavigatorState.currentFormat
    }

    /// The route named ``defaultRouteName``, with no parameters.
    public static var defaultRoute: Route {
        // The literal is a valid name, so this cannot fail.
        try! Route(defaultRouteName)
    }

    /// The one-line path of the current state, such as `home/details?id=42`.
    public var path: String { RoutePath.render(root: root, stack: stack) }

    /// The route on top: the last pushed one, or the root when the stack is empty.
    public var top: Route { flow.top }

    /// Throws `invalidInput` when a route list is declared and does not contain `name`.
    public func checkAllowed(_ name: String) throws {
        guard let routes, !routes.contains(name) else { return }
        throw NavigatorError(
            .invalidInput, "route \(quoted(name)) is not in this file's routes",
            fact: .routeNotAllowed(name: name, allowed: routes))
    }

    /// Applies `operation` to the state. Returns whether anything changed; history is untouched.
    ///
    /// - Throws: `invalidInput` for a route outside ``routes``; `cannotApply` for a pop that
    ///   the stack cannot satisfy.
    public mutating func apply(_ operation: NavigationOperation) throws -> Bool {
        for name in operation.referencedNames {
            try checkAllowed(name)
        }
        switch operation {
        case .set(let route): return flow.replace(root: route)
        case .push(let route): flow.push(route)
        case .pop(let count): try flow.pop(count)
        case .popTo(let name): return try flow.pop(to: name)
        case .popToRoot: return flow.popToRoot()
        case .reset: return flow.replace(root: initial)
        }
        return true
    }

    /// Applies `operation` and, when it changed the state, records one history entry stamped
    /// `at` (UTC ISO 8601). Returns whether anything changed.
    ///
    /// - Throws: what ``apply(_:)`` throws; `cannotApply` when the history's `seq` is already
    ///   `Int.max`, so that no change can be recorded with a new one.
    public mutating func perform(_ operation: NavigationOperation, at timestamp: String) throws -> Bool {
        guard history.lastSeq < Int.max else {
            throw NavigatorError(
                .cannotApply, "cannot record a change: the history's seq is already \(Int.max), the largest possible")
        }
        guard try apply(operation) else { return false }
        history.append(
            at: timestamp, op: operation.name, args: operation.arguments, path: path, limit: historyLimit)
        return true
    }
}

extension NavigatorState {
    /// The most history entries a state may keep.
    public static let maxHistoryLimit = 1_000_000

    /// A fresh state for a new file, checked: the route list holds valid names, once each, and
    /// the initial route; the history limit is from 1 to ``maxHistoryLimit``.
    ///
    /// - Throws: `invalidInput` naming what is wrong.
    public static func new(initial: Route, routes: [String]?, historyLimit: Int) throws -> NavigatorState {
        let state = NavigatorState(initial: initial, routes: routes, historyLimit: historyLimit)
        try state.validate()
        if let routes, !routes.contains(initial.name) {
            throw NavigatorError(
                .invalidInput, "the initial route \(quoted(initial.name)) is not in the route list",
                fact: .initialNotAllowed(name: initial.name, allowed: routes))
        }
        return state
    }

    /// Throws `invalidInput` unless the state would read back from its file: a history limit
    /// from 1 to ``maxHistoryLimit``, and a route list of valid names, each once.
    public func validate() throws {
        guard (1...NavigatorState.maxHistoryLimit).contains(historyLimit) else {
            throw NavigatorError(.invalidInput, "history limit \(historyLimit) is out of range: it must be from 1 to \(NavigatorState.maxHistoryLimit)")
        }
        var seen = Set<String>()
        for name in routes ?? [] {
            _ = try Route(name)  // refuses an invalid name, naming it
            guard seen.insert(name).inserted else {
                throw NavigatorError(.invalidInput, "route \(quoted(name)) is listed twice in the route list")
            }
        }
    }
}
