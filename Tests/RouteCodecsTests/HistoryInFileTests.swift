import Foundation
import RouteCodecs
import RouteModel
import TestSupport
import Testing

/// History entries as the navigator file keeps them, and what undo makes of them.
@Suite(.tags(.unit)) struct HistoryInFileTests {
    let stamp = "2026-11-22T10:00:00Z"

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

    /// historyLastSeq: read into the history's last number, written back while no entry holds
    /// it, ignored when an entry's seq is as high, and refused when it is no whole number >= 1.
    @Test func theLastNumberGivenIsKeptUntilAnEntryHoldsIt() throws {
        func file(_ last: String) -> [UInt8] {
            Array((#"{"format": 1, "initial": {"name": "r"}, "historyLastSeq": "# + last
                + #", "history": [{"seq": 2, "at": "t", "op": "push", "args": ["a"], "path": "r/a"}]}"#).utf8)
        }
        let kept = try NavigatorFile.decode(file("5"))
        #expect(kept.history.lastSeq == 5 && kept.history.givenSeq == 5)
        let text = String(decoding: NavigatorFile.encode(kept), as: UTF8.self)
        #expect(text.contains("\"historyLastSeq\": 5,\n  \"history\""), "\(text)")
        let stale = try NavigatorFile.decode(file("2"))
        #expect(stale.history.lastSeq == 2 && stale.history.givenSeq == nil)
        #expect(!String(decoding: NavigatorFile.encode(stale), as: UTF8.self).contains("historyLastSeq"))
        for bad in ["0", "-1", "1.5", "\"5\""] {
            #expect(throws: NavigatorError.self, "\(bad)") { try NavigatorFile.decode(file(bad)) }
        }
    }

    /// The start survives the file: written as historyStart, read back, ignored once stale.
    @Test func theHistoryStartIsKeptInTheFileAndIgnoredWhenStale() throws {
        var s = NavigatorState(initial: try Route("r"), historyLimit: 2)
        for name in ["a", "b", "c"] { try s.perform(.push(Route(name)), at: stamp) }
        let text = String(decoding: NavigatorFile.encode(s), as: UTF8.self)
        #expect(text.contains(#""historyStart": {"next": 2, "seq": 1, "path": "r/a"}"#), "\(text)")
        var back = try NavigatorFile.decode(Array(text.utf8))
        #expect(try back.perform(.undo(2), at: stamp))
        #expect(back.path == "r/a")
        // An older build dropped entry 2 and kept the member as it was: it no longer stands
        // before the oldest entry, so undo reaches one change less, as it did.
        let stale = text.replacingOccurrences(of: #"{"seq": 2, "at": "2026-11-22T10:00:00Z", "op": "push", "args": ["b"], "path": "r/a/b"},"#, with: "")
        #expect(stale != text)
        var old = try NavigatorFile.decode(Array(stale.utf8))
        #expect(old.history.validStart == nil)
        #expect(cannotApply(&old, .undo(1))?.fact == .historyTooShort(requested: 1, available: 0))
    }
}
