import Testing

import RouteModel
import TestSupport
import RouteCodecs
import JSONText

/// `VAPNCodec` on hostile bytes and random changes, in process: many thousands of seeded cases
/// built from the library's own documents (encoded by Foundation's `JSONEncoder` through the
/// mirror types) and the hostile-file catalog.
///
/// Whatever the bytes, decoding either fails with `invalidFile` (one line, no trap) or gives a
/// state that encodes to a document that decodes to the same tree, with the library's decoder
/// (the mirror) too; and a random command on it either cannot apply or is written so.
@Suite(.tags(.fuzz), .slowLayer) struct VAPNFuzzTests {
    static let codec = VAPNCodec()

    /// Checks one input after `operation`; returns the first broken rule, or `nil`.
    static func check(_ bytes: [UInt8], then operation: NavigationOperation? = nil) -> String? {
        let encoded: [UInt8]
        switch CodecRoundTrip.check(bytes, codec, then: operation.map { [$0] } ?? [], encodeMayRefuse: [.cannotApply]) {
        case .broken(let problem): return problem
        case .refused: return nil
        case .written(_, let written): encoded = written
        }
        do {
            _ = try VAPNFixtures.decode(encoded)
        } catch {
            // The mirror decodes the app's own enum: a case it does not have is the input's, not ours.
            let path = VAPNFixtures.codingPath(of: error)
            if (try? VAPNFixtures.decode(bytes)) != nil { return "the library's decoder rejects what routectl wrote at \(path): \(error)" }
        }
        return nil
    }

    static let operations: [NavigationOperation] = {
        func route(_ text: String) -> Route { try! RoutePath(parsing: text).segments.compactMap { if case .route(let r) = $0 { r } else { nil } }[0] }
        return [
            .push(route("details?_0:=5")), .push(route("main")), .pop(1), .popToRoot, .present(route("settings"), .sheet),
            .present(route("main"), .cover), .dismiss, .dismissAll, .dismissTo("main"), .selectTab("first"), .selectTab("second"),
            .reset, .set(route("settings")), .go(try! RoutePath(parsing: "sheet:main/tab:first/main/details?_0:=1")),
            .go(try! RoutePath(parsing: "main/sheet:settings/details?_0:=2/cover:main")),
        ]
    }()

    @Test func everyFixtureAndEveryOperation() {
        for tree in VAPNFixtures.Tree.allCases {
            #expect(Self.check(tree.json) == nil, "\(tree)")
            for operation in Self.operations {
                if let problem = Self.check(tree.json, then: operation) { Issue.record("\(tree), \(operation): \(problem)") }
            }
        }
    }

    @Test func randomMutationsAndOperations() {
        let seed = FuzzSettings.seed(for: "VAPNFuzzTests.randomMutationsAndOperations")
        var random = FuzzRandom(seed: seed)
        let count = FuzzSettings.cases(5_000, factor: 100)
        let bases = VAPNFixtures.Tree.allCases.map(\.json) + [Array(VAPNFixtures.Notes.tabs.utf8)]
        var decoded = 0
        var failures = 0
        for index in 0..<count {
            let base = index % 5 == 0 ? random.pick(HostileFiles.smallCatalog) : random.pick(bases)
            let bytes = index % 4 == 0 ? base : HostileFiles.mutate(base, using: &random)
            if (try? Self.codec.decode(bytes)) != nil { decoded += 1 }
            if let problem = Self.check(bytes, then: random.chance(0.7) ? random.pick(Self.operations) : nil) {
                Issue.record("seed \(seed), case \(index): \(problem)\n\(String(decoding: bytes.prefix(400), as: UTF8.self).debugDescription)")
                failures += 1
                if failures >= 5 { break }
            }
        }
        print("VAPNFuzzTests: \(count) inputs, \(decoded) of them valid trees")
        #expect(decoded > count / 10, "the mutations keep enough trees valid to test the writer")
    }

    @Test func deepPresentationsAndHugeTreesAreLinearAndRefusedCleanly() throws {
        // A chain of presented children: read once each, and never written deeper than read back.
        var text = ""
        for _ in 0..<40 { text += #"{"root":{"main":{}},"destinations":[],"kind":{"flow":{}},"id":"6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11","tabs":[],"presentation":{"sheet":{}},"navigator":"# }
        text += "null" + String(repeating: "}", count: 40)
        var deep = try Self.codec.decode(Array(text.utf8))
        #expect(deep.tree.chain.presented.count == 39, "read in linear time (each node once)")
        for _ in 0..<40 { try deep.apply(.present(Route("main"), .sheet)) }
        let error = #expect(throws: NavigatorError.self) { _ = try Self.codec.encode(&deep) }
        #expect(error?.kind == .cannotApply, "never written deeper than it reads back")
        // 100,000 destinations read and write back.
        let many = Array(repeating: #"{"details":{"_0":1}}"#, count: 100_000).joined(separator: ",")
        let big = #"{"root":{"main":{}},"destinations":["# + many + #"],"kind":{"flow":{}},"id":"6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11","tabs":[],"presentation":{"sheet":{}}}"#
        var state = try Self.codec.decode(Array(big.utf8))
        #expect(state.tree.chain.base.pushed.count == 100_000)
        #expect(try Self.codec.encode(&state).bytes == Array(big.utf8))
    }
}
