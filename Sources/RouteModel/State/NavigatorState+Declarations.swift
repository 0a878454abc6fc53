import PlainText

extension NavigatorState {
    /// The most history entries a state may keep.
    public static let maxHistoryLimit = 1_000_000

    /// A fresh state for a new file, checked: the route list holds valid names, once each, and
    /// the initial route; tab containers are declared once each and, with a route list, they
    /// and their tabs are in it; the history limit is from 1 to ``maxHistoryLimit``.
    ///
    /// - Throws: `invalidInput` naming what is wrong.
    public static func new(
        initial: Route, routes: [String]?, tabContainers: [TabContainer] = [], historyLimit: Int
    ) throws -> NavigatorState {
        let state = NavigatorState(initial: initial, routes: routes, tabContainers: tabContainers, historyLimit: historyLimit)
        try state.validate()
        if let routes, !routes.contains(initial.name) {
            throw NavigatorError(
                .invalidInput, "the initial route \(quoted(initial.name)) is not in the route list",
                fact: .initialNotAllowed(name: initial.name, allowed: routes))
        }
        return state
    }

    /// Throws `invalidInput` unless the state would read back from its file: a history limit
    /// from 1 to ``maxHistoryLimit``; a route list of valid names, each once; tab containers
    /// declared once each, in the route list when there is one; tabs exactly where the root is a
    /// tab container, named as declared, with nothing pushed on or presented over the root; and
    /// links that fit these declarations, each URL pattern once.
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
        try validateTabContainers()
        try validateTree()
        try links.validate(against: self)
    }

    private func validateTabContainers() throws {
        var containers = Set<String>()
        for container in tabContainers {
            guard containers.insert(container.name).inserted else {
                throw NavigatorError(.invalidInput, "tab container \(quoted(container.name)) is declared twice")
            }
            guard let routes else { continue }
            for name in [container.name] + container.tabs where !routes.contains(name) {
                throw NavigatorError(
                    .invalidInput,
                    "\(name == container.name ? "tab container" : "tab") \(quoted(name)) is not in the route list",
                    fact: .initialNotAllowed(name: name, allowed: routes))
            }
        }
    }

    private func validateTree() throws {
        guard let tabs = tree.tabs else {
            if container(named: root.name) != nil {
                throw NavigatorError(.invalidInput, "the root \(quoted(root.name)) is a tab container but the state has no tabs")
            }
            return
        }
        guard tabs.all.indices.contains(tabs.selectedIndex) else {
            throw NavigatorError(.invalidInput, "the selected tab is not one of the tabs")
        }
        guard stack.isEmpty else {
            throw NavigatorError(.invalidInput, "the root \(quoted(root.name)) is a tab container, so nothing is pushed on it")
        }
        guard let root = tree.rootRoute else {
            // A container that is no route: its tabs are its own, not declared.
            var names = UniqueNames()
            for tab in tabs.all where !names.insert(tab.name) {
                throw NavigatorError(.invalidInput, "tab \(quoted(tab.name)) is there twice")
            }
            return
        }
        guard let container = container(named: root.name) else {
            throw NavigatorError(.invalidInput, "the state has tabs but its root \(quoted(root.name)) is no tab container")
        }
        guard tabs.names == container.tabs else {
            throw NavigatorError(
                .invalidInput,
                "the tabs \(tabs.names.joined(separator: ", ")) are not those declared for \(quoted(root.name)): \(container.tabs.joined(separator: ", "))")
        }
        for tab in tabs.all where tab.chain.base.root != RouteTab.baseRoute(tab.name) {
            throw NavigatorError(.invalidInput, "tab \(quoted(tab.name)) is not based on the route \(quoted(tab.name))")
        }
    }
}
