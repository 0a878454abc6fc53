import PlainText

extension NavigatorState {
    /// The refusal of `operation` (`history`, `undo` or `redo`) on a state whose format keeps
    /// no history (see ``keepsHistory``); the message starts with "holds a state".
    public func historyRefusal(_ operation: String) -> NavigatorError {
        let why = operation == "history" ? "there is none to show" : "there is nothing to \(operation)"
        return NavigatorError(
            .cannotApply,
            "holds a state in the format \(quoted(formatName)), which keeps no history (only routectl's own format does), so \(why)",
            fact: .keepsNoHistory(operation: operation, format: formatName))
    }

    /// The tree as it was before the last `count` changes, stepping back from where the
    /// newest entry left the state (see ``UndoTimeline``), and the place it is at.
    ///
    /// Each history entry holds the path after its change and, when the root was a tab
    /// container, every tab's chain as a path; together they are the whole tree after that
    /// change. So the tree before a change is the one recorded by the entry before it, or the
    /// history's start, or, before the first change ever (`seq` 1), the fresh state.
    ///
    /// - Throws: `invalidInput` for a count below 1; `cannotApply` when the kept history does
    ///   not reach back that far, or the entry to go back to does not describe a state.
    package func undoTarget(_ count: Int) throws -> (tree: NavigationTree, place: Int) {
        guard keepsHistory else { throw historyRefusal("undo") }
        guard count >= 1 else {
            throw NavigatorError(.invalidInput, "invalid count \(count): undo takes a whole number >= 1")
        }
        let timeline = UndoTimeline(history)
        let (point, available) = try timeline.back(count)
        guard let point else {
            let reason = available == 0
                ? "no recorded change can be undone"
                : "the history reaches back \(available) change\(available == 1 ? "" : "s")"
            throw NavigatorError(
                .cannotApply, "cannot undo \(count) change\(count == 1 ? "" : "s"): \(reason)",
                fact: .historyTooShort(requested: count, available: available))
        }
        return (try timeline.tree(at: point, of: self), point.seq)
    }

    /// The tree `count` changes forward again from where undo left the state, and its place.
    ///
    /// - Throws: `invalidInput` for a count below 1; `cannotApply` when fewer changes than
    ///   `count` were undone since the last change.
    package func redoTarget(_ count: Int) throws -> (tree: NavigationTree, place: Int) {
        guard keepsHistory else { throw historyRefusal("redo") }
        guard count >= 1 else {
            throw NavigatorError(.invalidInput, "invalid count \(count): redo takes a whole number >= 1")
        }
        let timeline = UndoTimeline(history)
        let forward = try timeline.forward()
        guard count <= forward.count else {
            let reason = forward.isEmpty ? "there is nothing to redo" : "only \(forward.count) can be redone"
            throw NavigatorError(
                .cannotApply, "cannot redo \(count) change\(count == 1 ? "" : "s"): \(reason)",
                fact: .nothingToRedo(requested: count, available: forward.count))
        }
        let point = forward[count - 1]
        return (try timeline.tree(at: point, of: self), point.seq)
    }

    /// Every tab as a history entry records it, when the root is a tab container: each tab's
    /// chain as a path that starts with the tab's route (`feed/details`), or, for a container
    /// that is no route, with the tab's name and its own root (`tab:first/main/details`).
    package var recordedTabs: [String]? {
        tree.tabs?.all.map { tab in
            let chain = RoutePath(chain: tab.chain)
            return tree.hasRoot ? chain.description : RoutePath(segments: [.tab(tab.name)] + chain.segments).description
        }
    }

    /// The whole tree after the change `entry` records.
    package func tree(recordedBy entry: HistoryEntry) throws -> NavigationTree {
        do {
            let path = try RoutePath(parsing: entry.path)
            if path.rootName == nil { return try tabView(recordedBy: entry, path) }
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

    /// The tab view (a tab container that is no route) after the change `entry` records, whose
    /// `path` is `path`: its tabs from the entry's `tabs` (see ``recordedTabs``), or, for an
    /// entry without them, the current tab view's.
    private func tabView(recordedBy entry: HistoryEntry, _ path: RoutePath) throws -> NavigationTree {
        var before = self
        if let paths = entry.tabs {
            let tabs = try paths.map { text in
                let tabPath = try RoutePath(parsing: text)
                guard tabPath.segments.count >= 2, case .tab(let name) = tabPath.segments[0], case .route(let root) = tabPath.segments[1] else {
                    throw tabPath.error(at: 0, "a tab of a tab view is recorded as tab:<name>/<its root>...")
                }
                return RouteTab(name: name, chain: try chain(NavigationChain(root: root), tabPath, from: 2))
            }
            guard !tabs.isEmpty else { throw NavigatorError(.invalidInput, "it records a tab view without tabs") }
            var names = UniqueNames()
            for tab in tabs where !names.insert(tab.name) {
                throw NavigatorError(.invalidInput, "it records the tab \(quoted(tab.name)) twice")
            }
            before.tree = NavigationTree(tabs: Tabs(tabs, selected: 0))
        } else if tree.tabs == nil || tree.hasRoot {
            throw NavigatorError(.invalidInput, "it records no tabs for its tab view")
        }
        let tree = try before.tree(for: path)
        guard entry.tabs == nil || tree.tabs?.selected == before.tree.tabs?.all[tree.tabs!.selectedIndex] else {
            throw NavigatorError(.invalidInput, "its tabs do not match its path")
        }
        return tree
    }
}
