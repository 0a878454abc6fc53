import Foundation
import Testing
import TestSupport

/// Named states, `go @<name>`, the project's tabs and links, and `show --launch-arguments` on
/// every format under a key, end to end. Every launch argument is read back as UserDefaults'
/// argument domain reads it (Foundation's PropertyListSerialization) and compared with the value
/// stored under the key.
@Suite(.tags(.endToEnd), .slowLayer) struct ProjectStatesCommandTests {
    let box = Sandbox()

    func run(_ arguments: String...) -> RunResult {
        box.runBare(arguments)
    }

    static let project = """
        {
          "store": {"file": "navigator.json"},
          "tabs": {"home": ["feed", "profile"]},
          "links": [{"url": "myapp://item/{id}", "path": "home/tab:feed/details?id={id}"}],
          "states": {
            "feed-item": "home/tab:feed/details?id=7",
            "editing": "home/tab:profile/sheet:edit",
            "broken": "home/tab:nowhere"
          }
        }
        """

    @Test func namedStatesAreListedAndApplied() {
        box.write(Self.project, to: box.folder + "/routectl.json")
        let table = run("states")
        #expect(table.stdout == """
            NAME        PATH
            @feed-item  home/tab:feed/details?id=7
            @editing    home/tab:profile/sheet:edit
            @broken     home/tab:nowhere

            """)
        #expect(run("states", "--json").stdout.hasPrefix("[\n  {\"name\": \"feed-item\", \"path\": \"home/tab:feed/details?id=7\"},"))
        #expect(run("init", "--initial", "home").status == 0)
        // The project's tabs serve a file that declares none, and are written with the state.
        #expect(run("go", "@editing").status == 0)
        #expect(run("show", "--path").stdout == "home/tab:profile/sheet:edit\n")
        #expect(box.text().contains(#""tabContainers": {"home": ["feed", "profile"]}"#))
        #expect(!box.text().contains("myapp://"), "the project's links are never written into the file")
        // The project's links: open, and show --url.
        #expect(run("open", "myapp://item/42").status == 0)
        #expect(run("show", "--url").stdout == "myapp://item/42\n")
        // A path is checked when it is used; a name the file does not declare is 64.
        let broken = run("go", "@broken")
        #expect(broken.status == 64 && broken.stderr.contains("nowhere"), "\(broken.stderr)")
        let typo = run("go", "@editng")
        #expect(typo.status == 64)
        #expect(typo.stderr == "routectl: unknown state '@editng': routectl.json declares @feed-item, @editing, @broken\nhint: did you mean '@editing'? run: routectl go @editing\n")
        // With no name near it, the hint lists them.
        let far = run("go", "@zzzzzzzz")
        #expect(far.status == 64 && far.stderr.hasSuffix("\nhint: list them with: routectl states\n"), "\(far.stderr)")
        #expect(run("show", "--path").stdout == "home/tab:feed/details?id=42\n")
    }

    @Test func aFileWithItsOwnDeclarationsKeepsThem() {
        box.write(Self.project, to: box.folder + "/routectl.json")
        #expect(run("init", "--initial", "home", "--tabs", "home=feed,search").status == 0)
        #expect(run("tab", "search").status == 0)
        let refused = run("tab", "profile")  // the project's tab, which the file does not declare
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(run("show", "--path").stdout == "home/tab:search\n")
    }

    /// The keys of one plist, one per format, and what each holds (built once per test: the
    /// fixtures' JSONEncoder orders members differently each time).
    static var keys: [(key: String, value: Any)] { [
        ("route", "home"),
        ("selectedTab", 2),
        (VAPNFixtures.sceneKey, Data(VAPNFixtures.Tree.tabs.json)),
        ("vapnAsText", String(decoding: VAPNFixtures.Tree.flowWithSheet.json, as: UTF8.self)),
        ("SavedPath", Data(NavigationPathFixtures.Notes.recipeThenSeven.utf8)),
        ("stack", Data(#"[{"main":{}},{"details":{"_0":42}}]"#.utf8)),
        ("routes", String(decoding: FlowStacksFixtures.Routes.presented.json, as: UTF8.self)),
    ] }

    @Test func launchArgumentsGiveTheAppTheValueUnderItsKey() throws {
        let keys = Self.keys
        var preferences: [String: Any] = ["other": "kept"]
        for (key, value) in keys { preferences[key] = value }
        let plist = box.folder + "/prefs.plist"
        FileManager.default.createFile(atPath: plist, contents: try PropertyListSerialization.data(fromPropertyList: preferences, format: .binary, options: 0))
        let before = box.contents(plist)
        for (key, value) in keys {
            let result = run("-f", plist, "--key", key, "show", "--launch-arguments")
            #expect(result.status == 0, "\(key): \(result.stderr)")
            let prefix = ShellQuote.word("-" + key) + " "
            #expect(result.stdout.hasPrefix(prefix) && result.stdout.hasSuffix("\n") && result.errorLines.isEmpty, "\(key): \(result.stdout)")
            let word = try #require(ShellQuote.unquote(String(result.stdout.dropFirst(prefix.count).dropLast())), "\(key)")
            let read = try PropertyListSerialization.propertyList(from: Data(word.utf8), format: nil)
            #expect((read as? NSObject)?.isEqual(value) == true, "\(key): \(read) is not \(value)")
        }
        // A key named by its prefix (VAPN's scene keys) is printed whole: the app reads that one.
        let prefixed = run("-f", plist, "--key", "com.vandrj.navigator", "show", "--launch-arguments")
        #expect(prefixed.stdout.hasPrefix("-" + VAPNFixtures.sceneKey + " '<7b"), "\(prefixed.stdout)\(prefixed.stderr)")
        #expect(box.contents(plist) == before, "nothing is written")
        // The project's store names the key; routectl's own file has none to give.
        box.write(#"{"store": {"file": "prefs.plist", "key": "route"}}"#, to: box.folder + "/routectl.json")
        #expect(run("show", "--launch-arguments").stdout == #"-route '"home"'"# + "\n")
        let own = run("--no-config", "show", "--launch-arguments")
        #expect(own.status == 1)
        #expect(own.stderr.contains("navigator.json' does not exist: --launch-arguments passes the value of a key of the app's preferences"), "\(own.stderr)")
        // A plist named without --key is said to be one, as show says it, not taken for
        // routectl's own file.
        let keyless = run("--no-config", "-f", plist, "show", "--launch-arguments")
        let shown = run("--no-config", "-f", plist, "show")
        #expect(keyless.status == shown.status && keyless.status != 0 && keyless.stderr == shown.stderr, "\(keyless.stderr)")
        #expect(!keyless.stderr.contains("routectl's own navigator file"), "\(keyless.stderr)")
        let unset = run("--key", "missing", "show", "--launch-arguments")
        #expect(unset.status == 0 && unset.stdout.isEmpty)
        #expect(unset.stderr == "routectl: key 'missing' is not set in '\(box.folder)/prefs.plist': the app starts from its own default, so there is no argument to pass\n")
    }
}

/// Single-quoted shell words as routectl prints them (no `$'...'`: the values here are plain).
enum ShellQuote {
    static func word(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,@%+".contains($0) } ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    static func unquote(_ word: String) -> String? {
        guard word.hasPrefix("'"), word.hasSuffix("'"), word.count >= 2 else { return word.contains("'") ? nil : word }
        return String(word.dropFirst().dropLast()).replacingOccurrences(of: #"'\''"#, with: "'")
    }
}
