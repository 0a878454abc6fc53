import Foundation
import Testing
@testable import routectl
import TestSupport

/// Where the file lives: `--file`, then `$ROUTECTL_FILE`, then `$XDG_STATE_HOME`, then `~/.local/state`.
@Suite(.tags(.endToEnd), .slowLayer) struct FileLocationTests {
    @Test func resolveFollowsTheContractOrder() throws {
        let env = ["ROUTECTL_FILE": "/r.json", "XDG_STATE_HOME": "/state", "HOME": "/home/me"]
        #expect(try FileLocation.resolve(explicit: "/x.json") { env[$0].map(EnvironmentValue.text) } == "/x.json")
        #expect(try FileLocation.resolve(explicit: nil) { env[$0].map(EnvironmentValue.text) } == "/r.json")
        #expect(try FileLocation.resolve(explicit: nil) { ["XDG_STATE_HOME": "/state", "HOME": "/h"][$0].map(EnvironmentValue.text) } == "/state/routectl/navigator.json")
        #expect(try FileLocation.resolve(explicit: nil) { ["XDG_STATE_HOME": "rel", "HOME": "/h"][$0].map(EnvironmentValue.text) } == "/h/.local/state/routectl/navigator.json")
        #expect(try FileLocation.resolve(explicit: nil) { ["ROUTECTL_FILE": "", "HOME": "/h"][$0].map(EnvironmentValue.text) } == "/h/.local/state/routectl/navigator.json")
        #expect(try FileLocation.resolve(explicit: nil) { ["HOME": ""][$0].map(EnvironmentValue.text) } == nil)
        // A value that is not UTF-8 is refused where it would give the path, never repaired;
        // an XDG_STATE_HOME so is skipped, as a relative one.
        let notUTF8: [String: EnvironmentValue] = ["XDG_STATE_HOME": .notUTF8, "HOME": .text("/h")]
        #expect(try FileLocation.resolve(explicit: nil) { notUTF8[$0] } == "/h/.local/state/routectl/navigator.json")
        #expect(throws: UsageError.self) { try FileLocation.resolve(explicit: nil) { ["HOME": EnvironmentValue.notUTF8][$0] } }
        #expect(throws: UsageError.self) { try FileLocation.resolve(explicit: nil) { ["ROUTECTL_FILE": EnvironmentValue.notUTF8][$0] } }
        #expect(try FileLocation.resolve(explicit: "/x.json") { _ in .notUTF8 } == "/x.json")
        #expect(try FileLocation.resolve(explicit: nil) { ["HOME": "~"][$0].map(EnvironmentValue.text) } == nil)
    }

    @Test func defaultsToLocalStateUnderHome() {
        let box = Sandbox()
        #expect(box.runBare(["set", "home"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: box.folder + "/.local/state/routectl/navigator.json"))
    }

    @Test func noHomeIsAUsageErrorButHelpStillWorks() {
        let box = Sandbox()
        let env = ["HOME": ""]
        let result = box.runBare(["show"], environment: env)
        #expect(result.status == 64)
        #expect(result.errorLines.first == "routectl: no navigator file: neither --file nor ROUTECTL_FILE names one, and neither XDG_STATE_HOME nor HOME is an absolute path")
        #expect(box.runBare(["--help"], environment: env).status == 0)
        #expect(box.runBare(["-f", box.file, "show", "--path"], environment: env).stdout == "root\n")
    }

    @Test func anEnvironmentPathThatIsNotUTF8IsAUsageError() {
        let box = Sandbox()
        let script = #"ROUTECTL_FILE="$(printf '%s/a\377' "$1")" exec "$0" push x"#
        let result = Routectl.run(["-c", script, Routectl.binary, box.folder], home: box.folder, executable: "/bin/sh")
        #expect(result.status == 64)
        #expect(result.errorLines.first == "routectl: the navigator file's path from ROUTECTL_FILE, XDG_STATE_HOME or HOME is not valid UTF-8")
        #expect(box.listing().isEmpty)
    }

    /// A project file's path from the environment that is not UTF-8 is refused, not repaired.
    @Test func aConfigPathThatIsNotUTF8IsAUsageError() {
        let box = Sandbox()
        let script = #"ROUTECTL_CONFIG="$(printf '%s/a\377' "$1")" exec "$0" -f "$1/n.json" show"#
        let result = Routectl.run(["-c", script, Routectl.binary, box.folder], home: box.folder, executable: "/bin/sh")
        #expect(result.status == 64)
        #expect(result.errorLines.first == "routectl: the project file's path from ROUTECTL_CONFIG is not valid UTF-8")
    }

    /// A tool timeout that is not UTF-8 says so, rather than showing a stand-in for its bytes.
    @Test func aToolTimeoutThatIsNotUTF8IsAUsageErrorSayingSo() {
        let box = Sandbox()
        let script = #"ROUTECTL_TOOL_TIMEOUT="$(printf '5\377')" exec "$0" --no-config --domain com.example.app --key route show"#
        let result = Routectl.run(["-c", script, Routectl.binary], home: box.folder, executable: "/bin/sh")
        #expect(result.status == 64)
        #expect(result.errorLines.first == "routectl: invalid ROUTECTL_TOOL_TIMEOUT: it is not valid UTF-8; expected a number of seconds above 0, at most 86400, such as 2.5", "\(result.stderr)")
    }

    @Test func xdgStateHomeComesNext() {
        let box = Sandbox()
        box.runBare(["set", "home"], environment: ["XDG_STATE_HOME": box.folder + "/xdg"])
        #expect(FileManager.default.fileExists(atPath: box.folder + "/xdg/routectl/navigator.json"))
    }

    @Test func environmentVariableBeatsXdgAndFileOptionBeatsBoth() {
        let box = Sandbox()
        let env = ["XDG_STATE_HOME": box.folder + "/xdg", "ROUTECTL_FILE": box.folder + "/env.json"]
        box.runBare(["set", "one"], environment: env)
        box.runBare(["--file", box.folder + "/opt.json", "set", "two"], environment: env)
        #expect(FileManager.default.fileExists(atPath: box.folder + "/env.json"))
        #expect(FileManager.default.fileExists(atPath: box.folder + "/opt.json"))
        #expect(!FileManager.default.fileExists(atPath: box.folder + "/xdg"))
        #expect(box.runBare(["show", "--path"], environment: env).stdout == "one\n")
    }
}
