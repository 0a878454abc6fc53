import PlainText

/// A route declared with tabs (`init --tabs home=feed,profile,settings`): when it is the root,
/// the state holds one chain per tab, in this order.
public struct TabContainer: Hashable, Sendable {
    /// The container route's name.
    public let name: String
    /// Its tabs' names, in declared order; each tab's chain is based on the route named like it.
    public let tabs: [String]

    /// Declares `name` with `tabs`, validating the names.
    ///
    /// - Throws: `invalidInput` for an invalid name, no tab, or a tab named twice.
    public init(name: String, tabs: [String]) throws {
        try Route.validateName(name, what: "tab container name")
        guard !tabs.isEmpty else {
            throw NavigatorError(.invalidInput, "tab container \(quoted(name)) declares no tab")
        }
        var seen = Set<String>()
        for tab in tabs {
            try Route.validateName(tab, what: "tab name")
            guard seen.insert(tab).inserted else {
                throw NavigatorError(.invalidInput, "tab \(quoted(tab)) is declared twice for \(quoted(name))")
            }
        }
        self.name = name
        self.tabs = tabs
    }

    /// Parses `container=tab,tab,...`, the form `init --tabs` takes.
    public init(declaration: String) throws {
        guard let equals = declaration.firstIndex(of: "=") else {
            throw NavigatorError(
                .invalidInput, "invalid tab declaration \(quoted(declaration)): expected <container>=<tab>,<tab>...")
        }
        try self.init(
            name: String(declaration[..<equals]),
            tabs: declaration[declaration.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false).map(String.init))
    }

    /// Each tab at its root, the first selected: how a container starts.
    public var startingTabs: Tabs {
        Tabs(tabs.map { RouteTab(name: $0, chain: NavigationChain(root: RouteTab.baseRoute($0))) }, selected: 0)
    }
}
