import PlainText

extension NavigatorState {
    /// The tree `path` describes, read against this state's declarations: its root; when the
    /// root is a tab container, the selected tab and that tab's chain (the other tabs stay as
    /// they are when the root stays the same container, and start at their roots otherwise);
    /// else the root's chain.
    ///
    /// - Throws: `invalidInput` at the column of the segment that does not fit: a `tab:` where
    ///   the root has no tabs, a tab the container does not declare, a container root without
    ///   its `tab:`.
    public func tree(for path: RoutePath) throws -> NavigationTree {
        guard case .route(let root)? = path.segments.first else {
            throw path.error(at: 0, "the path starts with the root route")
        }
        guard let container = container(named: root.name) else {
            return NavigationTree(chain: try chain(NavigationChain(root: root), path, from: 1))
        }
        guard path.segments.count > 1, case .tab(let name) = path.segments[1] else {
            throw path.error(
                at: 1,
                "\(quoted(root.name)) is a tab container: the root is followed by tab:<name>, one of \(container.tabs.joined(separator: ", "))")
        }
        guard let index = container.tabs.firstIndex(of: name) else {
            throw path.error(
                at: 1, "\(quoted(name)) is not a tab of \(quoted(root.name))",
                fact: .unknownTab(name: name, container: root.name, tabs: container.tabs))
        }
        var tabs = tree.root == root ? (tree.tabs ?? container.startingTabs) : container.startingTabs
        tabs.selectedIndex = index
        tabs.selected.chain = try chain(NavigationChain(root: RouteTab.baseRoute(name)), path, from: 2)
        return NavigationTree(chain: NavigationChain(root: root), tabs: tabs)
    }

    /// `chain` with the segments of `path` from `start` on pushed and presented on it.
    package func chain(_ chain: NavigationChain, _ path: RoutePath, from start: Int) throws -> NavigationChain {
        var chain = chain
        for index in path.segments.indices.dropFirst(start) {
            switch path.segments[index] {
            case .route(let route):
                chain.push(route)
            case .presented(let style, let route):
                chain.present(route, as: style)
            case .tab:
                let reason = container(named: path.rootName ?? "") == nil
                    ? "\(quoted(path.rootName ?? "")) has no tabs: tab:<name> follows only a tab container's root"
                    : "tab:<name> comes once, right after the root"
                throw path.error(at: index, reason)
            }
        }
        return chain
    }
}

extension RoutePath {
    /// The root's name, when the path starts with a route.
    package var rootName: String? {
        guard case .route(let root)? = segments.first else { return nil }
        return root.name
    }

    /// The names of every route the path holds (roots, pushed and presented; not tabs).
    package var routeNames: [String] {
        segments.compactMap { segment in
            switch segment {
            case .route(let route), .presented(_, let route): return route.name
            case .tab: return nil
            }
        }
    }
}
