import Foundation
import Testing
import RouteModel
import RouteStore
import RouteCodecs
import TestSupport

/// The storage seam: a second codec lives beside the navigator file format without the model or
/// the store changing.
@Suite(.tags(.unit)) struct NavigatorCodecTests {
    /// A toy format: the path on one line. Enough to prove the store takes any codec.
    struct PathLineCodec: NavigatorCodec {
        var name: String { "path-line" }
        var maxBytes: Int { 1024 }
        /// A state starts from nothing in it (a missing file reads as a fresh state).
        var canCreate: Bool { true }

        func recognizes(_ bytes: [UInt8]) -> Bool { bytes.last == UInt8(ascii: "\n") }

        func decode(_ bytes: [UInt8]) throws -> NavigatorState {
            let text = String(decoding: bytes, as: UTF8.self)
            guard text.hasSuffix("\n") else { throw NavigatorError(.invalidFile, "has no final newline") }
            let routes = try RoutePath.plainRoutes(String(text.dropLast()))
            var state = NavigatorState()
            state.flow = RouteStack(root: routes[0], pushed: Array(routes.dropFirst()))
            return state
        }

        func checkWritable(_ state: NavigatorState) throws {}

        func encode(_ state: inout NavigatorState) throws -> EncodedState {
            EncodedState(bytes: Array((state.path + "\n").utf8))
        }
    }

    @Test func theStoreReadsAndWritesThroughAnyCodec() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routemodel-" + UUID().uuidString).path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store: any NavigatorStorage = NavigatorStore(path: folder + "/state.txt", codec: PathLineCodec())
        _ = try store.update(recover: false) { try $0.perform(.set(Route("home")), at: "2026-11-22T10:00:00Z") }
        _ = try store.update(recover: false) { try $0.perform(.push(Route(name: "details", arguments: ["id=4 2"])), at: "2026-11-22T10:00:01Z") }
        #expect(FileManager.default.contents(atPath: folder + "/state.txt") == Data("home/details?id=4%202\n".utf8))
        #expect(try store.read().top == (try Route(name: "details", arguments: ["id=4 2"])))

        // The codec's own errors come through the store, naming the file.
        _ = FileManager.default.createFile(atPath: folder + "/state.txt", contents: Data("home".utf8))
        #expect(throws: NavigatorError.self) { _ = try store.read() }
    }

    @Test func theNavigatorFileCodecRefusesToWriteANewerFormat() throws {
        var state = try NavigatorFile.decode(Array(#"{"format": 3, "initial": {"name": "a"}}"#.utf8))
        #expect(state.format == 3)
        #expect(throws: NavigatorError.self) { try NavigatorFileCodec().checkWritable(state) }
        state = NavigatorState()
        try NavigatorFileCodec().checkWritable(state)
    }
}
