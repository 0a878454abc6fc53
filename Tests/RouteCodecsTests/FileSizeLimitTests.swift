import Testing
import RouteModel
import RouteCodecs
import TestSupport

/// `NavigatorFile.encode(_:limit:)`: a state about to be written keeps under the size limit by
/// dropping its oldest history, never its current state or newest entry.
@Suite(.tags(.unit)) struct FileSizeLimitTests {
    /// A state with `count` pushes recorded, each with a parameter of `valueBytes` bytes.
    static func state(pushes count: Int, valueBytes: Int) throws -> NavigatorState {
        var state = NavigatorState()
        for index in 0..<count {
            let route = try Route(name: "r\(index)", arguments: ["k=" + String(repeating: "v", count: valueBytes)])
            _ = try state.perform(.push(route), at: "2026-11-22T10:00:00Z")
        }
        return state
    }

    @Test func underTheLimitNothingIsDropped() throws {
        var state = try FileSizeLimitTests.state(pushes: 3, valueBytes: 10)
        let (pieces, dropped) = try NavigatorFile.encode(&state, limit: 1 << 20)
        let bytes = Array(pieces.joined())
        #expect(dropped == 0)
        #expect(bytes == NavigatorFile.encode(state))
        #expect(state.history.count == 3)
    }

    @Test func overTheLimitTheOldestEntriesGoUntilItFits() throws {
        var state = try FileSizeLimitTests.state(pushes: 20, valueBytes: 100)
        let full = NavigatorFile.encode(state).count
        let limit = full - 1
        let (pieces, dropped) = try NavigatorFile.encode(&state, limit: limit)
        let bytes = Array(pieces.joined())
        #expect(bytes.count <= limit)
        #expect(dropped >= 1)
        #expect(state.history.count == 20 - dropped)
        let kept = try state.history.entries()
        #expect(kept.last?.seq == 20)
        #expect(kept.first?.seq == dropped + 1)
        // What was written reads back to the same state, and seq goes on from 20.
        var reread = try NavigatorFile.decode(bytes)
        #expect(reread.path == state.path)
        _ = try reread.perform(.pop(1), at: "2026-11-22T10:00:01Z")
        #expect(try reread.history.entries().last?.seq == 21)
    }

    @Test func entriesReadFromAFileAreDroppedByTheirEncodedSize() throws {
        var state = try NavigatorFile.decode(NavigatorFile.encode(try FileSizeLimitTests.state(pushes: 30, valueBytes: 50)))
        _ = try state.perform(.pop(1), at: "2026-11-22T10:00:01Z")
        let limit = NavigatorFile.encode(state).count - 500
        let (pieces, dropped) = try NavigatorFile.encode(&state, limit: limit)
        let bytes = Array(pieces.joined())
        #expect(bytes.count <= limit)
        #expect(bytes.count > limit - 1000, "dropped far more than needed: \(dropped)")
        #expect(try NavigatorFile.decode(bytes).history.count == 31 - dropped)
    }

    @Test func aStateThatCannotFitIsRefused() throws {
        var state = try FileSizeLimitTests.state(pushes: 5, valueBytes: 200)
        let before = state.history.count
        #expect(throws: NavigatorError.self) {
            _ = try NavigatorFile.encode(&state, limit: 600)
        }
        do {
            _ = try NavigatorFile.encode(&state, limit: 600)
        } catch let error as NavigatorError {
            #expect(error.kind == .cannotApply)
            #expect(error.message.hasPrefix("the change would make the file "))
        }
        #expect(state.history.count == before)
    }
}
