import Foundation
import Testing
import TestSupport

/// `[]` is every stack format's empty stack (codable-array, flowstacks, navigation-path). The
/// project file's `store.format` describes the app, so it decides `[]` for any store, named on
/// the command line too (an emptied NavigationPath took three tries: the format was forgotten
/// and the hint was `--format X show`, not the command typed). Undecided, the hint is the
/// command typed with `--format <name>` added.
@Suite(.tags(.endToEnd), .slowLayer) struct EmptyStackFormatTests {
    static let project = #"{"store": {"format": "navigation-path", "type": "MyApp.Screen"}, "routes": ["home", "details(Int)"]}"#

    @Test func theProjectsFormatDecidesAnEmptyStackNamedWithFile() throws {
        let box = Sandbox()
        let config = box.folder + "/routectl.json"
        box.write(Self.project, to: config)
        box.write("[]")
        let push = box.runBare(["--config", config, "-f", box.file, "push", "details", "42"])
        #expect(push.status == 0, "\(push.stderr)")
        let restored = try NavigationPathMirror.decode(Array(box.contents() ?? Data()))
        #expect(restored == [.screen(.details(42))], "SwiftUI's decoder restores the pushed screen")
        #expect(box.runBare(["--config", config, "-f", box.file, "pop"]).status == 0)
        #expect(box.text() == "[]")
        let shown = box.runBare(["--config", config, "-f", box.file, "show"])
        #expect(shown.stdout.contains("format  navigation-path"), "\(shown.stdout)")
    }

    @Test func theHintForAnUndecidedEmptyStackIsTheCommandTypedWithItsFormat() {
        let box = Sandbox()
        box.write("[]")
        let push = box.runBare(["--no-config", "-f", box.file, "push", "details", "id=1"])
        #expect(push.status == 65)
        #expect(push.errorLines.first == "routectl: could be any of the formats 'codable-array', 'flowstacks', 'navigation-path': say which with --format")
        let file = box.file
        #expect(push.errorLines.last == """
            hint: run: routectl --format codable-array --no-config -f \(file) push details id=1, or: routectl --format flowstacks --no-config -f \(file) push details id=1, or: routectl --format navigation-path --no-config -f \(file) push details id=1 (adding --type <Module.Type>, the type of the app's route enum)
            """)
        #expect(box.text() == "[]")
        // The first command of the hint, pasted, works.
        let pasted = box.runBare(["--format", "codable-array", "--no-config", "-f", file, "push", "details", "id=1"])
        #expect(pasted.status == 0, "\(pasted.stderr)")
        // With --type typed, the NavigationPath's command needs nothing more, and works.
        box.write("[]")
        let typed = box.runBare(["--no-config", "-f", file, "push", "details", "--type", "MyApp.Screen"])
        #expect(typed.status == 65)
        #expect(typed.errorLines.last?.hasSuffix("or: routectl --format navigation-path --no-config -f \(file) push details --type MyApp.Screen") == true, "\(typed.stderr)")
        let typedPasted = box.runBare(["--format", "navigation-path", "--no-config", "-f", file, "push", "details", "--type", "MyApp.Screen"])
        #expect(typedPasted.status == 0, "\(typedPasted.stderr)")
        #expect(box.text().hasPrefix(#"["MyApp.Screen","#), "\(box.text())")
    }
}
