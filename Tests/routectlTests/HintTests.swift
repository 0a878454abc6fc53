import Foundation
import Testing
import TestSupport

/// What reaches the terminal is what is stored, and every hint that shows a command shows one
/// that works when pasted (issue 8, items 12, 13 and 18).
@Suite(.tags(.endToEnd), .slowLayer) struct HintTests {
    /// Runs the command a hint shows (after "run: "), as a user pasting it into bash would, with
    /// the built routectl standing in for `routectl`.
    static func runHinted(_ hint: Substring, in box: Sandbox) -> RunResult {
        guard let range = hint.range(of: "run: ") else { return RunResult(status: -1, stdout: "", stderr: "no command in \(hint)") }
        var command = String(hint[range.upperBound...])
        if let cut = command.range(of: " (the file is kept") { command = String(command[..<cut.lowerBound]) }
        let script = "routectl() { \"\(Routectl.binary)\" \"$@\"; }; " + command
        return Subprocess.run("/bin/bash", ["--norc", "-c", script], environment: TestEnvironment.make(home: box.folder), in: box.folder)
    }

    /// The hint for an undecided empty stack, pasted into zsh (a Mac's shell) for a file whose
    /// name starts with '=', which zsh reads as a command's path when bare.
    @Test(.enabled(if: Docs.which("zsh") != nil, "needs zsh"))
    func aHintNamingAFileStartingWithEqualsWorksPastedIntoZsh() throws {
        let box = Sandbox()
        let name = "=nav.json"
        box.write("[]", to: box.folder + "/" + name)
        let push = box.runBare(["--no-config", "-f", name, "push", "details"])  // run in the sandbox
        #expect(push.status == 65)
        let hint = try #require(push.errorLines.last)
        let first = try #require(hint.range(of: ", or: ").map { hint[..<$0.lowerBound] })
        let script = "routectl() { \"\(Routectl.binary)\" \"$@\"; }; " + String(first.dropFirst("hint: run: ".count))
        let pasted = Subprocess.run(try #require(Docs.which("zsh")), ["-f", "-c", script], environment: TestEnvironment.make(home: box.folder), in: box.folder)
        #expect(pasted.status == 0, "\(first): \(pasted.stderr)")
        #expect(box.text(box.folder + "/" + name) == #"[{"details":{}}]"#)
    }

    /// A key whose name starts with '-' is given as --key=<name> in a hint: `--key -nav` reads
    /// as an option without its value.
    @Test func aHintNamingAKeyStartingWithADashWorksPasted() throws {
        let box = Sandbox()
        let plist = box.folder + "/prefs.plist"
        let data = try PropertyListSerialization.data(fromPropertyList: ["-nav": "home", "x": 1.5], format: .binary, options: 0)
        try data.write(to: URL(fileURLWithPath: plist))
        let set = box.runBare(["-f", plist, "--key=x", "set", "home"])
        #expect(set.status == 65, "\(set.stderr)")
        let hint = try #require(set.errorLines.last)
        #expect(hint.hasSuffix("for example: routectl -f \(plist) --key=-nav show"), "\(hint)")
        let pasted = HintTests.runHinted(hint[hint.range(of: "example: ")!.upperBound...].reduce(into: "run: ") { $0.append($1) }[...], in: box)
        #expect(pasted.status == 0, "\(hint): \(pasted.stderr)")
        #expect(pasted.stdout.contains("route   home"), "\(pasted.stdout)")
    }

    // Issue 8 item 12: a file name with a newline and an escape sequence never reaches the
    // terminal raw, in the error or in the hint, and the hint still works when pasted.
    @Test func fileNamesWithControlCharactersAreEscapedEverywhere() throws {
        let box = Sandbox()
        let name = box.folder + "/bad\nname\u{1B}[31m.json"
        // A navigator file cut short (one routectl recognizes: a file in no format gets no
        // reset --force hint, issue 34 item 7).
        box.write(#"{"format": 2, "initial": "#, to: name)
        let show = box.runBare(["-f", name, "show"])
        #expect(show.status == 65)
        #expect(show.errorLines.count == 2, "\(show.stderr)")
        #expect(!show.stderr.unicodeScalars.contains { $0.value == 0x1B }, "an escape character reached the terminal")
        #expect(show.errorLines.first?.contains("bad\\nname\\u{1b}[31m.json") == true, "\(show.stderr)")
        let hint = try #require(show.errorLines.last)
        #expect(hint.contains("$'"), "\(hint)")
        let reset = HintTests.runHinted(hint, in: box)
        #expect(reset.status == 0, "the pasted hint failed: \(hint): \(reset.stderr)")
        #expect(box.runBare(["-f", name, "show", "--path"]).stdout == "root\n")
    }

    // Issue 8 item 12: invisible format characters in a parameter are shown escaped in tables.
    @Test func invisibleFormatCharactersAreEscapedInTables() {
        let box = Sandbox()
        #expect(box.run("push", "a", "k=x\u{200B}y\u{202E}z").status == 0)
        let show = box.run("show").stdout
        // Shown as the shell word that gives the value back when pasted.
        #expect(show.contains("$'k=x\\u200by\\u202ez'"), "\(show)")
        #expect(!show.unicodeScalars.contains { $0.value == 0x200B || $0.value == 0x202E })
        let history = box.run("history").stdout
        #expect(!history.unicodeScalars.contains { $0.value == 0x200B || $0.value == 0x202E })
        // Stored as given.
        #expect(box.text().contains("x\u{200B}y\u{202E}z"))
    }

    // Issue 8 item 13: the hint for a file whose name starts with a dash is no usage error.
    @Test func aHintForAFileNamedLikeAnOptionWorksWhenPasted() throws {
        let box = Sandbox()
        box.write(#"{"format": 2, "initial": "#, to: box.folder + "/-dash.json")
        let show = box.runBare(["-f", "./-dash.json", "show"])
        #expect(show.status == 65)
        let hint = try #require(show.errorLines.last)
        #expect(hint == "hint: to move it aside and start fresh, run: routectl -f ./-dash.json reset --force")
        let viaOption = box.runBare(["--file=-dash.json", "show"])
        #expect(viaOption.errorLines.last == hint)
        #expect(HintTests.runHinted(hint, in: box).status == 0)
        #expect(box.runBare(["-f", "./-dash.json", "show", "--path"]).stdout == "root\n")
    }

    // Issue 8 item 13: no `reset --force` hint where it would fail (a FIFO, a device).
    @Test func specialFilesGetNoHintThatWouldFail() {
        let box = Sandbox()
        #expect(mkfifo(box.file, 0o644) == 0)
        for (arguments, status) in [(["-f", box.file, "show"], Int32(73)), (["-f", "/dev/null", "show"], 73), (["-f", box.file, "push", "a"], 73)] {
            let result = box.runBare(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("--force"), "\(arguments): \(result.stderr)")
        }
    }

    // Issue 8 item 18: did-you-mean for route names; the hint for an unknown route stays short.
    @Test func unknownRoutesGetAGuessOrAShortList() {
        let box = Sandbox()
        let routes = ["home"] + (1..<200).map { "screen\($0)" }
        #expect(box.run("init", "--initial", "home", "--routes", routes.joined(separator: ",")).status == 0)
        let typo = box.run("push", "hoem")
        #expect(typo.status == 64)
        #expect(typo.errorLines == ["routectl: route 'hoem' is not in this file's routes", "hint: did you mean 'home'?"])
        let unknown = box.run("set", "zzzzzzzzzz")
        #expect(unknown.status == 64)
        let hint = unknown.errorLines.last ?? ""
        #expect(hint.count <= 100, "\(hint.count) characters: \(hint)")
        #expect(hint == "hint: allowed routes: home, screen1, screen2, screen3, screen4, … (200 in all)")
    }
}
