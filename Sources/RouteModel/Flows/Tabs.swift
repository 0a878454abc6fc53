/// The tabs of a root that is a tab container, in declared order, and which one is selected.
public struct Tabs: Hashable, Sendable {
    /// Every tab, in declared order.
    public var all: [RouteTab]
    /// The index of the selected tab in ``all``.
    public var selectedIndex: Int

    /// Tabs `all` with the one at `selected` selected.
    public init(_ all: [RouteTab], selected: Int) {
        self.all = all
        self.selectedIndex = selected
    }

    /// The selected tab.
    public var selected: RouteTab {
        get { all[selectedIndex] }
        set { all[selectedIndex] = newValue }
    }

    /// The tabs' names, in order.
    public var names: [String] { all.map(\.name) }

    /// The index of the tab named `name`, if any.
    public func index(of name: String) -> Int? {
        all.firstIndex { $0.name == name }
    }
}
