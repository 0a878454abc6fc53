import Foundation
import Testing
import TestSupport

/// `set`, `push`, `pop` and `reset` end to end.
@Suite(.tags(.endToEnd), .slowLayer) struct ChangeCommandTests {
    @Test func changesPrintNothingAndWriteTheFile() {
        let box = Sandbox()
        for args in [["set", "home"], ["push", "details", "id=42"], ["push", "settings"], ["pop"]] {
            let result = Routectl.run(["-f", box.file] + args, home: box.folder)
            #expect(result.status == 0, "\(args): \(result.stderr)")
            #expect(result.stdout == "" && result.stderr == "")
        }
        let json = box.json()
        #expect(json["format"] as? Int == 1)
        #expect((json["root"] as? [String: Any])?["name"] as? String == "home")
        #expect((json["stack"] as? [[String: Any]])?.count == 1)
        #expect(box.run("show", "--path").stdout == "home/details?id=42\n")
    }

    @Test func jsonAfterAChangePrintsTheStateLikeShow() {
        let box = Sandbox()
        let pushed = box.run("push", "a", "--json")
        #expect(pushed.status == 0)
        #expect(pushed.stdout == box.run("show", "--json").stdout)
    }

    @Test func noOpChangesWriteAndRecordNothing() throws {
        let box = Sandbox()
        box.run("set", "home")
        let before = box.contents()
        let attributes = try FileManager.default.attributesOfItem(atPath: box.file)
        #expect(box.run("set", "home").status == 0)
        #expect(box.run("pop", "--root").status == 0)
        #expect(box.run("pop", "--to", "home").status == 0)
        #expect(box.contents() == before)
        let after = try FileManager.default.attributesOfItem(atPath: box.file)
        #expect(attributes[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int)
        #expect((box.json()["history"] as? [Any])?.count == 1)
    }

    @Test func resetAtTheInitialStateOnAMissingFileCreatesNothing() {
        let box = Sandbox()
        #expect(box.run("reset").status == 0)
        #expect(box.contents() == nil)
    }

    @Test func resetReturnsToInitialAndKeepsHistory() {
        let box = Sandbox()
        box.run("init", "--initial", "onboarding")
        box.run("set", "home")
        box.run("push", "a")
        #expect(box.run("reset").status == 0)
        #expect(box.run("show", "--path").stdout == "onboarding\n")
        #expect((box.json()["history"] as? [Any])?.count == 3)
    }

    @Test func popFailuresExitOneAndChangeNothing() {
        let box = Sandbox()
        box.run("push", "a")
        let before = box.contents()
        let tooMany = box.run("pop", "2")
        #expect(tooMany.status == 1)
        #expect(tooMany.stdout == "")
        #expect(tooMany.errorLines.first == "routectl: cannot pop 2 routes: the stack holds 1")
        let missing = box.run("pop", "--to", "zzz")
        #expect(missing.status == 1)
        #expect(missing.errorLines.first == "routectl: route 'zzz' is not on the stack")
        #expect(box.contents() == before)
        box.run("pop")
        let empty = box.run("pop")
        #expect(empty.status == 1)
        #expect(empty.errorLines.first == "routectl: nothing to pop: the stack is empty")
    }

    @Test func popVariants() {
        let box = Sandbox()
        box.run("set", "home")
        for name in ["a", "b", "a", "c", "d"] { box.run("push", name) }
        #expect(box.run("pop", "2").status == 0)
        #expect(box.run("show", "--path").stdout == "home/a/b/a\n")
        #expect(box.run("pop", "--to", "b").status == 0)
        #expect(box.run("show", "--path").stdout == "home/a/b\n")
        #expect(box.run("pop", "--root").status == 0)
        #expect(box.run("show", "--path").stdout == "home\n")
    }

    @Test func declaredRoutesRefuseOthersWithExit64() {
        let box = Sandbox()
        #expect(box.run("init", "--routes", "root,home,details").status == 0)
        let before = box.contents()
        for args in [["push", "settings"], ["set", "settings"], ["pop", "--to", "settings"]] {
            let result = Routectl.run(["-f", box.file] + args, home: box.folder)
            #expect(result.status == 64, "\(args)")
            #expect(result.errorLines == ["routectl: route 'settings' is not in this file's routes", "hint: allowed routes: root, home, details"])
            #expect(result.stdout == "")
        }
        #expect(box.contents() == before)
        #expect(box.run("push", "details").status == 0)
    }

    @Test func invalidRoutesAndParametersExit64() {
        let box = Sandbox()
        let cases: [([String], String)] = [
            (["push", "9x"], "routectl: invalid route name '9x': it must start with a letter or '_'"),
            (["push", "a", "novalue"], "routectl: invalid parameter 'novalue': expected key=value or key:=<json>"),
            (["push", "a", "k=1", "k=2"], "routectl: duplicate parameter 'k' for route 'a'"),
            (["push", "a", "k=a\nb"], "routectl: value of parameter 'k' holds a control character '\\n'"),
            (["set", String(repeating: "x", count: 65)], "routectl: invalid route name '\(String(repeating: "x", count: 65))': it is longer than 64 characters"),
        ]
        for (args, message) in cases {
            let result = Routectl.run(["-f", box.file] + args, home: box.folder)
            #expect(result.status == 64, "\(args)")
            #expect(result.errorLines.first.map(String.init) == message)
            #expect(result.errorLines.count <= 2)
        }
        #expect(box.contents() == nil)
    }

    @Test func historyRecordsEachChange() throws {
        let box = Sandbox()
        box.run("set", "home")
        box.run("push", "details", "id=42", "note=a b")
        box.run("pop", "--root")
        let table = box.run("history").stdout.split(separator: "\n")
        #expect(table.count == 4)
        #expect(table[0] == "SEQ  TIME                  OP    ARGS                      PATH")
        #expect(table[2].hasSuffix("push  details id=42 'note=a b'  home/details?id=42&note=a%20b"))
        #expect(table[3].hasSuffix("pop   --root                    home"))
        let time = String(table[1].split(separator: " ", omittingEmptySubsequences: true)[1])
        #expect(time.count == 20 && time.hasSuffix("Z") && time.contains("T"))
        let json = try JSONSerialization.jsonObject(with: Data(box.run("history", "--json").stdout.utf8)) as? [[String: Any]]
        #expect(json?.map { $0["seq"] as? Int } == [1, 2, 3])
        #expect(json?[1]["args"] as? [String] == ["details", "id=42", "note=a b"])
        let last = box.run("history", "-n", "1", "--json").stdout
        #expect(last.contains("\"seq\": 3") && !last.contains("\"seq\": 2"))
    }

    @Test func historyIsTrimmedToTheLimitAndSeqKeepsGrowing() throws {
        let box = Sandbox()
        box.run("init", "--history-limit", "3")
        for index in 1...5 { box.run("push", "r\(index)") }
        let entries = box.json()["history"] as? [[String: Any]]
        #expect(entries?.map { $0["seq"] as? Int } == [3, 4, 5])
    }

    @Test func controlCharactersFromAHandEditedHistoryAreShownEscaped() {
        let box = Sandbox()
        box.write(#"{"format": 1, "initial": {"name": "a"}, "history": [{"seq": 1, "at": "\u001b]0;x\u0007", "op": "set\nFAKE", "args": ["a\u001b[2Jb"], "path": "a"}]}"#)
        let result = box.run("history")
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stdout.split(separator: "\n").count == 2)
        #expect(result.stdout.contains("set\\u{a}FAKE"))
    }

    @Test func showQuotesParameterValuesLikeAShell() {
        let box = Sandbox()
        box.run("push", "search", "q=a b", "n=1")
        #expect(box.run("show").stdout.hasSuffix("1      search  n=1 'q=a b'\n"))
    }
}
