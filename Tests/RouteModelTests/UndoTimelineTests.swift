import Testing
import TestSupport
import RouteModel
import JSONText
import PlainText

/// `undo` and `redo` as moves along the changes (issue 17, items 15 and 19), without the file
/// system: the state, its history entries and where each move went.
@Suite(.tags(.unit)) struct UndoTimelineTests {
    let stamp = "2026-11-22T10:00:00Z"

    func pushed(_ names: String..., limit: Int = 1000) throws -> NavigatorState {
        var s = NavigatorState(initial: try Route("r"), historyLimit: limit)
        for name in names { try s.perform(.push(Route(name)), at: stamp) }
        return s
    }

    func refused(_ s: inout NavigatorState, _ operation: NavigationOperation) -> NavigatorError? {
        let before = (s.tree, s.history.count)
        let error = #expect(throws: NavigatorError.self) { try s.perform(operation, at: stamp) }
        #expect(error?.kind == .cannotApply)
        #expect(s.tree == before.0 && s.history.count == before.1, "a refused move changed the state")
        return error
    }

    @Test func undoUndoStepsBackTwoAndRedoRedoForwardTwo() throws {
        var s = try pushed("a", "b", "c")
        try s.perform(.undo(1), at: stamp)
        #expect(s.path == "r/a/b")
        try s.perform(.undo(1), at: stamp)
        #expect(s.path == "r/a")
        try s.perform(.redo(1), at: stamp)
        #expect(s.path == "r/a/b")
        try s.perform(.redo(1), at: stamp)
        #expect(s.path == "r/a/b/c")
        #expect(refused(&s, .redo(1))?.fact == .nothingToRedo(requested: 1, available: 0))
        #expect(try s.history.entries().map(\.to) == [nil, nil, nil, 2, 1, 2, 3])
    }

    @Test func redoEndsWithAnotherChange() throws {
        var s = try pushed("a", "b", "c")
        try s.perform(.undo(2), at: stamp)
        #expect(refused(&s, .redo(3))?.fact == .nothingToRedo(requested: 3, available: 2))
        try s.perform(.push(Route("x")), at: stamp)
        #expect(refused(&s, .redo(1))?.fact == .nothingToRedo(requested: 1, available: 0))
        // Back from x: the state x was pushed on, then the change before it.
        try s.perform(.undo(1), at: stamp)
        #expect(s.path == "r/a")
        try s.perform(.undo(1), at: stamp)
        #expect(s.path == "r")
        try s.perform(.redo(2), at: stamp)
        #expect(s.path == "r/a/x", "redo follows the change made after the undo, not the one undone")
    }

    @Test func undoThenRedoOfTheSameCountIsWhereItStarted() throws {
        for count in 1...4 {
            var s = try pushed("a", "b", "c", "d")
            let end = s.tree
            try s.perform(.undo(count), at: stamp)
            try s.perform(.redo(count), at: stamp)
            #expect(s.tree == end, "undo \(count); redo \(count)")
        }
    }

    @Test func anUndoEntryWithoutToIsAChange() throws {
        var s = try pushed("a", "b")
        // As an older build records its undo: the state before the last change, no `to`.
        s.history = History(try s.history.entries() + [HistoryEntry(seq: 3, at: stamp, op: "undo", args: ["1"], path: "r/a")])
        _ = try s.apply(.pop(1))
        try s.perform(.undo(1), at: stamp)
        #expect(s.path == "r/a/b", "undo takes back the older build's undo, a change")
    }

    @Test func aMoveToAPlaceNoLongerKeptStopsUndoAndRedo() throws {
        var s = try pushed("a", "b", "c", "d", "e", limit: 3)
        try s.perform(.undo(3), at: stamp)
        #expect(s.path == "r/a/b")
        // The undo's own entry pushed out entry 3: where it went (2) is known only by its path.
        #expect(refused(&s, .undo(1))?.fact == .historyTooShort(requested: 1, available: 0))
        #expect(refused(&s, .redo(1))?.fact == .nothingToRedo(requested: 1, available: 0))
        try s.perform(.push(Route("x")), at: stamp)
        try s.perform(.undo(1), at: stamp)
        #expect(s.path == "r/a/b", "the orphan's state is its entry's")
    }

    @Test func historyStartIsTheStateBeforeTheOldestKeptEntry() throws {
        var s = try pushed("a", "b", "c", limit: 2)
        #expect(s.history.validStart == HistoryStart(next: 2, seq: 1, path: "r/a"))
        try s.perform(.undo(2), at: stamp)
        #expect(s.path == "r/a")
        // The undo pushed out entry 2; the start is now what entry 2 recorded.
        #expect(s.history.validStart == HistoryStart(next: 3, seq: 2, path: "r/a/b"))
    }
}
