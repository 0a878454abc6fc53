import Foundation

extension VAPNFixtures {
    /// A canonical text of a tree, one line a node, so that two trees compare value for value
    /// whatever the order of their JSON members was: every field of every node, then its tabs
    /// (`tabs[i]:`) and its presented child (`navigator:`), indented below it. Without `ids`,
    /// ids are left out (for trees where routectl made new nodes with fresh ids).
    ///
    ///     flow id=6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11 presentation=sheet tabItem=nil root=main destinations=[details(42)] selectedTab=nil
    ///       navigator: flow id=… presentation=sheet(tag: first) …
    public static func describe(_ navigator: VAPNMirror.Navigator, ids: Bool = true) -> String {
        var lines: [String] = []
        describe(navigator, label: "", depth: 0, ids: ids, into: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func describe(
        _ node: VAPNMirror.Navigator, label: String, depth: Int, ids: Bool, into lines: inout [String]
    ) {
        var words = [String(repeating: "  ", count: depth) + label + "\(node.kind)"]
        if ids { words.append("id=\(node.id.uuidString)") }
        words.append("presentation=\(describe(node.presentation))")
        words.append("tabItem=\(node.tabItem.map { "\($0)" } ?? "nil")")
        words.append("root=\(node.root.map(describe) ?? "nil")")
        words.append("destinations=[\(node.destinations.map(describe).joined(separator: ", "))]")
        words.append("selectedTab=\(node.selectedTab.map { "\($0)" } ?? "nil")")
        lines.append(words.joined(separator: " "))
        for (index, tab) in node.tabs.enumerated() {
            describe(tab, label: "tabs[\(index)]: ", depth: depth + 1, ids: ids, into: &lines)
        }
        if let child = node.navigator {
            describe(child, label: "navigator: ", depth: depth + 1, ids: ids, into: &lines)
        }
    }

    /// `sheet`, `sheet(tag: first)` or `fullScreenCover`.
    public static func describe(_ presentation: VAPNMirror.Presentation) -> String {
        switch presentation {
        case .sheet(tag: nil): "sheet"
        case .sheet(tag: let tag?): "sheet(tag: \(tag))"
        case .fullScreenCover: "fullScreenCover"
        }
    }

    /// A route as Swift source writes it: `details(42)`, `profile(id: 7, name: "Ann")`,
    /// `feature(item(3))`, `urlExample(pnav://x/y)`, `optionalNote(nil)`.
    public static func describe(_ destination: VAPNMirror.Destination) -> String {
        switch destination {
        case .main: "main"
        case .details(let value): "details(\(value))"
        case .settings: "settings"
        case .profile(let id, let name): "profile(id: \(id), name: \(name.debugDescription))"
        case .feature(.more): "feature(more)"
        case .feature(.item(let value)): "feature(item(\(value)))"
        case .tags(let tags): "tags([\(tags.map(\.debugDescription).joined(separator: ", "))])"
        case .urlExample(let url): "urlExample(\(url.absoluteString))"
        case .optionalNote(let note): "optionalNote(\(note?.debugDescription ?? "nil"))"
        }
    }
}
