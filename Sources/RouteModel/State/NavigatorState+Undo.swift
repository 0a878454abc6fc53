import PlainText

extension NavigatorState {
    /// The tree as it was before the last `count` recorded changes.
    ///
    /// Each history entry holds the path after its change and, when the root was a tab
    /// container, every tab's chain as a path; together they are the whole tree after that
    /// change. So
    /// the tree before the last `count` changes is the one recorded by the entry before them,
    /// or, when those changes reach back to the first ever (`seq` 1), the fresh state.
    ///
    /// - Throws: `invalidInput` for a count below 1; `cannotApply` when the kept history does
    ///   not reach back that far, or the entry to go back to does not describe a state.
    package func treeBefore(_ count: Int) throws -> NavigationTree {
        guard count >= 1 else {
            throw NavigatorError(.invalidInput, "invalid count \(count): undo takes a whole number >= 1")
        }
        let kept = history.count
        let reachesStart = kept > 0 ? try history.oldest()?.seq == 1 : false
        let available = reachesStart ? kept : max(0, kept - 1)
        guard count <= available else {
            let reason = available == 0
                ? "no recorded change can be undone"
                : "the history reaches back \(available) change\(available == 1 ? "" : "s")"
            throw NavigatorError(
                .cannotApply, "cannot undo \(count) change\(count == 1 ? "" : "s"): \(reason)",
                fact: .historyTooShort(requested: count, available: available))
        }
        if count == kept {
            return startingTree(initial)
        }
        guard let entry = try history.entries(last: count + 1).first else {
            return startingTree(initial)
        }
        return try tree(recordedBy: entry)
    }

    /// The whole tree after the change `entry` records.
    package func tree(recordedBy entry: HistoryEntry) throws -> NavigationTree {
        do {
            let path = try RoutePath(parsing: entry.path)
            var before = self
            before.tree = NavigationTree(chain: NavigationChain(root: NavigatorState.defaultRoute))
            var tree = try before.tree(for: path)
            if let paths = entry.tabs, var tabs = tree.tabs {
                guard paths.count == tabs.all.count else {
                    throw NavigatorError(.invalidInput, "it records \(paths.count) tabs, not \(tabs.all.count)")
                }
                for (index, text) in paths.enumerated() {
                    let base = RouteTab.baseRoute(tabs.all[index].name)
                    let path = try RoutePath(parsing: text)
                    guard path.segments.first == .route(base) else {
                        throw path.error(at: 0, "tab \(quoted(base.name)) starts with its own route")
                    }
                    tabs.all[index].chain = try chain(NavigationChain(root: base), path, from: 1)
                }
                guard tabs.selected == tree.tabs?.selected else {
                    throw NavigatorError(.invalidInput, "its tabs do not match its path")
                }
                tree.tabs = tabs
            }
            return tree
        } catch let error as NavigatorError {
            throw NavigatorError(
                .cannotApply, "cannot undo to the state history entry \(entry.seq) recorded: \(error.message)")
        }
    }
}
