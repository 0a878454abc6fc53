import Foundation
import Testing
import TestSupport
import RouteModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteStore

/// The store's hardening (issue 8) at the library level, where the command line cannot reach.
@Suite(.tags(.unit)) struct StoreHardeningUnitTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("routemodel-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    // Issue 8 item 10
    @Test func aPathNamingAFolderIsInvalidInputAndCreatesNothing() throws {
        for path in [folder + "/nav.json/", folder + "/.", folder + "/..", folder + "/a/b/.", folder + "/a/..", ".", "..", ""] {
            let store = NavigatorStore(path: path)
            for attempt in 0..<3 {
                do {
                    switch attempt {
                    case 0: _ = try store.update { try $0.perform(.push(Route("a")), at: "2026-11-22T10:00:00Z") }
                    case 1: _ = try store.create(NavigatorState(), replace: true)
                    default: _ = try store.read()
                    }
                    Issue.record("'\(path)' attempt \(attempt) succeeded")
                } catch let error as NavigatorError {
                    #expect(error.kind == .invalidInput, "'\(path)' attempt \(attempt): \(error)")
                }
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    // Issue 8 item 16
    @Test func permissionDeniedMapsToTheSameKindForReadsAndWrites() {
        let path = folder + "/nav.json"
        for code in [EACCES, EPERM, EISDIR, ENOTDIR] {
            let read = SystemCall.failure("read", path, code)
            let write = SystemCall.failure("replace", path, code)
            #expect(read.kind == .cannotCreate && write.kind == .cannotCreate, "errno \(code)")
            #expect(read.message == "cannot read '\(path)': \(SystemCall.describe(code))")
        }
        #expect(SystemCall.failure("read", path, EIO).kind == .io)
        #expect(SystemCall.failure("replace", path, EIO).kind == .io)
    }
}
