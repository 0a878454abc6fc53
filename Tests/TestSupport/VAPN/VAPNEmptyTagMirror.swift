import Foundation

extension VAPNMirror {
    /// VAPersistentNavigator's `EmptyTabItemTag` and `EmptySheetTag` (Common/BaseNavigator.swift,
    /// 4.0.0): empty structs with synthesized `Codable`, so `{}`. An app that has no tabs or no
    /// sheet tags of its own uses them as its `PersistentViewNavigator`'s tag types.
    public struct EmptyTag: Codable, Hashable, Sendable {
        public init() {}
    }

    /// `TypedNavigatorPresentation<EmptySheetTag>`: `{"sheet":{}}`, `{"sheet":{"tag":{}}}` or
    /// `{"fullScreenCover":{}}`.
    public enum EmptyTagPresentation: Codable, Hashable, Sendable {
        case sheet(tag: EmptyTag? = nil)
        case fullScreenCover
    }

    /// A node of `PersistentViewNavigator<Destination, EmptyTabItemTag, EmptySheetTag>`, coded
    /// as ``Navigator`` is (the same required and optional members, in the library's order).
    public final class EmptyTagNavigator: Codable, Sendable {
        public let id: UUID
        public let kind: Kind
        public let root: Destination?
        public let destinations: [Destination]
        public let presentation: EmptyTagPresentation
        public let tabItem: EmptyTag?
        public let tabs: [EmptyTagNavigator]
        public let selectedTab: EmptyTag?
        public let navigator: EmptyTagNavigator?

        public init(
            id: UUID = UUID(), kind: Kind, root: Destination?, destinations: [Destination] = [],
            presentation: EmptyTagPresentation = .sheet(), tabItem: EmptyTag? = nil, tabs: [EmptyTagNavigator] = [],
            selectedTab: EmptyTag? = nil, navigator: EmptyTagNavigator? = nil
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

        /// The index in ``tabs`` of the tab the library shows (as ``Navigator/selectedTabIndex``).
        public var selectedTabIndex: Int? {
            if tabs.isEmpty { return nil }
            return tabs.firstIndex { $0.tabItem == selectedTab } ?? 0
        }

        enum CodingKeys: String, CodingKey {
            case root, destinations, navigator, tabItem, selectedTab, kind, id, tabs, presentation
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(UUID.self, forKey: .id)
            root = try container.decodeIfPresent(Destination.self, forKey: .root)
            destinations = try container.decode([Destination].self, forKey: .destinations)
            presentation = try container.decode(EmptyTagPresentation.self, forKey: .presentation)
            tabItem = try container.decodeIfPresent(EmptyTag.self, forKey: .tabItem)
            kind = try container.decode(Kind.self, forKey: .kind)
            tabs = try container.decode([EmptyTagNavigator].self, forKey: .tabs)
            selectedTab = try container.decodeIfPresent(EmptyTag.self, forKey: .selectedTab)
            navigator = try container.decodeIfPresent(EmptyTagNavigator.self, forKey: .navigator)
        }

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

        /// The tree as one line a node: kind, root, destinations, tags (`{}` for an empty tag),
        /// the presented child indented; ids left out.
        public var outline: String {
            func tag(_ tag: EmptyTag?) -> String { tag == nil ? "nil" : "{}" }
            func line(_ node: EmptyTagNavigator, _ indent: String, _ label: String) -> String {
                let presentation: String
                switch node.presentation {
                case .sheet(let sheetTag): presentation = "sheet(tag: \(tag(sheetTag)))"
                case .fullScreenCover: presentation = "cover"
                }
                var text = "\(indent)\(label)\(node.kind) root=\(node.root.map { "\($0)" } ?? "nil") destinations=\(node.destinations) tabItem=\(tag(node.tabItem)) selectedTab=\(tag(node.selectedTab)) presentation=\(presentation)\n"
                for (index, child) in node.tabs.enumerated() { text += line(child, indent + "  ", "tabs[\(index)]: ") }
                if let child = node.navigator { text += line(child, indent + "  ", "navigator: ") }
                return text
            }
            return line(self, "", "")
        }

        /// The JSON of this tree as the library's example storage writes it (`JSONEncoder()`).
        public var json: [UInt8] { Array(try! JSONEncoder().encode(self)) }

        /// `bytes` decoded as the library decodes them.
        public static func decode(_ bytes: [UInt8]) throws -> EmptyTagNavigator {
            try JSONDecoder().decode(EmptyTagNavigator.self, from: Data(bytes))
        }
    }
}
