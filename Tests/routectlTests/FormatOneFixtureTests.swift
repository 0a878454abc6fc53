import Foundation
import Testing
import TestSupport

/// Format-1 files written by the 1.0 build (commit 9b31927, `Fixtures/format1/make-fixtures.sh`)
/// stay format 1 through every 1.0 command: the file this build leaves is, byte for byte, the
/// one 1.0 left, except for the time stamps of the entries the command itself recorded.
@Suite(.tags(.endToEnd), .slowLayer) struct FormatOneFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/format1").path

    struct Case: CustomStringConvertible, Sendable {
        var fixture: String
        var expected: String
        var arguments: [String]
        var description: String { "\(fixture): \(arguments.joined(separator: " "))" }
    }

    /// The cases of `cases.tsv`: fixture, expected file, and the command as shell words.
    static let cases: [Case] = {
        let text = (try? String(contentsOfFile: folder + "/cases.tsv", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
            return Case(fixture: fields[0], expected: fields[1], arguments: shellWords(fields[2]))
        }
    }()

    /// Splits a line into words the way the fixture script's shell does for these simple lines:
    /// spaces separate words, single quotes group.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var started = false
        for character in line {
            if character == "'" {
                quoted.toggle()
                started = true
            } else if character == " " && !quoted {
                if started { words.append(word) }
                word = ""
                started = false
            } else {
                word.append(character)
                started = true
            }
        }
        if started { words.append(word) }
        return words
    }

    /// `text` with every history time stamp blanked.
    static func withoutTimes(_ text: String) -> String {
        text.replacing(/"at": "[0-9T:Z-]+"/, with: "\"at\": \"…\"")
    }

    @Test func thereAreCases() {
        #expect(Self.cases.count >= 12)
    }

    @Test(arguments: cases)
    func everyOneDotZeroCommandWritesWhatOneDotZeroWrote(_ test: Case) throws {
        let box = Sandbox()
        let original = try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + test.fixture))
        let expected = try String(contentsOfFile: Self.folder + "/" + test.expected, encoding: .utf8)
        box.write(String(decoding: original, as: UTF8.self))
        let result = Routectl.run(["-f", box.file] + test.arguments, home: box.folder)
        #expect(result.status == 0, "\(test): \(result.stderr)")
        var written = box.text()
        // Once entries are dropped, the state before the oldest kept one is kept too (issue
        // 17, item 15): a member 1.0 keeps as it is and does not read.
        if test.fixture.hasPrefix("trimmed") {
            let start = try #require(written.firstMatch(of: /,\n  "historyStart": \{[^\n]*\}/), "\(test)")
            written.removeSubrange(start.range)
        }
        #expect(Self.withoutTimes(written) == Self.withoutTimes(expected), "\(test)")
        // The entries that were there before are copied as they were, time stamps included.
        let keptBefore = Set(String(decoding: original, as: UTF8.self).split(separator: "\n").filter { $0.contains("\"seq\"") })
        let keptAfter = Set(expected.split(separator: "\n").filter { $0.contains("\"seq\"") })
        for line in keptBefore.intersection(keptAfter) {
            #expect(written.contains(line), "\(test): an old entry changed: \(line)")
        }
        #expect(written.hasPrefix("{\n  \"format\": 1,"), "\(test)")
    }

    @Test func aNoOpLeavesTheFileUntouched() throws {
        let box = Sandbox()
        let original = try String(contentsOfFile: Self.folder + "/routes.json", encoding: .utf8)
        box.write(original)
        for arguments in [["pop", "--to", "details"], ["show"], ["history"], ["show", "--json"], ["dismiss", "--all"], ["go", "home/details?id=42&title=Hello%20World/settings/details?id=7&q=a%26b%2Fc%25%20%C3%BC"]] {
            #expect(box.run(arguments).status == 0, "\(arguments)")
            #expect(box.text() == original, "\(arguments) changed a format-1 file")
        }
    }

    @Test func thisBuildReadsEveryFixtureAsTheSameState() throws {
        for name in ["routes.json", "trimmed.json", "unknown.json"] {
            let box = Sandbox()
            box.write(try String(contentsOfFile: Self.folder + "/" + name, encoding: .utf8))
            let shown = box.run("show", "--json")
            #expect(shown.status == 0, "\(name)")
            let json = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
            #expect((json?["presented"] as? [Any])?.isEmpty == true, "\(name): a format-1 file is a chain without presentations")
            #expect(json?["tabs"] == nil, "\(name)")
        }
    }
}

