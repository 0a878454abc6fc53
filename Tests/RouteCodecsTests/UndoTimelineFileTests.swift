import RouteCodecs
import RouteModel
import TestSupport
import Testing

/// Random undo and redo moves, with the state written to the navigator file and read back after
/// each: the file holds what undo and redo reach (issue 17, items 15 and 19).
@Suite(.tags(.fuzz), .slowLayer) struct UndoTimelineFileTests {
    let stamp = "2026-11-22T10:00:00Z"

    /// Random changes, undos and redos, with small history limits: `redo k` right after a
    /// successful `undo k` gives the state back, and the file keeps what undo and redo reach.
    @Test func undoThenRedoRestoresAndTheFileKeepsTheReach() throws {
        let seed = FuzzSettings.seed(for: "UndoTimelineTests")
        var random = FuzzRandom(seed: seed)
        for sequence in 0..<FuzzSettings.cases(200, factor: 1) {
            var s = NavigatorState(initial: try Route("r"), historyLimit: Int.random(in: 1...6, using: &random))
            for step in 0..<30 {
                let context = "seed \(seed), sequence \(sequence), step \(step)"
                let count = Int.random(in: 1...3, using: &random)
                switch Int.random(in: 0..<6, using: &random) {
                case 0, 1: try s.perform(.push(Route(random.pick(["a", "b", "c"]))), at: stamp)
                case 2: _ = try? s.perform(.pop(1), at: stamp)
                case 3: _ = try? s.perform(.redo(count), at: stamp)
                default:
                    let before = s.tree
                    guard (try? s.perform(.undo(count), at: stamp)) != nil else { break }
                    var redone = s
                    if (try? redone.perform(.redo(count), at: stamp)) != nil {
                        #expect(redone.tree == before, "\(context): undo \(count); redo \(count) did not come back")
                    }
                }
                // The file holds what undo and redo reach.
                let back = try NavigatorFile.decode(NavigatorFile.encode(s))
                for probe in 1...3 {
                    var a = s
                    var b = back
                    let undoA = try? a.perform(.undo(probe), at: stamp)
                    let undoB = try? b.perform(.undo(probe), at: stamp)
                    #expect((undoA == nil) == (undoB == nil) && a.tree == b.tree, "\(context): undo \(probe) differs after the file")
                    a = s
                    b = back
                    let redoA = try? a.perform(.redo(probe), at: stamp)
                    let redoB = try? b.perform(.redo(probe), at: stamp)
                    #expect((redoA == nil) == (redoB == nil) && a.tree == b.tree, "\(context): redo \(probe) differs after the file")
                }
            }
        }
    }
}
