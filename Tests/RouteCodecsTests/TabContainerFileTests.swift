import Testing
import RouteCodecs
import RouteModel
import TestSupport

/// Format 2 holds what Part 3 adds to tab containers: presentations over the whole container
/// (`presented` beside `tabs`) and a container that is no route (`"root": null`, each tab with
/// a `root` of its own).
@Suite(.tags(.unit)) struct TabContainerFileTests {
    func roundTrip(_ state: NavigatorState) throws -> NavigatorState {
        let bytes = NavigatorFile.encode(state)
        let back = try NavigatorFile.decode(bytes)
        #expect(NavigatorFile.encode(back) == bytes, "written again, the same bytes")
        return back
    }

    @Test func aCoverOverTheContainerIsKept() throws {
        var state = try NavigatorState.new(
            initial: Route("home"), routes: nil, tabContainers: [TabContainer(declaration: "home=feed,profile")], historyLimit: 10)
        try state.perform(.go(RoutePath(parsing: "home/cover:login/signup/tab:profile/edit")), at: "2026-11-23T00:00:00Z")
        let back = try roundTrip(state)
        #expect(back.tree == state.tree)
        #expect(back.path == "home/cover:login/signup/tab:profile/edit")
        var undone = back
        try undone.perform(.undo(1), at: "2026-11-23T00:00:01Z")
        #expect(undone.path == "home/tab:feed", "undo restores the state before, through the file")
    }

    @Test func aContainerThatIsNoRouteIsKept() throws {
        var state = NavigatorState()
        state.tree = NavigationTree(
            tabs: Tabs([
                RouteTab(name: "first", chain: NavigationChain(base: RouteStack(root: try Route("main"), pushed: [try Route(name: "details", arguments: ["_0:=42"])]))),
                RouteTab(name: "second", chain: NavigationChain(root: try Route("settings"))),
            ], selected: 1),
            presented: [Presentation(.sheet, RouteStack(root: try Route("login")))])
        let text = String(decoding: NavigatorFile.encode(state), as: UTF8.self)
        #expect(text.contains(#""root": null"#), "\(text)")
        #expect(text.contains(#"{"name": "first", "root": {"name": "main"}, "stack": [{"name": "details", "params": {"_0": 42}}]"#), "\(text)")
        let back = try roundTrip(state)
        #expect(back.tree == state.tree)
        #expect(back.tree.rootRoute == nil)
        #expect(back.path == "sheet:login/tab:second/settings")
    }

    /// A tab view in routectl's own file is undone through the file: every change, the last
    /// one a `set` that leaves a plain state (written as format 1), is taken back one by one.
    @Test func aContainerThatIsNoRouteIsUndoneThroughTheFile() throws {
        let text = #"{"format": 2, "initial": {"name": "main"}, "root": null, "stack": [], "presented": [], "tabs": [{"name": "first", "root": {"name": "main"}, "stack": [], "presented": []}, {"name": "second", "root": {"name": "settings"}, "stack": [], "presented": []}], "selectedTab": "first"}"#
        var state = try NavigatorFile.decode(Array(text.utf8))
        var stamp = 0
        func perform(_ operation: NavigationOperation) throws {
            stamp += 1
            state = try NavigatorFile.decode(NavigatorFile.encode(state))
            try state.perform(operation, at: "2026-11-23T00:00:0\(stamp)Z")
        }
        try perform(.go(RoutePath(parsing: "sheet:login/tab:first/main/a")))
        try perform(.selectTab("second"))
        try perform(.set(Route("main")))
        #expect(String(decoding: NavigatorFile.encode(state), as: UTF8.self).hasPrefix("{\n  \"format\": 1,"))
        var paths: [String] = []
        for _ in 0..<3 {
            try perform(.undo(1))
            paths.append(state.path)
        }
        #expect(paths == ["sheet:login/tab:second/settings", "sheet:login/tab:first/main/a", "main"], "the last undo goes back to the fresh state")
        try perform(.redo(2))
        #expect(state.path == "sheet:login/tab:second/settings")
        #expect(state.tree.tabs?.all[0].chain.base.pushed == [try Route("a")], "the other tab too")
    }

    @Test(arguments: [
        (#"{"format": 2, "initial": {"name": "a"}, "root": null}"#, "a \"root\" of null needs \"tabs\""),
        (#"{"format": 2, "initial": {"name": "a"}, "root": null, "tabs": [{"name": "t"}], "selectedTab": "t"}"#, "every tab has a \"root\""),
        (#"{"format": 2, "initial": {"name": "a"}, "root": null, "stack": [{"name": "b"}], "tabs": [{"name": "t", "root": {"name": "m"}}], "selectedTab": "t"}"#, "has no \"stack\""),
        (#"{"format": 2, "initial": {"name": "h"}, "tabContainers": {"h": ["t"]}, "tabs": [{"name": "t", "root": {"name": "m"}}], "selectedTab": "t"}"#, "only when the state's \"root\" is null"),
        (#"{"format": 2, "initial": {"name": "a"}, "root": null, "tabs": [{"name": "t", "root": {"name": "m"}}, {"name": "t", "root": {"name": "n"}}], "selectedTab": "t"}"#, "duplicate tab"),
    ])
    func inconsistentTabViewsAreRefused(_ text: String, _ reason: String) {
        let error = #expect(throws: NavigatorError.self) { try NavigatorFile.decode(Array(text.utf8)) }
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "")")
    }
}
