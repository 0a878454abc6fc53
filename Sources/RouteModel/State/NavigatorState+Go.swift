import PlainText

extension NavigatorState {
    /// The tree `path` describes, read against this state's declarations: its root; when the
    /// root is a tab container, what is presented over the whole container, then the selected
    /// tab and that tab's chain (the other tabs stay as they are when the root stays the same
    /// container, and start at their roots otherwise; without a `tab:`, every tab stays);
    /// else the root's chain. A path that starts with a presentation or a tab is of a tab
    /// container that is no route, and only a state that has one takes it.
    ///
    /// - Throws: `invalidInput` at the column of the segment that does not fit: a `tab:` where
    ///   the root has no tabs, a tab the container does not have, a route pushed on a tab
    ///   container.
    public func tree(for path: RoutePath) throws -> NavigationTree {
        if path.withoutRoot {
            return try rootlessStack(for: path)
        }
        guard case .route(let root)? = path.segments.first else {
            return try rootlessTree(for: path)
        }
        guard let container = container(named: root.name) else {
            var chain = try chain(NavigationChain(root: root), path, from: 1)
            chain.keepPresentations(of: tree.chain)
            return NavigationTree(chain: chain)
        }
        let tabs = tree.rootRoute == root ? (tree.tabs ?? container.startingTabs) : container.startingTabs
        var result = NavigationTree(chain: NavigationChain(root: root), tabs: tabs)
        try fillContainer(&result, path, from: 1, what: quoted(root.name))
        return result
    }

    /// The tree of a path with a leading `/`: a stack without a root of its own, which only a
    /// state that is one takes (another library's stack, whose root view is the app's code).
    private func rootlessStack(for path: RoutePath) throws -> NavigationTree {
        guard tree.isRootlessStack else {
            throw NavigatorError(
                .invalidInput,
                "at column 1, a path starting with '/' is of a stack without a root of its own (the app's root view), and this state has a root: start with it",
                fact: .invalidPath(column: 1), subject: [path.errorSubject])
        }
        var result = NavigationTree(stack: [])
        result.chain = try chain(result.chain, path, from: 0)
        result.chain.keepPresentations(of: tree.chain)
        return result
    }

    /// The tree of a path that starts with what is presented over a tab container that is no
    /// route, or with its `tab:`.
    private func rootlessTree(for path: RoutePath) throws -> NavigationTree {
        guard let tabs = tree.tabs, !tree.hasRoot else {
            let what: String
            switch path.segments.first {
            case .presented(let style, _)?: what = ", not a \(style)"
            case .tab?: what = ", not a tab"
            default: what = ""
            }
            throw path.error(at: 0, "the path starts with the root route\(what)")
        }
        var result = NavigationTree(tabs: tabs)
        try fillContainer(&result, path, from: 0, what: "the tab view")
        return result
    }

    /// Fills a tab container's tree from the segments of `path` from `start` on: presentations
    /// over the whole container, then `tab:<name>` and the tab's chain.
    private func fillContainer(_ result: inout NavigationTree, _ path: RoutePath, from start: Int, what: String) throws {
        let names = result.tabs!.names
        let tabIndex = path.segments[start...].firstIndex { if case .tab = $0 { return true } else { return false } } ?? path.segments.count
        if tabIndex > start {
            guard case .presented = path.segments[start] else {
                throw path.error(
                    at: start,
                    "\(what) is a tab container: nothing is pushed on it; follow it with tab:<name>, one of \(names.joined(separator: ", "))")
            }
            result.chain = try chain(result.chain, RoutePath(segments: Array(path.segments[..<tabIndex])), from: start)
        }
        guard tabIndex < path.segments.count, case .tab(let name) = path.segments[tabIndex] else { return }
        guard let index = names.firstIndex(of: name) else {
            throw path.error(
                at: tabIndex, "\(quoted(name)) is not a tab of \(what)",
                fact: .unknownTab(name: name, container: result.rootRoute?.name ?? "", tabs: names))
        }
        result.tabs!.selectedIndex = index
        let selected = result.tabs!.selected
        if result.hasRoot {
            result.tabs!.selected.chain = try chain(NavigationChain(root: RouteTab.baseRoute(name)), path, from: tabIndex + 1)
        } else {
            guard tabIndex + 1 < path.segments.count, case .route(let root) = path.segments[tabIndex + 1] else {
                throw path.error(at: tabIndex + 1, "tab \(quoted(name)) is followed by its root route")
            }
            result.tabs!.selected.chain = try chain(NavigationChain(root: root), path, from: tabIndex + 2)
        }
        result.tabs!.selected.chain.keepPresentations(of: selected.chain)
        result.chain.keepPresentations(of: tree.chain)
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
                let reason: String
                if path.withoutRoot {
                    reason = "a stack without a root has no tabs"
                } else if path.rootName.map({ container(named: $0) == nil }) ?? tree.hasRoot {
                    reason = "\(quoted(path.rootName ?? "")) has no tabs: tab:<name> follows only a tab container's root"
                } else {
                    reason = "tab:<name> comes once"
                }
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
