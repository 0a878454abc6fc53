import PlainText

/// Command lines for fuzzing, as the bytes of each argument: plausible ones built from the
/// command and option vocabulary, mutations of those, and random words.
///
/// No argument holds a `/` or a NUL byte: a `/` could make a `--file` value name a file outside
/// the test's folder, and NUL cannot be passed to a process. (Tests of long paths with `/` are
/// written out by hand.)
public struct HostileArguments {
    public var random: FuzzRandom
    /// Whether ~100 KB words may appear (in about one command line of 40). They are slow to
    /// refuse in a debug build (the "did you mean" search compares them with every name).
    public var hugeWords = true

    public static let commands = [
        "show", "set", "push", "pop", "present", "dismiss", "tab", "go", "open", "undo", "reset", "history", "init", "link", "help",
        "completions", "man", "__routes", "__tabs", "__links",
    ]
    public static let misspelled = ["shwo", "pussh", "SHOW", "Push", "histroy", "", "-", "help2", "routes", "completion"]
    public static let switches = ["--json", "--no-color", "-q", "--quiet", "-h", "--help", "--version", "--path", "--root", "--force", "-qh", "--cover", "--all", "--url"]
    public static let valued = ["-f", "--file", "--lock-timeout", "-n", "--last", "--to", "--initial", "--routes", "--history-limit", "--tabs"]
    public static let wrongOptions = ["--jsn", "--lock-timout", "-x", "-Z", "---", "--", "--=", "--file=", "-qn", "-fq", "-nq5", "--json=1", "--no-color=", "-é", "--é"]
    public static let values = [
        "home", "details", "a", "_x", "x.y-z", "1bad", "a b", "root", String(repeating: "n", count: 65),
        "id=42", "k=", "=v", "k==v", "tab=info", "q=a b", "k=é", "id=" + String(repeating: "v", count: 1025), "k=\u{7F}", "k=\u{85}",
        "0", "1", "3", "-1", "1.5", "0.001", "86400", "86401", "99999999999999999999", "1e3", "0x10", " 1", "+1", ".", "..",
        "other.json", "navigator.json", "a,b", "a,,b", ",", "root,home", "home,root,home",
        "bash", "zsh", "fish", "tcsh",
        "n:=7", "b:=true", "z:=null", "s:=\"q\"", "k:=", "k:=[1]", "k:=01", ":=1", "home=feed,profile", "home=", "home=a,a",
        "home/tab:feed/x", "home/sheet:a/cover:b?n:=1", "home//x", "tab:a", "home/popover:x", "home/x?id=%4",
    ] + urls + ["add", "list", "remove", "ad", "rm"]
    /// URLs and link patterns, good and bad.
    public static let urls = [
        "myapp://item/42", "MyApp://ITEM/42/", "myapp://search?q=a+b%20c", "myapp://search?src=app&q=x", "myapp://item/a b",
        "myapp://item/%zz", "myapp://item/%FF", "myapp://u@item", "myapp://item#top", "myapp://item:99999", "item/42", "myapp:",
        "myapp://item/{id}", "myapp://search?q={q}", "myapp://item/x{id}", "myapp://{h}", "home/details?id={id}",
        "home/details?id:={id}", "home/details?id={id}&n={id}", "home/tab:feed/details?id={x}",
    ]
    /// Words no command line should contain, as bytes.
    public static let hostile: [[UInt8]] = [
        [], [0x01], [0x09], [0x0A], [0x0D], [0x1B] + Array("[31m".utf8), [0x7F], [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80],
        [0xE2, 0x82], [0x80], Array("-".utf8) + [0xFF], Array("--json".utf8) + [0xFF], Array("id=".utf8) + [0xFE],
        Array("-\u{301}".utf8), Array("--\u{301}".utf8), Array("\u{301}".utf8), Array("-\u{200D}".utf8), Array("-q\u{301}".utf8),
        Array("--file=\u{301}".utf8), Array("push\u{301}".utf8), Array("\u{202E}show".utf8), Array("😀".utf8), Array("-😀".utf8),
        Array("k=\u{2028}".utf8), Array("\u{FEFF}show".utf8), Array("e\u{301}=1".utf8),
    ]

    public init(seed: UInt64) {
        random = FuzzRandom(seed: seed)
    }

    /// One command line.
    public mutating func next() -> [[UInt8]] {
        switch Int.random(in: 0..<10, using: &random) {
        case 0...2: return valid().map { Array($0.utf8) }
        case 3...4: return plausible().map { Array($0.utf8) }
        case 5...8: return mutated((random.chance(0.5) ? valid() : plausible()).map { Array($0.utf8) })
        default: return (0..<Int.random(in: 0...8, using: &random)).map { _ in randomWord() }.map(Self.clean)
        }
    }

    /// A command line the SPEC allows, so that mutations start close to the working paths.
    public mutating func valid() -> [String] {
        let routes = ["home", "details", "a", "_x", "x.y-z", "root"]
        let parameters = ["id=42", "k=", "tab=info", "q=a b", "k=é", "e=x=y", "n:=7", "ok:=true"]
        var words: [String]
        switch random.pick(Self.commands) {
        case "set", "push", "present":
            words = [random.pick(["set", "push", "present"]), random.pick(routes)] + parameters.shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random))
            if words[0] == "present", random.chance(0.5) { words.append("--cover") }
        case "dismiss":
            words = random.pick([["dismiss"], ["dismiss", "--all"], ["dismiss", "--to", random.pick(routes)]])
        case "tab":
            words = ["tab", random.pick(["feed", "profile", "nope"])]
        case "go":
            words = ["go", random.pick(["home/tab:feed/a", "home/tab:profile/sheet:b?n:=1/c", "a/b/cover:c", "root", "home"])]
        case "open":
            words = ["open", random.pick(["myapp://item/42", "MyApp://Item/7/", "myapp://search?q=a+b", "myapp://nothing", "myapp://item/x"])]
        case "link":
            let links = [("myapp://item/{id}", "home/details?id:={id}"), ("myapp://search?q={q}", "home/search?q={q}"), ("myapp://x", "home")]
            let (url, path) = random.pick(links)
            words = random.pick([["link", "add", url, path], ["link", "list"], ["link", "remove", url]])
        case "undo":
            words = random.chance(0.5) ? ["undo"] : ["undo", String(Int.random(in: 1...3, using: &random))]
        case "pop":
            words = random.pick([["pop"], ["pop", String(Int.random(in: 1...3, using: &random))], ["pop", "--to", random.pick(routes)], ["pop", "--root"]])
        case "history":
            words = random.chance(0.5) ? ["history"] : ["history", "-n", String(Int.random(in: 0...3, using: &random))]
        case "init":
            words = ["init"]
            if random.chance(0.5) { words += ["--initial", "home"] }
            if random.chance(0.3) { words += ["--routes", "home,details,a"] }
            if random.chance(0.3) { words += ["--history-limit", String(Int.random(in: 1...5, using: &random))] }
            if random.chance(0.5) { words += ["--tabs", "home=feed,profile"] }
            if random.chance(0.5) { words.append("--force") }
        case "show":
            words = ["show"] + [["--path"], ["--json"], ["--url"], []][Int.random(in: 0..<4, using: &random)]
        case "reset":
            words = random.chance(0.5) ? ["reset"] : ["reset", "--force"]
        case "help":
            words = ["help"] + (random.chance(0.5) ? [random.pick(Self.commands)] : [])
        case "completions":
            words = ["completions", random.pick(["bash", "zsh", "fish"])]
        default:
            words = [random.pick(["man", "__routes", "__tabs", "__links", "show"])]
        }
        let globals = [["--json"], ["-q"], ["--no-color"], ["--lock-timeout", "2"], ["--lock-timeout=0.5"], ["-f", "other.json"]]
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            let option = random.pick(globals)
            if random.chance(0.5) { words = option + words } else { words += option }
        }
        return words
    }

    /// A command line that could almost be right: a command, its kind of arguments, options
    /// (some repeated, some missing their value) in any order.
    public mutating func plausible() -> [String] {
        var words: [String] = []
        if random.chance(0.9) { words.append(random.chance(0.9) ? random.pick(Self.commands) : random.pick(Self.misspelled)) }
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            switch Int.random(in: 0..<5, using: &random) {
            case 0: words.append(random.pick(Self.switches))
            case 1:
                words.append(random.pick(Self.valued))
                if random.chance(0.8) { words.append(random.pick(Self.values)) }  // else: the value is missing
            case 2: words.append(random.pick(Self.valued).hasPrefix("--") ? "--lock-timeout=" + random.pick(Self.values) : "-n" + random.pick(Self.values))
            case 3: words.append(random.pick(Self.wrongOptions))
            default: words.append(random.pick(Self.values))
            }
        }
        if random.chance(0.15), let last = words.last { words.append(last) }  // a repeated word
        return words.shuffled(using: &random).map { String(decoding: Self.clean(Array($0.utf8)), as: UTF8.self) }
    }

    /// `words` changed in 1–3 ways: a word dropped, repeated, swapped, replaced by a hostile or
    /// a huge word, a byte changed, or `--` put in.
    public mutating func mutated(_ words: [[UInt8]]) -> [[UInt8]] {
        var out = words
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let index = out.isEmpty ? 0 : Int.random(in: 0..<out.count, using: &random)
            switch Int.random(in: 0..<8, using: &random) {
            case 0 where !out.isEmpty: out.remove(at: index)
            case 1 where !out.isEmpty: out.insert(out[index], at: index)
            case 2 where out.count > 1: out.swapAt(index, Int.random(in: 0..<out.count, using: &random))
            case 3: out.insert(random.pick(Self.hostile), at: index)
            case 4 where !out.isEmpty: out[index] = random.pick(Self.hostile)
            case 5 where !out.isEmpty && !out[index].isEmpty:
                out[index][Int.random(in: 0..<out[index].count, using: &random)] = UInt8.random(in: 1...255, using: &random)
            case 6: out.insert(Array("--".utf8), at: index)
            default: out.insert(hugeWords && random.chance(0.1) ? hugeWord() : random.pick(Self.hostile), at: index)
            }
        }
        return out.map(Self.clean)
    }

    /// A word of up to 40 random bytes, or a huge one now and then.
    public mutating func randomWord() -> [UInt8] {
        if hugeWords, random.chance(0.01) { return hugeWord() }
        return (0..<Int.random(in: 0...40, using: &random)).map { _ in
            random.chance(0.7) ? UInt8.random(in: 0x20...0x7E, using: &random) : UInt8.random(in: 1...255, using: &random)
        }
    }

    /// About 100 KB: an option, a command, a parameter or a route name of that size.
    public mutating func hugeWord() -> [UInt8] {
        let body = [UInt8](repeating: random.pick(Array("aq-=é".utf8)), count: 100_000)
        return random.pick([[], Array("-".utf8), Array("--".utf8), Array("id=".utf8), Array("--file=".utf8)]) + body
    }

    /// The word with `/` and NUL replaced by `_`.
    public static func clean(_ word: [UInt8]) -> [UInt8] {
        word.map { $0 == UInt8(ascii: "/") || $0 == 0 ? UInt8(ascii: "_") : $0 }
    }

    /// The word for a parser run in process: the text when it is UTF-8, else a stand-in with a
    /// control character, which the parser refuses as the binary refuses the word (64).
    public static func text(_ word: [UInt8]) -> String {
        validUTF8(word) ?? "\u{1}<invalid UTF-8>"
    }
}
