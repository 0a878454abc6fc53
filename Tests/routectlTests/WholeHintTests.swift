import Foundation
import Testing
import TestSupport

/// Every hint that shows a command shows a whole one, with the -f and --key it was given, and
/// messages read as sentences (issue 17, item 17).
@Suite(.tags(.endToEnd), .slowLayer) struct WholeHintTests {
    @Test func popPastTheRootHintsTheWholePopRootCommand() {
        let box = Sandbox()
        box.run("push", "a")
        let result = box.run("pop", "5")
        #expect(result.status == 1)
        #expect(result.errorLines.last == "hint: to pop everything above the root, run: routectl -f \(box.file) pop --root")
    }

    @Test func initOverAFileHintsTheWholeInitForceCommand() {
        let box = Sandbox()
        box.run("init")
        let result = box.run("init")
        #expect(result.status == 1)
        #expect(result.errorLines == [
            "routectl: '\(box.file)' already exists",
            "hint: to start over, keeping the old file beside it, run: routectl -f \(box.file) init --force",
        ])
    }

    /// On a key, init's hint shows what the key holds rather than a command that replaces it.
    @Test func initOverAKeyHintsShowAndInitForcePrintsTheOldValueInASentence() throws {
        let box = Sandbox()
        let plist = box.folder + "/prefs.plist"
        let data = try PropertyListSerialization.data(fromPropertyList: ["nav": "home"], format: .binary, options: 0)
        try data.write(to: URL(fileURLWithPath: plist))
        let again = box.runBare(["-f", plist, "--key", "nav", "init"])
        #expect(again.status == 1)
        #expect(again.errorLines == [
            "routectl: '\(plist)' key 'nav' already holds a value",
            "hint: see what it holds with: routectl -f \(plist) --key nav show",
        ])
        let forced = box.runBare(["-f", plist, "--key", "nav", "init", "--force"])
        #expect(forced.status == 0)
        #expect(forced.stderr == """
            routectl: a copy of the value of key 'nav' in '\(plist)' (a string), which this command replaces:
            <string>home</string>

            """)
    }

    static let canDropPrivileges = geteuid() == 0 && Docs.which("setpriv") != nil

    /// A folder without write permission: the error names the folder, not routectl's temporary
    /// file, and the hint says how to allow changes.
    @Test(.enabled(if: canDropPrivileges, "needs root and setpriv to run routectl as another user"))
    func aReadOnlyFolderIsNamedWithAHint() throws {
        let box = Sandbox()
        #expect(box.run("push", "a").status == 0)  // the file and its lock exist
        try #require(chmod(box.file, 0o666) == 0 && chmod(box.file + ".lock", 0o666) == 0 && chmod(box.folder, 0o555) == 0)
        defer { chmod(box.folder, 0o755) }
        let setpriv = try #require(Docs.which("setpriv"))
        let result = Subprocess.run(
            setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", Routectl.binary, "-f", box.file, "push", "b"],
            environment: ["PATH": "/usr/bin:/bin", "HOME": box.folder, "LANG": "C.UTF-8"], in: "/")
        #expect(result.status == 73)
        #expect(result.errorLines == [
            "routectl: cannot replace '\(box.file)': its folder '\(box.folder)' is not writable: Permission denied",
            "hint: to allow changes, run: chmod u+w \(box.folder)",
        ], "\(result.stderr)")
        #expect(!result.stderr.contains(".tmp-"))
        #expect(box.run("show", "--path").stdout == "root/a\n")
    }

    @Test func showPathJSONHintsTheWholeShowJSONCommand() {
        let box = Sandbox()
        let result = box.run("show", "--path", "--json")
        #expect(result.status == 64)
        #expect(result.errorLines.last == "hint: the JSON has the path as its \"path\" member: routectl -f \(box.file) show --json")
    }

    /// The same before any lock file exists: the folder is named, with the hint.
    @Test(.enabled(if: canDropPrivileges, "needs root and setpriv to run routectl as another user"))
    func aReadOnlyFolderWithoutALockFileIsNamedWithAHint() throws {
        let box = Sandbox()
        #expect(box.run("push", "a").status == 0)
        try FileManager.default.removeItem(atPath: box.file + ".lock")
        try #require(chmod(box.file, 0o666) == 0 && chmod(box.folder, 0o555) == 0)
        defer { chmod(box.folder, 0o755) }
        let setpriv = try #require(Docs.which("setpriv"))
        let result = Subprocess.run(
            setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", Routectl.binary, "-f", box.file, "push", "b"],
            environment: ["PATH": "/usr/bin:/bin", "HOME": box.folder, "LANG": "C.UTF-8"], in: "/")
        #expect(result.status == 73)
        #expect(result.errorLines == [
            "routectl: cannot create the lock file '\(box.file).lock': its folder '\(box.folder)' is not writable: Permission denied",
            "hint: to allow changes, run: chmod u+w \(box.folder)",
        ], "\(result.stderr)")
    }
}
