import RouteModel

/// The navigator in an app's own route and tab types (``TypedRoute``): what SwiftUI's bindings
/// read and write (``RouteNavigator+SwiftUI``), as plain functions an app or a test can call
/// anywhere (no SwiftUI needed).
///
/// A flow is found as ``NavigationTree/pushed(as:tab:level:)`` finds it: by its tab (`nil`: the
/// root's chain) and its level (0: the chain's base; 1: the flow the first sheet or cover
/// presents; ...). Each setter performs at most one operation through the store (a push, pop,
/// present, dismiss or tab where that is the change, else a `go` to the whole new state) and
/// none when nothing changes, so a binding that SwiftUI sets to the value it already shows
/// writes nothing.
extension RouteNavigator {
    /// The routes pushed on the flow at `level` of `tab`'s chain, bottom first, as `Screen`s,
    /// up to the first that is no `Screen` (none for a route setting).
    public func stack<Screen: Decodable>(of type: Screen.Type, tab: String? = nil, level: Int = 0) -> [Screen] {
        state?.tree.pushed(as: type, tab: tab, level: level).screens ?? []
    }

    /// Makes the flow at `level` of `tab`'s chain hold `screens` pushed (what
    /// `NavigationStack(path:)` sets when the user goes back or follows a link).
    ///
    /// - Throws: a screen that is no route (``Route/init(_:)``), or the operation's refusal.
    public func setStack<Screen: Encodable>(_ screens: [Screen], tab: String? = nil, level: Int = 0) throws {
        let routes = try screens.map { try Route($0) }
        guard let tree = state?.tree else {
            // A route setting holds no stack: the store says so.
            if let first = routes.first { try perform(.push(first)) }
            return
        }
        if let operation = tree.operation(settingPushed: routes, tab: tab, level: level) {
            try perform(operation)
        }
    }

    /// The root of what the flow at `level` of `tab`'s chain presents as `style`, as a
    /// `Screen`; `nil` when it presents nothing so, or a route that is no `Screen`.
    public func presented<Screen: Decodable>(
        _ type: Screen.Type, style: PresentationStyle, tab: String? = nil, level: Int = 0
    ) -> Screen? {
        (try? state?.tree.presented(as: type, style: style, tab: tab, level: level)) ?? nil
    }

    /// Makes the flow at `level` of `tab`'s chain present `screen` as `style`, or (`nil`)
    /// dismiss what it presents so (what `.sheet(item:)` and `.fullScreenCover(item:)` set).
    ///
    /// - Throws: a screen that is no route, or the operation's refusal.
    public func setPresented<Screen: Encodable>(
        _ screen: Screen?, style: PresentationStyle, tab: String? = nil, level: Int = 0
    ) throws {
        let route = try screen.map { try Route($0) }
        guard let tree = state?.tree else {
            if let route { try perform(.present(route, style)) }
            return
        }
        if let operation = tree.operation(settingPresented: route, style: style, tab: tab, level: level) {
            try perform(operation)
        }
    }

    /// The selected tab as a `Tab`, an enum whose cases are the tabs' names; `nil` without tabs
    /// or for a tab that is no `Tab`.
    public func selectedTab<Tab: Decodable>(_ type: Tab.Type) -> Tab? {
        (try? state?.tree.selectedTab(as: type)) ?? nil
    }

    /// Selects the tab `tab` names (what `TabView(selection:)` sets).
    ///
    /// - Throws: `invalidInput` for a value with associated values (a tab is a name), or the
    ///   operation's refusal (no such tab).
    public func setSelectedTab<Tab: Encodable>(_ tab: Tab) throws {
        let route = try Route(tab)
        guard route.parameters.isEmpty else {
            throw NavigatorError(.invalidInput, "tab \(NavigatorError.quote(route.description)) has values; a tab is a case without any")
        }
        guard let tree = state?.tree else { return try selectTab(route.name) }
        if let operation = tree.operation(selectingTab: route.name) {
            try perform(operation)
        }
    }

    /// Pushes `screen` on the top flow.
    public func push<Screen: Encodable>(_ screen: Screen) throws {
        try push(Route(screen))
    }

    /// Presents a new flow rooted at `screen`.
    public func present<Screen: Encodable>(_ screen: Screen, style: PresentationStyle = .sheet) throws {
        try present(Route(screen), style: style)
    }
}
