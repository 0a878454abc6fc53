import Foundation
import Testing
import TestSupport

/// VAPersistentNavigator's saved state changed through the binary, end to end: in an app's
/// preferences (binary and XML, written by Foundation and by Python's plistlib, the JSON kept
/// as data or as a string) and in a JSON file of the app's own. Every result is read back with
/// a mirror of the library's own decoder and compared value for value; every refusal leaves
/// the bytes as they were.
@Suite(.tags(.endToEnd), .slowLayer) struct VAPNCommandTests {
    typealias N = VAPNMirror.Navigator
    typealias ID = VAPNFixtures.ID
    static let key = VAPNFixtures.sceneKey

    /// A sandbox whose plist holds `tree` under the scene key.
    static func plistBox(_ tree: VAPNFixtures.Tree, _ format: VAPNFixtures.PlistFormat, _ storedAs: VAPNFixtures.StoredAs = .data) throws -> Sandbox {
        try Sandbox.preferences(key, tree.json, format, storedAs)
    }

    static func run(_ box: Sandbox, _ arguments: String...) -> RunResult {
        box.run(["--key", key] + arguments)
    }

    /// The two tabs of fixture (b), the second holding `second`, the one named selected.
    static func tabs(first: [VAPNMirror.Destination] = [.details(42)], second: [VAPNMirror.Destination] = [.details(7)], selected: VAPNMirror.TabTag = .second, firstChild: N? = nil, over: N? = nil) -> N {
        N.tabView(
            [N.flow(.main, first, tabItem: .first, id: ID.firstTab).presenting(firstChild),
             N.flow(.settings, second, tabItem: .second, id: ID.secondTab)],
            selectedTab: selected, id: ID.tabView).presenting(over)
    }

    @Test(arguments: VAPNFixtures.PlistFormat.allCases, VAPNFixtures.StoredAs.allCases)
    func pushInAnAppsPreferencesIsReadByTheLibrary(_ format: VAPNFixtures.PlistFormat, _ storedAs: VAPNFixtures.StoredAs) throws {
        guard !format.needsPython || VAPNFixtures.python3 != nil else { return }  // see pythonPlistsAreNotSkippedHere
        let box = try Self.plistBox(.tabs, format, storedAs)
        #expect(Self.run(box, "show", "--path").stdout == "tab:second/settings/details?_0:=7\n")
        let pushed = Self.run(box, "push", "details", "_0:=43")
        #expect(pushed.status == 0, "\(pushed.stderr)")
        let back = try VAPNFixtures.decodeFromPlist(path: box.file, key: Self.key)
        #expect(VAPNFixtures.describe(back) == VAPNFixtures.describe(Self.tabs(second: [.details(7), .details(43)])))
        #expect(try VAPNFixtures.storedValue(path: box.file, key: Self.key).storedAs == storedAs, "data stays data, a string a string")
        #expect(box.contents()!.starts(with: Data("bplist00".utf8)) == format.isBinary, "binary stays binary, XML XML")
        #expect(try VAPNFixtures.describeOtherPreferences(path: box.file, key: Self.key) == VAPNFixtures.otherPreferencesDescription)
    }

    @Test(.needsPython3) func pythonPlistsAreNotSkippedHere() throws {
        let box = try Self.plistBox(.tabs, .pythonBinary)
        #expect(Self.run(box, "tab", "first").status == 0)
        #expect(VAPNFixtures.describe(try VAPNFixtures.decodeFromPlist(path: box.file, key: Self.key)) == VAPNFixtures.describe(Self.tabs(selected: .first)))
    }

    @Test(arguments: [VAPNFixtures.PlistFormat.binary, .xml])
    func everyCommandOfPart2WorksOnTheTree(_ format: VAPNFixtures.PlistFormat) throws {
        let box = try Self.plistBox(.tabs, format)
        func check(_ expected: N, _ arguments: String..., line: Int = #line) throws {
            let result = box.run(["--key", Self.key] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let back = try VAPNFixtures.decodeFromPlist(path: box.file, key: Self.key)
            #expect(VAPNFixtures.describe(back, ids: false) == VAPNFixtures.describe(expected, ids: false), "\(arguments)")
        }
        try check(Self.tabs(selected: .first), "tab", "first")
        let cover = N.flow(.settings, presentation: .fullScreenCover, id: UUID())
        try check(Self.tabs(selected: .first, firstChild: cover), "present", "settings", "--cover")
        try check(Self.tabs(selected: .first), "dismiss")
        // Nothing over the tab view (the library shows none): the sheet is the second tab's.
        let login = N.flow(.main, id: UUID())
        let tabs = Self.tabs(second: [])
        try check(N.tabView([tabs.tabs[0], tabs.tabs[1].presenting(login)], selectedTab: .second, id: ID.tabView), "go", "tab:second/settings/sheet:main")
        try check(Self.tabs(first: [], second: []), "reset")
        #expect(Self.run(box, "show", "--path").stdout == "tab:second/settings\n")
        try check(N.flow(.details(5), id: UUID()), "set", "details", "_0:=5")
        let ids = try VAPNFixtures.decodeFromPlist(path: box.file, key: Self.key)
        #expect(ids.id == ID.tabView, "the root node keeps its id when it becomes a flow")
    }

    @Test func idsOfNodesThatStayAreKeptAndNewOnesAreFresh() throws {
        let box = try Self.plistBox(.tabsWithSheets, .binary)
        #expect(Self.run(box, "show", "--path").stdout == "sheet:settings/tab:first/main/details?_0:=42/sheet:details?_0:=9\n")
        #expect(Self.run(box, "push", "main").status == 0, "push goes where the library pushes: on the selected tab's sheet")
        #expect(Self.run(box, "present", "settings").status == 0)
        let back = try VAPNFixtures.decodeFromPlist(path: box.file, key: Self.key)
        #expect(back.id == ID.tabView)
        #expect(back.tabs.map(\.id) == [ID.firstTab, ID.secondTab])
        #expect(back.tabs[0].navigator?.id == ID.tabSheet)
        #expect(back.tabs[0].navigator?.destinations == [.main])
        #expect(back.navigator?.id == ID.sheet)
        let new = try #require(back.tabs[0].navigator?.navigator)
        #expect(![ID.tabView, ID.firstTab, ID.secondTab, ID.tabSheet, ID.sheet].contains(new.id))
        #expect(new.id.uuidString == "\(new.id)".uppercased())
    }

    @Test func theKeyIsFoundByTheLibrarysPrefixAndShowNamesTheFormat() throws {
        let box = try Self.plistBox(.tabs, .binary)
        let show = box.run(["--key", "com.vandrj.navigator", "show"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("key     \(Self.key)\n"), "\(show.stdout)")
        #expect(show.stdout.contains("format  vapn\n"), "\(show.stdout)")
        #expect(!show.stdout.contains("initial"), "the library keeps no initial route")
        let json = box.run(["--key", "com.vandrj.navigator", "show", "--json"])
        #expect(json.stdout.contains(#""format": "vapn""#) && json.stdout.contains(#""root": null"#), "\(json.stdout)")
        #expect(box.run(["--key", "com.vandrj.navigator", "--format", "vapn", "push", "details", "_0:=1"]).status == 0)
        let back = try VAPNFixtures.decodeFromPlist(path: box.file, key: Self.key)
        #expect(VAPNFixtures.describe(back) == VAPNFixtures.describe(Self.tabs(second: [.details(7), .details(1)])))
        let forced = box.run(["--key", Self.key, "--format", "routectl", "show"])
        #expect(forced.status == 65, "\(forced.stderr)")
        #expect(forced.errorLines.first?.hasSuffix("is not in the format 'routectl' (expected routectl's navigator JSON, an object with a \"format\" member)") == true, "\(forced.stderr)")
    }

    /// The library keeps no history: routectl's own record of its changes, empty at first
    /// (issue 37, item 6).
    @Test func historyAndUndoSayTheLibraryKeepsNoneAndNothingIsRecordedYet() throws {
        let box = try Self.plistBox(.flow, .xml)
        let before = box.contents()
        let history = box.run(["--key", Self.key, "history"])
        #expect(history.status == 0 && history.stdout == "SEQ  TIME  OP  ARGS  PATH\n", "\(history.stdout)\(history.stderr)")
        for command in [["undo"], ["redo"]] {
            let result = box.run(["--key", Self.key] + command)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.errorLines.first?.contains("'vapn', which keeps no history, and routectl recorded no change of it") == true, "\(result.stderr)")
            #expect(box.contents() == before)
        }
    }

    @Test(arguments: VAPNFixtures.Tree.allCases)
    func everyFixtureInAJSONFileShowsAndGoesToItsOwnPathUnchanged(_ tree: VAPNFixtures.Tree) throws {
        let box = Sandbox()
        FileManager.default.createFile(atPath: box.file, contents: Data(tree.json))
        let path = box.run("show", "--path")
        #expect(path.status == 0, "\(path.stderr)")
        let before = box.contents()
        let go = box.run("go", String(path.stdout.dropLast()))
        #expect(go.status == 0, "\(go.stderr)")
        #expect(box.contents() == before, "go to the shown path writes nothing")
        let json = box.run("show", "--json")
        #expect(json.status == 0 && json.stdout.contains(#""path": ""#))
    }

    @Test func theValuesOfAnAppsEnumRoundTrip() throws {
        let box = Sandbox()
        FileManager.default.createFile(atPath: box.file, contents: Data(VAPNFixtures.Tree.values.json))
        // JSONEncoder writes an object's members in no fixed order (a Swift dictionary's); the
        // path prints them in one (issue 34, item 4).
        let path = box.run("show", "--path").stdout
        #expect(path.hasPrefix("main/profile?id:=7&name=Ann/"), "\(path)")
        #expect(path.hasSuffix("/feature?_0:=%7B%22item%22%3A%7B%22_0%22%3A3%7D%7D/tags?_0:=%5B%22a%22%2C%22b%22%5D/urlExample?_0=pnav%3A%2F%2Fx%2Fy\n"), "\(path)")
        #expect(box.run("push", "feature", #"_0:={"more":{}}"#).status == 0)
        #expect(box.run("pop").status == 0)
        let back = try VAPNFixtures.decode(Array(box.contents()!))
        #expect(VAPNFixtures.describe(back) == VAPNFixtures.describe(VAPNFixtures.Tree.values.navigator))
    }

    @Test func aSingleViewRefusesPushWithExit1AndNoChange() throws {
        let box = Sandbox()
        FileManager.default.createFile(atPath: box.file, contents: Data(VAPNFixtures.Tree.singleView.json))
        let before = box.contents()
        let result = box.run("push", "details", "_0:=1")
        #expect(result.status == 1)
        #expect(result.errorLines.first?.contains("singleView") == true, "\(result.stderr)")
        #expect(box.contents() == before)
    }

    /// The library's state has no room for deep links: `link add` says so (exit 1) rather than
    /// succeed and keep nothing.
    @Test func linkAddIsRefusedForTheLibraryKeepsNoLinks() throws {
        let box = Sandbox()
        FileManager.default.createFile(atPath: box.file, contents: Data(VAPNFixtures.Tree.tabs.json))
        let before = box.contents()
        let result = box.run("link", "add", "pnav://item/{id}", "tab:first/main/details?_0:={id}")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.errorLines.first?.contains("link") == true, "\(result.stderr)")
        #expect(box.contents() == before)
        #expect(box.run("link", "list").stdout == "URL  PATH\n")
    }

    @Test func aTabTheTabViewDoesNotHaveIsNamedAsTheTabViewsWithItsTabs() throws {
        let box = Sandbox()
        FileManager.default.createFile(atPath: box.file, contents: Data(VAPNFixtures.Tree.tabs.json))
        for command in [["tab", "nope"], ["go", "tab:nope/main"]] {
            let result = box.run(command)
            #expect(result.status == 64, "\(command): \(result.stderr)")
            #expect(result.errorLines.first?.hasSuffix("'nope' is not a tab of the tab view") == true, "\(result.stderr)")
            #expect(result.errorLines.dropFirst().first == "hint: the tab view's tabs are: first, second", "\(result.stderr)")
        }
    }

    /// Completion offers the app's routes only: a tab view keeps no initial route, so the
    /// stand-in that fills its base is no name to offer.
    @Test func completionOffersTheTreesRoutesOnly() throws {
        let box = Sandbox()
        FileManager.default.createFile(atPath: box.file, contents: Data(VAPNFixtures.Tree.tabs.json))
        #expect(box.run("__routes").stdout == "main\ndetails\nsettings\n")
        #expect(box.run("__tabs").stdout == "first\nsecond\n")
    }

    @Test func aTreeTheLibraryWouldRejectIsRefusedWithItsCodingPathAndNoHintToDeleteIt() throws {
        let broken = #"{"destinations":[],"kind":{"tabView":{}},"id":"0A8E5B52-1C3D-4E6F-8A9B-0C1D2E3F4A5B","tabs":[{"root":{"main":{}},"destinations":[{"details":{"_0":42}}],"kind":{"flow":{}},"id":"1B9F6C63-2D4E-4F70-9BAC-1D2E3F4A5B6C","presentation":{"sheet":{}}}],"presentation":{"sheet":{}}}"#
        let box = Sandbox()
        let bytes = try VAPNFixtures.plist(value: Array(broken.utf8), format: .binary)
        FileManager.default.createFile(atPath: box.file, contents: Data(bytes))
        for command in [["show"], ["push", "a"], ["tab", "first"]] {
            let result = box.run(["--key", Self.key] + command)
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(result.errorLines.first?.contains("at tabs[0], no 'tabs'") == true, "\(result.stderr)")
            #expect(!result.stderr.contains("reset"), "no hint that would delete the app's state: \(result.stderr)")
            #expect(box.contents() == Data(bytes))
        }
        let reset = box.run(["--key", Self.key, "reset", "--force"])
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(reset.stderr.contains("<data>"), "the old value is printed before it goes: \(reset.stderr)")
    }
}

/// The same through `--domain` and `--simulator`, with stand-ins for `defaults` and `xcrun`
/// (``DefaultsStandIn``): what the app's `UserDefaults` holds is changed as in a plist file.
@Suite(.tags(.endToEnd), .slowLayer) struct VAPNDomainTests {
    @Test(arguments: [nil, "booted"])
    func aTreeInADomainIsChangedAndReadByTheLibrary(simulator: String?) throws {
        let standIn = DefaultsStandIn()
        let plist = try VAPNFixtures.plist(value: VAPNFixtures.Tree.flowWithSheet.json, format: .binary)
        FileManager.default.createFile(atPath: standIn.plist(), contents: Data(plist))
        let store = ["--domain", DefaultsStandIn.domain] + (simulator.map { ["--simulator", $0] } ?? []) + ["--key", VAPNFixtures.sceneKey]
        let show = standIn.run(store + ["show", "--path"])
        #expect(show.stdout == "main/details?_0:=42/sheet:settings/details?_0:=7\n", "\(show.stderr)")
        let dismiss = standIn.run(store + ["dismiss"])
        #expect(dismiss.status == 0, "\(dismiss.stderr)")
        let back = try VAPNFixtures.decodeFromPlist(path: standIn.plist(), key: VAPNFixtures.sceneKey)
        #expect(VAPNFixtures.describe(back) == VAPNFixtures.describe(VAPNFixtures.Tree.flow.navigator))
        #expect(try VAPNFixtures.describeOtherPreferences(path: standIn.plist(), key: VAPNFixtures.sceneKey) == VAPNFixtures.otherPreferencesDescription)
    }
}

/// The README's VAPN example, from its own script (docs/examples/vapn-plist.py).
@Suite(.tags(.endToEnd), .slowLayer, .needsPython3) struct VAPNReadmeExampleTests {
    @Test func theExampleScriptWritesWhatTheREADMEShows() throws {
        let box = Sandbox()
        let script = Docs.path("docs/examples/vapn-plist.py")
        _ = try VAPNFixtures.runPython("import runpy, sys; sys.argv = [sys.argv[1], sys.argv[2]]; runpy.run_path(sys.argv[0])", [script, box.file])
        let readme = try String(contentsOfFile: Docs.path("README.md"), encoding: .utf8)
        #expect(box.run(["--key", "com.vandrj.navigator", "show", "--path"]).stdout == "tab:second/settings\n")
        for command in [["push", "details", "_0:=7"], ["tab", "first"], ["present", "settings", "--cover"]] {
            let result = box.run(["--key", "com.vandrj.navigator"] + command)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(readme.contains("--key com.vandrj.navigator \(command.joined(separator: " "))\n$ "), "the README runs \(command) and prints nothing")
        }
        let path = box.run(["--key", "com.vandrj.navigator", "show", "--path"]).stdout
        #expect(readme.contains("--key com.vandrj.navigator show --path\n" + path), "the README shows \(path)")
        let back = try VAPNFixtures.decodeFromPlist(path: box.file, key: "com.vandrj.navigatorA1B2")
        #expect(back.tabs[0].navigator?.presentation == .fullScreenCover, "read by the library's decoder")
    }
}
