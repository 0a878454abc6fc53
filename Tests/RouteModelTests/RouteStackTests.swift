import TestSupport
import Testing
import RouteModel

/// `RouteStack`: one flow's transitions, without any state or file around it.
@Suite(.tags(.unit)) struct NavigationStackTests {
    static func flow(_ root: String, _ pushed: String...) throws -> RouteStack {
        RouteStack(root: try Route(root), pushed: try pushed.map { try Route($0) })
    }

    @Test func pushPutsTheRouteOnTop() throws {
        var flow = try NavigationStackTests.flow("home")
        flow.push(try Route(name: "details", arguments: ["id=42"]))
        #expect(flow.top == (try Route(name: "details", arguments: ["id=42"])))
        #expect(flow.routes.map(\.name) == ["home", "details"])
    }

    @Test func popRemovesFromTheTopAndNeverTheRoot() throws {
        var flow = try NavigationStackTests.flow("home", "a", "b", "c")
        try flow.pop(2)
        #expect(flow == (try NavigationStackTests.flow("home", "a")))
        #expect(throws: NavigatorError.self) { try flow.pop(2) }
        #expect(flow == (try NavigationStackTests.flow("home", "a")))  // nothing popped
        try flow.pop(1)
        #expect(throws: NavigatorError.self) { try flow.pop(1) }
        #expect(throws: NavigatorError.self) { try flow.pop(0) }
        #expect(flow.top.name == "home")
    }

    @Test func popToFindsTheNearestFromTheTopAndCountsTheRoot() throws {
        var flow = try NavigationStackTests.flow("home", "a", "b", "a", "c")
        #expect(try flow.pop(to: "a") == true)
        #expect(flow == (try NavigationStackTests.flow("home", "a", "b", "a")))
        #expect(try flow.pop(to: "a") == false)  // already on top
        #expect(try flow.pop(to: "home") == true)
        #expect(flow.pushed.isEmpty)
        #expect(try flow.pop(to: "home") == false)
        #expect(throws: NavigatorError.self) { _ = try flow.pop(to: "missing") }
    }

    @Test func popToRootAndReplaceSayWhetherTheyChangedAnything() throws {
        var flow = try NavigationStackTests.flow("home", "a")
        #expect(flow.popToRoot() == true)
        #expect(flow.popToRoot() == false)
        #expect(flow.replace(root: try Route("home")) == false)
        #expect(flow.replace(root: try Route("other")) == true)
        flow.push(try Route("x"))
        #expect(flow.replace(root: try Route("other")) == true)  // clears what was pushed
        #expect(flow == (try NavigationStackTests.flow("other")))
    }
}
