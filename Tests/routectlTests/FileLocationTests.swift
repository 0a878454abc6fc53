import Foundation
import Testing

/// Where the file lives: `--file`, then `$ROUTECTL_FILE`, then `$XDG_STATE_HOME`, then `~/.local/state`.
@Suite struct FileLocationTests {
    @Test func defaultsToLocalStateUnderHome() {
        let box = Sandbox()
        #expect(box.runBare(["set", "home"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: box.folder + "/.local/state/routectl/navigator.json"))
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
