#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import RouteModel
import RouteStore
import TestSupport
import Testing

/// The write path when a system call fails, without a failing disk: the store is given a table
/// of system calls with one replaced by a failure (``SystemCalls``). Whatever fails, the file
/// keeps its old bytes, no temporary file is left, and the error names what failed.
@Suite(.tags(.unit)) struct SystemCallFailureTests {
    enum Failing: String, CaseIterable {
        case write, fsync, close, rename, fchmod, open
    }

    /// The real calls, with `call` failing with `code`.
    static func calls(failing call: Failing, with code: Int32) -> SystemCalls {
        var calls = SystemCalls.system
        switch call {
        case .write: calls.write = { _, _, _ in errno = code; return -1 }
        case .fsync: calls.fsync = { _ in errno = code; return -1 }
        // A close that fails still closes the descriptor, as the kernel does.
        case .close: calls.close = { fd in _ = SystemCalls.system.close(fd); errno = code; return -1 }
        case .rename: calls.rename = { _, _ in errno = code; return -1 }
        case .fchmod: calls.fchmod = { _, _ in errno = code; return -1 }
        case .open: calls.open = { _, _, _ in errno = code; return -1 }
        }
        return calls
    }

    static let expected: [Failing: (kind: NavigatorError.Kind, words: String)] = [
        .write: (.io, "cannot write"), .fsync: (.io, "cannot flush"), .close: (.io, "cannot write"),
        .rename: (.io, "cannot replace"), .fchmod: (.io, "cannot set the permissions of"), .open: (.io, "cannot create"),
    ]

    @Test(arguments: Failing.allCases)
    func aFailingCallLeavesTheFileAsItWas(_ call: Failing) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routectl-syscalls-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/navigator.json"
        _ = try NavigatorStore(path: file).update { try $0.perform(.set(Route("home")), at: "t") }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))

        var store = NavigatorStore(path: file)
        store.calls = Self.calls(failing: call, with: call == .write ? ENOSPC : EIO)
        let error = #expect(throws: NavigatorError.self) { try store.update { try $0.perform(.push(Route("details")), at: "t") } }
        let expected = try #require(Self.expected[call])
        #expect(error?.kind == expected.kind, "\(call): \(error?.message ?? "")")
        #expect(error?.message.hasPrefix(expected.words) == true, "\(call): \(error?.message ?? "")")
        #expect(error?.message.hasSuffix(call == .write ? "No space left on device" : "Input/output error") == true, "\(call): \(error?.message ?? "")")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before, "\(call): the file changed")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "navigator.json" && $0 != "navigator.json.lock" }
        #expect(left.isEmpty, "\(call): left \(left)")
        #expect(try NavigatorStore(path: file).read().path == "home")
    }

    @Test func aFirstFileWhoseFlushFailsIsNotCreated() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routectl-syscalls-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var store = NavigatorStore(path: folder + "/navigator.json")
        store.calls = Self.calls(failing: .fsync, with: EIO)
        #expect(throws: NavigatorError.self) { try store.update { try $0.perform(.set(Route("home")), at: "t") } }
        #expect(!FileManager.default.fileExists(atPath: folder + "/navigator.json"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "navigator.json.lock" }.isEmpty)
    }
}
