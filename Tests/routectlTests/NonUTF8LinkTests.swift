import Foundation
import Testing
import TestSupport

/// Issue 17 item 9: a symbolic link whose target's name is not UTF-8 is followed to that very
/// name, byte for byte: routectl reads the target's state and writes the target, never a file
/// named with U+FFFD beside it (a decoy of that name stays as it was).
@Suite(.tags(.endToEnd), .slowLayer, .enabled(if: ByteNames.supported, "this file system refuses names that are not UTF-8 (APFS does)"))
struct NonUTF8LinkTests {
    /// A path as bytes, NUL-terminated, for the C calls.
    static func cPath(_ bytes: [UInt8]) -> [CChar] {
        bytes.map { CChar(bitPattern: $0) } + [0]
    }

    /// The bytes of the file at `path` (bytes), or nil.
    static func contents(_ path: [UInt8]) -> [UInt8]? {
        let fd = open(cPath(path), O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return bytes
    }

    /// Makes a navigator file at `path` (bytes) whose root is `root`, through routectl at a
    /// UTF-8 name, then renamed.
    static func makeState(_ box: Sandbox, root: String, at path: [UInt8]) throws {
        let plain = box.folder + "/plain-\(UUID().uuidString).json"
        try #require(Routectl.run(["-f", plain, "set", root], home: box.folder).status == 0)
        try #require(rename(plain, cPath(path)) == 0)
        _ = unlink(plain + ".lock")
    }

    /// Whether `path` (UTF-8) is a symbolic link.
    static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// The names in `folder`, as bytes, sorted.
    static func names(_ folder: [UInt8]) -> [[UInt8]] {
        guard let directory = opendir(cPath(folder)) else { return [] }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name != [46] && name != [46, 46] { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// A link to `nav-\xFF.json`, and a link to `dir\xFF/nav.json` (the folder's name is not
    /// UTF-8): both read and write the target, and leave the decoy named with U+FFFD alone.
    @Test(arguments: [false, true])
    func aLinkToANameThatIsNotUTF8IsFollowedByteForByte(throughFolder: Bool) throws {
        let box = Sandbox()
        let folder = Array(box.folder.utf8)
        let invalid: [UInt8] = [0xFF]
        let replacement = Array("\u{FFFD}".utf8)
        let targetName: [UInt8]
        let decoyName: [UInt8]
        if throughFolder {
            try #require(mkdir(Self.cPath(folder + Array("/dir".utf8) + invalid), 0o755) == 0)
            try #require(mkdir(Self.cPath(folder + Array("/dir".utf8) + replacement), 0o755) == 0)
            targetName = Array("dir".utf8) + invalid + Array("/nav.json".utf8)
            decoyName = Array("dir".utf8) + replacement + Array("/nav.json".utf8)
        } else {
            targetName = Array("nav-".utf8) + invalid + Array(".json".utf8)
            decoyName = Array("nav-".utf8) + replacement + Array(".json".utf8)
        }
        let target = folder + [UInt8(ascii: "/")] + targetName
        let decoy = folder + [UInt8(ascii: "/")] + decoyName
        try Self.makeState(box, root: "target", at: target)
        try Self.makeState(box, root: "decoy", at: decoy)
        let link = box.folder + "/link.json"
        try #require(symlink(Self.cPath(targetName), link) == 0)
        let decoyBytes = try #require(Self.contents(decoy))

        let show = box.runBare(["-f", link, "show", "--path"])
        #expect(show.status == 0 && show.stdout == "target\n", "\(show.status): \(show.stdout) \(show.stderr)")

        let push = box.runBare(["-f", link, "push", "details"])
        #expect(push.status == 0 && push.stderr.isEmpty, "\(push.status): \(push.stderr)")
        #expect(Self.isLink(link), "the link was replaced")
        let written = String(decoding: Self.contents(target) ?? [], as: UTF8.self)
        #expect(written.contains("\"details\""), "the target was not written: \(written)")
        #expect(Self.contents(decoy) == decoyBytes, "the decoy named with U+FFFD changed")
        #expect(box.runBare(["-f", link, "show", "--path"]).stdout == "target/details\n")
        // Nothing beside the decoy: no lock, no new file of its name (compared as bytes).
        let decoyFolder = throughFolder ? folder + Array("/dir".utf8) + replacement : folder
        let decoyFile = throughFolder ? Array("nav.json".utf8) : decoyName
        #expect(Self.names(decoyFolder).filter { $0.starts(with: decoyFile) } == [decoyFile], "a file was created beside the decoy")
    }

    /// The same through `--key`, for a plist file reached by such a link.
    @Test func aPlistReachedThroughSuchALinkIsTheOneChanged() throws {
        let box = Sandbox()
        let folder = Array(box.folder.utf8)
        let targetName = Array("prefs-".utf8) + [0xFE] + Array(".plist".utf8)
        let target = folder + [UInt8(ascii: "/")] + targetName
        let plain = box.folder + "/plain.plist"
        try #require(Routectl.run(["-f", plain, "--key", "route", "set", "onboarding"], home: box.folder).status == 0)
        try #require(rename(plain, Self.cPath(target)) == 0)
        _ = unlink(plain + ".lock")
        let link = box.folder + "/link.plist"
        try #require(symlink(Self.cPath(targetName), link) == 0)

        let show = box.runBare(["-f", link, "--key", "route", "show", "--path"])
        #expect(show.status == 0 && show.stdout == "onboarding\n", "\(show.status): \(show.stdout) \(show.stderr)")
        let set = box.runBare(["-f", link, "--key", "route", "set", "home"])
        #expect(set.status == 0 && set.stderr.isEmpty, "\(set.status): \(set.stderr)")
        #expect(Self.isLink(link))
        #expect(box.runBare(["-f", link, "--key", "route", "show", "--path"]).stdout == "home\n")
        #expect(!FileManager.default.fileExists(atPath: box.folder + "/prefs-\u{FFFD}.plist"))
    }
}

/// Whether the temporary folder's file system takes a name that is not UTF-8.
enum ByteNames {
    static let supported: Bool = {
        let name = Array((FileManager.default.temporaryDirectory.path + "/routectl-bytes-").utf8) + Array(String(getpid()).utf8) + [0xFF]
        let path = NonUTF8LinkTests.cPath(name)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { return false }
        close(fd)
        unlink(path)
        return true
    }()
}
