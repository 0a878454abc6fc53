import Testing
import TestSupport
import RouteModel

/// Random declared link tables and random values, seeded and replayable like the fuzz tests
/// (`ROUTECTL_FUZZ_SEED`, `ROUTECTL_FUZZ_CASES`). For every state a link's path pattern gives:
/// `open` of the state's URL (`show --url`) changes nothing. For every URL a link's pattern
/// gives, written in a random spelling (scheme and host case, `%XX` for unreserved characters,
/// lower-case hex, `+` for `%2B`, query items in any order, a trailing slash): `open` gives the
/// path its link says, and the state's URL afterwards is that URL in its normal form — or, when
/// an earlier link's path pattern also matches the path (an alias), a URL that opens to it.
@Suite(.tags(.fuzz), .slowLayer) struct LinkPropertyTests {
    static let schemes = ["myapp", "MyApp", "https", "x-app.v2"]
    static let hosts: [String?] = ["item", "example.com", "Search", nil]
    static let literals = ["a", "item", "x y", "é", "7", "a+b", "%", "{x}"]
    static let queryNames = ["q", "page", "src", "a b"]
    static let textValues = ["", "a", "a b", "é", "+", "%", "/", "7", "true", "a&b=c", "😀", "{x}", "."]
    static let typedValues = ["7", "-2.5e3", "true", "false", "null", "1E5", "0"]
    /// Path patterns' beginnings, each fitting the declarations below.
    static let bases = ["home/tab:feed", "home/tab:profile/x", "onboarding", "onboarding/a/cover:c", "home/tab:settings/sheet:s"]

    struct Generated {
        var link: DeepLink
        /// Whether each placeholder takes a typed value.
        var typed: [String: Bool]
        /// Whether each placeholder is a URL path segment (whose value cannot be empty).
        var inPath: [String: Bool]
    }

    /// A random link whose placeholders are `p0`, `p1`, … on both sides.
    static func link(_ random: inout FuzzRandom, index: Int) throws -> Generated {
        var names: [String] = []
        var inPath: [String: Bool] = [:]
        func part(inPath path: Bool) -> String {
            if random.chance(0.6) {
                let name = "p\(names.count)"
                names.append(name)
                inPath[name] = path
                return "{\(name)}"
            }
            return PercentEncoding.encoded(random.pick(literals))
        }
        let scheme = random.pick(schemes)
        let host = random.pick(hosts)
        var url = scheme + ":" + (host.map { "//" + $0 } ?? "")
        let segments = (0..<Int.random(in: (host == nil ? 1 : 0)...3, using: &random)).map { _ in part(inPath: true) }
        url += (host == nil ? "" : segments.isEmpty ? "" : "/") + segments.joined(separator: "/")
        let query = Array(queryNames.shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random)))
        if !query.isEmpty {
            url += "?" + query.map { PercentEncoding.encoded($0) + "=" + part(inPath: false) }.joined(separator: "&")
        }
        var typed: [String: Bool] = [:]
        var parameters = names.enumerated().map { offset, name in
            typed[name] = random.chance(0.3)
            return "k\(offset)" + (typed[name]! ? ":=" : "=") + "{\(name)}"
        }
        if random.chance(0.3) { parameters.insert("lit=\(index)", at: Int.random(in: 0...parameters.count, using: &random)) }
        let route = "d\(Int.random(in: 0...1, using: &random))" + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
        let path = random.pick(bases) + "/" + route
        return Generated(link: try DeepLink(url: url, path: path), typed: typed, inPath: inPath)
    }

    /// Random values for `generated`'s placeholders, each of its kind.
    static func values(_ random: inout FuzzRandom, _ generated: Generated) -> [String: String] {
        var values: [String: String] = [:]
        for name in generated.link.url.placeholders {
            var value = generated.typed[name]! ? random.pick(typedValues) : random.pick(textValues)
            if generated.inPath[name]!, value.isEmpty { value = "e" }
            values[name] = value
        }
        return values
    }

    /// `url` written in a random spelling that means the same.
    static func respelled(_ url: URLText, _ random: inout FuzzRandom) -> String {
        func cased(_ text: String) -> String {
            String(text.map { random.chance(0.5) ? Character($0.uppercased()) : $0 })
        }
        func encoded(_ text: String) -> String {
            var out = ""
            for byte in text.utf8 {
                let hex = String(byte, radix: 16, uppercase: random.chance(0.5))
                let escape = "%" + (byte < 0x10 ? "0" : "") + hex
                if PercentEncoding.isUnreserved(byte) {
                    out += random.chance(0.2) ? escape : String(UnicodeScalar(byte))
                } else if byte == UInt8(ascii: "+") {
                    out += random.chance(0.5) ? "+" : escape
                } else {
                    out += escape
                }
            }
            return out
        }
        var text = cased(url.scheme) + ":"
        if let host = url.host {
            text += "//" + cased(host) + (url.port.map { ":\($0)" } ?? "")
        }
        let segments = url.segments.map(encoded)
        text += (url.host == nil || segments.isEmpty ? "" : "/") + segments.joined(separator: "/")
        if !segments.isEmpty || url.host != nil, random.chance(0.3) { text += "/" }
        let items = url.query.shuffled(using: &random).map { encoded($0.name) + "=" + encoded($0.value) }
        if !items.isEmpty { text += "?" + items.joined(separator: "&") }
        return text
    }

    @Test func openOfTheURLIsANoOpAndTheURLAfterOpenIsTheNormalForm() throws {
        let seed = FuzzSettings.seed(for: "LinkPropertyTests")
        var random = FuzzRandom(seed: seed)
        let tables = FuzzSettings.cases(300, factor: 2)
        var opened = 0
        var exact = 0
        var aliases = 0
        var noOps = 0
        for table in 0..<tables {
            let generated = try (0..<Int.random(in: 1...4, using: &random)).map { try Self.link(&random, index: $0) }
            var base = try NavigatorState.new(
                initial: Route("onboarding"), routes: nil,
                tabContainers: [TabContainer(declaration: "home=feed,profile,settings")], historyLimit: 50)
            for item in generated { _ = try? base.links.add(item.link) }
            try base.validate()
            for round in 0..<8 {
                let context = "seed \(seed), table \(table), round \(round): \(base.links.links.map { "\($0.url) -> \($0.path)" })"
                let item = random.pick(generated)
                guard base.links.links.contains(item.link) else { continue }
                let values = Self.values(&random, item)

                // 1. A state the link's path pattern gives: open of its URL changes nothing.
                if let path = try item.link.path.fill(values) {
                    var state = base
                    _ = try state.perform(.go(path), at: "2026-11-22T10:00:00Z")
                    if let url = try? state.url() {
                        let before = state.history.count
                        #expect(try !state.perform(.open(url), at: "2026-11-22T10:00:01Z"), "\(context): open \(url) changed \(state.path)")
                        #expect(state.history.count == before, "\(context)")
                        noOps += 1
                    }
                }

                // 2. The link's URL in a random spelling: open, then the state's URL.
                guard let canonical = item.link.url.fill(values) else { continue }
                let typed = Self.respelled(canonical, &random)
                let url = try URLText(parsing: typed)
                #expect(item.link.url.match(url) == values, "\(context): \(typed) does not match its own pattern")
                var state = base
                let result: (link: DeepLink, path: RoutePath, url: URLText)
                do {
                    result = try state.links.open(url)
                } catch {
                    Issue.record("\(context): open \(typed) failed: \(error)")
                    continue
                }
                _ = try state.perform(.open(url), at: "2026-11-22T10:00:02Z")
                #expect(RoutePath(state.tree) == result.path, "\(context): open \(typed) went to \(state.path), not \(result.path)")
                opened += 1
                let shown = try state.url()
                if shown == result.url {
                    exact += 1
                    if result.link == item.link {
                        #expect(shown.description == canonical.description, "\(context): \(typed) gave back \(shown), not \(canonical)")
                    }
                } else {
                    // An alias: an earlier link's path pattern matches the same path.
                    let alias = state.links.links.prefix { $0 != result.link }.contains { $0.path.match(result.path) != nil }
                    #expect(alias, "\(context): open \(typed), then the URL is \(shown), not \(result.url)")
                    var again = state
                    #expect(try !again.perform(.open(shown), at: "2026-11-22T10:00:03Z"), "\(context): the alias \(shown) opens elsewhere")
                    aliases += 1
                }
            }
        }
        print("LinkPropertyTests: \(tables) tables, \(noOps) open(show --url) no-ops, \(opened) URLs opened: \(exact) gave back their normal form, \(aliases) an earlier alias")
        #expect(noOps > tables * 2 && exact > tables * 2, "the generator hardly exercises the properties")
    }
}
