import Foundation
import Testing
import TestSupport

/// `undo` steps back through the changes, `redo` forward again, `init --if-missing` is
/// idempotent, and `undo` reaches every change `history` lists (issue 17, items 15 and 19).
@Suite(.tags(.endToEnd), .slowLayer) struct UndoRedoCommandTests {
    typealias N = NavigatorCommandTests

    func path(_ box: Sandbox) -> String { box.run("show", "--path").stdout }

    func history(_ box: Sandbox) -> [[String: Any]] { (box.json()["history"] as? [[String: Any]]) ?? [] }

    @Test func undoUndoStepsBackTwoAndRedoTakesThemForward() {
        let box = Sandbox()
        N.expectChanges(box, [["set", "home"], ["push", "a"], ["push", "b"]])
        N.expectChanges(box, [["undo"]])
        #expect(path(box) == "home/a\n")
        N.expectChanges(box, [["undo"]])
        #expect(path(box) == "home\n")
        N.expectChanges(box, [["redo"]])
        #expect(path(box) == "home/a\n")
        N.expectChanges(box, [["redo"]])
        #expect(path(box) == "home/a/b\n")
        N.expectRefused(box, ["redo"], 1, "routectl: cannot redo 1 change: there is nothing to redo",
                        hint: .line("hint: redo takes forward what undo took back, until another change; see the changes with: routectl -f \(box.file) history"))
        // Each undo and redo is recorded, with the seq of the change whose state it restored.
        let entries = history(box)
        #expect(entries.map { $0["op"] as? String } == ["set", "push", "push", "undo", "undo", "redo", "redo"])
        #expect(entries.map { $0["to"] as? Int } == [nil, nil, nil, 2, 1, 2, 3])
        #expect(N.format(box) == 1)
    }

    @Test func redoCountsAndStopsAtAnotherChange() {
        let box = Sandbox()
        N.expectChanges(box, [["push", "a"], ["push", "b"], ["push", "c"], ["undo", "3"]])
        #expect(path(box) == "root\n")
        N.expectRefused(box, ["redo", "4"], 1, "routectl: cannot redo 4 changes: only 3 can be redone",
                        hint: .line("hint: redo takes forward what undo took back, until another change; see the changes with: routectl -f \(box.file) history"))
        N.expectChanges(box, [["redo", "2"]])
        #expect(path(box) == "root/a/b\n")
        N.expectChanges(box, [["undo"]])
        #expect(path(box) == "root/a\n")
        // Another change: what was undone is gone for redo, and undo steps back past it.
        N.expectChanges(box, [["push", "x"]])
        N.expectRefused(box, ["redo"], 1, "routectl: cannot redo 1 change: there is nothing to redo",
                        hint: .line("hint: redo takes forward what undo took back, until another change; see the changes with: routectl -f \(box.file) history"))
        N.expectChanges(box, [["undo", "2"]])
        #expect(path(box) == "root\n")
        N.expectRefused(box, ["redo", "0"], 64, "routectl: invalid count '0' for 'redo': expected a whole number >= 1")
    }

    /// An undo entry written by an older build (no "to") is a change like any other.
    @Test func anOlderBuildsUndoEntryIsAChange() {
        let box = Sandbox()
        box.write("""
            {
              "format": 1,
              "initial": {"name": "root"},
              "root": {"name": "root"},
              "stack": [{"name": "a"}, {"name": "b"}],
              "historyLimit": 1000,
              "history": [
                {"seq": 1, "at": "2026-11-22T10:00:00Z", "op": "push", "args": ["a"], "path": "root/a"},
                {"seq": 2, "at": "2026-11-22T10:00:01Z", "op": "push", "args": ["b"], "path": "root/a/b"},
                {"seq": 3, "at": "2026-11-22T10:00:02Z", "op": "undo", "args": ["1"], "path": "root/a"},
                {"seq": 4, "at": "2026-11-22T10:00:03Z", "op": "undo", "args": ["1"], "path": "root/a/b"}
              ]
            }

            """)
        N.expectRefused(box, ["redo"], 1, "routectl: cannot redo 1 change: there is nothing to redo",
                        hint: .line("hint: redo takes forward what undo took back, until another change; see the changes with: routectl -f \(box.file) history"))
        N.expectChanges(box, [["undo"]])
        #expect(path(box) == "root/a\n")
        N.expectChanges(box, [["undo"]])
        #expect(path(box) == "root/a/b\n")
        // Changes 4, 3, 2 and 1 lie behind: two more steps back is the fresh state.
        N.expectChanges(box, [["undo", "2"]])
        #expect(path(box) == "root\n")
    }

    // Item 15: history lists 3, and undo reaches back 3.
    @Test func undoReachesEveryChangeHistoryListsOnceTrimmed() {
        let box = Sandbox()
        #expect(box.run("init", "--history-limit", "3").status == 0)
        N.expectChanges(box, [["push", "p1"], ["push", "p2"], ["push", "p3"], ["push", "p4"], ["push", "p5"]])
        let listed = box.run("history").stdout.split(separator: "\n").dropFirst()
        #expect(listed.count == 3)
        N.expectRefused(box, ["undo", "4"], 1, "routectl: cannot undo 4 changes: the history reaches back 3 changes",
                        hint: .line("hint: see what can be undone with: routectl -f \(box.file) history"))
        N.expectChanges(box, [["undo", "3"]])
        #expect(path(box) == "root/p1/p2\n")
        #expect(history(box).map { $0["seq"] as? Int } == [4, 5, 6])
    }

    @Test func initIfMissingCreatesOnlyWhenThereIsNone() {
        let box = Sandbox()
        let first = box.run("init", "--if-missing", "--initial", "home")
        #expect(first.status == 0 && first.stdout == "" && first.stderr == "")
        #expect(path(box) == "home\n")
        N.expectChanges(box, [["push", "a"]])
        let before = box.contents()
        let second = box.run("init", "--if-missing", "--initial", "other")
        #expect(second.status == 0 && second.stdout == "" && second.stderr == "")
        #expect(box.contents() == before)
        #expect(box.listing() == ["navigator.json", "navigator.json.lock"])
        let both = box.run("init", "--if-missing", "--force")
        #expect(both.status == 64)
        #expect(both.errorLines.first == "routectl: options '--if-missing' and '--force' cannot be used together")
        box.write("not json")
        let corrupt = box.run("init", "--if-missing")
        #expect(corrupt.status == 0, "a file is there, valid or not")
        #expect(box.text() == "not json")
    }

    /// On a key: a value there (the app's route setting) is left as it is; a missing key gets
    /// a fresh state, every other key kept.
    @Test func initIfMissingOnAKey() throws {
        let box = Sandbox()
        let plist = box.folder + "/prefs.plist"
        let data = try PropertyListSerialization.data(fromPropertyList: ["route": "home", "launches": 3], format: .binary, options: 0)
        try data.write(to: URL(fileURLWithPath: plist))
        let kept = box.runBare(["-f", plist, "--key", "route", "init", "--if-missing"])
        #expect(kept.status == 0 && kept.stdout == "" && kept.stderr == "", "\(kept.stderr)")
        #expect(box.contents(plist) == data)
        let created = box.runBare(["-f", plist, "--key", "nav", "init", "--if-missing", "--initial", "home"])
        #expect(created.status == 0 && created.stderr == "", "\(created.stderr)")
        #expect(box.runBare(["-f", plist, "--key", "nav", "show", "--path"]).stdout == "home\n")
        #expect(box.runBare(["-f", plist, "--key", "route", "show", "--path"]).stdout == "home\n")
        let again = box.runBare(["-f", plist, "--key", "nav", "init", "--if-missing"])
        #expect(again.status == 0 && again.stderr == "")
    }
}
