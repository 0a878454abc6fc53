import Foundation
import Testing
import TestSupport

/// `--help`, `help`, `--version` and usage errors end to end.
@Suite(.tags(.endToEnd), .slowLayer) struct HelpTests {
    @Test func helpListsEveryVisibleCommandAndGlobalOption() {
        let box = Sandbox()
        let result = box.runBare(["--help"])
        #expect(result.status == 0 && result.stderr == "")
        #expect(result.stdout.hasPrefix("OVERVIEW: "))
        // Each as a row of its own (a bare `contains("set")` would also match "reset").
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        for command in ["show", "set", "push", "pop", "reset", "history", "init", "help", "completions", "man"] {
            #expect(rows.contains(command), "\(command)")
        }
        let labels = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for option in ["-f, --file <path>", "--json", "--no-color", "-q, --quiet", "--lock-timeout <seconds>", "-h, --help", "--version"] {
            #expect(labels.contains { $0 == option || $0.hasPrefix(option + "  ") }, "\(option)")
        }
        #expect(!result.stdout.contains("__routes"))
        #expect(box.runBare(["help"]).stdout == result.stdout)
    }

    @Test func commandHelpShowsItsOwnOptions() {
        let box = Sandbox()
        let pop = box.runBare(["help", "pop"])
        #expect(pop.status == 0)
        #expect(pop.stdout.contains("USAGE: routectl pop [<n> | --to <route> | --root]"))
        #expect(pop.stdout.contains("--to <route>"))
        #expect(box.runBare(["pop", "--help"]).stdout == pop.stdout)
        #expect(box.runBare(["push", "-h"]).status == 0)
    }

    @Test func helpTopicsAreCommandNamesEvenAfterDoubleDash() {
        let box = Sandbox()
        let result = box.runBare(["help", "--", "--json"])
        #expect(result.status == 64)
        #expect(result.errorLines.first == "routectl: unknown command '--json'")
    }

    @Test func versionPrintsOneLine() {
        let result = Sandbox().runBare(["--version"])
        // Which version: VersionTests (CHANGELOG.md's newest).
        #expect(result.status == 0 && result.stdout.hasPrefix("routectl ") && result.stdout.filter { $0 == "\n" }.count == 1
            && result.stdout.hasSuffix("\n"))
    }

    @Test func usageErrorsExit64WithOneLineAndAHint() {
        let box = Sandbox()
        let cases: [([String], [String])] = [
            (["shwo"], ["routectl: unknown command 'shwo'", "hint: did you mean 'show'?"]),
            (["show", "--jsn"], ["routectl: unknown option '--jsn'", "hint: did you mean '--json'?"]),
            (["push"], ["routectl: missing argument for 'push'", "hint: usage: routectl push <route> [<key=value> ...]"]),
            (["show", "x"], ["routectl: unexpected argument 'x' for 'show': a state or path goes with --launch-arguments", "hint: to print the launch arguments of that state: routectl show --launch-arguments x"]),
        ]
        for (args, lines) in cases {
            let result = box.runBare(args)
            #expect(result.status == 64, "\(args)")
            #expect(result.stdout == "")
            #expect(result.errorLines.map(String.init) == lines)
        }
    }

    @Test func invalidUTF8ArgumentIsAUsageError() {
        let box = Sandbox()
        let script = #"exec "$0" -f "$1" push "$(printf 'a\377')""#
        let result = Routectl.run(["-c", script, Routectl.binary, box.file], home: box.folder, executable: "/bin/sh")
        #expect(result.status == 64)
        // Issue 8 item 14: reported as exactly that, by position, with the bad byte shown.
        #expect(result.errorLines.first == "routectl: argument 4 is not valid UTF-8: 'a\\xff'", "\(result.stderr)")
        #expect(result.errorLines.count == 2)
        #expect(box.contents() == nil)
        let option = Spawner.routectl([Array("-f".utf8), Array("nav".utf8) + [0xC3], Array("show".utf8)], in: box.folder)
        #expect(option.exitCode == 64)
        #expect(option.stderrText.hasPrefix("routectl: argument 2 is not valid UTF-8: 'nav\\xc3'\n"), "\(option.stderrText)")
        let huge = Spawner.routectl([Array("push".utf8), [UInt8](repeating: 0xFF, count: 100_000)], in: box.folder)
        #expect(huge.exitCode == 64)
        let first = huge.stderrText.split(separator: "\n").first ?? ""
        #expect(first.hasPrefix("routectl: argument 2 is not valid UTF-8: '\\xff") && first.hasSuffix("…'") && first.count < 900, "\(first.prefix(300))")
    }

    // Issue 8 item 15: a navigator file cannot be standard input.
    @Test func fileDashIsAUsageErrorAndDotSlashDashIsAFile() {
        let box = Sandbox()
        for arguments in [["-f", "-", "push", "a"], ["--file=-", "show"], ["-f-", "show"]] {
            let result = box.runBare(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.errorLines.first == "routectl: invalid value '-' for option '\(arguments[0].hasPrefix("--") ? "--file" : "-f")': a navigator file cannot be standard input; name a file (a file called '-' is ./-)", "\(result.stderr)")
        }
        #expect(box.listing().isEmpty)
        #expect(box.runBare(["-f", "./-", "push", "a"]).status == 0)
        #expect(box.listing().contains("-"))
    }
}
