import Testing
import RouteModel
import TestSupport

/// A sheet or cover without navigation of its own (FlowStacks' `withNavigation: false`, made by
/// `present --no-navigation`): held by the model, recorded in history's arguments, part of the
/// state's equality, and kept by `go` where the path leaves the presentation as it was (a
/// path does not say it). Pure transitions, no file system.
@Suite(.tags(.unit)) struct PresentationWithoutNavigationTests {
    func route(_ name: String, _ parameters: String...) throws -> Route {
        try Route(name: name, arguments: parameters)
    }

    /// A stack without a root (as FlowStacks' routes are read): `details`, with `home`
    /// presented over it without navigation.
    func stackWithBareSheet() throws -> NavigatorState {
        var state = NavigatorState()
        state.resetRule = .closeToRoots
        state.tree = NavigationTree(stack: [try route("details", "_0:=42")])
        try state.apply(.present(try route("home"), .sheet, withNavigation: false))
        return state
    }

    @Test func presentWithoutNavigationIsHeldAndSaidInHistorysArguments() throws {
        let state = try stackWithBareSheet()
        #expect(state.path == "/details?_0:=42/sheet:home")
        #expect(state.tree.chain.presented.map(\.withNavigation) == [false])
        #expect(state.tree.presentsWithoutNavigation)
        #expect(NavigationOperation.present(try route("home"), .cover, withNavigation: false).arguments == ["home", "--cover", "--no-navigation"])
        #expect(NavigationOperation.present(try route("home"), .sheet).arguments == ["home"], "with navigation by default")
    }

    @Test func withNavigationTakesPartInEquality() throws {
        let bare = Presentation(.sheet, RouteStack(root: try route("home")), withNavigation: false)
        let navigating = Presentation(.sheet, RouteStack(root: try route("home")))
        #expect(bare != navigating)
        #expect(navigating.withNavigation, "a presentation has navigation unless told otherwise")
        #expect(Set([bare, navigating]).count == 2)
    }

    @Test func goToTheSamePathKeepsItAndChangesNothing() throws {
        var state = try stackWithBareSheet()
        #expect(try !state.apply(.go(RoutePath(parsing: state.path))), "the same path: nothing changes")
        #expect(state.tree.chain.presented.map(\.withNavigation) == [false])
        #expect(try state.apply(.go(RoutePath(parsing: "/more/sheet:home"))), "the stack below changed")
        #expect(state.tree.chain.presented.map(\.withNavigation) == [false], "the sheet is still the one read")
        #expect(try state.apply(.go(RoutePath(parsing: "/more/sheet:other"))))
        #expect(state.tree.chain.presented.map(\.withNavigation) == [true], "a new sheet navigates")
    }

    @Test func aTreeWithoutSuchPresentationsSaysSo() throws {
        var state = NavigatorState()
        state.tree = NavigationTree(stack: [])
        #expect(!state.tree.presentsWithoutNavigation)
        try state.apply(.present(try route("home"), .cover))
        #expect(!state.tree.presentsWithoutNavigation)
        try state.apply(.present(try route("more"), .cover, withNavigation: false))
        #expect(state.tree.presentsWithoutNavigation)
        try state.apply(.dismiss)
        #expect(!state.tree.presentsWithoutNavigation)
    }
}
