import Foundation
import Testing
import TestSupport

/// The README's team example, from its own script (docs/examples/team.py): every command of its
/// console block runs in a fresh folder (which is `$HOME`), `cd` and `mkdir -p` included, and
/// prints exactly what the README shows.
@Suite(.tags(.endToEnd), .slowLayer, .needsPython3) struct ProjectReadmeExampleTests {
    @Test func everyCommandPrintsWhatTheREADMEShows() throws {
        let readme = try String(contentsOfFile: Docs.path("README.md"), encoding: .utf8)
        let block = try #require(ConsoleBlock(readme, from: "python3 ~/routectl/docs/examples/team.py"))
        let box = Sandbox()
        _ = try VAPNFixtures.runPython(
            "import runpy, sys; sys.argv = [sys.argv[1], sys.argv[2]]; runpy.run_path(sys.argv[0])",
            [Docs.path("docs/examples/team.py"), box.folder])
        var folder = box.folder
        var commands = 0
        for step in block.steps.dropFirst() {
            let command = step.command
            let expected = step.shown.replacingOccurrences(of: "/tmp/readme/", with: box.folder + "/")
            let words = step.words
            var printed = ""
            switch words.first {
            case "routectl":
                let result = Subprocess.run(
                    Routectl.binary, Array(words.dropFirst()), environment: TestEnvironment.make(home: box.folder), in: folder)
                printed = result.stdout + result.stderr
            case "cat":
                printed = box.text(folder + "/" + words[1])
            case "mkdir":
                try FileManager.default.createDirectory(atPath: folder + "/" + words[2], withIntermediateDirectories: true)
            case "cd":
                folder = URL(fileURLWithPath: folder + "/" + words[1]).standardized.path
            default:
                Issue.record("the README runs \(command), which this test does not know")
                continue
            }
            #expect(printed == expected, "\(command)")
            commands += 1
        }
        #expect(commands >= 12, "the block was read")
        // What the app reads back: the stack it keeps, as a JSON string.
        let plist = try PropertyListSerialization.propertyList(
            from: try Data(contentsOf: URL(fileURLWithPath: box.folder + "/Fixtures/prefs.plist")), format: nil) as? [String: Any]
        #expect(plist?["stack"] as? String == #"[{"home":{}},{"details":{"_0":7}}]"#)
        #expect(plist?["launches"] as? Int == 3)
    }
}
