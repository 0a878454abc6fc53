import Foundation
import Testing
import RouteModel
import RouteStore
import RouteCodecs
import TestSupport

/// The store against a real file system, in a fresh temporary folder per test.
@Suite(.tags(.unit)) struct NavigatorStoreTests {
    let folder: String
    let file: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("routemodel-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        file = folder + "/nested/dir/navigator.json"
    }

    func push(_ name: String, store: NavigatorStore) throws -> NavigatorStore.Outcome {
        try store.update { try $0.perform(.push(Route(name)), at: "2026-11-22T10:00:00Z") }
    }

    /// A store names its own limit, not a fixed 16 MiB: VAPersistentNavigator's is 8 MiB.
    @Test func aFileOverTheStoresLimitIsRefusedNamingThatLimit() throws {
        try FileManager.default.createDirectory(atPath: folder + "/nested/dir", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: file, contents: Data(count: (8 << 20) + 1))
        let store = NavigatorStore(path: file, codec: VAPNCodec())
        #expect(store.maxBytes == 8 << 20)
        do {
            _ = try store.read()
            Issue.record("a file over the limit was read")
        } catch let error as NavigatorError {
            #expect(error.message.contains("is larger than 8 MiB (8388609 bytes)"), "\(error.message)")
        }
    }

    @Test func missingFileReadsAsTheDefaultState() throws {
        let state = try NavigatorStore(path: file).read()
        #expect(state.path == "root")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func showPathSaysANavigationPathsPathWithoutReadingItsState() throws {
        // A missing file, routectl's own: read whole. An app's NavigationPath: said straight
        // from its bytes, the path read() gives.
        guard case .state(.navigator(let fresh), nil) = try NavigatorStore(path: file).readDocument() else {
            Issue.record("a missing file is a fresh state")
            return
        }
        #expect(fresh.path == "root")
        _ = try push("a", store: NavigatorStore(path: file))
        guard case .document(let own) = try NavigatorStore(path: file).readDocument() else {
            Issue.record("routectl's own file is read")
            return
        }
        #expect(try own.path(order: ParameterOrder()) == "root/a")
        let path = folder + "/path.json"
        try Data(NavigationPathFixtures.Path.mixed.json()).write(to: URL(fileURLWithPath: path))
        guard case .document(let document) = try NavigatorStore(path: path, formats: .standard).readDocument() else {
            Issue.record("a NavigationPath is read whole")
            return
        }
        let said = try document.path(order: ParameterOrder())
        #expect(said == (try NavigatorStore(path: path, formats: .standard).read()).path)
        #expect(said == "/home/Int?_0:=7/Recipe?id:=42/String?_0=hello/Bool?_0:=true/details?_0:=3")
    }

    @Test func aPushOntoANavigationPathIsWrittenWithoutReadingItsState() throws {
        // The bytes the full way writes, the state never read; routectl's own file, and a
        // missing one, the full way.
        let route = try Route("details", parameters: [Route.Parameter(key: "_0", json: "5")])
        let push = { (state: inout NavigatorState) throws -> Bool in try state.perform(.push(route), at: "2026-11-24T10:00:00Z") }
        let quick = folder + "/quick.json", full = folder + "/full.json"
        for path in [quick, full] { try Data(NavigationPathFixtures.Path.mixed.json()).write(to: URL(fileURLWithPath: path)) }
        let outcome = try NavigatorStore(path: quick, formats: .standard).update(applying: .push(route), push)
        #expect(outcome == nil, "written without reading the state")
        _ = try NavigatorStore(path: full, formats: .standard).update(push)
        #expect(FileManager.default.contents(atPath: quick) == FileManager.default.contents(atPath: full))
        let own = try NavigatorStore(path: file).update(applying: .push(route), push)
        #expect(own?.state.path == "root/details?_0:=5", "a missing file: the full way")
        let again = try NavigatorStore(path: file).update(applying: .push(route), push)
        #expect(again?.state.path == "root/details?_0:=5/details?_0:=5", "routectl's own file: the full way")
    }

    @Test func firstChangeCreatesTheFileAndItsFolder() throws {
        let store = NavigatorStore(path: file)
        #expect(try push("a", store: store).changed)
        #expect(try store.read().path == "root/a")
        #expect(FileManager.default.fileExists(atPath: file + ".lock"))
        #expect(!FileManager.default.fileExists(atPath: file + ".tmp"))
    }

    @Test func noChangeWritesNothing() throws {
        let store = NavigatorStore(path: file)
        let outcome = try store.update { try $0.perform(.reset, at: "t") }
        #expect(!outcome.changed)
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func keepsPermissionBits() throws {
        let store = NavigatorStore(path: file)
        _ = try push("a", store: store)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        _ = try push("b", store: store)
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func replacesTheTargetOfASymlinkAndKeepsTheLink() throws {
        let real = folder + "/real.json"
        let link = folder + "/link.json"
        _ = try push("a", store: NavigatorStore(path: real))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.json")
        _ = try push("b", store: NavigatorStore(path: link))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.json")
        #expect(try NavigatorStore(path: real).read().path == "root/a/b")
        #expect(FileManager.default.fileExists(atPath: real + ".lock"))
    }

    @Test func corruptFileIsLeftUntouched() throws {
        try FileManager.default.createDirectory(atPath: folder + "/nested/dir", withIntermediateDirectories: true)
        let junk = Data("{\"format\": 1, \"initial\": ".utf8)
        _ = FileManager.default.createFile(atPath: file, contents: junk)
        let error = #expect(throws: NavigatorError.self) { try push("a", store: NavigatorStore(path: file)) }
        #expect(error?.kind == .invalidFile)
        #expect(error?.message.hasPrefix("'\(file)' is not a valid navigator file") == true)
        #expect(FileManager.default.contents(atPath: file) == junk)
    }

    @Test func recoverMovesACorruptFileAside() throws {
        try FileManager.default.createDirectory(atPath: folder + "/nested/dir", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: file, contents: Data("garbage".utf8))
        let outcome = try NavigatorStore(path: file).update(recover: true) { try $0.perform(.reset, at: "t") }
        #expect(outcome.changed)
        #expect(outcome.notes.count == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/nested/dir")
        let aside = try #require(names.first { $0.hasPrefix("navigator.json.corrupt-") })
        #expect(FileManager.default.contents(atPath: folder + "/nested/dir/" + aside) == Data("garbage".utf8))
        #expect(try NavigatorStore(path: file).read().path == "root")
    }

    @Test func newerFormatIsReadOnly() throws {
        try FileManager.default.createDirectory(atPath: folder + "/nested/dir", withIntermediateDirectories: true)
        let text = Data(#"{"format": 3, "initial": {"name": "a"}}"#.utf8)
        _ = FileManager.default.createFile(atPath: file, contents: text)
        #expect(try NavigatorStore(path: file).read().path == "a")
        let error = #expect(throws: NavigatorError.self) { try push("b", store: NavigatorStore(path: file)) }
        #expect(error?.kind == .newerFormat)
        #expect(FileManager.default.contents(atPath: file) == text)
    }

    @Test func createRefusesAnExistingFileUnlessReplacing() throws {
        let store = NavigatorStore(path: file)
        _ = try store.create(NavigatorState(), replace: false)
        let error = #expect(throws: NavigatorError.self) { try store.create(NavigatorState(), replace: false) }
        #expect(error?.kind == .cannotApply)
        let outcome = try store.create(NavigatorState(initial: try Route("home")), replace: true)
        #expect(outcome.notes.first?.contains(".old-") == true)
        #expect(try store.read().path == "home")
    }

    /// Only what routectl itself wrote is removed (issue 34 item 10): `<file>.tmp-<pid>-<8
    /// lowercase hex digits>`, exactly, whose writer is dead. A user's `<file>.tmp` backup, a
    /// dated copy (`.tmp-2024-06-01`) and every other near miss are theirs.
    @Test func staleTemporaryFileIsReplaced() throws {
        let store = NavigatorStore(path: file)
        _ = try push("a", store: store)
        // A dead writer's (no such pid), and a live one's (pid 1).
        let dead = file + ".tmp-4194305-0000001f", live = file + ".tmp-1-0000002e"
        for path in [dead, live] { _ = FileManager.default.createFile(atPath: path, contents: Data("half a file".utf8)) }
        // Other files, some with names that start alike: never touched.
        let folder = (file as NSString).deletingLastPathComponent, base = (file as NSString).lastPathComponent
        let others = [
            file + ".tmp", file + ".tmp-2024-06-01", file + ".tmp-4194305-1f", file + ".tmp-4194305-0000001F",
            file + ".tmp-4194305-0000001fx", file + ".tmp-4194305-0000001f-", file + ".tmp-04194305-0000001f",
            file + ".tmp-4194305-0000001g", file + ".tm", file + "x.tmp-4194305-0000001f", file + ".tmx",
            folder + "/other.tmp-4194305-0000001f", folder + "/" + String(base.dropLast()),
        ]
        for other in others { _ = FileManager.default.createFile(atPath: other, contents: Data("theirs".utf8)) }
        _ = try push("b", store: store)
        #expect(!FileManager.default.fileExists(atPath: dead), "a dead writer's temporary file was kept")
        #expect(FileManager.default.fileExists(atPath: live), "a live writer's temporary file was removed")
        for other in others { #expect(FileManager.default.fileExists(atPath: other), "\(other) was removed") }
        #expect(try store.read().path == "root/a/b")
    }

    /// A write's own temporary name is of the one shape the sweep removes.
    @Test func aTemporaryNameIsThePidAndEightHexDigits() {
        for _ in 0..<64 {
            let name = TemporaryFile.name(beside: FilePath("/x/nav.json")).description
            let rest = name.dropFirst("/x/nav.json.tmp-\(getpid())-".count)
            #expect(name.hasPrefix("/x/nav.json.tmp-\(getpid())-") && rest.count == 8, "\(name)")
            #expect(rest.allSatisfy { "0123456789abcdef".contains($0) }, "\(name)")
        }
    }

    @Test func refusesToWriteAStateThatWouldNotReadBack() throws {
        let store = NavigatorStore(path: file)
        var broken = NavigatorState()
        broken.routes = ["root", "root"]
        #expect(throws: NavigatorError.self) { try store.create(broken, replace: false) }
        let error = #expect(throws: NavigatorError.self) {
            try store.update { state in
                state.historyLimit = 0
                return try state.perform(.push(Route("a")), at: "t")
            }
        }
        #expect(error?.kind == .invalidInput)
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func aChangeThatThrowsOnAMissingFileCreatesNothing() throws {
        let store = NavigatorStore(path: file)
        #expect(throws: NavigatorError.self) { try store.update { try $0.perform(.pop(1), at: "t") } }
        #expect(!FileManager.default.fileExists(atPath: folder + "/nested"))
    }
}
