import Foundation
import Observation
import RouteCodecs
import RouteModel
import RouteNavigator
import RoutePreferences
import RouteStore
import TestSupport
import Testing

/// The navigator in this process: its operations through the store, reloads of an unreadable
/// store.
@Suite(.tags(.unit)) @MainActor struct RouteNavigatorTests {
    @Test func anUnreadableStoreKeepsTheLastStateAndSaysWhy() throws {
        let box = Sandbox()
        let navigator = RouteNavigator(file: box.file)
        try navigator.push(try Route("kept"))
        box.write("{ not json")
        #expect(navigator.reload() == false)
        #expect(navigator.state?.path == "root/kept")
        let error = try #require(navigator.readError)
        #expect(error.kind == .invalidFile)
        // A change fails as routectl's would, and changes nothing.
        #expect(throws: NavigatorError.self) { try navigator.push(try Route("lost")) }
        #expect(navigator.state?.path == "root/kept")
        // Readable again: the error goes, the state is what the store holds.
        _ = try NavigatorStore(path: box.file).update(recover: true) { _ in false }
        #expect(navigator.reload())
        #expect(navigator.readError == nil)
        #expect(navigator.state?.path == "root")
    }

    /// A change made after the navigator read the store and before it watches is not missed.
    @Test func aChangeBeforeWatchingStartsIsSeen() throws {
        let box = Sandbox()
        let navigator = RouteNavigator(file: box.file)
        _ = try NavigatorStore(path: box.file).update { state in try state.perform(.push(try Route("early")), at: WallClock.now()) }
        #expect(navigator.waitForChange(timeout: Patience.hang) == .changed)
        #expect(navigator.state?.path == "root/early")
        #expect(navigator.waitForChange(timeout: 0) == .timedOut)
    }

    /// A change that goes through (the store read again under its lock) clears the reason the
    /// last look failed: the navigator shows what it wrote, read from a readable store.
    @Test func aChangeThatGoesThroughClearsTheReadError() throws {
        let box = Sandbox()
        box.write("{ not json")
        let navigator = RouteNavigator(file: box.file)
        #expect(navigator.readError != nil)
        _ = try NavigatorStore(path: box.file).update(recover: true) { _ in false }
        try navigator.push(try Route("after"))
        #expect(navigator.state?.path == "root/after")
        #expect(navigator.readError == nil)
    }

    @Test func startsFromAFreshStateWhenTheStoreCannotBeRead() throws {
        let box = Sandbox()
        box.write("[1, 2")
        let navigator = RouteNavigator(file: box.file)
        #expect(navigator.readError?.kind == .invalidFile)
        #expect(navigator.state?.path == "root")
    }

    /// Every operation goes through the store: what another reader of the file sees is what the
    /// navigator shows, history and undo included.
    @Test func operationsAreSavedThroughTheStore() throws {
        let box = Sandbox()
        let navigator = RouteNavigator(file: box.file)
        try navigator.push(try Route("a"))
        try navigator.present(try Route("sheet"), style: .cover)
        try navigator.push(try Route("b"))
        #expect(navigator.state?.path == "root/a/cover:sheet/b")
        try navigator.dismiss()
        try navigator.undo()
        #expect(navigator.state?.path == "root/a/cover:sheet/b")
        try navigator.go(try RoutePath(parsing: "home/x"))
        try navigator.pop()
        try navigator.set(try Route("settings"))
        try navigator.reset()
        let read = try NavigatorStore(path: box.file).read()
        #expect(read.path == navigator.state?.path)
        #expect(read.history.count == 9)
        #expect(navigator.state?.history.count == 9)
    }

    /// An app's own store whose error describes itself over lines, with a terminal's escape
    /// codes and at length: readError is one line, escaped, cut (it said it all raw). Test
    /// first: it failed.
    @Test func anAppStoresErrorIsOneEscapedLine() throws {
        let navigator = RouteNavigator(storage: FailingStorage())
        let message = try #require(navigator.readError?.message)
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(message.contains("disk\\nfull"))
        #expect(message.count < 300)
    }
}

/// A store that cannot be read, whose error says so over several lines.
final class FailingStorage: WatchedStorage, @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "disk\nfull\u{1B}[2J" + String(repeating: "x", count: 5000) }
    }

    var changeSource: ChangeSource { .poll(interval: 1) }
    func readState() throws -> StoredState { throw Failure() }
    func updateState(recover: Bool, _ change: (inout StoredState) throws -> Bool) throws -> ChangeOutcome<StoredState> { throw Failure() }
    func createState(_ new: NavigatorState, replace: Bool) throws -> ChangeOutcome<StoredState> { throw Failure() }
}

/// Counts the changes observers of a navigator's state see (Observation's, re-armed after each).
@MainActor final class ChangeCounter {
    private(set) var count = 0
    private let navigator: RouteNavigator

    init(_ navigator: RouteNavigator) {
        self.navigator = navigator
        arm()
    }

    private func arm() {
        withObservationTracking {
            _ = navigator.stored
            _ = navigator.readError
        } onChange: { [weak self] in
            // Called as the navigator (on the main actor) changes; re-armed once it has.
            MainActor.assumeIsolated { self?.count += 1 }
            Task { @MainActor in self?.arm() }
        }
    }
}

/// Waits until `condition` holds, at most `seconds` (``Patience/hang``: a bound only a hang
/// reaches, never a loaded machine), letting the main actor run the reloads.
///
/// It yields and naps rather than `Task.sleep`: a sleep's wake-up comes through the global
/// executor's threads (two on two cores), which synchronous tests of other suites hold for a
/// minute at a time while they wait for processes; the navigator's reloads need the main actor
/// only.
@MainActor func eventually(_ seconds: Double = Patience.hang, _ condition: () -> Bool) async -> Bool {
    let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < end {
        if condition() { return true }
        await nap()
    }
    return condition()
}

/// Lets the main actor's other work run, then waits a millisecond, without the global executor.
@MainActor func nap() async {
    await Task.yield()
    usleep(1000)
    await Task.yield()
}
