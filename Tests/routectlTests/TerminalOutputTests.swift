import Foundation
import Testing
import TestSupport
@testable import routectl

/// Colour and width on a terminal (issue 8, items 19 and 20).
@Suite(.tags(.endToEnd), .slowLayer) struct TerminalOutputTests {
    static let hasScript = FileManager.default.isExecutableFile(atPath: "/usr/bin/script")

    /// What routectl prints on a terminal of `columns` columns (through util-linux `script`).
    static func onTerminal(_ box: Sandbox, columns: Int, _ arguments: String, _ environment: [String: String] = [:]) -> String {
        let command = "stty cols \(columns); \(Routectl.binary) -f \(box.file) \(arguments)"
        let output = Routectl.run(["-qec", command, "/dev/null"], home: box.folder, environment: environment, executable: "/usr/bin/script").stdout
        return output.replacingOccurrences(of: "\r", with: "")
    }

    // Issue 8 item 19.
    @Test func colorAlwaysNeverAndTheEnvironment() {
        let box = Sandbox()
        box.run("push", "a")
        let bold = "\u{1B}[1m"
        #expect(box.run("--color=always", "show").stdout.contains(bold))
        #expect(box.run("--color", "always", "history").stdout.contains(bold))
        #expect(!box.run("--color=never", "show").stdout.contains(bold))
        #expect(!box.run("--color=auto", "show").stdout.contains(bold))  // a pipe
        #expect(box.run("show", environment: ["CLICOLOR_FORCE": "1"]).stdout.contains(bold))
        #expect(box.run("show", environment: ["FORCE_COLOR": "1"]).stdout.contains(bold))
        #expect(!box.run("show", environment: ["FORCE_COLOR": "0"]).stdout.contains(bold))
        #expect(!box.run("show", environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": ""]).stdout.contains(bold))
        #expect(!box.run("--no-color", "show", environment: ["CLICOLOR_FORCE": "1"]).stdout.contains(bold))
        #expect(!box.run("--color=always", "--json", "show").stdout.contains("\u{1B}"))
        let bad = box.run("--color=sometimes", "show")
        #expect(bad.status == 64)
        #expect(bad.errorLines.first == "routectl: invalid value 'sometimes' for option '--color': expected auto, always or never")
    }

    // Issue 8 item 19, on a real terminal: `--color never` wins over it.
    @Test(.enabled(if: hasScript, "util-linux 'script' is needed to give routectl a terminal"))
    func colorNeverOnATerminal() {
        let box = Sandbox()
        box.run("push", "a")
        #expect(Self.onTerminal(box, columns: 80, "show").contains("\u{1B}[1m"))
        #expect(!Self.onTerminal(box, columns: 80, "--color=never show").contains("\u{1B}"))
    }

    // Issue 8 item 20: on an 80-column terminal no line is longer than 80 columns; piped
    // output stays whole.
    @Test(.enabled(if: hasScript, "util-linux 'script' is needed to give routectl a terminal"))
    func tablesFitTheTerminalAndPipesGetEverything() {
        let box = Sandbox()
        let long = String(repeating: "東京x", count: 60)
        #expect(box.run("push", "details", "note=" + long, "id=42").status == 0)
        #expect(box.run("push", "more", "text=" + String(repeating: "y", count: 300)).status == 0)
        for command in ["show", "history"] {
            let shown = Self.onTerminal(box, columns: 80, "--color=never " + command)
            let lines = shown.split(separator: "\n")
            #expect(lines.count >= 3, "\(command): \(shown)")
            for line in lines {
                #expect(DisplayWidth.of(String(line)) <= 80, "\(command): \(DisplayWidth.of(String(line))) columns: \(line)")
            }
            #expect(shown.contains("…"), "\(command) cut nothing")
            let piped = box.run(command).stdout
            #expect(piped.contains(String(repeating: "y", count: 300)), "\(command) piped output was cut")
            #expect(!piped.contains("…"))
        }
    }

    @Test func fittingNarrowsTheWidestColumnsAndCutsWholeCharacters() {
        let fitted = Table.fitted([3, 20, 50], into: 40)
        #expect(fitted[0] == 3, "a narrow column is left alone")
        #expect(fitted.reduce(0, +) + 4 == 40, "\(fitted)")
        #expect(abs(fitted[1] - fitted[2]) <= 1, "the widest are narrowed evenly: \(fitted)")
        #expect(Table.fitted([10, 10], into: 5) == [8, 8], "never below the minimum cut")
        let table = Table(header: ["A", "B"], rows: [["x", String(repeating: "東", count: 30)]])
        for line in table.render(color: false, width: 20).split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= 20, "\(line)")
        }
        #expect(Table.cut("東京東京", to: 4) == "東…")
        #expect(Table.cut("abc", to: 3) == "abc")
        #expect(table.render(color: false) == table.render(color: false, width: nil))
    }
}
