import PlainText

/// Every flow of a navigator: the base chain, based on the root, and, when the root is a tab
/// container, one chain per tab and which tab is selected.
///
/// A tab container is either a route declared with tabs (routectl's own `init --tabs`), whose
/// tabs' chains are based on the routes named like them, or a container that is no route at
/// all (VAPersistentNavigator's tab view: ``hasRoot`` is `false`), whose tabs' flows have roots
/// of their own. Either way, the base chain's presentations are shown over the whole container
/// (a sign-in cover over every tab), above whatever the selected tab presents.
///
/// Commands act on the **active chain**: the base chain when it presents anything or there
/// are no tabs, else the selected tab's. When there are tabs, nothing is pushed on the base.
public struct NavigationTree: Hashable, Sendable {
    /// The root's chain: the root, the routes pushed on it and the presentations over it (over
    /// the whole tab container, when there are tabs).
    public var chain: NavigationChain
    /// The root's tabs, when it is a tab container.
    public var tabs: Tabs?
    /// Whether the tree has a root route; `false` for a tab container that is no route, whose
    /// base flow's root then stands for nothing and is never shown or stored.
    public private(set) var hasRoot: Bool = true

    /// A tree of `chain` and `tabs`.
    public init(chain: NavigationChain, tabs: Tabs? = nil) {
        self.chain = chain
        self.tabs = tabs
    }

    /// A tab container that is no route: `tabs`, each a flow with a root of its own, and
    /// `presented` over all of them.
    public init(tabs: Tabs, presented: [Presentation] = []) {
        self.chain = NavigationChain(base: RouteStack(root: Route.noRoute), presented: presented)
        self.tabs = tabs
        self.hasRoot = false
    }

    /// A stack without a root of its own (the app's root view is its code, as for SwiftUI's
    /// `NavigationPath`): `stack` pushed on it, bottom first, and `presented` over it.
    public init(stack: [Route], presented: [Presentation] = []) {
        self.chain = NavigationChain(base: RouteStack(root: Route.noRoute, pushed: stack), presented: presented)
        self.hasRoot = false
    }

    /// Whether this is a stack without a root of its own (``init(stack:presented:)``).
    public var isRootlessStack: Bool { !hasRoot && tabs == nil }

    /// How `root` starts: nothing pushed or presented, and when `container` declares its tabs,
    /// every tab at its root with the first selected.
    public init(root: Route, container: TabContainer?) {
        self.init(chain: NavigationChain(root: root), tabs: container?.startingTabs)
    }

    /// The current root route (of a tree without one, a stand-in: see ``rootRoute``).
    public var root: Route { chain.base.root }

    /// The root route, or `nil` for a tab container that is no route.
    public var rootRoute: Route? { hasRoot ? chain.base.root : nil }

    /// The chain commands act on: the base chain when it presents anything over the tabs (or
    /// there are none), else the selected tab's.
    public var activeChain: NavigationChain {
        get {
            guard let tabs, !chain.isPresenting else { return chain }
            return tabs.selected.chain
        }
        set {
            if tabs != nil, !chain.isPresenting {
                tabs!.selected.chain = newValue
            } else {
                chain = newValue
            }
        }
    }

    /// The route on screen (of an empty stack without a root, ``Route/noRoute``: the app's
    /// own root view).
    public var top: Route { activeChain.top }

    /// The routes on screen, flow by flow, bottom first, each flow with where it sits: the
    /// root's base (when it has a root; a stack without one shows only what is pushed), the
    /// selected tab's flows, then what the base chain presents.
    public var flowsOnScreen: [(place: FlowPlace, routes: [Route])] {
        guard let tabs else {
            return [(.base, hasRoot ? chain.base.routes : chain.base.pushed)] + chain.presented.map { (.presented($0.style), $0.flow.routes) }
        }
        let tab = tabs.selected
        return (hasRoot ? [(.base, chain.base.routes)] : [])
            + [(.tab(tab.name), tab.chain.base.routes)]
            + tab.chain.presented.map { (.presented($0.style), $0.flow.routes) }
            + chain.presented.map { (.overTabs($0.style), $0.flow.routes) }
    }

    /// Every route held anywhere in the tree: roots, pushed and presented routes of every chain.
    public var allRoutes: [Route] {
        let base = hasRoot ? chain.base.routes : chain.base.pushed
        return base + chain.presented.flatMap(\.flow.routes) + (tabs?.all ?? []).flatMap { $0.chain.flows.flatMap(\.routes) }
    }

    /// Whether a sheet or cover anywhere in the tree has no navigation of its own
    /// (``Presentation/withNavigation``), which only some formats hold.
    public var presentsWithoutNavigation: Bool {
        ([chain] + (tabs?.all ?? []).map(\.chain)).contains { $0.presented.contains { !$0.withNavigation } }
    }

    /// Whether the tree is a root and a stack of routes with text parameters only: no
    /// presentation, no tabs, no typed value (what routectl 1.0 could hold).
    public var isPlain: Bool {
        tabs == nil && !chain.isPresenting && !allRoutes.contains { $0.hasTypedValues }
    }

    /// Removes every presentation on screen: the base chain's and the selected tab's. Returns
    /// `false` when nothing was presented.
    public mutating func dismissAll() -> Bool {
        let base = chain.dismissAll()
        let tab = tabs?.selected.chain.dismissAll() ?? false
        return base || tab
    }

    /// Removes presentations until the top flow holds a route named `name`, as its root or
    /// pushed; every flow on screen counts, the root's base and the selected tab's included.
    /// Returns `false` when the top flow already holds it.
    ///
    /// - Throws: `cannotApply` when no flow on screen holds such a route.
    public mutating func dismiss(to name: String) throws -> Bool {
        guard tabs != nil else { return try chain.dismiss(to: name) }
        let flows = flowsOnScreen
        guard let holding = flows.lastIndex(where: { $0.routes.contains { $0.name == name } }) else {
            throw NavigatorError(
                .cannotApply, "route \(quoted(name)) is in no flow on screen, presented or not",
                fact: .notInChain(name: name, path: ""))
        }
        // Flows above `holding` go: first the base chain's presentations, then the tab's; the
        // bases (the root's and the tab's) are never removed.
        let presentedFrom = flows.count - chain.presented.count - tabs!.selected.chain.presented.count
        guard holding < flows.count - 1, flows.count - 1 >= presentedFrom else { return false }
        let tabFlows = flows.count - chain.presented.count
        if holding >= tabFlows - 1 {
            chain.presented.removeSubrange((holding - tabFlows + 1)...)
        } else {
            chain.presented = []
            tabs!.selected.chain.presented.removeSubrange(max(holding - presentedFrom + 1, 0)...)
        }
        return true
    }
}

/// Where a flow on screen sits: the root's base, a tab's base, or presented.
public enum FlowPlace: Hashable, Sendable, CustomStringConvertible {
    /// The root and the routes pushed on it.
    case base
    /// The base flow of the tab of that name.
    case tab(String)
    /// A presented flow.
    case presented(PresentationStyle)
    /// A flow presented over the whole tab container, above every tab.
    case overTabs(PresentationStyle)

    /// `base`, `tab <name>`, `sheet`, `cover`, or `sheet over tabs`, as `show` writes it.
    public var description: String {
        switch self {
        case .base: return "base"
        case .tab(let name): return "tab " + name
        case .presented(let style): return style.rawValue
        case .overTabs(let style): return style.rawValue + " over tabs"
        }
    }
}

extension NavigationTree {
    /// The tree with every presentation dismissed and every flow popped to its root; roots,
    /// tabs and the selected tab as they are.
    public var closedToRoots: NavigationTree {
        var tree = self
        tree.chain = NavigationChain(base: RouteStack(root: chain.base.root))
        if var tabs {
            for index in tabs.all.indices {
                tabs.all[index].chain = NavigationChain(base: RouteStack(root: tabs.all[index].chain.base.root))
            }
            tree.tabs = tabs
        }
        return tree
    }
}
