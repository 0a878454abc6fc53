import Foundation
import RouteModel
import RouteNavigator
import RouteStore
import TestSupport
import Testing

/// Issue 34 item 14: a store reached through a symbolic link whose target's name is not UTF-8
/// is watched where the target is, by its name's bytes: a change to it is seen (`show --watch`
/// and `RouteNavigator.startWatching` wait on this watcher). The events are queued by the
/// time the write returns, so the wait takes none of the clock: it looks once (timeout 0).
@Suite(.tags(.endToEnd), .slowLayer, .enabled(if: WatchByteNames.supported, "this file system refuses names that are not UTF-8 (APFS does)"))
struct NonUTF8WatchTests {
    static func cPath(_ bytes: [UInt8]) -> [CChar] {
        bytes.map { CChar(bitPattern: $0) } + [0]
    }

    /// A link to `nav-\xFF.json`, and one to `dir\xFF/nav.json` (the folder's name not UTF-8).
    @Test(arguments: [false, true])
    func aChangeThroughALinkToANameThatIsNotUTF8IsSeen(throughFolder: Bool) throws {
        let box = Sandbox()
        let folder = Array(box.folder.utf8)
        let targetName: [UInt8]
        if throughFolder {
            try #require(mkdir(Self.cPath(folder + Array("/dir".utf8) + [0xFF]), 0o755) == 0)
            targetName = Array("dir".utf8) + [0xFF] + Array("/nav.json".utf8)
        } else {
            targetName = Array("nav-".utf8) + [0xFF] + Array(".json".utf8)
        }
        let plain = box.folder + "/plain.json"
        _ = try NavigatorStore(path: plain).update { state in try state.perform(.push(try Route("before")), at: WallClock.now()) }
        try #require(rename(plain, Self.cPath(folder + [UInt8(ascii: "/")] + targetName)) == 0)
        _ = unlink(plain + ".lock")
        let link = box.folder + "/link.json"
        try #require(symlink(Self.cPath(targetName), link) == 0)

        let store = NavigatorStore(path: link)
        let watcher = StoreWatcher(store.changeSource)
        #expect(watcher.isWatchingEvents, "the target's folder is not watched")
        #if canImport(Glibc)
        // inotify names the entry changed: another file in the folder is no change of this one.
        let other = throughFolder ? folder + Array("/dir".utf8) + [0xFF] + Array("/other".utf8) : folder + Array("/other.json".utf8)
        let descriptor = open(Self.cPath(other), O_WRONLY | O_CREAT | O_EXCL, 0o600)
        try #require(descriptor >= 0)
        close(descriptor)
        #expect(watcher.wait(timeout: 0) == .timedOut, "a change to another file was taken for one to the store")
        #endif
        _ = try store.update { state in try state.perform(.push(try Route("after")), at: WallClock.now()) }
        #expect(watcher.wait(timeout: 0) == .changed, "the change to the linked file was not seen")
        #expect(try store.read().path == "root/before/after")
    }
}

/// Whether the temporary folder's file system takes a name that is not UTF-8.
enum WatchByteNames {
    static let supported: Bool = {
        let name = Array((FileManager.default.temporaryDirectory.path + "/routectl-watch-bytes-").utf8) + Array(String(getpid()).utf8) + [0xFF]
        let path = NonUTF8WatchTests.cPath(name)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { return false }
        close(fd)
        unlink(path)
        return true
    }()
}
