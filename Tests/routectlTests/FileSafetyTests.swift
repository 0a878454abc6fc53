import Foundation
import Testing
import TestSupport

/// The SPEC's safety rules and failure exit codes, end to end.
@Suite(.tags(.endToEnd), .slowLayer) struct FileSafetyTests {
    @Test func corruptFileIsLeftByteForByteUntouched() {
        let box = Sandbox()
        let junk = "{\"format\": 1, \"initial\": {\"name\": \"a\"}, \"root\": "
        box.write(junk)
        for args in [["show"], ["push", "x"], ["set", "x"], ["pop"], ["reset"], ["history"]] {
            let result = Routectl.run(["-f", box.file] + args, home: box.folder)
            #expect(result.status == 65, "\(args)")
            #expect(result.stdout == "")
            #expect(result.errorLines.first?.hasPrefix("routectl: '\(box.file)' is not a valid navigator file: ") == true)
            #expect(result.errorLines.count == 2)
            #expect(result.errorLines.last == "hint: to move it aside and start fresh, run: routectl -f \(box.file) reset --force")
        }
        #expect(box.text() == junk)
        // A refused command leaves nothing behind, no lock either (issue 34 item 7).
        #expect(box.listing() == ["navigator.json"])
    }

    @Test func hintWithoutFileOptionNamesNoFile() {
        let box = Sandbox()
        box.write(#"{"format": 2, "initial": "#)  // cut short; junk in no format gets no hint
        let result = box.runBare(["show"], environment: ["ROUTECTL_FILE": box.file])
        #expect(result.status == 65)
        #expect(result.errorLines.last == "hint: to move it aside and start fresh, run: routectl reset --force")
    }

    @Test func noOpOnAMissingFileCreatesNoFolderAndNoLock() {
        let box = Sandbox()
        let deep = box.folder + "/a/b/nav.json"
        #expect(Routectl.run(["-f", deep, "set", "root"], home: box.folder).status == 0)
        #expect(Routectl.run(["-f", deep, "reset"], home: box.folder).status == 0)
        #expect(Routectl.run(["-f", deep, "pop", "--root"], home: box.folder).status == 0)
        #expect(Routectl.run(["-f", deep, "pop"], home: box.folder).status == 1)
        #expect(box.listing().isEmpty)
    }

    @Test func forceKeepsPermissionBitsAndTheOldFileUntilReplaced() throws {
        let box = Sandbox()
        box.write("corrupt")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: box.file)
        #expect(box.run("reset", "--force").status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: box.file)[.posixPermissions] as? Int == 0o600)
        #expect(box.run("init", "--force").status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: box.file)[.posixPermissions] as? Int == 0o600)
    }

    @Test func specialFilesAreNeverReadNorMovedAside() throws {
        let box = Sandbox()
        #expect(mkfifo(box.file, 0o644) == 0)
        let show = box.run("show")
        #expect(show.status == 73)
        #expect(show.errorLines.first == "routectl: '\(box.file)' is not a regular file")
        for args in [["reset", "--force"], ["init", "--force"], ["push", "a"]] {
            let result = Routectl.run(["-f", box.file] + args, home: box.folder)
            #expect(result.status == 73, "\(args)")
        }
        var info = stat()
        #expect(lstat(box.file, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(!box.listing().contains { $0.contains(".corrupt-") || $0.contains(".old-") })
    }

    @Test func resetForceMovesTheCorruptFileAsideAndStartsFresh() throws {
        let box = Sandbox()
        box.write("\u{0}\u{1}binary")
        let result = box.run("reset", "--force")
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("routectl: moved the corrupt file"))
        let aside = try #require(box.listing().first { $0.hasPrefix("navigator.json.corrupt-") })
        #expect(box.text(box.folder + "/" + aside) == "\u{0}\u{1}binary")
        #expect(box.run("show", "--path").stdout == "root\n")
    }

    @Test func newerFormatIsReadableButNotChangeable() {
        let box = Sandbox()
        let text = #"{"format": 3, "initial": {"name": "a"}, "root": {"name": "b"}, "modals": []}"#
        box.write(text)
        let show = box.run("show", "--path")
        #expect(show.status == 0 && show.stdout == "b\n")
        let push = box.run("push", "c")
        #expect(push.status == 65)
        #expect(push.errorLines.first == "routectl: '\(box.file)' has format 3, newer than this build understands (2); it is read-only here")
        #expect(box.run("reset", "--force").status == 65)
        #expect(box.text() == text)
    }

    @Test func symlinkedPathReplacesTheTargetAndKeepsTheLink() throws {
        let box = Sandbox()
        try FileManager.default.createDirectory(atPath: box.folder + "/real", withIntermediateDirectories: true)
        let link = box.folder + "/link.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/nav.json")
        let result = Routectl.run(["-f", link, "push", "a"], home: box.folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/nav.json")
        #expect(Routectl.run(["-f", box.folder + "/real/nav.json", "show", "--path"], home: box.folder).stdout == "root/a\n")
        Routectl.run(["-f", link, "push", "b"], home: box.folder)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/nav.json")
        #expect(Routectl.run(["-f", link, "show", "--path"], home: box.folder).stdout == "root/a/b\n")
    }

    @Test func permissionBitsAreKept() throws {
        let box = Sandbox()
        box.run("push", "a")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: box.file)
        box.run("push", "b")
        #expect(try FileManager.default.attributesOfItem(atPath: box.file)[.posixPermissions] as? Int == 0o640)
    }

    @Test func aDirectoryInTheWayExits73() throws {
        let box = Sandbox()
        try FileManager.default.createDirectory(atPath: box.file, withIntermediateDirectories: true)
        let result = box.run("push", "a")
        #expect(result.status == 73)
        #expect(result.errorLines.count == 1)
        box.write("x", to: box.folder + "/plainfile")
        let again = Routectl.run(["-f", box.folder + "/plainfile/sub/nav.json", "push", "a"], home: box.folder)
        #expect(again.status == 73)
        #expect(again.errorLines.first?.hasPrefix("routectl: cannot create the folder") == true)
    }

    @Test func otherReadErrorsExit74() {
        let box = Sandbox()
        let result = Routectl.run(["-f", "/proc/self/mem", "show"], home: box.folder)
        #expect(result.status == 74)
        #expect(result.errorLines.count == 1)
        #expect(result.stdout == "")
    }

    @Test func oversizedAndDeepFilesExit65() {
        let box = Sandbox()
        box.write(String(repeating: " ", count: 17 << 20))
        let big = box.run("show")
        #expect(big.status == 65)
        #expect(big.errorLines.first?.contains("larger than 16 MiB") == true)
        box.write(#"{"format": 1, "initial": {"name": "a"}, "x": "# + String(repeating: "[", count: 500_000))
        let deep = box.run("show")
        #expect(deep.status == 65)
        #expect(deep.errorLines.first?.contains("nested deeper than 64 levels") == true)
    }
}
