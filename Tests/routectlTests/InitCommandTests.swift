import Foundation
import Testing
import TestSupport

/// `init` end to end.
@Suite(.tags(.endToEnd), .slowLayer) struct InitCommandTests {
    @Test func createsTheFileWithDefaults() {
        let box = Sandbox()
        let result = box.run("init")
        #expect(result.status == 0 && result.stdout == "" && result.stderr == "")
        #expect(box.text() == """
            {
              "format": 1,
              "initial": {"name": "root"},
              "root": {"name": "root"},
              "stack": [],
              "historyLimit": 1000,
              "history": []
            }

            """)
    }

    @Test func takesInitialRoutesAndLimit() {
        let box = Sandbox()
        #expect(box.run("init", "--initial", "onboarding", "--routes", "onboarding,home", "--history-limit", "5").status == 0)
        let json = box.json()
        #expect((json["initial"] as? [String: Any])?["name"] as? String == "onboarding")
        #expect((json["root"] as? [String: Any])?["name"] as? String == "onboarding")
        #expect(json["routes"] as? [String] == ["onboarding", "home"])
        #expect(json["historyLimit"] as? Int == 5)
    }

    @Test func refusesAnExistingFileWithExitOne() {
        let box = Sandbox()
        box.run("init")
        box.run("push", "a")
        let before = box.contents()
        let result = box.run("init")
        #expect(result.status == 1)
        #expect(result.errorLines == ["routectl: '\(box.file)' already exists", "hint: to start over, keeping the old file beside it, run: routectl -f \(box.file) init --force"])
        #expect(box.contents() == before)
    }

    @Test func forceMovesAValidFileAsideAsOld() throws {
        let box = Sandbox()
        box.run("push", "a")
        let before = box.contents()
        let result = box.run("init", "--force", "--initial", "home")
        #expect(result.status == 0)
        let aside = try #require(box.listing().first { $0.hasPrefix("navigator.json.old-") })
        #expect(result.stderr == "routectl: moved the old file '\(box.file)' aside to '\(box.folder)/\(aside)'\n")
        #expect(box.contents(box.folder + "/" + aside) == before)
        #expect(box.run("show", "--path").stdout == "home\n")
        #expect(aside.range(of: #"^navigator\.json\.old-\d{8}T\d{6}Z$"#, options: .regularExpression) != nil)
    }

    @Test func forceMovesACorruptFileAsideAndQuietSilencesTheNote() throws {
        let box = Sandbox()
        box.write("not json")
        let result = box.run("-q", "init", "--force")
        #expect(result.status == 0 && result.stderr == "")
        let aside = try #require(box.listing().first { $0.hasPrefix("navigator.json.corrupt-") })
        #expect(box.text(box.folder + "/" + aside) == "not json")
    }

    @Test func rejectsBadOptions() {
        let box = Sandbox()
        #expect(box.run("init", "--initial", "9").status == 64)
        #expect(box.run("init", "--routes", "a,b").status == 64)
        #expect(box.run("init", "--history-limit", "many").status == 64)
        #expect(box.contents() == nil)
    }
}
