import Foundation
import Testing
import TestSupport

/// An empty file (0 bytes: swift-sharing's `@Shared(.fileStorage)` before the app's first
/// save) is an empty stack: in the format `--format` or the project file names, which takes a
/// push; else `show` says it is empty and names the formats it could be (exit 0, as for `[]`),
/// and a change is refused (65) with the command typed and `--format <name>` as the hint.
@Suite(.tags(.endToEnd), .slowLayer) struct EmptyFileFormatTests {
    @Test func withoutAFormatShowSaysItIsEmptyAndAChangeAsksWhichFormat() throws {
        let box = Sandbox(holding: [])
        let shown = box.runBare(["--no-config", "-f", box.file, "show"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("format  codable-array, flowstacks or navigation-path"), "\(shown.stdout)")
        #expect(shown.stderr.contains("holds an empty stack"), "\(shown.stderr)")
        #expect(box.runBare(["--no-config", "-f", box.file, "show", "--path"]).stdout == "/\n")
        let push = box.runBare(["--no-config", "-f", box.file, "push", "details", "_0:=1"])
        #expect(push.status == 65, "\(push.stderr)")
        let file = box.file
        #expect(push.errorLines.last?.hasPrefix("hint: run: routectl --format codable-array --no-config -f \(file) push details _0:=1, or: ") == true, "\(push.stderr)")
        #expect(box.contents() == Data(), "nothing written")
        let pasted = box.runBare(["--format", "codable-array", "--no-config", "-f", file, "push", "details", "_0:=1"])
        #expect(pasted.status == 0, "\(pasted.stderr)")
        #expect(try CodableArrayFixtures.decode(Array(box.contents() ?? Data())) == [.details(1)], "TCA's decoder reads the push")
    }

    @Test func theProjectFilesFormatMakesItAnEmptyStackThatTakesAPush() throws {
        let box = Sandbox(holding: [])
        let config = box.folder + "/routectl.json"
        box.write(EmptyStackFormatTests.project, to: config)
        box.write("", to: box.file)
        let shown = box.runBare(["--config", config, "-f", box.file, "show"])
        #expect(shown.status == 0 && shown.stdout.contains("format  navigation-path"), "\(shown.stdout)\(shown.stderr)")
        let push = box.runBare(["--config", config, "-f", box.file, "push", "details", "42"])
        #expect(push.status == 0, "\(push.stderr)")
        #expect(try NavigationPathMirror.decode(Array(box.contents() ?? Data())) == [.screen(.details(42))])
    }

    @Test func aFormatThatIsNoStackRefusesIt() throws {
        let box = Sandbox(holding: [])
        let shown = box.runBare(["--format", "vapn", "--no-config", "-f", box.file, "show"])
        #expect(shown.status == 65, "\(shown.stderr)")
        #expect(shown.errorLines.first?.contains("is not in the format 'vapn'") == true, "\(shown.stderr)")
        #expect(box.contents() == Data())
    }
}
