import Testing
import RouteModel
import TestSupport
import JSONText
import PlainText

/// Part 2's transitions as pure functions: presentations, tabs, go and undo, with the edges
/// the spec names. No file system involved.
@Suite(.tags(.unit)) struct NavigatorTransitionTests {
    let stamp = "2026-11-22T10:00:00Z"

    /// A state declaring `home` as a tab container (feed, profile, settings), at `path`.
    func tabbed(_ path: String = "onboarding") throws -> NavigatorState {
        var state = try NavigatorState.new(
            initial: Route("onboarding"), routes: nil,
            tabContainers: [TabContainer(declaration: "home=feed,profile,settings")], historyLimit: 1000)
        _ = try state.apply(.go(RoutePath(parsing: path)))
        return state
    }

    /// A state without tab containers, at `path`.
    func plain(_ path: String) throws -> NavigatorState {
        var state = NavigatorState(initial: try Route("onboarding"))
        _ = try state.apply(.go(RoutePath(parsing: path)))
        return state
    }

    func route(_ name: String, _ parameters: String...) throws -> Route {
        try Route(name: name, arguments: parameters)
    }

    // MARK: Presentations

    @Test func presentStartsANewFlowThatPushAndPopActOn() throws {
        var s = try plain("home/details")
        #expect(try s.apply(.present(route("compose"), .sheet)))
        #expect(try s.apply(.push(route("attachments"))))
        #expect(s.path == "home/details/sheet:compose/attachments")
        #expect(s.top.name == "attachments")
        try s.apply(.pop(1))
        #expect(s.path == "home/details/sheet:compose")
        #expect(s.stack.map(\.name) == ["details"], "the base flow is untouched")
    }

    @Test func popAtAPresentedFlowsRootIsRefusedWithTheStyle() throws {
        var s = try plain("home/details/cover:login")
        let error = cannotApply(&s, .pop(1))
        #expect(error?.fact == .nothingToPop(path: "home/details/cover:login", presentation: .cover))
        #expect(error?.message == "nothing to pop: the cover shows its root")
        var t = try plain("home/sheet:a/b")
        let past = cannotApply(&t, .pop(2))
        #expect(past?.fact == .popPastRoot(requested: 2, pushed: 1, presentation: .sheet))
    }

    @Test func popToAndPopToRootStayInTheTopFlow() throws {
        var s = try plain("home/a/sheet:b/c/d")
        let error = cannotApply(&s, .popTo("a"))
        #expect(error?.fact == .notInFlow(name: "a", path: "home/a/sheet:b/c/d"))
        #expect(try s.apply(.popTo("b")))
        #expect(s.path == "home/a/sheet:b")
        #expect(try !s.apply(.popToRoot))
    }

    @Test func dismissRemovesTheTopPresentationWithWhatIsPushedOnIt() throws {
        var s = try plain("home/sheet:a/b/cover:c/d")
        try s.apply(.dismiss)
        #expect(s.path == "home/sheet:a/b")
        try s.apply(.dismiss)
        #expect(s.path == "home")
    }

    @Test func dismissWithNothingPresentedCannotApply() throws {
        var s = try plain("home/a")
        let error = cannotApply(&s, .dismiss)
        #expect(error?.fact == .nothingPresented(path: "home/a"))
        #expect(try !s.apply(.dismissAll), "dismiss --all with nothing presented is a no-op")
    }

    @Test func dismissAllRemovesEveryPresentation() throws {
        var s = try plain("home/a/sheet:b/cover:c")
        #expect(try s.apply(.dismissAll))
        #expect(s.path == "home/a")
    }

    @Test func dismissToStopsAtTheHighestFlowHoldingTheRoute() throws {
        var s = try plain("home/x/sheet:a/x/cover:b/sheet:c")
        #expect(try s.apply(.dismissTo("x")))
        #expect(s.path == "home/x/sheet:a/x", "the nearest flow from the top holding x")
        #expect(try !s.apply(.dismissTo("a")), "a route already in the top flow is a no-op")
        #expect(try s.apply(.dismissTo("home")))
        #expect(s.path == "home/x", "dismiss --to the base's root dismisses everything")
        #expect(try !s.apply(.dismissTo("home")))
        let error = cannotApply(&s, .dismissTo("zzz"))
        #expect(error?.fact == .notInChain(name: "zzz", path: "home/x"))
    }

    // MARK: Tabs

    @Test func setToATabContainerStartsEveryTabAtItsRootWithTheFirstSelected() throws {
        var s = try tabbed()
        #expect(try s.apply(.set(route("home"))))
        #expect(s.path == "home/tab:feed")
        #expect(s.tree.tabs?.names == ["feed", "profile", "settings"])
        #expect(s.tree.tabs?.all.allSatisfy { $0.chain == NavigationChain(root: try! Route($0.name)) } == true)
        #expect(s.stack.isEmpty && s.top.name == "feed")
        #expect(try !s.apply(.set(route("home"))), "set to the same fresh container is a no-op")
    }

    @Test func eachTabKeepsItsOwnFlows() throws {
        var s = try tabbed("home/tab:feed")
        try s.apply(.push(route("details", "id=42")))
        try s.apply(.selectTab("profile"))
        try s.apply(.present(route("edit"), .sheet))
        #expect(s.path == "home/tab:profile/sheet:edit")
        try s.apply(.selectTab("feed"))
        #expect(s.path == "home/tab:feed/details?id=42")
        try s.apply(.selectTab("profile"))
        #expect(s.path == "home/tab:profile/sheet:edit")
        #expect(try !s.apply(.selectTab("profile")), "tab of the selected tab is a no-op")
    }

    @Test func tabOnARootWithoutTabsCannotApply() throws {
        var s = try tabbed("onboarding/a")
        let error = cannotApply(&s, .selectTab("feed"))
        #expect(error?.fact == .noTabs(root: "onboarding", containers: ["home"]))
    }

    @Test func anUnknownTabIsInvalidInputNamingTheTabs() throws {
        var s = try tabbed("home/tab:feed")
        let error = #expect(throws: NavigatorError.self) { try s.apply(.selectTab("feeed")) }
        #expect(error?.kind == .invalidInput)
        #expect(error?.fact == .unknownTab(name: "feeed", container: "home", tabs: ["feed", "profile", "settings"]))
    }

    @Test func popAtATabsRootAndDismissInATabActOnThatTabOnly() throws {
        var s = try tabbed("home/tab:profile/sheet:edit")
        let error = cannotApply(&s, .pop(1))
        #expect(error?.fact == .nothingToPop(path: "home/tab:profile/sheet:edit", presentation: .sheet))
        try s.apply(.dismiss)
        let atRoot = cannotApply(&s, .pop(1))
        #expect(atRoot?.fact == .nothingToPop(path: "home/tab:profile", presentation: nil), "a tab's root is never popped")
        #expect(try !s.apply(.dismissTo("profile")))
        #expect(try !s.apply(.dismissTo("home")), "nothing presented: dismissing to the container root is a no-op")
        try s.apply(.present(route("a"), .sheet))
        try s.apply(.present(route("b"), .cover))
        #expect(try s.apply(.dismissTo("home")), "the container root sits below the tab's chain: everything is dismissed")
        #expect(s.path == "home/tab:profile")
        #expect(cannotApply(&s, .dismissTo("feed"))?.fact == .notInChain(name: "feed", path: "home/tab:profile"),
            "another tab's root is not in this tab's chain")
    }

    @Test func setFromInsideATabToANonContainerAndBack() throws {
        var s = try tabbed("home/tab:profile/settings/sheet:edit")
        #expect(try s.apply(.set(route("details", "id=1"))))
        #expect(s.path == "details?id=1")
        #expect(s.tree.tabs == nil)
        #expect(try s.apply(.set(route("home"))))
        #expect(s.path == "home/tab:feed", "the container starts afresh: first tab selected")
        #expect(s.tree.tabs?.all.allSatisfy { $0.chain.flows.count == 1 && $0.chain.base.pushed.isEmpty } == true)
    }

    @Test func resetWithSheetsUpInTwoTabs() throws {
        var s = try NavigatorState.new(
            initial: Route("home"), routes: nil,
            tabContainers: [TabContainer(declaration: "home=feed,profile,settings")], historyLimit: 1000)
        try s.apply(.present(route("a"), .sheet))
        try s.apply(.selectTab("profile"))
        try s.apply(.push(route("p")))
        try s.apply(.present(route("b"), .cover))
        #expect(try s.apply(.reset))
        #expect(s.tree == s.startingTree(try route("home")))
        #expect(s.path == "home/tab:feed")
        #expect(try !s.apply(.reset))
    }

    // MARK: go

    @Test func goToTheCurrentPathChangesNothing() throws {
        for path in ["onboarding", "home/tab:settings", "home/tab:feed/a?x=1/sheet:b/c/cover:d", "x?n:=7&s=t/sheet:y"] {
            var s = try tabbed(path)
            #expect(s.path == path)
            #expect(try !s.apply(.go(RoutePath(parsing: s.path))), "\(path)")
        }
    }

    @Test func goKeepsTheOtherTabsWhenTheRootStaysTheContainer() throws {
        var s = try tabbed("home/tab:feed/details")
        try s.apply(.go(RoutePath(parsing: "home/tab:profile/settings")))
        #expect(s.tree.tabs?.all[0].chain.base.pushed.map(\.name) == ["details"])
        #expect(s.path == "home/tab:profile/settings")
        try s.apply(.go(RoutePath(parsing: "other")))
        try s.apply(.go(RoutePath(parsing: "home/tab:profile")))
        #expect(s.tree.tabs?.all[0].chain.base.pushed == [], "the tabs start at their roots when the root changed")
    }

    @Test func goRefusesPathsThatDoNotFitTheDeclarationsAtTheirColumn() throws {
        let s = try tabbed()
        let cases: [(String, String)] = [
            ("home/x", "at column 6, 'home' is a tab container: nothing is pushed on it; follow it with tab:<name>, one of feed, profile, settings"),
            ("sheet:a", "at column 1, the path starts with the root route, not a sheet"),
            ("tab:feed", "at column 1, the path starts with the root route, not a tab"),
            ("home/tab:feeed", "at column 6, 'feeed' is not a tab of 'home'"),
            ("other/tab:feed", "at column 7, 'other' has no tabs"),
            ("home/tab:feed/tab:profile", "at column 15, tab:<name> comes once"),
        ]
        for (path, message) in cases {
            let parsed = try RoutePath(parsing: path)
            let error = #expect(throws: NavigatorError.self) { try s.tree(for: parsed) }
            #expect(error?.kind == .invalidInput)
            #expect(error?.message.contains(message) == true, "\(path): \(error?.message ?? "")")
        }
    }

    @Test func goChecksEveryRouteAgainstTheRouteList() throws {
        var s = NavigatorState(initial: try Route("a"), routes: ["a", "b"])
        let error = #expect(throws: NavigatorError.self) { try s.apply(.go(RoutePath(parsing: "a/b/sheet:c"))) }
        #expect(error?.fact == .routeNotAllowed(name: "c", allowed: ["a", "b"]))
        #expect(s.path == "a")
    }

    // MARK: undo

    @Test func undoRestoresTheWholeStateTabsIncludedAndIsItselfRecorded() throws {
        var s = try tabbed()
        try s.perform(.set(route("home")), at: stamp)
        try s.perform(.push(route("details", "n:=7")), at: stamp)
        try s.perform(.selectTab("profile"), at: stamp)
        try s.perform(.present(route("edit"), .cover), at: stamp)
        let beforeLast = try { var copy = s; _ = try copy.apply(.dismiss); return copy.tree }()
        let atEnd = s.tree
        #expect(try s.perform(.undo(1), at: stamp))
        #expect(s.tree == beforeLast)
        #expect(s.tree.tabs?.all[0].chain.base.pushed.first?.parameters.first?.type == .number)
        #expect(try s.history.entries().last == HistoryEntry(
            seq: 5, at: stamp, op: "undo", args: ["1"], path: "home/tab:profile", tabs: ["feed/details?n:=7", "profile", "settings"], to: 3))
        #expect(try s.perform(.undo(1), at: stamp))
        #expect(s.path == "home/tab:feed/details?n:=7", "a second undo steps back one more change (issue 17, item 19)")
        #expect(try s.perform(.redo(2), at: stamp))
        #expect(s.tree == atEnd, "redo takes both forward again")
        #expect(try s.history.entries().last?.to == 4)
    }

    @Test func undoReachesTheFreshStateWhenHistoryStartsAtSeqOne() throws {
        var s = try tabbed()
        try s.perform(.set(route("home")), at: stamp)
        try s.perform(.push(route("a")), at: stamp)
        #expect(try s.perform(.undo(2), at: stamp))
        #expect(s.tree == s.startingTree(s.initial))
        #expect(try s.history.entries().last?.to == 0, "the fresh state's place is 0")
        let error = cannotApply(&s, .undo(1))
        #expect(error?.fact == .historyTooShort(requested: 1, available: 0))
        #expect(try s.perform(.redo(2), at: stamp))
        #expect(s.path == "home/tab:feed/a")
    }

    /// Issue 17, item 15: the state before the oldest kept entry is kept as the history's start.
    @Test func undoReachesEveryKeptEntryOnceTrimmed() throws {
        var s = NavigatorState(initial: try Route("r"), historyLimit: 3)
        for name in ["a", "b", "c", "d"] { try s.perform(.push(route(name)), at: stamp) }
        #expect(s.history.count == 3)
        #expect(s.history.validStart == HistoryStart(next: 2, seq: 1, path: "r/a"))
        let error = cannotApply(&s, .undo(4))
        #expect(error?.fact == .historyTooShort(requested: 4, available: 3))
        #expect(try s.perform(.undo(3), at: stamp))
        #expect(s.path == "r/a")
    }

    @Test func undoWithNoHistoryAndCountsBelowOne() throws {
        var s = NavigatorState()
        #expect(cannotApply(&s, .undo(1))?.message == "cannot undo 1 change: no recorded change can be undone")
        let error = #expect(throws: NavigatorError.self) { try s.apply(.undo(0)) }
        #expect(error?.kind == .invalidInput)
    }

    /// An undo that lands on a state equal to the current one still moves along the changes,
    /// so it is recorded (issue 17, item 19).
    @Test func undoToAnEqualStateIsRecorded() throws {
        var s = NavigatorState(initial: try Route("r"))
        try s.perform(.push(route("a")), at: stamp)
        try s.perform(.pop(1), at: stamp)
        #expect(try s.perform(.undo(2), at: stamp))
        #expect(s.history.count == 3)
        #expect(try s.history.entries().last?.to == 0)
        #expect(cannotApply(&s, .undo(1))?.fact == .historyTooShort(requested: 1, available: 0))
    }

    // MARK: Declarations and history words

    @Test func tabContainersMustBeInTheRouteList() {
        let error = #expect(throws: NavigatorError.self) {
            try NavigatorState.new(
                initial: Route("home"), routes: ["home", "feed"],
                tabContainers: [TabContainer(declaration: "home=feed,profile")], historyLimit: 10)
        }
        #expect(error?.message == "tab 'profile' is not in the route list")
    }

    @Test func tabDeclarationsAreChecked() {
        for (text, message) in [
            ("home", "expected <container>=<tab>,<tab>..."),
            ("home=", "invalid tab name '': it is empty"),
            ("home=a,a", "tab 'a' is declared twice for 'home'"),
            ("9=a", "invalid tab container name '9'"),
        ] {
            let error = #expect(throws: NavigatorError.self) { try TabContainer(declaration: text) }
            #expect(error?.message.contains(message) == true, "\(text): \(error?.message ?? "")")
        }
    }

    @Test func operationsRecordTheCommandsWords() throws {
        #expect(NavigationOperation.present(try route("a", "n:=1"), .cover).arguments == ["a", "n:=1", "--cover"])
        #expect(NavigationOperation.present(try route("a"), .sheet).arguments == ["a"])
        #expect(NavigationOperation.dismissAll.arguments == ["--all"])
        #expect(NavigationOperation.dismissTo("x").arguments == ["--to", "x"])
        #expect(NavigationOperation.selectTab("feed").name == "tab")
        #expect(NavigationOperation.go(try RoutePath(parsing: "a/b?x=%41")).arguments == ["a/b?x=A"])
        #expect(NavigationOperation.undo(2).arguments == ["2"])
    }
}
