/// A tree's flows as an app's own route and tab types, for SwiftUI's `NavigationStack(path:)`,
/// `.sheet(item:)`, `.fullScreenCover(item:)` and `TabView(selection:)`, and the one operation
/// that makes the tree show a new value of theirs (what a binding's setter performs).
///
/// A flow is found by its **tab** (`nil`: the root's chain, the one presenting over the tabs)
/// and its **level** in that chain: 0 is the chain's base, 1 the flow the first sheet or cover
/// presents over it, and so on; a `NavigationStack` at the root of a sheet's content is at
/// level 1.
extension NavigationTree {
    /// The chain of `tab` (`nil`: the root's); `nil` for a tab the tree does not have.
    public func chain(tab: String?) -> NavigationChain? {
        guard let tab else { return chain }
        return tabs?.all.first { $0.name == tab }?.chain
    }

    /// The routes pushed on the flow at `level` of `tab`'s chain, bottom first, as `Screen`s:
    /// those that fit, up to the first that does not (whose error is `firstMisfit`).
    public func pushed<Screen: Decodable>(
        as type: Screen.Type, tab: String? = nil, level: Int = 0
    ) -> (screens: [Screen], firstMisfit: NavigatorError?) {
        guard let flow = flow(tab: tab, level: level) else { return ([], nil) }
        var screens: [Screen] = []
        for route in flow.pushed {
            do {
                screens.append(try route.decode(as: type))
            } catch {
                return (screens, error as? NavigatorError)
            }
        }
        return (screens, nil)
    }

    /// The root of the flow presented over the flow at `level` of `tab`'s chain, as a `Screen`,
    /// when it is presented as `style`; `nil` when nothing is, or something else is.
    ///
    /// - Throws: the route's refusal when it does not fit `Screen`.
    public func presented<Screen: Decodable>(
        as type: Screen.Type, style: PresentationStyle, tab: String? = nil, level: Int = 0
    ) throws -> Screen? {
        guard let chain = chain(tab: tab), level >= 0, level < chain.presented.count,
            chain.presented[level].style == style
        else { return nil }
        return try chain.presented[level].flow.root.decode(as: type)
    }

    /// The selected tab as a `Tab` (an enum whose cases are the tabs' names); `nil` without
    /// tabs.
    ///
    /// - Throws: the tab's refusal when its name is no case of `Tab`.
    public func selectedTab<Tab: Decodable>(as type: Tab.Type) throws -> Tab? {
        guard let tabs else { return nil }
        return try Route(tabs.selected.name).decode(as: type)
    }

    /// The operation that makes the flow at `level` of `tab`'s chain hold `routes` pushed:
    /// on the flow commands act on, a pop when `routes` is what it holds less some on top, a
    /// push when one more; otherwise (another flow, or any other change) a `go` to the whole
    /// tree with that flow changed (which selects `tab`: a path names the selected tab's flows
    /// only). `nil` when it holds them already, or there is no such flow.
    public func operation(settingPushed routes: [Route], tab: String? = nil, level: Int = 0) -> NavigationOperation? {
        guard let current = flow(tab: tab, level: level)?.pushed, current != routes else { return nil }
        if isTopFlow(tab: tab, level: level) {
            if routes.count < current.count, Array(current.prefix(routes.count)) == routes {
                return .pop(current.count - routes.count)
            }
            if routes.count == current.count + 1, Array(routes.prefix(current.count)) == current {
                return .push(routes[current.count])
            }
        }
        var tree = self
        tree.changeChain(tab: tab) { chain in
            if level == 0 {
                chain.base.pushed = routes
            } else {
                chain.presented[level - 1].flow.pushed = routes
            }
        }
        return .go(RoutePath(tree))
    }

    /// The operation that makes the flow at `level` of `tab`'s chain present `route` as
    /// `style`, rooted at it (or, `nil`, present nothing): a `present` or `dismiss` on the flow
    /// commands act on, otherwise a `go`. `nil` when nothing changes: the same route is
    /// presented so already, or `route` is `nil` and what is presented there is of another
    /// style (a sheet's binding set to `nil` leaves a cover alone).
    public func operation(
        settingPresented route: Route?, style: PresentationStyle, tab: String? = nil, level: Int = 0
    ) -> NavigationOperation? {
        guard let chain = chain(tab: tab), level >= 0, level <= chain.presented.count else { return nil }
        let current = level < chain.presented.count ? chain.presented[level] : nil
        let isTop = isTopFlow(tab: tab, level: level) || isTopFlow(tab: tab, level: level + 1)
        guard let route else {
            guard let current, current.style == style else { return nil }
            if isTop, level == chain.presented.count - 1 { return .dismiss }
            var tree = self
            tree.changeChain(tab: tab) { $0.presented.removeSubrange(level...) }
            return .go(RoutePath(tree))
        }
        if let current, current.style == style, current.flow.root == route { return nil }
        if current == nil, isTop { return .present(route, style) }
        var tree = self
        tree.changeChain(tab: tab) { chain in
            chain.presented.removeSubrange(level...)
            chain.presented.append(Presentation(style, RouteStack(root: route)))
        }
        return .go(RoutePath(tree))
    }

    /// The operation that selects the tab `name`; `nil` when it is selected already.
    public func operation(selectingTab name: String) -> NavigationOperation? {
        guard tabs?.selected.name != name else { return nil }
        return .selectTab(name)
    }

    /// The flow at `level` of `tab`'s chain.
    private func flow(tab: String?, level: Int) -> RouteStack? {
        guard let chain = chain(tab: tab), level >= 0, level <= chain.presented.count else { return nil }
        return level == 0 ? chain.base : chain.presented[level - 1].flow
    }

    /// Whether the flow at `level` of `tab`'s chain is the one push, pop, present and dismiss
    /// act on: the top flow of the active chain.
    private func isTopFlow(tab: String?, level: Int) -> Bool {
        let active: String?
        if let tabs, !chain.isPresenting {
            active = tabs.selected.name
        } else {
            active = nil
        }
        guard active == tab || (tabs == nil && tab == nil) else { return false }
        return level == activeChain.presented.count
    }

    /// Changes `tab`'s chain (`nil`: the root's) in place, and selects that tab: a path (what
    /// `go` takes) names the selected tab's flows only.
    private mutating func changeChain(tab: String?, _ change: (inout NavigationChain) -> Void) {
        guard let tab else { return change(&chain) }
        guard let index = tabs?.index(of: tab) else { return }
        change(&tabs!.all[index].chain)
        tabs!.selectedIndex = index
    }
}
