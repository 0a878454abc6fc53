/// Every flow of a navigator: the base chain, based on the root, and, when the root is a tab
/// container, one chain per tab and which tab is selected.
///
/// Commands act on the **active chain**: the selected tab's when there are tabs, else the base
/// chain. When there are tabs, the base chain is the root alone (nothing pushed, nothing
/// presented).
public struct NavigationTree: Hashable, Sendable {
    /// The root's chain: the root, the routes pushed on it and the presentations over it.
    public var chain: NavigationChain
    /// The root's tabs, when it is a tab container.
    public var tabs: Tabs?

    /// A tree of `chain` and `tabs`.
    public init(chain: NavigationChain, tabs: Tabs? = nil) {
        self.chain = chain
        self.tabs = tabs
    }

    /// How `root` starts: nothing pushed or presented, and when `container` declares its tabs,
    /// every tab at its root with the first selected.
    public init(root: Route, container: TabContainer?) {
        self.init(chain: NavigationChain(root: root), tabs: container?.startingTabs)
    }

    /// The current root route.
    public var root: Route { chain.base.root }

    /// The chain commands act on: the selected tab's, or the base chain.
    public var activeChain: NavigationChain {
        get { tabs?.selected.chain ?? chain }
        set {
            if tabs != nil {
                tabs!.selected.chain = newValue
            } else {
                chain = newValue
            }
        }
    }

    /// The route on screen.
    public var top: Route { activeChain.top }

    /// Every route held anywhere in the tree: roots, pushed and presented routes of every chain.
    public var allRoutes: [Route] {
        let chains = [chain] + (tabs?.all.map(\.chain) ?? [])
        return chains.flatMap { $0.flows.flatMap(\.routes) }
    }

    /// Whether the tree is a root and a stack of routes with text parameters only: no
    /// presentation, no tabs, no typed value (what routectl 1.0 could hold).
    public var isPlain: Bool {
        tabs == nil && !chain.isPresenting && !allRoutes.contains { $0.hasTypedValues }
    }
}
