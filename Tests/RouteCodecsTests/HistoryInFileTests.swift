import RouteCodecs
import RouteModel
import TestSupport
import Testing

/// History entries as the navigator file keeps them, and what undo makes of them.
@Suite(.tags(.unit)) struct HistoryInFileTests {
    func cannotApply(_ state: inout NavigatorState, _ operation: NavigationOperation) -> NavigatorError? {
        let before = state.tree
        let error = #expect(throws: NavigatorError.self) { try state.apply(operation) }
        #expect(error?.kind == .cannotApply)
        #expect(state.tree == before, "a refused operation changed the state")
        return error
    }

    @Test func undoToAnEntryThatDoesNotDescribeAStateCannotApply() throws {
        let entry = #"{"seq": 1, "at": "t", "op": "tab", "args": ["feed"], "path": "home/tab:feed", "tabs": "#
        for (tabs, reason) in [
            (#"["feed/x", "nope"]"#, "tab 'profile' starts with its own route"),
            (#"["feed/x"]"#, "it records 1 tabs, not 2"),
            (#"["feed/x", "profile//y"]"#, "empty segment"),
            (#"["feed/x", "profile"]"#, "its tabs do not match its path"),
        ] {
            let text = #"{"format": 2, "initial": {"name": "home"}, "tabContainers": {"home": ["feed", "profile"]}, "tabs": [{"name": "feed"}, {"name": "profile"}], "selectedTab": "profile", "history": ["#
                + entry + tabs + #"}, {"seq": 2, "at": "t", "op": "tab", "args": ["profile"], "path": "home/tab:profile"}]}"#
            var s = try NavigatorFile.decode(Array(text.utf8))
            let error = cannotApply(&s, .undo(1))
            #expect(error?.message.hasPrefix("cannot undo to the state history entry 1 recorded: ") == true, "\(error?.message ?? "")")
            #expect(error?.message.contains(reason) == true, "\(tabs): \(error?.message ?? "")")
        }
    }
}
