import Testing
import TestSupport
import RouteModel
import RouteCodecs

/// Random sequences of every operation, seeded and replayable like the fuzz tests
/// (`ROUTECTL_FUZZ_SEED`, `ROUTECTL_FUZZ_CASES`). After every step: `go` to the state's own path
/// changes nothing; `undo` brings back the state before the step exactly (tabs included); the
/// file reads back equal; a state that uses nothing of Part 2 is written as format 1.
@Suite(.tags(.fuzz), .slowLayer) struct NavigatorPropertyTests {
    static let names = ["home", "feed", "profile", "a", "b", "details", "onboarding"]
    static let values = ["1", "x y", "a/b?c&d=e%", "é", ""]
    static let typed = ["7", "-2.5e3", "true", "false", "null", "\"s\""]

    static func route(_ random: inout FuzzRandom) -> Route {
        let keys = Array(["id", "n", "q"].shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random)))
        let parameters = keys.map { key in
            random.chance(0.4)
                ? try! Route.Parameter(key: key, json: random.pick(typed))
                : try! Route.Parameter(key: key, value: random.pick(values))
        }
        return try! Route(random.pick(names), parameters: parameters)
    }

    static func operation(_ random: inout FuzzRandom, paths: [String]) -> NavigationOperation {
        switch Int.random(in: 0..<14, using: &random) {
        case 0: return .set(random.chance(0.5) ? try! Route("home") : route(&random))
        case 1, 2: return .push(route(&random))
        case 3: return .pop(Int.random(in: 1...3, using: &random))
        case 4: return .popTo(random.pick(names))
        case 5: return .popToRoot
        case 6: return .reset
        case 7: return .present(route(&random), random.chance(0.5) ? .sheet : .cover)
        case 8: return .dismiss
        case 9: return random.chance(0.5) ? .dismissAll : .dismissTo(random.pick(names))
        case 10: return .selectTab(random.pick(["feed", "profile", "settings", "nope"]))
        case 11: return .go(try! RoutePath(parsing: random.pick(paths)))
        case 12: return .redo(Int.random(in: 1...2, using: &random))
        default: return .undo(Int.random(in: 1...3, using: &random))
        }
    }

    @Test func everyStepKeepsTheInvariants() throws {
        let seed = FuzzSettings.seed(for: "NavigatorPropertyTests")
        var random = FuzzRandom(seed: seed)
        let sequences = FuzzSettings.cases(150, factor: 2)
        var steps = 0
        var changes = 0
        for sequence in 0..<sequences {
            let containers = random.chance(0.8) ? [try TabContainer(declaration: "home=feed,profile,settings")] : []
            var state = try NavigatorState.new(
                initial: Route(random.chance(0.3) ? "home" : "onboarding"), routes: nil, tabContainers: containers,
                historyLimit: Int.random(in: 2...8, using: &random))
            var paths = ["home/tab:profile/a/sheet:b", "onboarding/sheet:x?n:=1/cover:y", "a", "home/tab:feed"]
            for step in 0..<40 {
                let context = "seed \(seed), sequence \(sequence), step \(step)"
                let operation = Self.operation(&random, paths: paths)
                let before = state
                let changed: Bool
                do {
                    changed = try state.perform(operation, at: "2026-11-22T10:00:00Z")
                } catch let error as NavigatorError {
                    #expect(state.tree == before.tree && state.history.count == before.history.count, "\(context): \(operation) failed but changed the state")
                    #expect([.cannotApply, .invalidInput].contains(error.kind), "\(context): \(error)")
                    continue
                }
                steps += 1
                // An undo or redo always moves along the changes, even to an equal state.
                let move: Bool
                switch operation {
                case .undo, .redo: move = true
                default: move = false
                }
                #expect(changed == (move || state.tree != before.tree), "\(context): \(operation) said changed=\(changed)")
                #expect(state.history.count == min(before.history.count + (changed ? 1 : 0), state.historyLimit), "\(context)")
                try check(state, context: "\(context) after \(operation)")
                paths.append(state.path)
                guard changed else { continue }
                changes += 1
                // undo after an undo steps further back; after a redo, it is checked by
                // UndoTimelineTests.
                if move { continue }
                var undone = state
                #expect(try undone.perform(.undo(1), at: "2026-11-22T10:00:01Z"), "\(context): undo after \(operation)")
                #expect(undone.tree == before.tree, "\(context): undo after \(operation) did not restore the state")
            }
        }
        print("NavigatorPropertyTests: \(sequences) sequences, \(steps) steps applied, \(changes) changes")
        #expect(changes > sequences * 5, "the generator hardly changes anything")
    }

    /// The invariants of one state.
    func check(_ state: NavigatorState, context: String) throws {
        var copy = state
        #expect(try !copy.apply(.go(RoutePath(parsing: state.path))), "\(context): go to its own path \(state.path) changed it")
        #expect(try RoutePath(parsing: state.path) == RoutePath(state.tree), "\(context): the path does not parse back")
        try state.validate()

        let bytes = NavigatorFile.encode(state)
        let back = try NavigatorFile.decode(bytes)
        #expect(back.tree == state.tree && back.initial == state.initial, "\(context): the file does not read back equal")
        #expect(back.tabContainers == state.tabContainers && back.historyLimit == state.historyLimit, "\(context)")
        #expect(try back.history.entries() == state.history.entries(), "\(context): the history does not read back equal")
        #expect(back.format == (state.isPlain ? 1 : 2), "\(context): format \(back.format) for a state with isPlain=\(state.isPlain)")
        if state.isPlain {
            let text = String(decoding: bytes, as: UTF8.self)
            for key in ["presented", "tabs", "selectedTab", "tabContainers"] {
                #expect(!text.contains("\"\(key)\""), "\(context): a plain state wrote \(key)")
            }
        }
    }
}
