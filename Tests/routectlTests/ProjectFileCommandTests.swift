import Foundation
import Testing
import TestSupport

/// The project file end to end: found from a folder below it, its store's defaults and their
/// precedence, and the refusals that stop a command before any store is read.
@Suite(.tags(.endToEnd), .slowLayer) struct ProjectFileCommandTests {
    let box = Sandbox()
    var app: String { box.folder + "/app" }

    init() throws {
        try FileManager.default.createDirectory(atPath: box.folder + "/app/Sources/Screens", withIntermediateDirectories: true)
    }

    /// Runs routectl in `folder` (below the sandbox, which is `$HOME`).
    @discardableResult
    func run(_ arguments: [String], in folder: String, environment: [String: String] = [:]) -> RunResult {
        Subprocess.run(Routectl.binary, arguments, environment: TestEnvironment.make(home: box.folder, environment), in: folder)
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    @Test func theStoreComesFromTheNearestProjectFileAfterTheCommandLineAndTheEnvironment() {
        box.write(#"{"store": {"file": "state/navigator.json"}}"#, to: app + "/routectl.json")
        let deep = app + "/Sources/Screens"
        // A relative file is relative to the project file's folder, wherever routectl runs.
        #expect(run(["init", "--initial", "home"], in: deep).status == 0)
        #expect(box.text(app + "/state/navigator.json").contains("\"home\""))
        // -f wins, then ROUTECTL_FILE; --no-config falls back to the default file.
        #expect(run(["-f", box.folder + "/option.json", "set", "option"], in: deep).status == 0)
        #expect(run(["set", "env"], in: deep, environment: ["ROUTECTL_FILE": box.folder + "/env.json"]).status == 0)
        #expect(run(["--no-config", "set", "default"], in: deep).status == 0)
        #expect(box.text(box.folder + "/option.json").contains("\"option\""))
        #expect(box.text(box.folder + "/env.json").contains("\"env\""))
        #expect(box.text(box.folder + "/.local/state/routectl/navigator.json").contains("\"default\""))
        // --config names another project file; ROUTECTL_CONFIG too, and the option wins.
        box.write(#"{"store": {"file": "other.json"}}"#, to: box.folder + "/other-project.json")
        let shown = run(["--config", "../../../other-project.json", "push", "x"], in: deep, environment: ["ROUTECTL_CONFIG": "/none"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(box.text(box.folder + "/other.json").contains("\"x\""))
        let state = run(["show", "--path"], in: deep, environment: ["ROUTECTL_CONFIG": box.folder + "/other-project.json"])
        #expect(state.stdout == "root/x\n")
        #expect(box.text(app + "/state/navigator.json").contains("\"home\"") && !box.text(app + "/state/navigator.json").contains("\"x\""))
    }

    @Test func aBadProjectFileStopsEveryCommandBeforeAnyStoreIsRead() throws {
        box.write("{\n  \"store\": {\"file\": \"state.json\"},\n  \"rotues\": []\n}\n", to: app + "/routectl.json")
        let result = run(["push", "details"], in: app + "/Sources")
        #expect(result.status == 64)
        #expect(result.stderr == "routectl: \(app)/routectl.json:3: 'rotues' is not a member of a project file; did you mean 'routes'?\n")
        #expect(!exists(app + "/state.json"))
        // In the folder of the file, the file is named as it is there.
        #expect(run(["show"], in: app).stderr.hasPrefix("routectl: routectl.json:3: 'rotues'"))
        // --config that names nothing; a folder named routectl.json; a link loop: one line, 64.
        let missing = run(["--config", "nowhere.json", "show"], in: app)
        #expect(missing.status == 64 && missing.stderr == "routectl: no project file 'nowhere.json' (from --config)\n")
        try FileManager.default.removeItem(atPath: app + "/routectl.json")
        try FileManager.default.createDirectory(atPath: app + "/routectl.json", withIntermediateDirectories: false)
        let folder = run(["show"], in: app)
        #expect(folder.status == 64 && folder.stderr == "routectl: project file: cannot read '\(app)/routectl.json': Is a directory\n")
        try FileManager.default.createSymbolicLink(atPath: app + "/Sources/routectl.json", withDestinationPath: "loop.json")
        try FileManager.default.createSymbolicLink(atPath: app + "/Sources/loop.json", withDestinationPath: "routectl.json")
        let loop = run(["show"], in: app + "/Sources")
        #expect(loop.status == 64 && loop.errorLines.count == 1 && loop.stderr.contains("Too many levels of symbolic links"))
        // --no-config runs as if there were none; help needs no project file at all.
        #expect(run(["--no-config", "show", "--path"], in: app + "/Sources").stdout == "root\n")
        #expect(run(["help", "show"], in: app + "/Sources").status == 0)
    }

    /// Issue 34 item 11: a dangling `routectl.json` link is refused (64) as a folder or a FIFO
    /// named so is; it was skipped, and the command then read and wrote the default store.
    @Test func aDanglingProjectFileLinkIsRefusedAndNoStoreIsWritten() throws {
        try FileManager.default.createSymbolicLink(atPath: app + "/routectl.json", withDestinationPath: "moved/routectl.json")
        for arguments in [["show"], ["push", "details"]] {
            let result = run(arguments, in: app + "/Sources")
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(
                result.stderr
                    == "routectl: project file: cannot read '\(app)/routectl.json': it is a symbolic link to 'moved/routectl.json', which does not exist\n",
                "\(arguments)")
        }
        // Nothing was read or written in its place: the default store is not there.
        #expect(!exists(box.folder + "/.local"))
        // --no-config still runs without it.
        #expect(run(["--no-config", "show", "--path"], in: app).stdout == "root\n")
    }

    /// Another user's routectl.json (only root can make one: skipped otherwise) is refused, and
    /// the hint is the whole command again without it, which runs when pasted.
    @Test(.enabled(if: geteuid() == 0, "needs root to give a file to another user"))
    func anotherUsersProjectFileIsRefusedWithAWholeCommand() throws {
        box.write(#"{"routes": ["home"]}"#, to: app + "/routectl.json")
        #expect(chown(app + "/routectl.json", 4242, 4242) == 0)
        let refused = run(["show", "--path"], in: app)
        #expect(refused.status == 64 && refused.errorLines.count == 2)
        #expect(refused.errorLines.last == "hint: to run without it, run: routectl --no-config show --path")
        #expect(run(["--no-config", "show", "--path"], in: app).stdout == "root\n")
    }

    @Test func hostileProjectFilesAreOneLineEach() throws {
        // Huge: refused by its size, with the size.
        let huge = "{\"routes\": [" + String(repeating: "\"home\", ", count: 200_000) + "\"x\"]}"
        box.write(huge, to: app + "/routectl.json")
        let big = run(["show"], in: app)
        #expect(big.status == 64)
        #expect(big.stderr == "routectl: routectl.json: is larger than 1 MiB (\(huge.utf8.count) bytes): a project file holds declarations only\n")
        // A FIFO named so: no wait for a writer; a link to a device: not read.
        try FileManager.default.removeItem(atPath: app + "/routectl.json")
        #expect(mkfifo(app + "/routectl.json", 0o644) == 0)
        let fifo = run(["show"], in: app)
        #expect(fifo.status == 64 && fifo.stderr == "routectl: project file: '\(app)/routectl.json' is not a regular file\n", "\(fifo.stderr)")
        try FileManager.default.removeItem(atPath: app + "/routectl.json")
        try FileManager.default.createSymbolicLink(atPath: app + "/routectl.json", withDestinationPath: "/dev/zero")
        let device = run(["show"], in: app)
        #expect(device.status == 64 && device.errorLines.count == 1 && device.stderr.contains("not a regular file"), "\(device.stderr)")
        // Control characters in a member's name are escaped; the message stays one line.
        try FileManager.default.removeItem(atPath: app + "/routectl.json")
        box.write(#"{"st\u001b[2Jore\n": {}}"#, to: app + "/routectl.json")
        let escaped = run(["show"], in: app)
        #expect(escaped.stderr == #"routectl: routectl.json:1: 'st\u{1b}[2Jore\n' is not a member of a project file"# + "\n")
    }
}
