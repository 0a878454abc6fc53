import Foundation
import Testing

@testable import routectl
import TestSupport

extension DocsTests {
    /// man/routectl.1: the sections the issue asks for, clean under `mandoc -Tlint`, and
    /// rendered by `man` (or mandoc) within 80 columns.
    @Suite struct Manual {
        /// The checked-in page.
        static var page: String {
            FileManager.default.contents(atPath: Docs.path("man/routectl.1")).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }

        @Test func hasEverySection() {
            let headings = Self.page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }
                .map { $0.dropFirst(4).replacing("\"", with: "") }
            #expect(headings == [
                "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "FILES", "ENVIRONMENT",
                "EXIT STATUS", "EXAMPLES", "SEE ALSO",
            ])
        }

        @Test func namesTheExitStatusesFilesAndEnvironment() {
            let page = Self.page
            let exitStatus = page.components(separatedBy: ".SH \"EXIT STATUS\"").last ?? ""
            for code in [0, 1, 64, 65, 70, 73, 74, 75] {
                #expect(exitStatus.contains(".TP\n\\fB\(code)\\fR\n"), "EXIT STATUS lacks \(code)")
            }
            for file in ["$XDG_STATE_HOME/routectl/navigator.json", "\\fIfile\\fR.lock", "\\fIfile\\fR.tmp\\-\\fIpid\\fR\\-\\fIrandom\\fR", "\\fIfile\\fR.corrupt\\-\\fItime\\fR", "\\fIfile\\fR.old\\-\\fItime\\fR"] {
                #expect(page.contains(".TP\n" + file + "\n"), "FILES lacks \(file)")
            }
            for variable in ["ROUTECTL_FILE", "XDG_STATE_HOME", "HOME", "NO_COLOR", "COLUMNS"] {
                #expect(page.contains(".TP\n\\fB\(variable)\\fR\n"), "ENVIRONMENT lacks \(variable)")
            }
        }

        @Test func escapesRoff() {
            #expect(Roff.text(#"a\b"#) == #"a\eb"#)
            #expect(Roff.text("pop --to <route>, or -n 5.") == #"pop \fB\-\-to\fR \fIroute\fR, or \fB\-n\fR 5."#)
            #expect(Roff.text("(<file>.corrupt-<time>)") == #"(\fIfile\fR.corrupt\-\fItime\fR)"#)
            #expect(Roff.text("read-only, A-Z") == "read-only, A-Z")  // prose hyphens stay hyphens
            #expect(Roff.literal("routectl history -n 5") == #"routectl history \-n 5"#)
            #expect(Roff.lines(".hidden is a file. 'Quoted' too.") == [#"\&.hidden is a file. 'Quoted' too."#])
            #expect(Roff.lines("One sentence. 'Two' may wrap.") == ["One sentence. 'Two' may wrap."])
            let wrapped = Roff.lines(String(repeating: "word . ' ", count: 30))
            #expect(wrapped.count > 1)
            #expect(wrapped.allSatisfy { $0.utf8.count <= 80 && !$0.hasPrefix(".") && !$0.hasPrefix("'") }, "\(wrapped)")
            #expect(wrapped.contains { $0.hasPrefix("\\&") }, "\(wrapped)")
        }

        @Test(.enabled(if: Docs.which("mandoc") != nil, "mandoc is not installed (.ci/run installs it)"))
        func passesMandocLint() {
            let mandoc = Docs.which("mandoc") ?? "mandoc"
            let box = Sandbox()
            let result = Docs.run(mandoc, ["-Tlint", "-Wwarning", Docs.path("man/routectl.1")], environment: Docs.environment(box), in: box.folder)
            #expect(result.status == 0, "mandoc exited with \(result.status)")
            #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(result.stdout)\(result.stderr)")
        }

        @Test(.enabled(if: Docs.which("man") != nil || Docs.which("mandoc") != nil, "neither man nor mandoc is installed"))
        func rendersWithin80Columns() {
            let box = Sandbox()
            let result: RunResult
            if let man = Docs.which("man") {
                let environment = ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"]
                result = Docs.run(man, ["-l", Docs.path("man/routectl.1")], environment: Docs.environment(box, environment), in: box.folder)
            } else {
                let mandoc = Docs.which("mandoc") ?? "mandoc"
                result = Docs.run(mandoc, ["-Tutf8", "-Owidth=80", Docs.path("man/routectl.1")], environment: Docs.environment(box), in: box.folder)
            }
            #expect(result.status == 0 && result.stderr.isEmpty, "rendering failed: \(result.stderr)")
            let text = Self.plain(result.stdout)
            #expect(text.contains("EXIT STATUS") && text.contains("routectl [options] completions shell"))
            for line in text.split(separator: "\n") {
                #expect(line.count <= 80, "line of \(line.count) columns: \(line)")
            }
        }

        /// Rendered text without overstriking (`X\bX` bold, `_\bX` underline).
        static func plain(_ rendered: String) -> String {
            var out: [Character] = []
            for character in rendered {
                if character == "\u{8}" {
                    if !out.isEmpty { out.removeLast() }
                    continue
                }
                out.append(character)
            }
            return String(out)
        }
    }
}
