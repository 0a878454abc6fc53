import Testing
import TestSupport
import RouteModel

/// A state read in a format that keeps no history (another library's, which has no room for
/// one): changes record nothing, and `history`, `undo` and `redo` are refused saying why, as
/// for a route setting.
@Suite(.tags(.unit)) struct FormatWithoutHistoryTests {
    let stamp = "2026-11-23T10:00:00Z"

    /// A state as a codec of the format `toy`, which keeps no history, records it.
    func foreign() throws -> NavigatorState {
        var state = NavigatorState(initial: try Route("home"))
        state.formatName = "toy"
        state.keepsHistory = false
        try state.perform(.push(Route("details")), at: stamp)
        return state
    }

    @Test func undoAndRedoAreRefusedNamingTheFormatAndChangeNothing() throws {
        for (operation, word) in [(NavigationOperation.undo(1), "undo"), (.redo(1), "redo")] {
            var state = try foreign()
            let error = #expect(throws: NavigatorError.self) { try state.perform(operation, at: stamp) }
            #expect(error?.kind == .cannotApply)
            #expect(error?.fact == .keepsNoHistory(operation: word, format: "toy"))
            #expect(error?.message == "holds a state in the format 'toy', which keeps no history (only routectl's own format does), so there is nothing to \(word)")
            #expect(state.path == "home/details")
            #expect(throws: NavigatorError.self) { try state.apply(operation) }
        }
    }

    @Test func changesRecordNoHistory() throws {
        var state = try foreign()
        try state.perform(.push(Route("more")), at: stamp)
        #expect(state.path == "home/details/more")
        #expect(state.history.count == 0)
    }

    @Test func historyIsRefusedAsForARouteSetting() throws {
        let error = #expect(throws: NavigatorError.self) { try StoredState.navigator(foreign()).history() }
        #expect(error?.kind == .cannotApply)
        #expect(error?.fact == .keepsNoHistory(operation: "history", format: "toy"))
        #expect(error?.message == "holds a state in the format 'toy', which keeps no history (only routectl's own format does), so there is none to show")
    }

    @Test func routectlsOwnStateKeepsHistoryAndUndoes() throws {
        var state = NavigatorState()
        #expect(state.formatName == "routectl" && state.keepsHistory)
        try state.perform(.push(Route("a")), at: stamp)
        try state.perform(.undo(1), at: stamp)
        #expect(state.path == "root")
        #expect(try StoredState.navigator(state).history().count == 2)
    }
}
