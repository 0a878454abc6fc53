#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import RouteModel
import RouteCodecs
import RouteStore
import TestSupport
import Testing

/// A file written as pieces (the history read is a slice of the file read, beside the new
/// bytes): a write that fails after some pieces, or writes short, leaves the old file or
/// writes exactly the one-buffer bytes.
@Suite(.tags(.unit)) struct PieceWriteFailureTests {
    final class Counter: @unchecked Sendable {
        var calls = 0
        var bytes: [UInt8] = []
    }

    static func navigatorFile(in folder: String) throws -> String {
        let file = folder + "/navigator.json"
        let entry = { (seq: Int) in #"{"seq": \#(seq), "at": "t", "op": "set", "args": ["a"], "path": "a"}"# }
        let head = "{\n  \"format\": 1,\n  \"initial\": {\"name\": \"a\"},\n  \"root\": {\"name\": \"a\"},\n  \"stack\": [],\n  \"historyLimit\": 1000,\n  \"history\": ["
        let text = head + (1...200).map { "\n    " + entry($0) }.joined(separator: ",") + "\n  ]\n}\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    @Test(arguments: [1, 2, 3])
    func aWriteFailingAfterSomePiecesLeavesTheOldFile(_ failing: Int) throws {
        let sandbox = Sandbox()
        let file = try Self.navigatorFile(in: sandbox.folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let counter = Counter()
        var store = NavigatorStore(path: file)
        store.calls.write = { fd, buffer, count in
            counter.calls += 1
            if counter.calls == failing { errno = ENOSPC; return -1 }
            return SystemCalls.system.write(fd, buffer, count)
        }
        let error = #expect(throws: NavigatorError.self) { try store.update { try $0.perform(.push(Route("b")), at: "t") } }
        #expect(error?.message.hasSuffix("No space left on device") == true, "\(error?.message ?? "")")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        let left = try FileManager.default.contentsOfDirectory(atPath: sandbox.folder).filter { $0 != "navigator.json" && $0 != "navigator.json.lock" }
        #expect(left.isEmpty, "left \(left)")
        #expect(counter.calls == failing)
    }

    @Test(arguments: [1, 7, 4096])
    func shortWritesWriteTheOneBufferBytes(_ most: Int) throws {
        let sandbox = Sandbox()
        let file = try Self.navigatorFile(in: sandbox.folder)
        var state = try NavigatorFile.decode(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        _ = try state.perform(.push(Route("b")), at: "t")
        let expected = NavigatorFile.encode(state)
        var store = NavigatorStore(path: file)
        let counter = Counter()
        store.calls.write = { fd, buffer, count in
            counter.calls += 1
            // Interrupted now and then, and never more than `most` bytes at once.
            if counter.calls % 5 == 0 { errno = EINTR; return -1 }
            return SystemCalls.system.write(fd, buffer, min(count, most))
        }
        _ = try store.update { try $0.perform(.push(Route("b")), at: "t") }
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: file))) == expected)
        withExtendedLifetime(sandbox) {}  // its folder is removed when it goes
    }

    /// A write that writes nothing (returns 0 for bytes asked) is a failure, as a full disk
    /// (gnulib's full_write says so too): trying again for ever hung routectl.
    @Test func aWriteThatWritesNothingFailsRatherThanHangs() throws {
        let sandbox = Sandbox()
        let file = try Self.navigatorFile(in: sandbox.folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let counter = Counter()
        var store = NavigatorStore(path: file)
        store.calls.write = { _, _, _ in
            counter.calls += 1
            // Past 100 tries, fail, so that a loop that tries again for ever ends this test.
            if counter.calls > 100 { errno = EIO; return -1 }
            return 0
        }
        let error = #expect(throws: NavigatorError.self) { try store.update { try $0.perform(.push(Route("b")), at: "t") } }
        #expect(counter.calls == 1, "\(counter.calls) writes of nothing tried")
        #expect(error?.message.hasSuffix("No space left on device") == true, "\(error?.message ?? "")")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        let left = try FileManager.default.contentsOfDirectory(atPath: sandbox.folder).filter { $0 != "navigator.json" && $0 != "navigator.json.lock" }
        #expect(left.isEmpty, "left \(left)")
    }
}
