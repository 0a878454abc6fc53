import Foundation
import Testing
import TestSupport

/// VAPersistentNavigator's `EmptyTabItemTag` and `EmptySheetTag` (`{}`) in an app's
/// preferences (binary and XML, the JSON as data or as a string) and in a file of the app's
/// own, through the binary: shown, changed, and read back by a mirror of the library's decoder
/// with every empty tag kept.
@Suite(.tags(.endToEnd), .slowLayer) struct VAPNEmptyTagCommandTests {
    typealias N = VAPNMirror.EmptyTagNavigator
    static let empty = VAPNMirror.EmptyTag()

    static func tree(pushed: [VAPNMirror.Destination] = []) -> N {
        N(kind: .tabView, root: nil, tabs: [
            N(kind: .flow, root: .main, destinations: [.details(42)] + pushed, tabItem: empty,
              navigator: nil),
            N(kind: .flow, root: .settings, tabItem: empty, navigator: N(kind: .flow, root: .main, presentation: .sheet(tag: empty))),
        ], selectedTab: empty)
    }

    @Test(arguments: [VAPNFixtures.PlistFormat.binary, .xml], VAPNFixtures.StoredAs.allCases)
    func emptyTagsInAnAppsPreferencesAreShownAndKept(_ format: VAPNFixtures.PlistFormat, _ storedAs: VAPNFixtures.StoredAs) throws {
        let box = try Sandbox.preferences(VAPNFixtures.sceneKey, Self.tree().json, format, storedAs)
        let run = { (arguments: [String]) in box.run(["--key", VAPNFixtures.sceneKey] + arguments) }
        let shown = run(["show", "--path"])
        #expect(shown.status == 0 && shown.stdout == "tab:_0/main/details?_0:=42\n", "\(shown.stdout)\(shown.stderr)")
        let pushed = run(["push", "details", "_0:=7"])
        #expect(pushed.status == 0, "\(pushed.stderr)")
        let back = try N.decode(VAPNFixtures.storedValue(path: box.file).json)
        #expect(back.outline == Self.tree(pushed: [.details(7)]).outline)
        #expect(try VAPNFixtures.storedValue(path: box.file).storedAs == storedAs)
        #expect(try VAPNFixtures.describeOtherPreferences(path: box.file) == VAPNFixtures.otherPreferencesDescription)
        let before = box.contents()
        let tab = run(["tab", "_1"])
        #expect(tab.status == 1, "every tab is tagged {}: the library shows the first: \(tab.stderr)")
        #expect(box.contents() == before)
    }

    @Test func emptyTagsInAFileAreShownAndKept() throws {
        let box = Sandbox(holding: Self.tree().json)
        #expect(box.run("show", "--path").stdout == "tab:_0/main/details?_0:=42\n")
        #expect(box.run("pop").status == 0)
        let back = try N.decode(Array(box.contents()!))
        #expect(back.outline == N(kind: .tabView, root: nil, tabs: [
            N(kind: .flow, root: .main, tabItem: Self.empty),
            N(kind: .flow, root: .settings, tabItem: Self.empty, navigator: N(kind: .flow, root: .main, presentation: .sheet(tag: Self.empty))),
        ], selectedTab: Self.empty).outline)
    }
}
