import Foundation
import Testing
import TestSupport

/// `show` end to end: the built binary on files in a temporary folder.
@Suite(.tags(.endToEnd), .slowLayer) struct ShowCommandTests {
    @Test func missingFileShowsTheDefaultStateAndCreatesNothing() {
        let box = Sandbox()
        let result = box.run("show")
        #expect(result.status == 0)
        // Said on standard error, as for a plist: a mistyped -f shows the fresh state too.
        #expect(result.stderr == "routectl: '\(box.file)' does not exist: this is the fresh state a first change starts from\n")
        #expect(result.stdout == """
            file     \(box.file)
            format   routectl
            initial  root
            path     root

            DEPTH  ROUTE  PARAMS
            0      root

            """)
        #expect(box.contents() == nil)
        #expect(box.listing().isEmpty)
    }

    @Test func tableMatchesTheSpecLayout() {
        let box = Sandbox()
        #expect(box.run("init", "--initial", "onboarding").status == 0)
        #expect(box.run("set", "home").status == 0)
        #expect(box.run("push", "details", "id=42").status == 0)
        let result = box.run("show")
        #expect(result.stdout == """
            file     \(box.file)
            format   routectl
            initial  onboarding
            path     home/details?id=42

            DEPTH  ROUTE    PARAMS
            0      home
            1      details  id=42

            """)
    }

    @Test func columnsAlignByDisplayWidth() {
        let box = Sandbox()
        box.run("push", "a", "city=東京")
        box.run("push", "bb", "x=1")
        let lines = box.run("show").stdout.split(separator: "\n")
        #expect(lines.suffix(4) == ["DEPTH  ROUTE  PARAMS", "0      root", "1      a      city=東京", "2      bb     x=1"])
    }

    @Test func pathPrintsOneLineWithPercentEncoding() {
        let box = Sandbox()
        box.run("set", "home")
        box.run("push", "search", "q=a b&c", "lang=é")
        box.run("push", "settings")
        let result = box.run("show", "--path")
        #expect(result.stdout == "home/search?lang=%C3%A9&q=a%20b%26c/settings\n")
        #expect(result.status == 0)
    }

    @Test func jsonHasFixedKeysAndParses() throws {
        let box = Sandbox()
        box.run("init", "--routes", "root,home,details")
        box.run("push", "details", "id=42", "b=2")
        let result = box.run("show", "--json")
        #expect(result.status == 0)
        #expect(result.stdout == """
            {
              "file": "\(box.file)",
              "format": "routectl",
              "initial": {"name": "root"},
              "root": {"name": "root"},
              "stack": [{"name": "details", "params": {"id": "42", "b": "2"}}],
              "presented": [],
              "top": {"name": "details", "params": {"id": "42", "b": "2"}},
              "path": "root/details?b=2&id=42",
              "routes": ["root", "home", "details"]
            }

            """)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["path"] as? String == "root/details?b=2&id=42")
    }

    @Test func neverColoursWhenNotATerminal() {
        let box = Sandbox()
        box.run("push", "a")
        #expect(!box.run("show").stdout.contains("\u{1B}"))
        #expect(!box.run("history").stdout.contains("\u{1B}"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "util-linux 'script' is needed to give routectl a terminal"))
    func coloursOnATerminalUnlessNoColorOrJSON() throws {
        let box = Sandbox()
        box.run("push", "a")
        func onTerminal(_ arguments: String, _ environment: [String: String] = [:]) -> String {
            let command = "\(Routectl.binary) -f \(box.file) \(arguments)"
            return Routectl.run(["-qc", command, "/dev/null"], home: box.folder, environment: environment, executable: "/usr/bin/script").stdout
        }
        #expect(onTerminal("show").contains("\u{1B}[1mDEPTH  ROUTE  PARAMS\u{1B}[0m"))
        #expect(onTerminal("history").contains("\u{1B}[1mSEQ"))
        #expect(!onTerminal("show", ["NO_COLOR": "1"]).contains("\u{1B}"))
        #expect(!onTerminal("show", ["NO_COLOR": ""]).contains("\u{1B}"))
        #expect(!onTerminal("show --no-color").contains("\u{1B}"))
        #expect(!onTerminal("show --json").contains("\u{1B}"))
        #expect(!onTerminal("show", ["TERM": "dumb"]).contains("\u{1B}"))
    }

    @Test func relativeFileIsShownAbsolute() {
        let box = Sandbox()
        let result = Routectl.run(["show", "--json", "-f", "rel.json"], home: box.folder)
        #expect(result.stdout.contains("\"file\": \"/"))
        #expect(result.stdout.contains("rel.json\""))
    }
}
