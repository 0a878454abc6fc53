import Foundation
import Testing

import RouteModel
import RouteStore
import RouteCodecs
import TestSupport

/// Defects the fuzz, crash and stress tests found in `RouteModel`, each pinned by a test.
@Suite(.tags(.unit)) struct HostileInputRegressionTests {
    static func file(history entry: String) -> [UInt8] {
        Array(#"{"format": 1, "initial": {"name": "a"}, "history": [\#(entry)]}"#.utf8)
    }

    /// A `seq` of `Int.max` used to trap (arithmetic overflow) on the next change.
    @Test func noChangeIsRecordedAfterSeqIntMax() throws {
        var top = try NavigatorFile.decode(Self.file(history: #"{"seq": 9223372036854775807, "at": "t", "op": "o", "args": [], "path": "a"}"#))
        #expect(throws: NavigatorError.self) { try top.perform(.push(Route("b")), at: "t") }
        #expect(top.stack.isEmpty)
        var next = try NavigatorFile.decode(Self.file(history: #"{"seq": 9223372036854775806, "at": "t", "op": "o", "args": [], "path": "a"}"#))
        #expect(try next.perform(.push(Route("b")), at: "t"))
        let written = try NavigatorFile.decode(NavigatorFile.encode(next))
        #expect(try written.history.entries().last?.seq == Int.max)
        var api = NavigatorState()
        api.history = History([HistoryEntry(seq: Int.max, at: "t", op: "set", args: ["a"], path: "a")])
        do {
            _ = try api.perform(.set(Route("b")), at: "t")
            Issue.record("a change was recorded after seq Int.max")
        } catch let error as NavigatorError {
            #expect(error.kind == .cannotApply)
        }
    }

    /// A lone surrogate escape in a history entry used to pass the read (and `show`, and
    /// changes) but fail `history` later, with a message naming no file.
    @Test func loneSurrogatesAreRefusedWhereverTheyStand() throws {
        for escape in [#"\ud800"#, #"\udc00"#, #"\ud800\u0041"#, #"\ud800\ud800"#] {
            let bytes = Self.file(history: #"{"seq": 1, "at": "t", "op": "\#(escape)", "args": [], "path": "a"}"#)
            #expect(throws: NavigatorError.self, "\(escape)") { try NavigatorFile.decode(bytes) }
            let member = Array(#"{"format": 1, "initial": {"name": "a"}, "x": "\#(escape)"}"#.utf8)
            #expect(throws: NavigatorError.self, "\(escape)") { try NavigatorFile.decode(member) }
        }
        let pair = Self.file(history: #"{"seq": 1, "at": "t", "op": "\ud83d\ude00", "args": [], "path": "a"}"#)
        #expect(try NavigatorFile.decode(pair).history.entries().first?.op == "😀")
    }

    /// An escaped spelling of a history key (`"p\u0061th"`) beside the plain one used to pass
    /// the read and fail `history`, which decodes keys.
    @Test func escapedHistoryKeysAreRefused() {
        let bytes = Self.file(history: #"{"seq": 1, "at": "t", "op": "o", "args": [], "path": "a", "p\u0061th": 5}"#)
        #expect(throws: NavigatorError.self) { try NavigatorFile.decode(bytes) }
    }

    /// A path of tens of thousands of folders used to overflow the stack while its folders
    /// were created, one recursion per folder.
    @Test func aPathOfManyFoldersFailsCleanly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routemodel-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = NavigatorStore(path: folder + "/" + String(repeating: "a/", count: 50_000) + "navigator.json", lockTimeout: 0)
        #expect(throws: NavigatorError.self) { try store.update { try $0.perform(.push(Route("x")), at: "t") } }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// Moving a file aside used to rename it away before the new file was written, so a
    /// crash in between (`init --force`, `reset --force`) left no file at the path.
    @Test func movingAsideKeepsTheFileInPlaceUntilItIsReplaced() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routemodel-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/navigator.json"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("old".utf8)))
        let aside = try AtomicWriter.moveAside(FilePath(path), suffix: ".old-1").description
        #expect(aside == path + ".old-1")
        #expect(FileManager.default.contents(atPath: path) == Data("old".utf8))
        #expect(FileManager.default.contents(atPath: aside) == Data("old".utf8))
        #expect(try AtomicWriter.moveAside(FilePath(path), suffix: ".old-1") == FilePath(path + ".old-1-2"))
        let held = try DataFileLock.lock(FilePath(path), display: path, wait: LockWait(timeout: 0), refuseReadOnly: false)
        try AtomicWriter.replace(FilePath(path), with: Array("new".utf8), over: held)
        #expect(FileManager.default.contents(atPath: path) == Data("new".utf8))
        #expect(FileManager.default.contents(atPath: aside) == Data("old".utf8))
    }
}
