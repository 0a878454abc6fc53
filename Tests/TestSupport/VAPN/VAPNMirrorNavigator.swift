import Foundation

extension VAPNMirror {
    /// One node of the tree (`TypedViewNavigator`): a flow, a single view or a tab view, with
    /// its tabs and its presented child. Its `Codable` conformance behaves as the library's:
    /// `id`, `destinations`, `presentation`, `kind` and `tabs` are required; `root`, `tabItem`,
    /// `selectedTab` and `navigator` are optional (missing or `null`); other members are
    /// ignored; the tree is never checked for consistency (a flow without a root decodes).
    public final class Navigator: Codable, Sendable {
        public let id: UUID
        public let kind: Kind
        /// The root route; nil on a tab view.
        public let root: Destination?
        /// The routes pushed on the root, bottom first.
        public let destinations: [Destination]
        /// How this node is shown when it is presented (the root node's is kept, unused).
        public let presentation: Presentation
        /// The tab this node is, when it is a tab of a tab view.
        public let tabItem: TabTag?
        /// The tabs of a tab view.
        public let tabs: [Navigator]
        /// The selected tab of a tab view (see ``selectedTabIndex``).
        public let selectedTab: TabTag?
        /// The child presented over this node (the member `navigator`).
        public let navigator: Navigator?

        public init(
            id: UUID = UUID(), kind: Kind, root: Destination?, destinations: [Destination] = [],
            presentation: Presentation = .sheet, tabItem: TabTag? = nil, tabs: [Navigator] = [],
            selectedTab: TabTag? = nil, navigator: Navigator? = nil
        ) {
            self.id = id
            self.kind = kind
            self.root = root
            self.destinations = destinations
            self.presentation = presentation
            self.tabItem = tabItem
            self.tabs = tabs
            self.selectedTab = selectedTab
            self.navigator = navigator
        }

        /// A flow, as the library's `init(root:destinations:presentation:tabItem:)` makes it.
        public static func flow(
            _ root: Destination, _ destinations: [Destination] = [], presentation: Presentation = .sheet,
            tabItem: TabTag? = nil, id: UUID = UUID()
        ) -> Navigator {
            Navigator(id: id, kind: .flow, root: root, destinations: destinations, presentation: presentation, tabItem: tabItem)
        }

        /// A single view, as `init(view:presentation:tabItem:)` makes it.
        public static func singleView(
            _ view: Destination, presentation: Presentation = .sheet, tabItem: TabTag? = nil, id: UUID = UUID()
        ) -> Navigator {
            Navigator(id: id, kind: .singleView, root: view, presentation: presentation, tabItem: tabItem)
        }

        /// A tab view, as `init(tabs:presentation:selectedTab:)` makes it: no root, no tab item.
        public static func tabView(
            _ tabs: [Navigator], selectedTab: TabTag? = nil, presentation: Presentation = .sheet, id: UUID = UUID()
        ) -> Navigator {
            Navigator(id: id, kind: .tabView, root: nil, presentation: presentation, tabs: tabs, selectedTab: selectedTab)
        }

        /// This node with `child` presented over it (replacing any child it had).
        public func presenting(_ child: Navigator?) -> Navigator {
            Navigator(
                id: id, kind: kind, root: root, destinations: destinations, presentation: presentation,
                tabItem: tabItem, tabs: tabs, selectedTab: selectedTab, navigator: child)
        }

        /// The index in ``tabs`` of the tab the library shows: the first tab whose `tabItem`
        /// equals `selectedTab` (so a nil `selectedTab` is the first tab without a tab item),
        /// else the first tab; nil when there are no tabs.
        public var selectedTabIndex: Int? {
            if tabs.isEmpty { return nil }
            return tabs.firstIndex { $0.tabItem == selectedTab } ?? 0
        }

        enum CodingKeys: String, CodingKey {
            case root, destinations, navigator, tabItem, selectedTab, kind, id, tabs, presentation
        }

        /// Decodes in the library's order, so that the first error is the one it would meet.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(UUID.self, forKey: .id)
            root = try container.decodeIfPresent(Destination.self, forKey: .root)
            destinations = try container.decode([Destination].self, forKey: .destinations)
            presentation = try container.decode(Presentation.self, forKey: .presentation)
            tabItem = try container.decodeIfPresent(TabTag.self, forKey: .tabItem)
            kind = try container.decode(Kind.self, forKey: .kind)
            tabs = try container.decode([Navigator].self, forKey: .tabs)
            selectedTab = try container.decodeIfPresent(TabTag.self, forKey: .selectedTab)
            navigator = try container.decodeIfPresent(Navigator.self, forKey: .navigator)
        }

        /// Encodes in the library's call order; nil optionals are left out.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(root, forKey: .root)
            try container.encode(destinations, forKey: .destinations)
            try container.encodeIfPresent(navigator, forKey: .navigator)
            try container.encodeIfPresent(tabItem, forKey: .tabItem)
            try container.encodeIfPresent(selectedTab, forKey: .selectedTab)
            try container.encode(kind, forKey: .kind)
            try container.encode(id, forKey: .id)
            try container.encode(tabs, forKey: .tabs)
            try container.encode(presentation, forKey: .presentation)
        }
    }
}
