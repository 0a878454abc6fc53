import Foundation
import Testing
import TestSupport

/// `--key` by prefix end to end: VAPersistentNavigator keeps its state under
/// `com.vandrj.navigator` followed by a scene id, so `--key com.vandrj.navigator` names the one
/// key that starts so and holds a state. The values here are routectl's own navigator JSON (as
/// data), written with Foundation's `PropertyListSerialization`.
@Suite(.tags(.endToEnd), .slowLayer) struct KeyPrefixCommandTests {
    static let prefix = "com.vandrj.navigator"
    let sandbox = Sandbox()
    var plist: String { sandbox.folder + "/com.example.app.plist" }

    static func navigator(_ root: String) -> Data {
        Data(#"{"format": 1, "initial": {"name": "root"}, "root": {"name": "\#(root)"}, "stack": []}"#.utf8)
    }

    func write(_ values: [String: Any], binary: Bool = true) throws {
        try PropertyListSerialization.data(fromPropertyList: values, format: binary ? .binary : .xml, options: 0)
            .write(to: URL(fileURLWithPath: plist))
    }

    func read() throws -> [String: Any] {
        let data = try #require(sandbox.contents(plist))
        return try #require(try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any])
    }

    @discardableResult
    func run(_ arguments: String..., key: String = Self.prefix) -> RunResult {
        sandbox.runBare(["-f", plist, "--key", key] + arguments)
    }

    @Test(arguments: [true, false])
    func theOneKeyThatStartsSoIsReadAndChangedAndShowNamesIt(binary: Bool) throws {
        try write(["launches": 7, Self.prefix + "ABC": Self.navigator("home"), Self.prefix + "Theme": "dark"], binary: binary)
        let show = run("show")
        #expect(show.status == 0 && show.stderr.isEmpty, "\(show.stderr)")
        #expect(show.stdout == """
            file     \(plist)
            key      \(Self.prefix)ABC
            format   routectl
            initial  root
            path     home

            DEPTH  ROUTE  PARAMS
            0      home

            """)
        let push = run("push", "details", "id=42", "--json")
        #expect(push.status == 0, "\(push.stderr)")
        #expect(push.stdout.contains("\"key\": \"\(Self.prefix)ABC\""), "\(push.stdout)")
        #expect(run("show", "--path").stdout == "home/details?id=42\n")
        #expect(run("history").stdout.contains("push  details id=42"))
        let values = try read()
        #expect(Set(values.keys) == ["launches", Self.prefix + "ABC", Self.prefix + "Theme"], "no key was added")
        let data = try #require(values[Self.prefix + "ABC"] as? Data, "data stays data")
        #expect(String(decoding: data, as: UTF8.self).contains("\"details\""))
        #expect(sandbox.contents(plist).map { $0.starts(with: Data("bplist00".utf8)) } == binary, "the form is kept")
    }

    @Test func theExactKeyWins() throws {
        try write([Self.prefix: "home", Self.prefix + "ABC": Self.navigator("feed")])
        let show = run("show")
        #expect(show.stdout.hasPrefix("file    \(plist)\nkey     \(Self.prefix)\nformat  setting\nroute   home\n"), "\(show.stdout)")
        #expect(run("set", "start").status == 0)
        let values = try read()
        #expect(values[Self.prefix] as? String == "start")
        #expect(values[Self.prefix + "ABC"] as? Data == Self.navigator("feed"))
    }

    @Test func severalAreAUsageErrorListingThemWithAWholeCommand() throws {
        try write([Self.prefix + "A": Self.navigator("a"), Self.prefix + "B": Self.navigator("b"), "launches": 7])
        let original = sandbox.contents(plist)
        for command in [["show"], ["push", "x"], ["reset", "--force"], ["init", "--force"]] {
            let result = sandbox.runBare(["-f", plist, "--key", Self.prefix] + command)
            #expect(result.status == 64, "\(command): \(result.stderr)")
            #expect(result.errorLines.count == 2, "\(result.stderr)")
            let listed = result.errorLines.first ?? ""
            #expect(listed.hasPrefix("routectl: '\(plist)' has no key '\(Self.prefix)', and 2 keys that start with it hold a state: "), "\(listed)")
            #expect(listed.contains("'\(Self.prefix)A'") && listed.contains("'\(Self.prefix)B'"), "\(listed)")
            let hint = String(result.errorLines.last ?? "")
            #expect(hint.hasPrefix("hint: say which with --key; for example: routectl -f \(plist) --key \(Self.prefix)"), "\(hint)")
            // The hint works when pasted.
            let example = hint.split(separator: " ").drop { $0 != "routectl" }.dropFirst().map(String.init)
            #expect(sandbox.runBare(example).status == 0, "\(example)")
        }
        #expect(sandbox.contents(plist) == original)
    }

    /// The copy printed before a value is discarded names the key that held it.
    @Test func theCopyBeforeDiscardingNamesTheKeyFound() throws {
        let corrupt = Data(#"{"format": 1}"#.utf8)
        try write(["launches": 7, Self.prefix + "ABC": corrupt])
        let reset = run("reset", "--force")
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(reset.errorLines.first == "routectl: a copy of the value of key '\(Self.prefix)ABC' in '\(plist)' (data), which this command removes:", "\(reset.stderr)")
        #expect(reset.errorLines.last == "routectl: removed the value of key '\(Self.prefix)ABC' from '\(plist)', which routectl could not read", "\(reset.stderr)")
        #expect(try read()[Self.prefix + "ABC"] == nil)

        try write(["launches": 7, Self.prefix + "ABC": Self.navigator("home")])
        let replace = run("init", "--force")
        #expect(replace.status == 0, "\(replace.stderr)")
        #expect(replace.errorLines.first == "routectl: a copy of the value of key '\(Self.prefix)ABC' in '\(plist)' (data), which this command replaces:", "\(replace.stderr)")
        #expect(Set(try read().keys) == ["launches", Self.prefix + "ABC"])
    }

    @Test func noneBehavesAsBefore() throws {
        try write(["launches": 7, "theme": "dark"])
        let show = run("show")
        #expect(show.status == 0)
        #expect(show.stdout.hasSuffix("route   not set (the app's default applies)\n"), "\(show.stdout)")
        #expect(run("set", "home").status == 0)
        #expect(try read()[Self.prefix] as? String == "home", "a change creates the key named, as before")

        // A key that starts so but holds no state is what the key looks like a typo of.
        try write(["launches": 7, Self.prefix + "Theme": "dark"])
        let original = sandbox.contents(plist)
        let typo = run("set", "home")
        #expect(typo.status == 64)
        #expect(typo.stderr == """
            routectl: '\(plist)' has no key '\(Self.prefix)'
            hint: did you mean '\(Self.prefix)Theme'? run: routectl -f \(plist) --key \(Self.prefix)Theme show

            """)
        #expect(sandbox.contents(plist) == original)
    }
}
