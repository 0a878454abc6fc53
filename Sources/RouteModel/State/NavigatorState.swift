import PlainText

/// Where an app is: the route `reset` returns to, every flow on screen (``tree``), what the
/// file declares (allowed routes, tab containers), and the recorded history of changes.
///
/// Operations are pure transitions over this value (see ``apply(_:)`` and
/// ``perform(_:at:)``); the flow logic itself is ``RouteStack``'s and
/// ``NavigationChain``'s. Reading and writing it as a file is ``NavigatorFile``'s job, and doing
/// so safely is ``NavigatorStore``'s.
public struct NavigatorState: Sendable {
    /// The name of the initial and root route of a state nobody has changed.
    public static let defaultRouteName = "root"
    /// How many history entries a new state keeps.
    public static let defaultHistoryLimit = 1000
    /// The newest file format this build reads and writes.
    public static let currentFormat = 2
    /// The name of routectl's own format (its navigator JSON), as `--format` and `show` give it.
    public static let ownFormatName = "routectl"

    /// The route ``NavigationOperation/reset`` returns to.
    public var initial: Route
    /// Every flow: the root's chain and, when the root is a tab container, its tabs.
    public var tree: NavigationTree
    /// The base flow: the current root and the routes pushed on it.
    public var flow: RouteStack {
        get { tree.chain.base }
        set { tree.chain.base = newValue }
    }
    /// The current root route.
    public var root: Route {
        get { tree.chain.base.root }
        set { tree.chain.base.root = newValue }
    }
    /// The routes pushed on the root, bottom first (empty when the root is a tab container).
    public var stack: [Route] {
        get { tree.chain.base.pushed }
        set { tree.chain.base.pushed = newValue }
    }
    /// The allowed route names; when present, operations naming any other route are refused.
    public var routes: [String]?
    /// The declared tab containers, in declared order.
    public var tabContainers: [TabContainer]
    /// The declared deep links, in declared order.
    public var links = LinkTable()
    /// How many history entries are kept; older ones are dropped, their `seq` never reused.
    public var historyLimit: Int
    /// The recorded changes, oldest first.
    public var history: History
    /// The format of the file this state was read from (``currentFormat`` for a new state).
    public package(set) var format: Int
    /// The name of the format the state was read in, as `show` names it (``ownFormatName``
    /// for a new state): the codec that read it records it.
    public package(set) var formatName = NavigatorState.ownFormatName
    /// Whether the format the state was read in keeps its history. routectl's own does, inside
    /// the state; another library's format has no room for one, so `history`, `undo` and
    /// `redo` are refused (see ``historyRefusal(_:)``) and changes record nothing.
    public package(set) var keepsHistory = true
    /// What the codec that read this state keeps for writing it back (such as top-level members
    /// this build does not know).
    public var preserved: Preserved?
    /// Why the app cannot decode the stored value this state was read from as it stands,
    /// naming where (such as a type name no run of the app resolves), as the codec that read
    /// it found; `nil` when it can. Such a state is shown, and every change to it refused;
    /// `check` reports it.
    public var appCannotDecode: String?
    /// What the app never shows of the state as it was stored, one line each, `<where>:
    /// <what>` (where in the format's own terms), as the codec that read it found: what
    /// `check` reports besides the routes.
    public var unshownParts: [String] = []
    /// What ``NavigationOperation/reset`` does: go to ``initial``, or, for a format that keeps
    /// no initial route (another library's), close every flow to its root.
    public var resetRule: ResetRule = .initialRoute
    /// The library whose tab view shows nothing presented over it (VAPersistentNavigator: its
    /// view factory presents sheets and covers from flows only), set by the codec that read the
    /// state; `nil` for a format whose tab container shows what is presented over it (routectl's
    /// own). With one, commands act on the selected tab's chain, as the library does, and a
    /// change that would present anything new over the tab view is refused.
    public package(set) var tabViewPresentsNothing: String?

    /// A fresh state: root equal to `initial` (with its tabs at their roots when it is a tab
    /// container), nothing pushed or presented, and no history.
    public init(
        initial: Route = NavigatorState.defaultRoute,
        routes: [String]? = nil,
        tabContainers: [TabContainer] = [],
        historyLimit: Int = NavigatorState.defaultHistoryLimit
    ) {
        self.initial = initial
        self.tree = NavigationTree(root: initial, container: tabContainers.first { $0.name == initial.name })
        self.routes = routes
        self.tabContainers = tabContainers
        self.historyLimit = historyLimit
        self.history = History()
        self.format = NavigatorState.currentFormat
    }

    /// The route named ``defaultRouteName``, with no parameters.
    public static var defaultRoute: Route {
        // The literal is a valid name, so this cannot fail.
        try! Route(defaultRouteName)
    }

    /// The one-line path of the current state, such as `home/tab:feed/details?id=42`.
    public var path: String {
        // One flow, nothing presented (every NavigationPath, most files): rendered straight
        // from the stack, without building a path's segments (0.6 million instructions for
        // 1,000 screens).
        if tree.tabs == nil, !tree.chain.isPresenting {
            let base = tree.chain.base
            return tree.hasRoot ? RoutePath.render(root: base.root, stack: base.pushed) : RoutePath.render(rootlessStack: base.pushed)
        }
        return RoutePath(tree).description
    }

    /// The path with the parameters of each route in `order` (``path`` prints them in
    /// ``ParameterOrder``'s order without declarations).
    public func path(order: ParameterOrder) -> String {
        if tree.tabs == nil, !tree.chain.isPresenting {
            let base = tree.chain.base
            return tree.hasRoot
                ? RoutePath.render(root: base.root, stack: base.pushed, order: order)
                : RoutePath.render(rootlessStack: base.pushed, order: order)
        }
        return RoutePath(tree).rendered(order: order)
    }

    /// The route on screen: the top of the chain commands act on.
    public var top: Route { commandChain.top }

    /// The chain commands act on: the tree's active chain (``NavigationTree/activeChain``),
    /// or, when the tab view shows nothing presented over it (``tabViewPresentsNothing``),
    /// the selected tab's, as its library pushes and presents there.
    private var commandChain: NavigationChain {
        get {
            if tabViewPresentsNothing != nil, let tabs = tree.tabs { return tabs.selected.chain }
            return tree.activeChain
        }
        set {
            if tabViewPresentsNothing != nil, tree.tabs != nil {
                tree.tabs!.selected.chain = newValue
            } else {
                tree.activeChain = newValue
            }
        }
    }

    /// The tab container declared for `name`, if any.
    public func container(named name: String) -> TabContainer? {
        tabContainers.first { $0.name == name }
    }

    /// How `root` starts: nothing pushed or presented, and its tabs at their roots when it is a
    /// tab container.
    public func startingTree(_ root: Route) -> NavigationTree {
        NavigationTree(root: root, container: container(named: root.name))
    }

    /// Whether the state uses nothing that format 1 cannot hold: no presentation, no tabs, no
    /// typed value, no declared tab container, no declared link. Such a state is written as
    /// format 1.
    public var isPlain: Bool {
        tabContainers.isEmpty && links.isEmpty && tree.isPlain && !initial.hasTypedValues
    }

    /// Throws `invalidInput` when a route list is declared and does not contain `name`.
    public func checkAllowed(_ name: String) throws {
        guard let routes, !routes.contains(name) else { return }
        throw NavigatorError(
            .invalidInput, "route \(quoted(name)) is not in this file's routes",
            fact: .routeNotAllowed(name: name, allowed: routes))
    }

    /// Throws `invalidInput` at the column of the first route of `path` that a declared route
    /// list does not allow.
    package func checkAllowed(_ path: RoutePath) throws {
        guard let routes else { return }
        // One set for the whole path, not a scan of the list per route.
        let allowed = path.segments.count > 4 ? Set(routes) : nil
        for (index, segment) in path.segments.enumerated() {
            let name: String
            switch segment {
            case .route(let route), .presented(_, let route): name = route.name
            case .tab: continue
            }
            guard !(allowed?.contains(name) ?? routes.contains(name)) else { continue }
            throw path.error(
                at: index, "route \(quoted(name)) is not in this file's routes",
                fact: .routeNotAllowed(name: name, allowed: routes))
        }
    }

    /// Applies `operation` to the state. Returns whether anything changed; history is untouched
    /// (``NavigationOperation/undo(_:)`` reads it).
    ///
    /// - Throws: `invalidInput` for a route outside ``routes``, a tab the root does not have or
    ///   a path that does not fit the declarations; `cannotApply` for an operation the state
    ///   cannot satisfy (a pop past a flow's root, a dismiss with nothing presented, a tab of a
    ///   root without tabs, an undo past the history, an `open` of a URL no link takes).
    @discardableResult
    public mutating func apply(_ operation: NavigationOperation) throws -> Bool {
        if case .open(let url) = operation {
            return try apply(.go(links.open(url).path))
        }
        if case .go(let path) = operation {
            try checkAllowed(path)
        } else {
            for name in operation.referencedNames {
                try checkAllowed(name)
            }
        }
        do {
            return try change(operation)
        } catch var error as NavigatorError {
            // The flows name only themselves; the advice shows the whole state. (An operation
            // that throws has changed nothing, so this is the path it was refused on.)
            let path = self.path
            switch error.fact {
            case .nothingToPop(_, let style)?: error.fact = .nothingToPop(path: path, presentation: style)
            case .notInFlow(let name, _)?: error.fact = .notInFlow(name: name, path: path)
            case .nothingPresented?: error.fact = .nothingPresented(path: path)
            case .notInChain(let name, _)?: error.fact = .notInChain(name: name, path: path)
            default: break
            }
            throw error
        }
    }

    private mutating func change(_ operation: NavigationOperation) throws -> Bool {
        switch operation {
        case .set(let route): return try replace(with: startingTree(route))
        case .setInteger(let value):
            // A root is a route: an integer is refused as the route name it is not.
            try Route.validateName(String(value), what: "route name")
            return false
        case .reset:
            switch resetRule {
            case .initialRoute: return try replace(with: startingTree(initial))
            case .closeToRoots: return try replace(with: tree.closedToRoots)
            }
        case .push(let route): commandChain.push(route)
        case .pop(let count): try commandChain.pop(count)
        case .popTo(let name): return try commandChain.pop(to: name)
        case .popToRoot: return commandChain.popToRoot()
        case .present(let route, let style, let withNavigation):
            commandChain.present(route, as: style, withNavigation: withNavigation)
        case .dismiss: try commandChain.dismiss()
        case .dismissAll: return tree.dismissAll()
        case .dismissTo(let name): return try tree.dismiss(to: name)
        case .selectTab(let name): return try selectTab(name)
        case .go(let path): return try replace(with: try tree(for: path))
        case .open: preconditionFailure("apply(_:) turns open into go")
        case .undo(let count): return try replace(with: try undoTarget(count).tree)
        case .redo(let count): return try replace(with: try redoTarget(count).tree)
        }
        return true
    }

    /// Makes `newTree` the tree; returns whether that changed it.
    ///
    /// - Throws: `cannotApply` when the tab view shows nothing presented over it
    ///   (``tabViewPresentsNothing``) and `newTree` presents over it what the tree did not.
    private mutating func replace(with newTree: NavigationTree) throws -> Bool {
        guard newTree != tree else { return false }
        try checkNothingNewOverTabs(newTree)
        tree = newTree
        return true
    }

    /// Refuses `newTree` when the tab view shows nothing presented over it and `newTree`
    /// presents over it what the current tree does not (a child stored over it already may
    /// stay as it is, or go); the fact holds the path that presents the same in the selected
    /// tab, which the app shows.
    private func checkNothingNewOverTabs(_ newTree: NavigationTree) throws {
        guard let library = tabViewPresentsNothing, newTree.tabs != nil, newTree.chain.isPresenting,
            !tree.chain.presented.starts(with: newTree.chain.presented)
        else { return }
        var inTab = newTree
        inTab.tabs!.selected.chain.presented += inTab.chain.presented
        inTab.chain.presented = []
        throw NavigatorError(
            .cannotApply,
            "\(library) shows nothing presented over its tab view (it presents sheets and covers from a flow only): present it in a tab, after tab:<name> and the tab's routes",
            fact: .nothingOverTabs(path: RoutePath(inTab).description))
    }

    private mutating func selectTab(_ name: String) throws -> Bool {
        guard let tabs = tree.tabs else {
            if tree.isRootlessStack {
                // Another library's stack: no declaration would give it tabs.
                throw NavigatorError(
                    .cannotApply, "the format \(quoted(formatName)) holds a stack without a root of its own, which has no tabs")
            }
            throw NavigatorError(
                .cannotApply, "the root \(quoted(root.name)) has no tabs",
                fact: .noTabs(root: root.name, containers: tabContainers.map(\.name)))
        }
        guard let index = tabs.index(of: name) else {
            // A container that is no route (a tab view) is named as one, never by its stand-in root.
            let container = tree.rootRoute?.name
            throw NavigatorError(
                .invalidInput, "\(quoted(name)) is not a tab of \(container.map { quoted($0) } ?? "the tab view")",
                fact: .unknownTab(name: name, container: container ?? "", tabs: tabs.names))
        }
        guard index != tabs.selectedIndex else { return false }
        tree.tabs!.selectedIndex = index
        return true
    }

    /// Applies `operation` and, when it changed the state, records one history entry stamped
    /// `at` (UTC ISO 8601). Returns whether anything changed.
    ///
    /// - Throws: what ``apply(_:)`` throws; `cannotApply` when the history's `seq` is already
    ///   `Int.max`, so that no change can be recorded with a new one.
    @discardableResult
    public mutating func perform(_ operation: NavigationOperation, at timestamp: String) throws -> Bool {
        guard history.lastSeq < Int.max else {
            throw NavigatorError(
                .cannotApply, "cannot record a change: the history's seq is already \(Int.max), the largest possible")
        }
        var arguments = operation.arguments
        if case .open(let url) = operation, let opened = try? links.open(url) {
            arguments = [opened.url.description]  // as its link writes it
        }
        var place: Int?
        switch operation {
        case .undo(let count), .redo(let count):
            // A move along the changes: recorded with where it went, even when the state it
            // restores equals the current one, since the place changed (see UndoTimeline).
            let target = try operation == .undo(count) ? undoTarget(count) : redoTarget(count)
            tree = target.tree
            place = target.place
        default:
            guard try apply(operation) else { return false }
        }
        guard keepsHistory else { return true }
        history.append(
            at: timestamp, op: operation.name, args: arguments, path: path,
            tabs: recordedTabs,
            to: place, limit: historyLimit)
        return true
    }
}
