import Foundation
import Testing
import TestSupport

/// What VAPersistentNavigator shows of a tab view (issue 34, items 1 and 15): nothing presented
/// over the tab view itself (its view factory attaches sheets and covers to `singleView` and
/// `flow` nodes only, and its `topNavigator` descends into the selected tab), and a tab view
/// presented as a sheet or cover, which it writes itself. Every write is read back with the
/// mirror of the library's decoder.
@Suite(.tags(.endToEnd), .slowLayer) struct VAPNTabViewTests {
    typealias N = VAPNMirror.Navigator
    typealias ID = VAPNFixtures.ID

    static func box(_ bytes: [UInt8]) -> Sandbox {
        let box = Sandbox()
        FileManager.default.createFile(atPath: box.file, contents: Data(bytes))
        return box
    }

    static func back(_ box: Sandbox) throws -> N {
        try VAPNFixtures.decode(Array(try #require(box.contents())))
    }

    /// `go` to a path that presents over the tab view: exit 1 saying why, nothing written, and
    /// a hint whose command presents it in the selected tab, which the app shows.
    @Test func goPresentingOverTheTabViewIsRefusedAndTheHintPresentsInTheTab() throws {
        let box = Self.box(VAPNFixtures.tabs())
        let before = box.contents()
        let result = box.run("go", "cover:main/tab:first/main")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.errorLines.count == 2, "\(result.stderr)")
        #expect(result.errorLines.first == "routectl: VAPersistentNavigator shows nothing presented over its tab view (it presents sheets and covers from a flow only): present it in a tab, after tab:<name> and the tab's routes", "\(result.stderr)")
        #expect(result.errorLines.last == "hint: to present it in the selected tab, as the app does, run: routectl -f \(box.file) go tab:first/main/cover:main", "\(result.stderr)")
        #expect(box.contents() == before)

        let hinted = box.run("go", "tab:first/main/cover:main")
        #expect(hinted.status == 0, "\(hinted.stderr)")
        let back = try Self.back(box)
        #expect(back.navigator == nil)
        #expect(back.selectedTab == .first)
        let cover = try #require(back.tabs[0].navigator)
        #expect(cover.presentation == .fullScreenCover && cover.root == .main && cover.kind == .flow)
    }

    /// A path that keeps a stored child over the tab view as it is (the one `show --path`
    /// prints) is taken; one that changes it is refused.
    @Test func aStoredChildOverTheTabViewIsShownAndKeptButNotChanged() throws {
        let box = Self.box(VAPNFixtures.tabsWithSheets())
        let shown = box.run("show", "--path")
        #expect(shown.stdout == "sheet:settings/tab:first/main/details?_0:=42/sheet:details?_0:=9\n", "\(shown.stderr)")
        let before = box.contents()
        #expect(box.run("go", String(shown.stdout.dropLast())).status == 0)
        #expect(box.contents() == before, "go to the shown path writes nothing")
        let changed = box.run("go", "sheet:settings/details?_0:=1/tab:first/main")
        #expect(changed.status == 1, "\(changed.stderr)")
        #expect(box.contents() == before)
        // Going to the tab alone removes the child the app never shows.
        #expect(box.run("go", "tab:second/settings").status == 0)
        let back = try Self.back(box)
        #expect(back.navigator == nil && back.selectedTab == .second)
    }

    /// `push` and `present` act where the library does: on the top of the selected tab's
    /// chain, never on a child over the tab view (which the app does not show).
    @Test func pushAndPresentActInTheSelectedTabAsTheLibraryDoes() throws {
        let box = Self.box(VAPNFixtures.tabsWithSheets())
        #expect(box.run("push", "main").status == 0)
        #expect(box.run("present", "settings", "--cover").status == 0)
        let back = try Self.back(box)
        #expect(back.navigator?.id == ID.sheet)
        #expect(back.navigator?.destinations == [], "the child over the tab view is untouched")
        let tabSheet = try #require(back.tabs[0].navigator)
        #expect(tabSheet.id == ID.tabSheet && tabSheet.destinations == [.main])
        let cover = try #require(tabSheet.navigator)
        #expect(cover.root == .settings && cover.presentation == .fullScreenCover)
        #expect(box.run("dismiss").status == 0)
        #expect(try Self.back(box).tabs[0].navigator?.navigator == nil, "dismiss closes what present opened")
    }

    /// On a tab view with nothing over it, `present` presents in the selected tab.
    @Test func presentOnATabViewPresentsInTheSelectedTab() throws {
        let box = Self.box(VAPNFixtures.tabs())
        #expect(box.run("present", "main").status == 0)
        let back = try Self.back(box)
        #expect(back.navigator == nil)
        #expect(back.tabs[1].navigator?.root == .main)
        #expect(box.run("show", "--path").stdout == "tab:second/settings/details?_0:=7/sheet:main\n")
    }

    /// `check` names a stored child over the tab view: the app never shows it.
    @Test func checkReportsAChildOverTheTabView() throws {
        let box = Self.box(VAPNFixtures.tabsWithSheets())
        box.write(#"{"routes": ["main", "settings", "details(Int)"]}"#, to: box.folder + "/routectl.json")
        let result = box.run(["--config", box.folder + "/routectl.json", "check"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("navigator: a sheet over the tab view, which VAPersistentNavigator never shows"), "\(result.stdout)")
    }

    // MARK: a tab view presented as a sheet or cover (item 15)

    /// What the library writes for `present(.tabs(...))` over a flow: a tab view node under
    /// `navigator`, presented as a cover.
    static let presentedTabView: N = N.flow(.main, [.details(1)], id: ID.flow).presenting(
        N.tabView(
            [N.flow(.main, tabItem: .first, id: ID.firstTab), N.flow(.settings, tabItem: .second, id: ID.secondTab)],
            selectedTab: .second, presentation: .fullScreenCover, id: ID.tabView))

    /// The app reads it; routectl says plainly that it cannot show it yet, and never hints at
    /// replacing it or says that the app would reject it.
    @Test func aTabViewPresentedAsACoverIsSaidToBeUnshownYetNeverToBeRejected() throws {
        let bytes = VAPNFixtures.encode(Self.presentedTabView)
        _ = try VAPNFixtures.decode(bytes)  // the library reads it
        let box = Self.box(bytes)
        for command in [["show"], ["push", "main"], ["show", "--path"]] {
            let result = box.run(command)
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(result.errorLines.first == "routectl: '\(box.file)' is a VAPersistentNavigator state routectl cannot show yet: at navigator, a tab view presented as a cover (the app shows it; routectl shows tabs only at the top)", "\(result.stderr)")
            #expect(!result.stderr.contains("reject"), "\(result.stderr)")
            #expect(!result.stderr.contains("reset"), "\(result.stderr)")
            #expect(box.contents() == Data(bytes))
        }
    }
}
