import Foundation

/// VAPersistentNavigator's saved state as the library writes it, for tests: trees built with
/// ``VAPNMirror`` and encoded by Foundation's `JSONEncoder()` with its default settings (as the
/// library's example storage does: compact, `/` escaped, uppercase ids, members in an order
/// that changes from one process to the next); the notes' own documents; the app's
/// preferences holding them (see VAPNPreferences.swift); and the decoder that proves what
/// routectl wrote is read back by the library.
public enum VAPNFixtures {
    /// The fixed ids of the fixtures' nodes (those of the notes' documents first), so that
    /// tests can check which ids survive a change.
    public enum ID {
        public static let flow = uuid("6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11")
        public static let tabView = uuid("0A8E5B52-1C3D-4E6F-8A9B-0C1D2E3F4A5B")
        public static let firstTab = uuid("1B9F6C63-2D4E-4F70-9BAC-1D2E3F4A5B6C")
        public static let secondTab = uuid("2CA07D74-3E5F-4081-ACBD-2E3F4A5B6C7D")
        public static let sheet = uuid("3DB18E85-4F60-4192-BDCE-3F4A5B6C7D8E")
        public static let cover = uuid("4EC29F96-5071-42A3-8EDF-4A5B6C7D8E9F")
        public static let singleView = uuid("5FD3A0A7-6182-43B4-9F01-5B6C7D8E9FA0")
        /// The sheet inside the first tab of ``Tree/tabsWithSheets``.
        public static let tabSheet = uuid("60E4B1B8-7293-44C5-A012-6C7D8E9FA0B1")

        private static func uuid(_ text: String) -> UUID { UUID(uuidString: text)! }
    }

    /// The notes' documents (§1.3 (a), (b), (c)), byte for byte as printed there.
    public enum Notes {
        /// (a) `Navigator(root: .main, destinations: [.details(42)])`.
        public static let flow = #"""
            {"root":{"main":{}},"destinations":[{"details":{"_0":42}}],"kind":{"flow":{}},"id":"6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11","tabs":[],"presentation":{"sheet":{}}}
            """#

        /// (b) two tabs (main → details(42), settings → details(7)), the second selected.
        public static let tabs = #"""
            {"destinations":[],"selectedTab":{"second":{}},"kind":{"tabView":{}},"id":"0A8E5B52-1C3D-4E6F-8A9B-0C1D2E3F4A5B",
             "tabs":[
              {"root":{"main":{}},"destinations":[{"details":{"_0":42}}],"tabItem":{"first":{}},"kind":{"flow":{}},"id":"1B9F6C63-2D4E-4F70-9BAC-1D2E3F4A5B6C","tabs":[],"presentation":{"sheet":{}}},
              {"root":{"settings":{}},"destinations":[{"details":{"_0":7}}],"tabItem":{"second":{}},"kind":{"flow":{}},"id":"2CA07D74-3E5F-4081-ACBD-2E3F4A5B6C7D","tabs":[],"presentation":{"sheet":{}}}],
             "presentation":{"sheet":{}}}
            """#

        /// (c) (a) with a sheet presented: a flow settings → details(7).
        public static let flowWithSheet = #"""
            {"root":{"main":{}},"destinations":[{"details":{"_0":42}}],
             "navigator":{"root":{"settings":{}},"destinations":[{"details":{"_0":7}}],"kind":{"flow":{}},"id":"3DB18E85-4F60-4192-BDCE-3F4A5B6C7D8E","tabs":[],"presentation":{"sheet":{}}},
             "kind":{"flow":{}},"id":"6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11","tabs":[],"presentation":{"sheet":{}}}
            """#
    }

    /// The fixtures' trees. Their ids are fixed (``ID``); what a test encodes of them is not
    /// byte-stable (the member order changes between processes), only value-stable.
    public enum Tree: String, CaseIterable, Sendable, CustomStringConvertible {
        /// (a) a flow: main → details(42).
        case flow
        /// (b) two tabs, first: main → details(42), second: settings → details(7); second selected.
        case tabs
        /// (c) ``flow`` with a sheet presented: a flow settings → details(7).
        case flowWithSheet
        /// (d) ``flow`` with a sheet tagged `first` (settings → details(7)), and over that
        /// sheet a full-screen cover (a flow main).
        case sheetWithCover
        /// (e) a single view: settings.
        case singleView
        /// (f) ``tabs`` with the first selected, a sheet (a flow settings) over the whole tab
        /// view, and a sheet (a flow details(9)) inside the first tab.
        case tabsWithSheets
        /// (g) ``tabs`` with no `selectedTab` (every tab has a tab item: the first is shown).
        case tabsNoSelection
        /// (h) values: main → profile(id: 7, name: "Ann"), feature(item(3)), tags(["a", "b"]),
        /// urlExample(pnav://x/y).
        case values
        /// Optional and unit payloads: optionalNote(nil) → optionalNote("note"), feature(more).
        case optionalValues

        public var description: String { rawValue }

        /// The tree.
        public var navigator: VAPNMirror.Navigator {
            typealias N = VAPNMirror.Navigator
            let flow = N.flow(.main, [.details(42)], id: ID.flow)
            let sheet = N.flow(.settings, [.details(7)], id: ID.sheet)
            func tabs(selected: VAPNMirror.TabTag?, firstChild: N? = nil) -> N {
                N.tabView(
                    [N.flow(.main, [.details(42)], tabItem: .first, id: ID.firstTab).presenting(firstChild),
                     N.flow(.settings, [.details(7)], tabItem: .second, id: ID.secondTab)],
                    selectedTab: selected, id: ID.tabView)
            }
            switch self {
            case .flow:
                return flow
            case .tabs:
                return tabs(selected: .second)
            case .flowWithSheet:
                return flow.presenting(sheet)
            case .sheetWithCover:
                let cover = N.flow(.main, presentation: .fullScreenCover, id: ID.cover)
                let taggedSheet = N.flow(.settings, [.details(7)], presentation: .sheet(tag: .first), id: ID.sheet)
                return flow.presenting(taggedSheet.presenting(cover))
            case .singleView:
                return N.singleView(.settings, id: ID.singleView)
            case .tabsWithSheets:
                let inTab = N.flow(.details(9), id: ID.tabSheet)
                let overAll = N.flow(.settings, id: ID.sheet)
                return tabs(selected: .first, firstChild: inTab).presenting(overAll)
            case .tabsNoSelection:
                return tabs(selected: nil)
            case .values:
                return N.flow(.main, [
                    .profile(id: 7, name: "Ann"), .feature(.item(3)), .tags(["a", "b"]),
                    .urlExample(URL(string: "pnav://x/y")!),
                ], id: ID.flow)
            case .optionalValues:
                return N.flow(.optionalNote(nil), [.optionalNote("note"), .feature(.more)], id: ID.flow)
            }
        }

        /// The tree as the library saves it (``VAPNFixtures/encode(_:)``).
        public var json: [UInt8] { VAPNFixtures.encode(navigator) }
    }

    /// (a) ``Tree/flow`` as JSON.
    public static func flow() -> [UInt8] { Tree.flow.json }
    /// (b) ``Tree/tabs`` as JSON.
    public static func tabs() -> [UInt8] { Tree.tabs.json }
    /// (c) ``Tree/flowWithSheet`` as JSON.
    public static func flowWithSheet() -> [UInt8] { Tree.flowWithSheet.json }
    /// (d) ``Tree/sheetWithCover`` as JSON.
    public static func sheetWithCover() -> [UInt8] { Tree.sheetWithCover.json }
    /// (e) ``Tree/singleView`` as JSON.
    public static func singleView() -> [UInt8] { Tree.singleView.json }
    /// (f) ``Tree/tabsWithSheets`` as JSON.
    public static func tabsWithSheets() -> [UInt8] { Tree.tabsWithSheets.json }
    /// (g) ``Tree/tabsNoSelection`` as JSON.
    public static func tabsNoSelection() -> [UInt8] { Tree.tabsNoSelection.json }
    /// (h) ``Tree/values`` as JSON.
    public static func values() -> [UInt8] { Tree.values.json }

    /// `navigator` as the library's storage saves it: `JSONEncoder()`, default settings.
    public static func encode(_ navigator: VAPNMirror.Navigator) -> [UInt8] {
        // The mirror's types always encode; a failure is a defect of the mirror itself.
        Array(try! JSONEncoder().encode(navigator))
    }

    /// `bytes` as the library's storage reads them: `JSONDecoder()`, default settings. Throws
    /// the `DecodingError` the app would meet (its `try?` then drops the whole state).
    public static func decode(_ bytes: [UInt8]) throws -> VAPNMirror.Navigator {
        try JSONDecoder().decode(VAPNMirror.Navigator.self, from: Data(bytes))
    }

    /// Where a `DecodingError` happened, as routectl names it: `tabs[1].destinations[0]`
    /// (the key that was missing included; empty at the top). Other errors: their description.
    public static func codingPath(of error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        var path: [any CodingKey]
        switch error {
        case .keyNotFound(let key, let context): path = context.codingPath + [key]
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        @unknown default: return "\(error)"
        }
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }
}
