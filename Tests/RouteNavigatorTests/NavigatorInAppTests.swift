import Foundation
import RouteModel
import RouteNavigator
import RouteStore
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The library in an app (issue 35 item 5): a navigator's write installs no process-wide signal
/// handler (only the command-line tool does, for itself), and a lock another process holds never
/// blocks the main actor. Also what a write leaves beside the file (issue 34 item 10).
@Suite(.tags(.unit)) @MainActor struct NavigatorInAppTests {
    /// What `SIGINT`, `SIGTERM` and `SIGHUP` do now: each one's handler, as an address.
    nonisolated static func dispositions() -> [Int] {
        [SIGINT, SIGTERM, SIGHUP].map { signal in
            var action = sigaction()
            sigaction(signal, nil, &action)
            #if canImport(Glibc)
            return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
            #else
            return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
            #endif
        }
    }

    /// Read while the write is under way (at its flush, the temporary file made, not yet
    /// renamed), where the old code had its handlers installed; and after it.
    @Test func aNavigatorsWriteInstallsNoSignalHandler() throws {
        let box = Sandbox()
        let during = Recorded<[Int]>()
        var store = NavigatorStore(path: box.file, formats: .standard)
        store.calls.fsync = { fd in
            during.append(NavigatorInAppTests.dispositions())
            return SystemCalls.system.fsync(fd)
        }
        let before = Self.dispositions()
        let navigator = RouteNavigator(storage: store)
        try navigator.push(try Route("details"))
        try navigator.present(try Route("compose"))
        #expect(navigator.state?.path == "root/details/sheet:compose")
        #expect(during.values.count == 2)
        #expect(during.values.allSatisfy { $0 == before }, "a handler was installed during a write: \(during.values) != \(before)")
        #expect(Self.dispositions() == before)
    }

    /// Another open file description holds the lock (as another process's would): the
    /// operation throws at once, the lock still held, and nothing changes. A second try of the
    /// lock would be a wait: it releases the holder, so that a navigator that waits goes on and
    /// writes (the test then fails) rather than hanging.
    @Test func aLockHeldElsewhereDoesNotBlockTheMainActor() throws {
        let box = Sandbox()
        _ = try NavigatorStore(path: box.file).update { try $0.perform(.push(Route("kept")), at: WallClock.now()) }
        let holder = open(box.file + ".lock", O_RDONLY)
        try #require(holder >= 0)
        defer { close(holder) }
        try #require(flock(holder, LOCK_EX | LOCK_NB) == 0)
        let failures = Recorded<Int32>()
        var store = NavigatorStore(path: box.file, formats: .standard, lockTimeout: 3600)
        store.calls.flock = { fd, operation in
            let result = SystemCalls.system.flock(fd, operation)
            if result != 0 {
                failures.append(fd)
                if failures.values.count == 2 { flock(holder, LOCK_UN) }
            }
            return result
        }
        let navigator = RouteNavigator(storage: store)
        let error = #expect(throws: NavigatorError.self) { try navigator.push(try Route("lost")) }
        #expect(error?.kind == .lockTimeout)
        #expect(error?.message.contains("another process") == true, "\(String(describing: error?.message))")
        #expect(failures.values.count == 1)
        #expect(navigator.state?.path == "root/kept")
        #expect(try NavigatorStore(path: box.file).read().path == "root/kept")
        // Once the lock is free, the same operation goes through.
        flock(holder, LOCK_UN)
        try navigator.push(try Route("later"))
        #expect(try NavigatorStore(path: box.file).read().path == "root/kept/later")
    }

    /// A user's files beside the store that only look like temporary ones are theirs.
    @Test func aNavigatorsWriteKeepsTheUsersFilesBesideTheStore() throws {
        let box = Sandbox()
        let theirs = [box.file + ".tmp", box.file + ".tmp-2024-06-01", box.file + ".tmp-4194305-backup"]
        for path in theirs { box.write("a backup", to: path) }
        let navigator = RouteNavigator(file: box.file)
        try navigator.push(try Route("details"))
        for path in theirs { #expect(box.text(path) == "a backup", "\(path) was removed") }
    }
}

/// Values appended from any thread, read back in order.
final class Recorded<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []

    func append(_ value: Value) { lock.withLock { stored.append(value) } }
    var values: [Value] { lock.withLock { stored } }
}
