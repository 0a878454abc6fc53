import Foundation
import RouteModel
import RouteNavigator
import RouteStore
import TestSupport
import Testing

/// `StoreFollower`, what `show --watch` follows a store with (no actor): the navigator's rules
/// for a reload, held without it.
@Suite(.tags(.unit)) struct StoreFollowerTests {
    /// A write that stores the same is no change; a store that cannot be read is one change (its
    /// reason), the same reason again none, and a readable store again one; a change made before
    /// the first wait is not missed.
    @Test func aChangeIsReportedOnlyWhenTheStateOrTheReasonChanges() throws {
        let box = Sandbox()
        let store = NavigatorStore(path: box.file)
        _ = try store.update { state in try state.perform(.push(try Route("kept")), at: WallClock.now()) }
        var follower = StoreFollower(storage: store)
        #expect(follower.readError == nil)
        // Before the first wait: seen when watching starts.
        _ = try store.update { state in try state.perform(.push(try Route("early")), at: WallClock.now()) }
        #expect(follower.waitForChange(timeout: Patience.hang) == .changed)
        #expect(follower.stored.path == "root/kept/early")
        // The same bytes written again: nothing to report.
        let same = try #require(box.contents())
        _ = FileManager.default.createFile(atPath: box.file, contents: same)
        #expect(follower.waitForChange(timeout: 0.2) == .timedOut)

        box.write("{ not json")
        #expect(follower.waitForChange(timeout: Patience.hang) == .changed)
        #expect(follower.readError?.kind == .invalidFile)
        #expect(follower.stored.path == "root/kept/early")
        box.write("{ not json")
        #expect(follower.waitForChange(timeout: 0.2) == .timedOut)

        _ = FileManager.default.createFile(atPath: box.file, contents: same)
        #expect(follower.waitForChange(timeout: Patience.hang) == .changed)
        #expect(follower.readError == nil)
        #expect(follower.stored.path == "root/kept/early")
    }

    /// An app's own store's error is one escaped line there too.
    @Test func anAppStoresErrorIsOneEscapedLine() throws {
        let follower = StoreFollower(storage: FailingStorage())
        let message = try #require(follower.readError?.message)
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(message.count < 300)
    }
}

private extension StoredState {
    var path: String? {
        if case .navigator(let state) = self { return state.path }
        return nil
    }
}
