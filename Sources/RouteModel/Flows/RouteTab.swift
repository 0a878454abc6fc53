/// One tab of a tab container: its name and its chain, which is based on the route named like
/// the tab (without parameters).
public struct RouteTab: Hashable, Sendable {
    /// The tab's name, which is also its base route's name.
    public let name: String
    /// The tab's flows: its base (rooted at the tab's route) and what is presented over it.
    public var chain: NavigationChain
    /// What the codec that read this tab keeps for writing it back (such as members this build
    /// does not know). It takes no part in equality.
    public var preserved: Preserved?

    /// A tab named `name` showing `chain`.
    public init(name: String, chain: NavigationChain) {
        self.name = name
        self.chain = chain
    }

    /// The route a tab named `name` is based on. `name` is a declared tab, so a valid name.
    package static func baseRoute(_ name: String) -> Route {
        // Tab names are validated when declared; a name that is not valid cannot get here.
        (try? Route(name)) ?? NavigatorState.defaultRoute
    }

    public static func == (lhs: RouteTab, rhs: RouteTab) -> Bool {
        lhs.name == rhs.name && lhs.chain == rhs.chain
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(chain)
    }
}
