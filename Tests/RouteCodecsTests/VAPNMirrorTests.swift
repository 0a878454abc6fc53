import Foundation
import Testing
import TestSupport

/// The test-side ground truth for VAPersistentNavigator's saved state (TestSupport/VAPN): the
/// mirror decodes what the notes say the library decodes, refuses what it refuses, writes the
/// library's shapes, and the fixtures hold the trees they claim to.
@Suite(.tags(.unit)) struct VAPNMirrorTests {
    typealias Navigator = VAPNMirror.Navigator

    static let flowId = "6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11"

    /// A flow document, members in the library's order, `members` replacing (or, when nil,
    /// removing) the named ones; new names are added last.
    static func flowDocument(_ members: [String: String?] = [:]) -> String {
        var order = ["root", "destinations", "kind", "id", "tabs", "presentation"]
        var values = [
            "root": #"{"main":{}}"#, "destinations": #"[{"details":{"_0":42}}]"#, "kind": #"{"flow":{}}"#,
            "id": "\"\(flowId)\"", "tabs": "[]", "presentation": #"{"sheet":{}}"#,
        ]
        for (name, value) in members.sorted(by: { $0.key < $1.key }) {
            if values[name] == nil { order.append(name) }
            values[name] = value
        }
        return "{" + order.compactMap { name in values[name].map { "\"\(name)\":\($0)" } }.joined(separator: ",") + "}"
    }

    static func decode(_ text: String) throws -> Navigator {
        try VAPNFixtures.decode(Array(text.utf8))
    }

    static func json(_ bytes: [UInt8]) throws -> NSObject {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) as? NSObject)
    }

    // MARK: the notes' documents

    @Test func theNotesFlowDecodes() throws {
        let flow = try Self.decode(VAPNFixtures.Notes.flow)
        #expect(VAPNFixtures.describe(flow) == """
            flow id=6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11 presentation=sheet tabItem=nil root=main destinations=[details(42)] selectedTab=nil

            """)
    }

    @Test func theNotesTabViewDecodes() throws {
        let tabs = try Self.decode(VAPNFixtures.Notes.tabs)
        #expect(VAPNFixtures.describe(tabs) == """
            tabView id=0A8E5B52-1C3D-4E6F-8A9B-0C1D2E3F4A5B presentation=sheet tabItem=nil root=nil destinations=[] selectedTab=second
              tabs[0]: flow id=1B9F6C63-2D4E-4F70-9BAC-1D2E3F4A5B6C presentation=sheet tabItem=first root=main destinations=[details(42)] selectedTab=nil
              tabs[1]: flow id=2CA07D74-3E5F-4081-ACBD-2E3F4A5B6C7D presentation=sheet tabItem=second root=settings destinations=[details(7)] selectedTab=nil

            """)
        #expect(tabs.selectedTabIndex == 1)
    }

    @Test func theNotesPresentedSheetDecodes() throws {
        let flow = try Self.decode(VAPNFixtures.Notes.flowWithSheet)
        #expect(VAPNFixtures.describe(flow) == """
            flow id=6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11 presentation=sheet tabItem=nil root=main destinations=[details(42)] selectedTab=nil
              navigator: flow id=3DB18E85-4F60-4192-BDCE-3F4A5B6C7D8E presentation=sheet tabItem=nil root=settings destinations=[details(7)] selectedTab=nil

            """)
    }

    /// The fixtures (a), (b), (c) are the notes' documents, value for value, both ways.
    @Test(arguments: [
        (VAPNFixtures.Tree.flow, VAPNFixtures.Notes.flow),
        (.tabs, VAPNFixtures.Notes.tabs),
        (.flowWithSheet, VAPNFixtures.Notes.flowWithSheet),
    ])
    func fixturesAreTheNotesDocuments(tree: VAPNFixtures.Tree, document: String) throws {
        #expect(VAPNFixtures.describe(try Self.decode(document)) == VAPNFixtures.describe(tree.navigator))
        #expect(try Self.json(tree.json) == Self.json(Array(document.utf8)))
    }

    // MARK: what the mirror writes

    /// Every fixture decodes to the tree it was encoded from.
    @Test(arguments: VAPNFixtures.Tree.allCases)
    func everyFixtureRoundTrips(tree: VAPNFixtures.Tree) throws {
        #expect(VAPNFixtures.describe(try VAPNFixtures.decode(tree.json)) == VAPNFixtures.describe(tree.navigator))
    }

    /// The fixture functions are the trees' JSON.
    @Test func fixtureFunctionsAreTheTrees() throws {
        let pairs: [([UInt8], VAPNFixtures.Tree)] = [
            (VAPNFixtures.flow(), .flow), (VAPNFixtures.tabs(), .tabs), (VAPNFixtures.flowWithSheet(), .flowWithSheet),
            (VAPNFixtures.sheetWithCover(), .sheetWithCover), (VAPNFixtures.singleView(), .singleView),
            (VAPNFixtures.tabsWithSheets(), .tabsWithSheets), (VAPNFixtures.tabsNoSelection(), .tabsNoSelection),
            (VAPNFixtures.values(), .values),
        ]
        for (bytes, tree) in pairs {
            #expect(try Self.json(bytes) == Self.json(tree.json), "\(tree)")
        }
    }

    /// Synthesized `Codable` shapes of the values, with `JSONEncoder()`'s escaped slashes.
    @Test func valuesHaveSynthesizedShapes() throws {
        let bytes = VAPNFixtures.values()
        let destinations = try #require((try Self.json(bytes) as? NSDictionary)?["destinations"] as? NSObject)
        #expect(destinations == (try Self.json(Array(#"""
            [{"profile":{"id":7,"name":"Ann"}},{"feature":{"_0":{"item":{"_0":3}}}},{"tags":{"_0":["a","b"]}},{"urlExample":{"_0":"pnav://x/y"}}]
            """#.utf8))))
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""pnav:\/\/x\/y""#))

        let optional = try #require(try Self.json(VAPNFixtures.Tree.optionalValues.json) as? NSDictionary)
        #expect(optional["root"] as? NSObject == (try Self.json(Array(#"{"optionalNote":{}}"#.utf8))))
        #expect(optional["destinations"] as? NSObject == (try Self.json(Array(#"""
            [{"optionalNote":{"_0":"note"}},{"feature":{"_0":{"more":{}}}}]
            """#.utf8))))
    }

    /// Sheet tags, covers and nested presentations; no `root` or `tabItem` on a tab view; a
    /// tab view's own child beside the one inside a tab; uppercase ids.
    @Test func nodesHaveTheLibrarysShapes() throws {
        let cover = try #require(try Self.json(VAPNFixtures.sheetWithCover()) as? NSDictionary)
        let sheet = try #require(cover["navigator"] as? NSDictionary)
        #expect(sheet["presentation"] as? NSObject == (try Self.json(Array(#"{"sheet":{"tag":{"first":{}}}}"#.utf8))))
        let inner = try #require(sheet["navigator"] as? NSDictionary)
        #expect(inner["presentation"] as? NSObject == (try Self.json(Array(#"{"fullScreenCover":{}}"#.utf8))))
        #expect(inner["id"] as? String == "4EC29F96-5071-42A3-8EDF-4A5B6C7D8E9F")

        let tabs = try #require(try Self.json(VAPNFixtures.tabsWithSheets()) as? NSDictionary)
        #expect(tabs["root"] == nil && tabs["tabItem"] == nil)
        #expect((tabs["navigator"] as? NSDictionary)?["root"] as? NSObject == (try Self.json(Array(#"{"settings":{}}"#.utf8))))
        let first = try #require((tabs["tabs"] as? [NSDictionary])?.first)
        #expect((first["navigator"] as? NSDictionary)?["root"] as? NSObject == (try Self.json(Array(#"{"details":{"_0":9}}"#.utf8))))

        let single = try #require(try Self.json(VAPNFixtures.singleView()) as? NSDictionary)
        #expect(single["kind"] as? NSObject == (try Self.json(Array(#"{"singleView":{}}"#.utf8))))
        #expect(single["destinations"] as? [Any] != nil && single["tabs"] as? [Any] != nil)

        let untitled = try #require(try Self.json(VAPNFixtures.tabsNoSelection()) as? NSDictionary)
        #expect(untitled["selectedTab"] == nil)
    }

    // MARK: what the decoder refuses (notes §6)

    enum Kind: String { case keyNotFound, typeMismatch, valueNotFound, dataCorrupted }

    static let refused: [(String, Kind, String)] = [
        (flowDocument(["tabs": nil]), .keyNotFound, "tabs"),
        (flowDocument(["destinations": nil]), .keyNotFound, "destinations"),
        (flowDocument(["presentation": nil]), .keyNotFound, "presentation"),
        (flowDocument(["kind": nil]), .keyNotFound, "kind"),
        (flowDocument(["id": nil]), .keyNotFound, "id"),
        // The library decodes `id` first, then root, destinations, presentation, tabItem, kind, tabs.
        (flowDocument(["id": nil, "tabs": nil]), .keyNotFound, "id"),
        (flowDocument(["kind": nil, "presentation": nil]), .keyNotFound, "presentation"),
        (flowDocument(["root": #"{"nope":{}}"#]), .typeMismatch, "root"),
        (flowDocument(["root": #"{"main":{},"settings":{}}"#]), .typeMismatch, "root"),
        (flowDocument(["root": #"{}"#]), .typeMismatch, "root"),
        (flowDocument(["root": #""main""#]), .typeMismatch, "root"),
        (flowDocument(["destinations": #"[{"main":{}},{"details":{"_0":"42"}}]"#]), .typeMismatch, "destinations[1].details._0"),
        (flowDocument(["destinations": #"[{"details":{}}]"#]), .keyNotFound, "destinations[0].details._0"),
        (flowDocument(["presentation": #"{"popover":{}}"#]), .typeMismatch, "presentation"),
        (flowDocument(["presentation": #"{"sheet":{},"fullScreenCover":{}}"#]), .typeMismatch, "presentation"),
        (flowDocument(["presentation": #"{"sheet":{"tag":{"second":{}}}}"#]), .typeMismatch, "presentation.sheet.tag"),
        (flowDocument(["kind": #"{"stack":{}}"#]), .typeMismatch, "kind"),
        (flowDocument(["tabItem": #"{"third":{}}"#]), .typeMismatch, "tabItem"),
        (flowDocument(["selectedTab": #"{"third":{}}"#]), .typeMismatch, "selectedTab"),
        (flowDocument(["id": #""not-a-uuid""#]), .dataCorrupted, "id"),
        (flowDocument(["id": #""6F1C2E4A0B7D4C559E2A3D8B1F0A9C11""#]), .dataCorrupted, "id"),
        (flowDocument(["id": "42"]), .typeMismatch, "id"),
        (flowDocument(["tabs": "null"]), .valueNotFound, "tabs"),
        (flowDocument(["destinations": "null"]), .valueNotFound, "destinations"),
        (flowDocument(["navigator": flowDocument(["tabs": nil])]), .keyNotFound, "navigator.tabs"),
        (VAPNFixtures.Notes.tabs.replacingOccurrences(of: #"{"details":{"_0":7}}"#, with: #"{"detail":{"_0":7}}"#),
         .typeMismatch, "tabs[1].destinations[0]"),
        ("[]", .typeMismatch, ""),
    ]

    @Test(arguments: refused)
    func theDecoderRefuses(document: String, kind: Kind, path: String) throws {
        let error = try #require(throws: DecodingError.self) { try Self.decode(document) }
        let found: Kind? = switch error {
        case .keyNotFound: .keyNotFound
        case .typeMismatch: .typeMismatch
        case .valueNotFound: .valueNotFound
        case .dataCorrupted: .dataCorrupted
        @unknown default: nil
        }
        #expect(found == kind, "\(error)")
        #expect(VAPNFixtures.codingPath(of: error) == path, "\(error)")
    }

    // MARK: what the decoder accepts (notes §6)

    @Test func nullForOptionalMembersIsAccepted() throws {
        let flow = try Self.decode(Self.flowDocument([
            "root": "null", "tabItem": "null", "selectedTab": "null", "navigator": "null",
        ]))
        #expect(flow.root == nil && flow.tabItem == nil && flow.selectedTab == nil && flow.navigator == nil)
        #expect(flow.destinations == [.details(42)])
        let sheet = try Self.decode(Self.flowDocument(["presentation": #"{"sheet":{"tag":null}}"#]))
        #expect(sheet.presentation == .sheet(tag: nil))
    }

    @Test func unknownMembersAreIgnored() throws {
        let flow = try Self.decode(Self.flowDocument([
            "extra": #"{"nested":[1,{"x":null}]}"#, "zz": "7",
            "navigator": Self.flowDocument(["id": #""3DB18E85-4F60-4192-BDCE-3F4A5B6C7D8E""#, "more": "true"]),
            "destinations": #"[{"details":{"_0":42,"note":"x"}}]"#,
        ]))
        #expect(VAPNFixtures.describe(flow) == """
            flow id=6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11 presentation=sheet tabItem=nil root=main destinations=[details(42)] selectedTab=nil
              navigator: flow id=3DB18E85-4F60-4192-BDCE-3F4A5B6C7D8E presentation=sheet tabItem=nil root=main destinations=[details(42)] selectedTab=nil

            """)
    }

    /// A unit case ignores its payload; the tree is never checked for consistency.
    @Test func junkPayloadsAndInconsistentTreesAreAccepted() throws {
        #expect(try Self.decode(Self.flowDocument(["root": #"{"main":{"x":1}}"#])).root == .main)
        let rootless = try Self.decode(Self.flowDocument(["root": nil]))
        #expect(rootless.kind == .flow && rootless.root == nil)
        let odd = try Self.decode(Self.flowDocument([
            "kind": #"{"singleView":{}}"#, "selectedTab": #"{"second":{}}"#, "tabItem": #"{"first":{}}"#,
        ]))
        #expect(odd.kind == .singleView && odd.destinations == [.details(42)] && odd.selectedTab == .second)
    }

    /// `present(.tabs(...))` over a flow: the library writes a tab view node as the
    /// presented child, and reads it back (routectl cannot show it yet, and must not say that
    /// the app rejects it: issue 34, item 15).
    @Test func aTabViewPresentedAsACoverIsAccepted() throws {
        let tabs = Self.flowDocument([
            "root": nil, "kind": #"{"tabView":{}}"#, "presentation": #"{"fullScreenCover":{}}"#,
            "destinations": "[]", "selectedTab": #"{"second":{}}"#,
            "tabs": "[" + Self.flowDocument(["tabItem": #"{"first":{}}"#]) + "," + Self.flowDocument(["tabItem": #"{"second":{}}"#, "root": #"{"settings":{}}"#]) + "]",
        ])
        let flow = try Self.decode(Self.flowDocument(["navigator": tabs]))
        let child = try #require(flow.navigator)
        #expect(child.kind == .tabView && child.presentation == .fullScreenCover && child.root == nil)
        #expect(child.tabs.map(\.tabItem) == [.first, .second] && child.selectedTabIndex == 1)
    }

    @Test func lowercaseIdsAreAccepted() throws {
        let flow = try Self.decode(Self.flowDocument(["id": "\"\(Self.flowId.lowercased())\""]))
        #expect(flow.id == VAPNFixtures.ID.flow)
        #expect(flow.id.uuidString == Self.flowId)
    }

    // MARK: the tab the library shows (notes §6)

    static func tab(_ item: VAPNMirror.TabTag?, _ root: VAPNMirror.Destination) -> Navigator {
        .flow(root, tabItem: item)
    }

    @Test func theSelectedTabIsTheOneWhoseItemMatches() {
        let tabs = [Self.tab(.first, .main), Self.tab(.second, .settings)]
        #expect(Navigator.tabView(tabs, selectedTab: .second).selectedTabIndex == 1)
        #expect(Navigator.tabView(tabs, selectedTab: .first).selectedTabIndex == 0)
        // Two tabs with one item: the first of them.
        let twice = [Self.tab(nil, .main), Self.tab(.second, .main), Self.tab(.second, .settings)]
        #expect(Navigator.tabView(twice, selectedTab: .second).selectedTabIndex == 1)
    }

    @Test func noSelectedTabIsTheFirstTabWithoutAnItem() {
        let mixed = [Self.tab(.first, .main), Self.tab(nil, .settings), Self.tab(nil, .main)]
        #expect(Navigator.tabView(mixed).selectedTabIndex == 1)
        let tagged = [Self.tab(.first, .main), Self.tab(.second, .settings)]
        #expect(Navigator.tabView(tagged).selectedTabIndex == 0)
        #expect(VAPNFixtures.Tree.tabsNoSelection.navigator.selectedTabIndex == 0)
    }

    @Test func aSelectedTabMatchingNoTabIsTheFirstTab() {
        let tabs = [Self.tab(nil, .main), Self.tab(.first, .settings)]
        #expect(Navigator.tabView(tabs, selectedTab: .second).selectedTabIndex == 0)
        #expect(Navigator.tabView([], selectedTab: .second).selectedTabIndex == nil)
        #expect(Navigator.flow(.main).selectedTabIndex == nil)
    }

    // MARK: the preferences that hold it (Foundation; python3 in VAPNMirrorPlistTests)

    @Test(arguments: [VAPNFixtures.PlistFormat.binary, .xml], VAPNFixtures.StoredAs.allCases)
    func preferencesHoldTheTree(format: VAPNFixtures.PlistFormat, storedAs: VAPNFixtures.StoredAs) throws {
        let json = VAPNFixtures.tabsWithSheets()
        let plist = try VAPNFixtures.plist(value: json, format: format, storedAs: storedAs)
        #expect(plist.starts(with: Array((format.isBinary ? "bplist00" : "<?xml").utf8)))
        let stored = try VAPNFixtures.storedValue(plist: plist, key: VAPNFixtures.sceneKey)
        #expect(stored.json == json)
        #expect(stored.storedAs == storedAs)
        #expect(try VAPNFixtures.describeOtherPreferences(plist: plist) == VAPNFixtures.otherPreferencesDescription)
    }

    @Test func theOtherPreferencesAreOneOfEachType() {
        #expect(VAPNFixtures.otherPreferencesDescription == """
            blob = data(0001feff)
            launches = int(7)
            list = [int(1), string("two"), [real(3.5)]]
            name = string("Zoë — 日本語 😀")
            negative = int(-42)
            nested = {empty: {}, n: int(42), s: string("x")}
            off = bool(false)
            ratio = real(0.1)
            seen = bool(true)
            when = date(1763892000.0)

            """)
    }

    @Test func aKeyThatIsMissingOrNeitherDataNorStringIsNamed() throws {
        let plist = try VAPNFixtures.plist(key: "com.vandrj.navigator", value: VAPNFixtures.flow(), format: .xml)
        #expect(try VAPNFixtures.storedValue(plist: plist, key: "com.vandrj.navigator").storedAs == .data)
        #expect(throws: VAPNFixtures.Failure.self) { try VAPNFixtures.storedValue(plist: plist, key: VAPNFixtures.sceneKey) }
        #expect(throws: VAPNFixtures.Failure.self) { try VAPNFixtures.storedValue(plist: plist, key: "launches") }
    }
}
