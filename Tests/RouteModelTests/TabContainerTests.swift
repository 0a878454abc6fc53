import Testing
import RouteModel
import TestSupport

/// What Part 3 adds to tab containers, for every format: presentations over the whole
/// container, and a container that is no route (VAPersistentNavigator's tab view) whose tabs
/// have roots of their own. Pure transitions, no file system.
@Suite(.tags(.unit)) struct TabContainerTests {
    func route(_ name: String, _ parameters: String...) throws -> Route {
        try Route(name: name, arguments: parameters)
    }

    func tabbed(_ path: String) throws -> NavigatorState {
        var state = try NavigatorState.new(
            initial: Route("onboarding"), routes: nil,
            tabContainers: [TabContainer(declaration: "home=feed,profile")], historyLimit: 1000)
        _ = try state.apply(.go(RoutePath(parsing: path)))
        return state
    }

    /// A tab view with no root: tabs `first` (main) and `second` (settings), `selected` chosen.
    func tabView(selected: Int = 0) throws -> NavigatorState {
        var state = NavigatorState()
        state.tree = NavigationTree(tabs: Tabs([
            RouteTab(name: "first", chain: NavigationChain(root: try route("main"))),
            RouteTab(name: "second", chain: NavigationChain(root: try route("settings"))),
        ], selected: selected))
        state.resetRule = .closeToRoots
        return state
    }

    func go(_ state: inout NavigatorState, _ path: String) throws -> Bool {
        try state.apply(.go(RoutePath(parsing: path)))
    }

    @Test func aCoverOverTheWholeContainerHasAPathAndTakesTheCommands() throws {
        var s = try tabbed("home/tab:profile/edit")
        #expect(try go(&s, "home/cover:login"), "presenting over the container from a path")
        #expect(s.path == "home/cover:login/tab:profile/edit", "the tab below stays as it was")
        #expect(try !go(&s, s.path), "go to the shown path changes nothing")
        try s.apply(.push(route("signup")))
        #expect(s.path == "home/cover:login/signup/tab:profile/edit", "push acts on the cover, on top")
        #expect(s.top == (try route("signup")))
        try s.apply(.selectTab("feed"))
        #expect(s.path == "home/cover:login/signup/tab:feed", "the tab below the cover changes")
        try s.apply(.dismiss)
        #expect(s.path == "home/tab:feed", "once dismissed, commands act on the tab again")
        try s.apply(.push(route("details", "id=1")))
        #expect(s.path == "home/tab:feed/details?id=1")
    }

    @Test func dismissingClosesTheContainersPresentationsAndTheTabs() throws {
        var s = try tabbed("home/tab:feed/sheet:a/cover:b")
        #expect(try go(&s, "home/sheet:x/tab:feed/sheet:a/cover:b"))
        #expect(try s.apply(.dismissTo("a")))
        #expect(s.path == "home/tab:feed/sheet:a", "down through the container's sheet into the tab")
        #expect(try go(&s, "home/sheet:x/tab:feed/sheet:a"))
        #expect(try !s.apply(.dismissTo("x")), "on top already")
        #expect(try s.apply(.dismissTo("feed")))
        #expect(s.path == "home/tab:feed")
        #expect(try go(&s, "home/cover:x/tab:feed/sheet:a"))
        #expect(try s.apply(.dismissAll))
        #expect(s.path == "home/tab:feed", "everything on screen is dismissed")
        #expect(try !s.apply(.dismissAll))
    }

    @Test func aContainerIsNotPushedOn() throws {
        var s = try tabbed("home/tab:feed")
        let error = #expect(throws: NavigatorError.self) { try go(&s, "home/x/tab:feed") }
        #expect(error?.message.contains("at column 6, 'home' is a tab container: nothing is pushed on it") == true, "\(error?.message ?? "")")
        #expect(try go(&s, "home/sheet:x/y/tab:profile/z"))
        #expect(s.path == "home/sheet:x/y/tab:profile/z", "pushed on the container's sheet, then the tab's chain")
    }

    @Test func aTabViewWithoutARootShowsEachTabFromItsOwnRoot() throws {
        var s = try tabView(selected: 1)
        #expect(s.path == "tab:second/settings")
        #expect(s.tree.rootRoute == nil)
        try s.apply(.push(route("details", "_0:=7")))
        #expect(s.path == "tab:second/settings/details?_0:=7")
        #expect(try !go(&s, s.path))
        #expect(try go(&s, "tab:first/main/details?_0:=42"))
        #expect(s.path == "tab:first/main/details?_0:=42")
        #expect(s.tree.tabs?.all[1].chain.base.pushed.map(\.name) == ["details"], "the other tab stays as it was")
        #expect(try go(&s, "cover:login/tab:first/main/details?_0:=42"))
        #expect(s.path == "cover:login/tab:first/main/details?_0:=42")
        #expect(try !go(&s, s.path))
        #expect(s.tree.flowsOnScreen.map(\.place.description) == ["tab first", "cover over tabs"], "no base: the container is no route")
        #expect(s.tree.allRoutes.map(\.name).sorted() == ["details", "details", "login", "main", "settings"])
    }

    @Test func aTabViewPathNamesItsTabsAndTheirRoots() throws {
        var s = try tabView()
        for (path, message) in [
            ("tab:third/main", "at column 1, 'third' is not a tab of the tab view"),
            ("tab:first", "at column 10, tab 'first' is followed by its root route"),
            ("tab:first/sheet:a", "at column 11, tab 'first' is followed by its root route"),
        ] {
            let error = #expect(throws: NavigatorError.self, "\(path)") { try go(&s, path) }
            #expect(error?.message.contains(message) == true, "\(path): \(error?.message ?? "")")
        }
        #expect(try go(&s, "main/x"), "a path with a root replaces the tab view by a flow")
        #expect(s.tree.tabs == nil)
    }

    /// A tab view is no route: a tab it does not have is named as not one of the tab view's,
    /// never of the stand-in that fills its base.
    @Test func aTabTheTabViewDoesNotHaveIsNotATabOfARoute() throws {
        var s = try tabView()
        let error = #expect(throws: NavigatorError.self) { try s.apply(.selectTab("third")) }
        #expect(error?.message == "'third' is not a tab of the tab view", "\(error?.message ?? "")")
        #expect(error?.fact == .unknownTab(name: "third", container: "", tabs: ["first", "second"]))
    }

    /// routectl's own format holds a tab view too (`"root": null`), with history: each entry
    /// records every tab with its name and root, so undo and redo restore the tab view even
    /// from a state that is no longer one.
    @Test func undoAndRedoRestoreATabView() throws {
        var s = try tabView()
        let stamp = "2026-11-23T10:00:00Z"
        try s.perform(.go(RoutePath(parsing: "sheet:login/tab:first/main/a")), at: stamp)
        try s.perform(.dismiss, at: stamp)
        try s.perform(.selectTab("second"), at: stamp)
        try s.perform(.push(route("details", "_0:=7")), at: stamp)
        try s.perform(.set(route("main")), at: stamp)
        var paths = [s.path]
        for _ in 0..<4 {
            try s.perform(.undo(1), at: stamp)
            paths.append(s.path)
            #expect(s.tree.tabs?.all[0].chain.base.routes.map(\.name) == ["main", "a"], "the other tab is restored too")
        }
        #expect(paths == [
            "main", "tab:second/settings/details?_0:=7", "tab:second/settings", "tab:first/main/a",
            "sheet:login/tab:first/main/a",
        ])
        #expect(s.tree.rootRoute == nil && s.tree.tabs?.names == ["first", "second"])
        try s.perform(.redo(3), at: stamp)
        #expect(s.path == "tab:second/settings/details?_0:=7")
        try s.perform(.redo(1), at: stamp)
        #expect(s.path == "main")
    }

    @Test func resetClosesEveryFlowToItsRootAndKeepsTheTabs() throws {
        var s = try tabView()
        _ = try go(&s, "sheet:a/tab:second/settings/details/sheet:b")
        #expect(try s.apply(.reset))
        #expect(s.path == "tab:second/settings", "the selected tab is kept, everything closed")
        #expect(try !s.apply(.reset))
    }

    @Test func presentationsThatStayKeepWhatTheirCodecRead() throws {
        var s = try tabbed("home/tab:feed/sheet:a")
        s.tree.tabs!.selected.chain.presented[0].preserved = Preserved("id-1")
        _ = try go(&s, "home/tab:feed/sheet:a/b")
        #expect(s.tree.tabs!.selected.chain.presented[0].preserved?.payload as? String == "id-1")
        _ = try go(&s, "home/tab:feed/cover:a")
        #expect(s.tree.tabs!.selected.chain.presented[0].preserved == nil, "a cover is not the sheet it replaced")
    }
}

/// A stack without a root of its own (SwiftUI's `NavigationPath`, TCA's and FlowStacks' arrays:
/// the app's root view is its code), written with a leading `/`.
@Suite(.tags(.unit)) struct RootlessStackTests {
    func route(_ name: String, _ parameters: String...) throws -> Route {
        try Route(name: name, arguments: parameters)
    }

    func stack(_ names: String...) throws -> NavigatorState {
        var state = NavigatorState()
        state.tree = NavigationTree(stack: try names.map { try route($0) })
        state.resetRule = .closeToRoots
        return state
    }

    @Test func itsPathStartsWithASlashAndEveryRouteCanBePopped() throws {
        var s = try stack("a", "b")
        #expect(s.path == "/a/b")
        #expect(s.tree.rootRoute == nil && s.tree.isRootlessStack)
        try s.apply(.pop(2))
        #expect(s.path == "/", "the empty stack: the app's root view alone")
        #expect(s.top == Route.noRoute)
        #expect(throws: NavigatorError.self) { try s.apply(.pop(1)) }
        try s.apply(.push(route("details", "_0:=1")))
        try s.apply(.present(route("sheet"), .sheet))
        try s.apply(.push(route("more")))
        #expect(s.path == "/details?_0:=1/sheet:sheet/more")
        #expect(s.tree.flowsOnScreen.map(\.routes.count) == [1, 2], "no stand-in root is shown")
        #expect(s.tree.allRoutes.map(\.name) == ["details", "sheet", "more"])
    }

    @Test func goTakesASlashPathOnlyOnSuchAStack() throws {
        var s = try stack("a")
        #expect(try s.apply(.go(RoutePath(parsing: "/x/cover:y"))))
        #expect(s.path == "/x/cover:y")
        #expect(try !s.apply(.go(RoutePath(parsing: s.path))), "go to the shown path changes nothing")
        #expect(try s.apply(.go(RoutePath(parsing: "/"))))
        #expect(s.path == "/")
        var rooted = NavigatorState(initial: try route("home"))
        let error = #expect(throws: NavigatorError.self) { try rooted.apply(.go(RoutePath(parsing: "/x"))) }
        #expect(error?.message == "invalid path '/x': at column 1, a path starting with '/' is of a stack without a root of its own (the app's root view), and this state has a root: start with it", "\(error?.message ?? "")")
        let tab = #expect(throws: NavigatorError.self) { try s.apply(.go(RoutePath(parsing: "/x/tab:a"))) }
        #expect(tab?.message.contains("a stack without a root has no tabs") == true, "\(tab?.message ?? "")")
    }

    @Test func resetEmptiesTheStackAndDismissesEverything() throws {
        var s = try stack("a", "b")
        try s.apply(.present(route("c"), .cover))
        #expect(try s.apply(.reset))
        #expect(s.path == "/")
    }

    @Test func popToAndDismissToNeverFindTheStandIn() throws {
        var s = try stack("a")
        #expect(throws: NavigatorError.self) { try s.apply(.popTo("")) }
        #expect(throws: NavigatorError.self) { try s.apply(.dismissTo("root")) }
        #expect(try s.apply(.popTo("a")) == false)
    }
}
