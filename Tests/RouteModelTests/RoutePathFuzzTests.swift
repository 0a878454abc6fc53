import Testing

import RouteModel
import TestSupport

/// `RoutePath(parsing:)` on hostile text in the whole grammar (presentations, tabs, typed values),
/// and parsing as the inverse of rendering.
@Suite(.tags(.fuzz), .slowLayer) struct RoutePathFuzzTests {
    /// Characters paths are made of, plus some that have no business there.
    static let alphabet: [String] =
        Array("abcxyzABZ019_.-~/?&=%:\"").map(String.init) + ["sheet:", "cover:", "tab:", ":=", ":=7", ":=true", ":=null", ":=%22s%22", ":=[1]", "%2F", "%C3%A9", "%C3", "%G1", "%", "é", "e\u{301}", "😀", " ", "\u{0}", "\u{1}", "\n", "\u{7F}", "\u{85}", "\u{200D}", "\u{FEFF}"]

    /// Random parameter values: any text without control characters, including `/ ? & = %`.
    static let valueAlphabet: [String] = Array("ab0 /?&=%+~._-#").map(String.init) + ["é", "e\u{301}", "😀", "\u{FFFD}", "\u{10FFFF}", "%41"]

    @Test func theQuickReadingOfATypedScalarIsTheFullOne() {
        // Integers, literals and their neighbours, mutated: read from the bytes or by the
        // scanner, the same type and text, or both refused.
        let seed = FuzzSettings.seed(for: "RoutePathFuzzTests.theQuickReadingOfATypedScalarIsTheFullOne")
        var random = FuzzRandom(seed: seed)
        let texts = ["0", "-0", "7", "-42", "1234567890123", "01", "-", "1.5", "1e3", "true", "false", "null", "tru", "nul", "\"7\"", "[1]",
                     String(repeating: "9", count: 300), String(repeating: "9", count: 309), "-" + String(repeating: "9", count: 299)]
        let count = FuzzSettings.cases(20_000, factor: 100)
        for index in 0..<count {
            let base = Array(random.pick(texts).utf8)
            let text = String(decoding: index % 3 == 0 ? base : HostileFiles.mutate(base, using: &random), as: UTF8.self)
            if let quick = TypedValue.quickScalar(text) {
                let full = TypedValue.parseFully(text)
                #expect(full?.0 == quick && full?.1 == text, "seed \(seed), case \(index): \(text.debugDescription) read as \(quick), fully as \(String(describing: full))")
            }
            #expect(TypedValue.parse(text).map { "\($0)" } == TypedValue.parseFully(text).map { "\($0)" }, "seed \(seed), case \(index): \(text.debugDescription)")
        }
    }

    @Test func parseNeverTrapsAndItsResultRoundTrips() {
        let seed = FuzzSettings.seed(for: "RoutePathFuzzTests.parse")
        var random = FuzzRandom(seed: seed)
        let count = FuzzSettings.cases(10_000, factor: 100)
        var parsed = 0
        for index in 0..<count {
            let text = (0..<Int.random(in: 0...24, using: &random)).map { _ in random.pick(Self.alphabet) }.joined()
            do {
                let path = try RoutePath(parsing: text)
                parsed += 1
                #expect(try RoutePath(parsing: path.description) == path, "seed \(seed), case \(index): \(text.debugDescription)")
                #expect(path.columns.count == path.segments.count && (path.segments.isEmpty || path.columns.first == (path.withoutRoot ? 2 : 1)), "seed \(seed), case \(index)")
            } catch let error as NavigatorError {
                #expect(error.kind == .invalidInput && !error.message.contains("\n"), "seed \(seed), case \(index): \(error)")
                guard case .invalidPath(let column)? = error.fact, (1...(text.unicodeScalars.count + 1)).contains(column) else {
                    Issue.record("seed \(seed), case \(index): \(text.debugDescription): no column within the text: \(error)")
                    continue
                }
            } catch {
                Issue.record("seed \(seed), case \(index): \(text.debugDescription) threw \(error)")
            }
        }
        print("RoutePathFuzzTests: \(count) random paths, \(parsed) parsed")
    }

    @Test func renderThenParseGivesTheRoutesBack() throws {
        let seed = FuzzSettings.seed(for: "RoutePathFuzzTests.roundTrip")
        var random = FuzzRandom(seed: seed)
        let names = ["a", "home", "_x", "x.y-z", "Details9", String(repeating: "n", count: 64)]
        for index in 0..<FuzzSettings.cases(2_500, factor: 100) {
            let routes = try (0..<Int.random(in: 1...5, using: &random)).map { _ in
                let keys = Array(["id", "q", "_k", "a.b", "tab"].shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random)))
                let parameters = try keys.map { key in
                    try Route.Parameter(key: key, value: (0..<Int.random(in: 0...12, using: &random)).map { _ in random.pick(Self.valueAlphabet) }.joined())
                }
                return try Route(random.pick(names), parameters: parameters)
            }
            let path = RoutePath.render(root: routes[0], stack: Array(routes.dropFirst()))
            #expect(try RoutePath.plainRoutes(path) == routes, "seed \(seed), case \(index): \(path)")
        }
    }
}
