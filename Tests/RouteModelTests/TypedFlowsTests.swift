import RouteModel
import TestSupport
import Testing

/// A state's flows as an app's own types, and the one operation that makes it show a new
/// value of theirs: what SwiftUI's bindings read and set.
@Suite(.tags(.unit)) struct TypedFlowsTests {
    enum Screen: TypedRoute, Hashable {
        case home, list, edit, feed, profile
        case details(Int)
    }

    enum Tab: TypedRoute, Hashable { case feed, profile }

    func state(_ path: String, tabs: Bool = false) throws -> NavigatorState {
        var state = NavigatorState(
            initial: try Route("home"), tabContainers: tabs ? [try TabContainer(declaration: "home=feed,profile")] : [])
        try state.apply(.go(RoutePath(parsing: path)))
        return state
    }

    func routes(_ screens: Screen...) throws -> [Route] { try screens.map { try Route($0) } }

    @Test func aFlowReadsAsScreensUpToTheFirstThatIsNone() throws {
        let tree = try state("home/list/details?_0:=4/sheet:edit/details?_0:=5").tree
        #expect(tree.pushed(as: Screen.self).screens == [.list, .details(4)])
        #expect(tree.pushed(as: Screen.self, level: 1).screens == [.details(5)])
        #expect(tree.pushed(as: Screen.self, level: 2).screens == [])
        #expect(try tree.presented(as: Screen.self, style: .sheet) == .edit)
        #expect(try tree.presented(as: Screen.self, style: .cover) == nil)
        #expect(try tree.presented(as: Screen.self, style: .sheet, level: 1) == nil)
        let odd = try state("home/list/unknown/details?_0:=1").tree.pushed(as: Screen.self)
        #expect(odd.screens == [.list])
        #expect(odd.firstMisfit?.message == "route 'unknown' is not a case of Screen")
    }

    /// On the flow commands act on, going back is a pop and a link a push (each a history entry
    /// as `routectl` writes it); anything else is one `go`.
    @Test func settingAStackIsAPopAPushOrOneGo() throws {
        let tree = try state("home/list/details?_0:=4").tree
        #expect(tree.operation(settingPushed: try routes(.list, .details(4))) == nil)
        #expect(tree.operation(settingPushed: try routes(.list)) == .pop(1))
        #expect(tree.operation(settingPushed: []) == .pop(2))
        #expect(tree.operation(settingPushed: try routes(.list, .details(4), .edit)) == .push(try Route("edit")))
        let swapped = try #require(tree.operation(settingPushed: try routes(.details(4), .list)))
        #expect(swapped == .go(try RoutePath(parsing: "home/details?_0:=4/list")))
        // Under a sheet, the base flow is not the one pop acts on: a go keeps the sheet.
        let sheeted = try state("home/list/sheet:edit").tree
        #expect(sheeted.operation(settingPushed: []) == .go(try RoutePath(parsing: "home/sheet:edit")))
        #expect(sheeted.operation(settingPushed: try routes(.feed), level: 1) == .push(try Route("feed")))
        #expect(sheeted.operation(settingPushed: [], level: 2) == nil)
    }

    /// A stack without a root of its own (TCA's `StackState`, a `[Route]`, a NavigationPath):
    /// the whole stack is the path's, and a go keeps it rootless.
    @Test func aRootlessStackIsSetAsTheAppsArray() throws {
        var state = NavigatorState()
        state.tree = NavigationTree(stack: try routes(.list, .details(4)))
        #expect(state.tree.pushed(as: Screen.self).screens == [.list, .details(4)])
        #expect(state.tree.operation(settingPushed: []) == .pop(2))
        #expect(state.tree.operation(settingPushed: try routes(.list, .details(4), .edit)) == .push(try Route("edit")))
        let swapped = try #require(state.tree.operation(settingPushed: try routes(.details(4), .list)))
        try state.apply(swapped)
        #expect(state.path == "/details?_0:=4/list")
        #expect(state.tree.isRootlessStack)
        let sheet = try #require(state.tree.operation(settingPresented: try Route(Screen.edit), style: .sheet))
        #expect(sheet == .present(try Route("edit"), .sheet))
    }

    @Test func settingAPresentationIsAPresentADismissOrOneGo() throws {
        let plain = try state("home/list").tree
        #expect(plain.operation(settingPresented: try Route(Screen.edit), style: .sheet) == .present(try Route("edit"), .sheet))
        #expect(plain.operation(settingPresented: nil, style: .sheet) == nil)
        let sheeted = try state("home/list/sheet:edit/feed").tree
        #expect(sheeted.operation(settingPresented: try Route(Screen.edit), style: .sheet) == nil)
        #expect(sheeted.operation(settingPresented: nil, style: .sheet) == .dismiss)
        // A sheet's binding set to nil leaves a cover alone.
        #expect(sheeted.operation(settingPresented: nil, style: .cover) == nil)
        #expect(sheeted.operation(settingPresented: try Route(Screen.profile), style: .sheet) == .go(try RoutePath(parsing: "home/list/sheet:profile")))
        let twice = try state("home/sheet:edit/cover:feed").tree
        #expect(twice.operation(settingPresented: nil, style: .sheet) == .go(try RoutePath(parsing: "home")))
        #expect(twice.operation(settingPresented: nil, style: .cover, level: 1) == .dismiss)
    }

    @Test func tabsAreSelectedByTheirCaseAndEachHasItsOwnFlow() throws {
        let state = try state("home/tab:profile/details?_0:=1", tabs: true)
        #expect(try state.tree.selectedTab(as: Tab.self) == .profile)
        #expect(state.tree.operation(selectingTab: "profile") == nil)
        #expect(state.tree.operation(selectingTab: "feed") == .selectTab("feed"))
        #expect(state.tree.pushed(as: Screen.self, tab: "profile").screens == [.details(1)])
        #expect(state.tree.pushed(as: Screen.self, tab: "feed").screens == [])
        #expect(state.tree.operation(settingPushed: [], tab: "profile") == .pop(1))
        // Another tab's flow than the selected one changes by a go, which selects it (a path
        // names the selected tab's flows only); the other tabs keep theirs.
        let other = try #require(state.tree.operation(settingPushed: try routes(.list), tab: "feed"))
        var changed = state
        try changed.apply(other)
        #expect(changed.path == "home/tab:feed/list")
        #expect(changed.tree.pushed(as: Screen.self, tab: "profile").screens == [.details(1)])
        #expect(changed.tree.pushed(as: Screen.self, tab: "feed").screens == [.list])
        #expect(try NavigatorState().tree.selectedTab(as: Tab.self) == nil)
    }
}
