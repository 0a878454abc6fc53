import TestSupport
import Testing
import RouteModel

/// Every operation as a pure transition: no file system involved.
@Suite(.tags(.unit)) struct NavigatorStateTests {
    let stamp = "2026-11-22T10:00:00Z"

    func state(_ path: String, initial: String = "onboarding", routes: [String]? = nil) throws -> NavigatorState {
        let parsed = try RoutePath.plainRoutes(path)
        var state = NavigatorState(initial: try Route(initial), routes: routes)
        state.root = parsed[0]
        state.stack = Array(parsed.dropFirst())
        return state
    }

    @Test func newStateIsRootWithEmptyStackAndHistory() {
        let state = NavigatorState()
        #expect(state.path == "root")
        #expect(state.initial == state.root)
        #expect(state.history.count == 0)
        #expect(state.historyLimit == 1000)
    }

    @Test func setMakesRootAndClearsStack() throws {
        var s = try state("home/a/b")
        #expect(try s.apply(.set(Route("profile"))))
        #expect(s.path == "profile")
    }

    @Test func setToTheSameRootWithEmptyStackChangesNothing() throws {
        var s = try state("home")
        #expect(try !s.apply(.set(Route("home"))))
        var withStack = try state("home/a")
        #expect(try withStack.apply(.set(Route("home"))))
        #expect(withStack.path == "home")
        var otherParams = try state("home")
        #expect(try otherParams.apply(.set(Route(name: "home", arguments: ["x=1"]))))
    }

    @Test func pushAppends() throws {
        var s = try state("home")
        #expect(try s.apply(.push(Route(name: "details", arguments: ["id=42"]))))
        #expect(s.path == "home/details?id=42")
        #expect(try s.apply(.push(Route(name: "details", arguments: ["id=42"]))))
        #expect(s.stack.count == 2)
    }

    @Test func popRemovesFromTheTop() throws {
        var s = try state("home/a/b/c")
        #expect(try s.apply(.pop(1)))
        #expect(s.path == "home/a/b")
        #expect(try s.apply(.pop(2)))
        #expect(s.path == "home")
    }

    @Test func popOnAnEmptyStackCannotApply() throws {
        var s = try state("home")
        let error = #expect(throws: NavigatorError.self) { try s.apply(.pop(1)) }
        #expect(error?.kind == .cannotApply)
    }

    @Test func popMoreThanTheStackHoldsChangesNothing() throws {
        var s = try state("home/a")
        let error = #expect(throws: NavigatorError.self) { try s.apply(.pop(2)) }
        #expect(error?.kind == .cannotApply)
        #expect(s.path == "home/a")
    }

    @Test func popZeroIsInvalidInput() throws {
        var s = try state("home/a")
        let error = #expect(throws: NavigatorError.self) { try s.apply(.pop(0)) }
        #expect(error?.kind == .invalidInput)
    }

    @Test func popToFindsTheNearestMatchFromTheTop() throws {
        var s = try state("home/a?n=1/b/a?n=2/c")
        #expect(try s.apply(.popTo("a")))
        #expect(s.path == "home/a?n=1/b/a?n=2")
        #expect(try !s.apply(.popTo("a")))
    }

    @Test func popToTheRootNameClearsTheStack() throws {
        var s = try state("home/a/b")
        #expect(try s.apply(.popTo("home")))
        #expect(s.path == "home")
        #expect(try !s.apply(.popTo("home")))
    }

    @Test func popToAMissingRouteCannotApply() throws {
        var s = try state("home/a")
        let error = #expect(throws: NavigatorError.self) { try s.apply(.popTo("zzz")) }
        #expect(error?.kind == .cannotApply)
        #expect(s.path == "home/a")
    }

    @Test func popToRootClearsTheStackAndIsANoOpWhenEmpty() throws {
        var s = try state("home/a/b")
        #expect(try s.apply(.popToRoot))
        #expect(s.path == "home")
        #expect(try !s.apply(.popToRoot))
    }

    @Test func resetReturnsToInitial() throws {
        var s = try state("home/a", initial: "onboarding")
        #expect(try s.apply(.reset))
        #expect(s.path == "onboarding")
        #expect(try !s.apply(.reset))
    }

    @Test func declaredRoutesRefuseOtherNames() throws {
        var s = try state("home", routes: ["home", "details"])
        let error = #expect(throws: NavigatorError.self) { try s.apply(.push(Route("settings"))) }
        #expect(error?.kind == .invalidInput)
        #expect(error?.message == "route 'settings' is not in this file's routes")
        #expect(throws: NavigatorError.self) { try s.apply(.set(Route("settings"))) }
        #expect(throws: NavigatorError.self) { try s.apply(.popTo("settings")) }
        #expect(try s.apply(.push(Route("details"))))
    }

    @Test func performRecordsOneEntryPerRealChange() throws {
        var s = try state("home")
        #expect(try s.perform(.push(Route(name: "details", arguments: ["id=42"])), at: stamp))
        #expect(try !s.perform(.popTo("details"), at: stamp))
        #expect(try s.perform(.pop(1), at: stamp))
        let entries = try s.history.entries()
        #expect(entries == [
            HistoryEntry(seq: 1, at: stamp, op: "push", args: ["details", "id=42"], path: "home/details?id=42"),
            HistoryEntry(seq: 2, at: stamp, op: "pop", args: ["1"], path: "home"),
        ])
    }

    @Test func historyIsTrimmedButSeqNeverRepeats() throws {
        var s = try state("home")
        s.historyLimit = 3
        for index in 1...5 {
            _ = try s.perform(.push(Route("r\(index)")), at: stamp)
        }
        let entries = try s.history.entries()
        #expect(entries.map(\.seq) == [3, 4, 5])
        #expect(try s.history.entries(last: 2).map(\.seq) == [4, 5])
        #expect(try s.history.entries(last: 0).isEmpty)
        #expect(s.history.lastSeq == 5)
    }

    @Test func operationsRecordTheirArguments() throws {
        #expect(NavigationOperation.pop(2).arguments == ["2"])
        #expect(NavigationOperation.popTo("home").arguments == ["--to", "home"])
        #expect(NavigationOperation.popToRoot.arguments == ["--root"])
        #expect(NavigationOperation.reset.arguments == [])
        #expect(NavigationOperation.popToRoot.name == "pop")
    }

    @Test func newStatesAreChecked() throws {
        #expect(try NavigatorState.new(initial: Route("a"), routes: ["a", "b"], historyLimit: 5).routes == ["a", "b"])
        #expect(throws: NavigatorError.self) { try NavigatorState.new(initial: Route("x"), routes: ["a"], historyLimit: 5) }
        #expect(throws: NavigatorError.self) { try NavigatorState.new(initial: Route("a"), routes: ["a", "a"], historyLimit: 5) }
        #expect(throws: NavigatorError.self) { try NavigatorState.new(initial: Route("a"), routes: ["a", "b c"], historyLimit: 5) }
        #expect(throws: NavigatorError.self) { try NavigatorState.new(initial: Route("a"), routes: nil, historyLimit: 0) }
        var state = NavigatorState()
        state.historyLimit = 0
        #expect(throws: NavigatorError.self) { try state.validate() }
    }
}
