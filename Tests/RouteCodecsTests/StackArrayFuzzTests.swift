import Testing

import RouteModel
import TestSupport
import RouteCodecs
import JSONText

/// `CodableArrayCodec` and `FlowStacksCodec` on hostile bytes and random changes, in process:
/// many thousands of seeded cases built from the libraries' own documents (encoded by
/// Foundation's `JSONEncoder` through the mirror types, and the notes' documents) and the
/// hostile-file catalog.
///
/// Whatever the bytes, decoding either fails with `invalidFile` (one line, no trap) or gives a
/// state that, unchanged, encodes to the very same bytes; and a random command on it either
/// cannot apply or is written as a document that decodes to the same tree, stably, and that
/// the library's decoder (the mirror) reads whenever it read the input.
@Suite(.tags(.fuzz), .slowLayer) struct StackArrayFuzzTests {
    static let codecs: [any NavigatorCodec] = [CodableArrayCodec(), FlowStacksCodec()]

    /// Checks one input in `codec` after `operation`; returns the first broken rule, or `nil`.
    static func check(_ bytes: [UInt8], _ codec: any NavigatorCodec, then operation: NavigationOperation? = nil) -> String? {
        // Unchanged, a state is written back byte for byte.
        switch CodecRoundTrip.check(bytes, codec, then: operation.map { [$0] } ?? [], writtenBackUnchanged: operation == nil) {
        case .broken(let problem): return problem
        case .refused: return nil
        case .written(_, let encoded): return operation.flatMap { mirrorProblem(bytes, encoded, codec, after: $0) }
        }
    }

    /// When the library's decoder (a mirror) reads `input`, whether it reads `output` too.
    /// (The mirror's screens are ``AppScreen``'s cases; `Int` is one only as FlowPath's plain
    /// value.)
    static func mirrorProblem(_ input: [UInt8], _ output: [UInt8], _ codec: any NavigatorCodec, after operation: NavigationOperation) -> String? {
        if operation.referencedNames.contains("Int") { return nil }
        if codec is CodableArrayCodec {
            guard (try? CodableArrayFixtures.decode(input)) != nil else { return nil }
            do { _ = try CodableArrayFixtures.decode(output) } catch { return "TCA's decoder rejects what routectl wrote: \(error)" }
        } else if (try? FlowStacksFixtures.decode(input)) != nil {
            do { _ = try FlowStacksFixtures.decode(output) } catch { return "FlowStacks' decoder rejects what routectl wrote: \(error)" }
        } else if (try? FlowStacksFixtures.decode(flowPath: input)) != nil {
            do { _ = try FlowStacksFixtures.decode(flowPath: output) } catch { return "FlowPath's decoder rejects what routectl wrote: \(error)" }
        }
        return nil
    }

    /// FlowPath's routes holding a private type's name (found by the libFuzzer target): the app
    /// cannot decode them as they stand, so every change is refused, as `invalidFile`.
    @Test func aChangeToRoutesTheAppCannotDecodeIsRefused() {
        let bytes = Array(#"[{"sheet":{"withNavigation":true}},"Si","7",{"push":{}},"5M$App6Scr#####eenO","{\"details\":{\"_1\":42}}"]"#.utf8)
        for codec in Self.codecs {
            for operation in Self.operations {
                #expect(Self.check(bytes, codec, then: operation) == nil, "\(codec.name), \(operation)")
            }
        }
    }

    static let operations: [NavigationOperation] = {
        func route(_ text: String) -> Route { try! RoutePath(parsing: text).segments.compactMap { if case .route(let r) = $0 { r } else { nil } }[0] }
        return [
            .push(route("details?_0:=5")), .push(route("home")), .push(route("Int?_0:=3")), .pop(1), .popToRoot,
            .present(route("settings"), .sheet), .present(route("home"), .cover, withNavigation: false), .dismiss, .dismissAll,
            .dismissTo("home"), .reset, .set(route("settings")), .selectTab("first"),
            .go(try! RoutePath(parsing: "/home/details?_0:=1")),
            .go(try! RoutePath(parsing: "/home/sheet:settings/details?_0:=2/cover:home")),
        ]
    }()

    static var bases: [[UInt8]] {
        CodableArrayFixtures.Stack.allCases.map(\.json) + FlowStacksFixtures.Routes.allCases.map(\.json)
            + [FlowStacksFixtures.encode(flowPath: FlowStacksFixtures.flowPathElements)]
            + [CodableArrayFixtures.Notes.appStorage, CodableArrayFixtures.Notes.tcaPath, FlowStacksFixtures.Notes.routes, FlowStacksFixtures.Notes.flowPath].map { Array($0.utf8) }
    }

    @Test func everyFixtureAndEveryOperation() {
        for base in Self.bases {
            for codec in Self.codecs where codec.recognizes(base) || base == Array("[]".utf8) {
                if let problem = Self.check(base, codec) { Issue.record("\(codec.name), \(String(decoding: base, as: UTF8.self)): \(problem)") }
                for operation in Self.operations {
                    if let problem = Self.check(base, codec, then: operation) {
                        Issue.record("\(codec.name), \(String(decoding: base, as: UTF8.self)), \(operation): \(problem)")
                    }
                }
            }
        }
    }

    @Test func randomMutationsAndOperations() {
        let seed = FuzzSettings.seed(for: "StackArrayFuzzTests.randomMutationsAndOperations")
        var random = FuzzRandom(seed: seed)
        let count = FuzzSettings.cases(5_000, factor: 100)
        let bases = Self.bases
        var decoded = 0
        var failures = 0
        for index in 0..<count {
            let base = index % 5 == 0 ? random.pick(HostileFiles.smallCatalog) : random.pick(bases)
            let bytes = index % 4 == 0 ? base : HostileFiles.mutate(base, using: &random)
            let codec = random.pick(Self.codecs)
            if (try? codec.decode(bytes)) != nil { decoded += 1 }
            if let problem = Self.check(bytes, codec, then: random.chance(0.7) ? random.pick(Self.operations) : nil) {
                Issue.record("seed \(seed), case \(index), \(codec.name): \(problem)\n\(String(decoding: bytes.prefix(400), as: UTF8.self).debugDescription)")
                failures += 1
                if failures >= 5 { break }
            }
        }
        print("StackArrayFuzzTests: \(count) inputs, \(decoded) of them valid stacks")
        #expect(decoded > count / 10, "the mutations keep enough stacks valid to test the writer")
    }

    @Test func hugeStacksAndDeepValuesAreLinearAndRefusedCleanly() throws {
        // 100,000 elements read, and written back byte for byte.
        let many = "[" + Array(repeating: #"{"details":{"_0":1}}"#, count: 100_000).joined(separator: ",") + "]"
        var state = try CodableArrayCodec().decode(Array(many.utf8))
        #expect(state.tree.chain.base.pushed.count == 100_000)
        try state.apply(.push(Route("home")))
        #expect(try CodableArrayCodec().encode(&state).bytes == Array((many.dropLast() + #",{"home":{}}]"#).utf8))
        let triples = "[" + Array(repeating: #"{"push":{}},"Si","7""#, count: 30_000).joined(separator: ",") + "]"
        var flowPath = try FlowStacksCodec().decode(Array(triples.utf8))
        try flowPath.apply(.pop(1))
        #expect(try FlowStacksCodec().encode(&flowPath).bytes == Array(("[" + triples.dropFirst(#"{"push":{}},"Si","7","#.utf8.count + 1)).utf8))
        // A value nested as deep as a value may be: pushed, it would nest deeper than routectl
        // reads back, so it is refused, never written.
        let deep = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        for codec in Self.codecs {
            var stack = try codec.decode(Array("[]".utf8))
            try stack.apply(.push(Route("x", parameters: [Route.Parameter(key: "_0", json: deep)])))
            let error = #expect(throws: NavigatorError.self) { _ = try codec.encode(&stack) }
            #expect(error?.kind == .cannotApply, "\(codec.name): never written deeper than it reads back")
        }
    }
}
