import Foundation
import RouteModel
import RouteNavigator
import RoutePreferences
import RouteStore
import TestSupport
import Testing

/// The navigator watching its store (a thread waiting on the folder's events, reloads on the main
/// actor) against another writer in this process, as another process would write: reloads seen
/// once, its own writes not echoed. Slow layer: they wait for the system's events.
@Suite(.tags(.endToEnd), .slowLayer) @MainActor struct NavigatorWatchTests {
    @Test func anotherWritersChangeArrivesAsOneChange() async throws {
        let box = Sandbox()
        let navigator = RouteNavigator(file: box.file)
        navigator.startWatching()
        defer { navigator.stopWatching() }
        let changes = ChangeCounter(navigator)
        _ = try NavigatorStore(path: box.file).update { state in try state.perform(.push(try Route("details", parameters: [.init(key: "id", value: "42")])), at: WallClock.now()) }
        #expect(await eventually { navigator.state?.path == "root/details?id=42" })
        #expect(changes.count == 1)
        #expect(navigator.readError == nil)
    }

    /// A barrier instead of a sleep: the other writer's change is queued behind the echo of the
    /// navigator's own, so once it arrives the echo has been seen too.
    @Test func ownWritesDoNotEchoBack() async throws {
        let box = Sandbox()
        let navigator = RouteNavigator(file: box.file)
        navigator.startWatching()
        defer { navigator.stopWatching() }
        try navigator.push(try Route("mine"))
        #expect(navigator.state?.path == "root/mine")
        let changes = ChangeCounter(navigator)
        _ = try NavigatorStore(path: box.file).update { state in try state.perform(.push(try Route("theirs")), at: WallClock.now()) }
        #expect(await eventually { navigator.state?.path == "root/mine/theirs" })
        #expect(changes.count == 1)
        #expect(navigator.reload() == false)
    }

    /// A key of a plist file: the same navigator, the file watched, other keys kept.
    @Test func aPlistKeyIsWatchedAndChanged() async throws {
        let box = Sandbox()
        let plist = box.folder + "/prefs.plist"
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>other</key>
            \t<integer>7</integer>
            </dict>
            </plist>

            """
        box.write(xml, to: plist)
        let store = PreferenceKeyStore(PropertyListFileStore(path: plist), key: PreferenceKey("route"))
        #expect(store.changeSource == .file(path: plist))
        let navigator = RouteNavigator(storage: store)
        navigator.startWatching()
        defer { navigator.stopWatching() }
        try navigator.set(try Route("home"))
        guard case .setting(let setting) = navigator.stored else { Issue.record("a key with no value is a route setting"); return }
        #expect(setting.route?.name == "home")
        let other = PreferenceKeyStore(PropertyListFileStore(path: plist), key: PreferenceKey("route"))
        _ = try other.updateState(recover: false) { state in try state.perform(.set(try Route("profile")), at: WallClock.now()) }
        #expect(await eventually {
            if case .setting(let setting) = navigator.stored { return setting.route?.name == "profile" }
            return false
        })
        let text = try String(contentsOfFile: plist, encoding: .utf8)
        #expect(text.contains("<key>other</key>\n\t<integer>7</integer>"))
    }

    /// A navigator file that is a symbolic link to a file in another folder: the store writes
    /// there (it follows the link), so that folder is the one watched.
    @Test func aLinkedFileIsWatchedWhereItsTargetIs() async throws {
        let box = Sandbox()
        try FileManager.default.createDirectory(atPath: box.folder + "/real", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: box.folder + "/linked", withIntermediateDirectories: true)
        #expect(box.runBare(["-f", box.folder + "/real/n.json", "init"]).status == 0)
        try FileManager.default.createSymbolicLink(atPath: box.folder + "/linked/n.json", withDestinationPath: box.folder + "/real/n.json")
        let navigator = RouteNavigator(file: box.folder + "/linked/n.json")
        navigator.startWatching()
        defer { navigator.stopWatching() }
        _ = try NavigatorStore(path: box.folder + "/linked/n.json").update { state in try state.perform(.push(try Route("through")), at: WallClock.now()) }
        #expect(await eventually { navigator.state?.path == "root/through" })
    }

    /// The folder removed and made again (a reinstall, a cleaned cache): the watch of the old
    /// folder ends with it, and the new one is watched.
    @Test func aFolderRemovedAndMadeAgainIsWatchedAgain() async throws {
        let box = Sandbox()
        let folder = box.folder + "/state"
        let file = folder + "/n.json"
        #expect(box.runBare(["-f", file, "push", "before"]).status == 0)
        let navigator = RouteNavigator(file: file)
        navigator.startWatching()
        defer { navigator.stopWatching() }
        try FileManager.default.removeItem(atPath: folder)
        #expect(await eventually { navigator.state?.path == "root" })
        #expect(box.runBare(["-f", file, "push", "after"]).status == 0)
        #expect(await eventually { navigator.state?.path == "root/after" })
    }

    /// An app's own store (here in memory) that no event reaches: polled, as a domain is.
    @Test func anAppsOwnStoreIsPolled() async throws {
        let storage = MemoryStorage()
        let navigator = RouteNavigator(storage: storage)
        navigator.startWatching()
        defer { navigator.stopWatching() }
        try navigator.push(try Route("mine"))
        #expect(navigator.state?.path == "root/mine")
        _ = try storage.updateState(recover: false) { state in try state.perform(.push(try Route("theirs")), at: WallClock.now()) }
        #expect(await eventually { navigator.state?.path == "root/mine/theirs" })
    }

    /// A main actor kept busy (a long layout, a debugger's pause) while the store keeps changing:
    /// the watching thread queues at most one reload behind it, not one for each change it saw
    /// (they piled up without bound, each a read of the whole store). Test first: it failed.
    @Test func aBusyMainActorGetsOneReloadNotAQueue() async throws {
        let storage = MemoryStorage(every: 0.001)
        let navigator = RouteNavigator(storage: storage)
        navigator.startWatching()
        usleep(300_000)  // the main actor busy: the thread sees a change every millisecond
        navigator.stopWatching()
        let before = storage.reads
        for _ in 0..<50 { await Task.yield() }
        #expect(storage.reads - before <= 1)
    }

    @Test func aWatcherIsCancelledAndTimesOut() {
        let box = Sandbox()
        let watcher = StoreWatcher(.file(path: box.file))
        #expect(watcher.isWatchingEvents)
        #expect(watcher.wait(timeout: 0.01) == .timedOut)
        watcher.cancel()
        #expect(watcher.wait() == .cancelled)
        let missing = StoreWatcher(.file(path: "/nonexistent-routectl-folder/n.json"))
        #expect(!missing.isWatchingEvents)
        // A folder that cannot be watched is looked at again, every fallbackInterval.
        #expect(missing.wait(timeout: Patience.hang) == .changed)
    }
}

/// A store in memory, as an app might implement one: a navigator state behind a lock.
final class MemoryStorage: WatchedStorage, @unchecked Sendable {
    private var state = StoredState.navigator(NavigatorState())
    private var readCount = 0
    private let lock = NSLock()
    private let interval: Double

    /// A store polled every `interval` seconds.
    init(every interval: Double = 0.01) { self.interval = interval }

    var changeSource: ChangeSource { .poll(interval: interval) }

    /// How many times it was read.
    var reads: Int { lock.withLock { readCount } }

    func readState() throws -> StoredState {
        lock.withLock {
            readCount += 1
            return state
        }
    }

    func updateState(recover: Bool, _ change: (inout StoredState) throws -> Bool) throws -> ChangeOutcome<StoredState> {
        try lock.withLock {
            var changed = state
            guard try change(&changed) else { return ChangeOutcome(state: state, changed: false) }
            state = changed
            return ChangeOutcome(state: state, changed: true)
        }
    }

    func createState(_ new: NavigatorState, replace: Bool) throws -> ChangeOutcome<StoredState> {
        lock.withLock { state = .navigator(new) }
        return ChangeOutcome(state: .navigator(new), changed: true)
    }
}
