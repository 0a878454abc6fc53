import TestSupport
import Testing
@testable import routectl

/// The renderers under `Output/`, in process: no file, no binary.
@Suite(.tags(.unit)) struct OutputTests {
    @Test func tableAlignsColumnsByDisplayWidthAndNeverPadsTheLastColumn() {
        let table = Table(header: ["A", "BB", "C"], rows: [["東京", "x", "last"], ["1", "", ""]])
        #expect(table.render(color: false) == "A     BB  C\n東京  x   last\n1\n")
    }

    @Test func tableHeaderIsBoldOnlyWithColor() {
        let table = Table(header: ["SEQ", "OP"], rows: [["1", "set"]])
        #expect(table.render(color: true).hasPrefix("\u{1B}[1mSEQ  OP\u{1B}[0m\n"))
        #expect(!table.render(color: false).contains("\u{1B}"))
    }

    @Test func tableCellsCannotBreakARow() {
        let rendered = Table(header: ["K", "V"], rows: [["a", "line\nbreak\u{1B}[31m"]]).render(color: false)
        #expect(rendered.split(separator: "\n").count == 2)
        #expect(!rendered.contains("\u{1B}"))
    }

    @Test(arguments: [
        ("abc", 3), ("東京", 4), ("e\u{301}", 1), ("", 0), ("🎈", 2), ("a\u{200B}b", 2),
    ])
    func displayWidthCountsTerminalColumns(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    @Test(arguments: [
        ("home", "home"), ("id=42", "id=42"), ("a b", "'a b'"), ("it's", "'it'\\''s'"), ("", "''"),
        ("東京", "東京"), ("$HOME", "'$HOME'"), ("a*b", "'a*b'"),
        // zsh, a Mac's shell, reads a word starting with '=' as a command's path (=ls is /bin/ls).
        ("=nav.json", "'=nav.json'"), ("a=b", "a=b"),
    ])
    func shellWordQuotesOnlyWhatAShellWouldReadDifferently(word: String, quoted: String) {
        #expect(ShellWord.quote(word) == quoted)
    }
}

/// `Template`, which every generated script and the man page are written in.
@Suite(.tags(.unit)) struct TemplateTests {
    @Test func fillsHolesInLineAndTakesAwayEmptyHoleLines() {
        let template = Template("a {{x}} b\n  {{list}}\nend {{x}}")
        #expect(template.render(["x": "1", "list": "p\nq"]) == "a 1 b\n  p\nq\nend 1")
        #expect(template.render(["x": "", "list": ""]) == "a  b\nend ")
    }
}
