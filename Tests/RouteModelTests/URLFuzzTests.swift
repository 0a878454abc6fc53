import Testing
import TestSupport
import RouteModel

/// `URLText`, `LinkPattern` and `PathPattern` on hostile text: they parse or refuse with one
/// line naming a column inside the text, never trap; and what parses renders to a normal form
/// that parses back to the same value (for URLs built from random parts too).
@Suite(.tags(.fuzz), .slowLayer) struct URLFuzzTests {
    /// What URLs are made of.
    static let alphabet: [String] =
        Array("aZ09-._~:/?=&+!$'()*,;").map(String.init) + ["item", "/", "/", "{id}", "{q}", "?q=", "&a=", "%2F", "%C3%A9", "%c3%a9", "%41", ":80"]
    /// What has no business in a URL, or only in some places; one piece in ten.
    static let hostile: [String] =
        Array("#[]@%{}").map(String.init) + [
            "myapp:", "MyApp://", "https://", "//", "%C3", "%FF", "%G1", ":99999", "[::1]", "user@", "é", "😀", " ", "\u{0}", "\n",
            "\u{7F}", "\u{200D}", "\"", "<", "\\", "^", "`", "|",
        ]

    /// Parts of URLs built from pieces: any text, control characters and emoji included.
    static let partAlphabet: [String] = Array("ab0 /?#&=%+~._-:@!{}").map(String.init) + ["é", "😀", "\u{0}", "\u{7F}", "\u{10FFFF}", "%41"]

    /// Checks a refusal: `invalidInput`, one line, and a column within `text` (or just past it).
    static func checkRefusal(_ error: Error, _ text: String, _ context: String) {
        guard let error = error as? NavigatorError else {
            Issue.record("\(context): \(text.debugDescription) threw \(error)")
            return
        }
        #expect(error.kind == .invalidInput && !error.message.contains("\n"), "\(context): \(error)")
        let column: Int
        switch error.fact {
        case .invalidURL(let at)?, .invalidPath(let at)?: column = at
        default:
            Issue.record("\(context): \(text.debugDescription): no column: \(error)")
            return
        }
        #expect((1...(text.unicodeScalars.count + 1)).contains(column), "\(context): \(text.debugDescription): column \(column): \(error)")
    }

    @Test func randomTextNeverTrapsAndWhatParsesRoundTrips() {
        let seed = FuzzSettings.seed(for: "URLFuzzTests.parse")
        var random = FuzzRandom(seed: seed)
        let count = FuzzSettings.cases(10_000, factor: 100)
        var urls = 0
        var patterns = 0
        for index in 0..<count {
            let context = "seed \(seed), case \(index)"
            var text = (0..<Int.random(in: 0...20, using: &random)).map { _ in random.pick(random.chance(0.1) ? Self.hostile : Self.alphabet) }.joined()
            if random.chance(0.7) { text = random.pick(["myapp://", "myapp:", "https://x.org/", "MYAPP://Item/"]) + text }
            do {
                let url = try URLText(parsing: text)
                urls += 1
                let again = try URLText(parsing: url.description)
                #expect(again == url && again.description == url.description, "\(context): \(text.debugDescription) -> \(url)")
            } catch {
                Self.checkRefusal(error, text, context)
            }
            do {
                let pattern = try LinkPattern(parsing: text)
                patterns += 1
                let again = try LinkPattern(parsing: pattern.description)
                #expect(again == pattern, "\(context): \(text.debugDescription) -> \(pattern)")
                #expect(pattern.description.hasPrefix(pattern.fixedPrefix), "\(context)")
                if let url = pattern.fill(Dictionary(uniqueKeysWithValues: pattern.placeholders.map { ($0, "v") })) {
                    #expect(pattern.match(url) != nil, "\(context): \(pattern) does not match its own \(url)")
                }
            } catch {
                Self.checkRefusal(error, text, context)
            }
        }
        print("URLFuzzTests: \(count) random texts, \(urls) parsed as URLs, \(patterns) as URL patterns")
    }

    @Test func randomPathPatternsNeverTrap() {
        let seed = FuzzSettings.seed(for: "URLFuzzTests.pathPatterns")
        var random = FuzzRandom(seed: seed)
        let pieces = ["home", "/", "/d", "/tab:feed", "/sheet:s", "?", "?id=", "?id:=", "&n=", "&n:=", "{id}", "{n}", "{id}", "{n}", "%7B", "x", "7"]
        let hostile = ["{", "}", "&", "=", "é", "\u{1}", "//", "sheet:", ":"]
        let count = FuzzSettings.cases(5_000, factor: 100)
        var parsed = 0
        for index in 0..<count {
            let text = "home" + (0..<Int.random(in: 0...12, using: &random)).map { _ in random.pick(random.chance(0.1) ? hostile : pieces) }.joined()
            do {
                let pattern = try PathPattern(parsing: text)
                parsed += 1
                #expect(try PathPattern(parsing: pattern.description) == pattern, "seed \(seed), case \(index): \(text.debugDescription)")
            } catch {
                Self.checkRefusal(error, text, "seed \(seed), case \(index)")
            }
        }
        print("URLFuzzTests: \(count) random path patterns, \(parsed) parsed")
    }

    @Test func urlsBuiltFromRandomPartsRenderAndParseBack() throws {
        let seed = FuzzSettings.seed(for: "URLFuzzTests.parts")
        var random = FuzzRandom(seed: seed)
        func text(_ minimum: Int) -> String {
            (0..<Int.random(in: minimum...8, using: &random)).map { _ in random.pick(Self.partAlphabet) }.joined()
        }
        for index in 0..<FuzzSettings.cases(2_500, factor: 100) {
            let host: String? = random.chance(0.8) ? text(0).lowercased() : nil
            let url = URLText(
                scheme: random.pick(["myapp", "https", "a+b.c-d"]), host: host,
                port: host != nil && random.chance(0.2) ? Int.random(in: 0...65535, using: &random) : nil,  // a port needs a host
                segments: (0..<Int.random(in: 0...4, using: &random)).map { _ in text(1) },
                query: (0..<Int.random(in: 0...3, using: &random)).map { _ in URLText.QueryItem(name: text(1), value: text(0)) },
                fragment: random.chance(0.2) ? text(0) : nil)
            // Only what a host may be after decoding survives lower-casing unchanged.
            guard host.map({ $0 == String(decoding: $0.utf8.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }, as: UTF8.self) }) ?? true else { continue }
            #expect(try URLText(parsing: url.description) == url, "seed \(seed), case \(index): \(url)")
        }
    }
}
