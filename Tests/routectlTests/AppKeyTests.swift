import Foundation
import Testing
import TestSupport

/// A key of an app's preferences named with `--key`, as a new user gets it wrong: a key that
/// holds another library's data or another type, a mistyped key or path, raw escape sequences
/// in the value (issue 17, items 10, 14 and 16). The plists are XML written here, or binary
/// written by Foundation's `PropertyListSerialization`.
@Suite(.tags(.endToEnd), .slowLayer) struct AppKeyTests {
    let sandbox = Sandbox()
    var plist: String { sandbox.folder + "/com.example.app.plist" }

    /// Another library's navigator JSON (VAPersistentNavigator's), as data.
    static let foreignJSON = #"{"root":{"flow":{"id":"A1","root":{"main":{}},"destinations":[]}}}"#

    /// An app's preferences: the route, a counter, a volume, a dictionary, and another library's
    /// JSON.
    func writeAppPlist() {
        let data = Data(Self.foreignJSON.utf8).base64EncodedString()
        sandbox.write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>route</key>
            \t<string>home</string>
            \t<key>launches</key>
            \t<integer>7</integer>
            \t<key>volume</key>
            \t<real>0.5</real>
            \t<key>nested</key>
            \t<dict>
            \t\t<key>seen</key>
            \t\t<true/>
            \t</dict>
            \t<key>com.vandrj.navigator</key>
            \t<data>\(data)</data>
            </dict>
            </plist>

            """, to: plist)
    }

    @discardableResult
    func run(_ arguments: String..., key: String?) -> RunResult {
        sandbox.runBare(["-f", plist] + (key.map { ["--key", $0] } ?? []) + arguments)
    }

    // Item 10: a route setting's value is escaped everywhere, `show --path` included.
    @Test func showPathEscapesARouteSettingsControlAndFormatCharacters() throws {
        let value = "home\u{1B}[2J\u{200B}\u{202E}x"
        let data = try PropertyListSerialization.data(fromPropertyList: ["route": value], format: .binary, options: 0)
        try data.write(to: URL(fileURLWithPath: plist))
        let path = run("show", "--path", key: "route")
        #expect(path.status == 0)
        #expect(path.stdout == "home\\u{1b}[2J\\u{200b}\\u{202e}x\n")
        let table = run("show", key: "route")
        #expect(!table.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x200B }, "\(table.stdout)")
        let json = run("show", "--json", key: "route")
        #expect(json.stdout.contains(#""value": "home\u001b[2J"#), "\(json.stdout)")
    }

    // Item 14: a key of another type, or holding JSON that is not routectl's, is most likely the
    // wrong key: the hint lists the keys that could hold a route, never `reset --force`.
    @Test func aKeyHoldingAnotherTypeOrForeignJSONGetsTheCandidateKeysNotADeletingHint() throws {
        writeAppPlist()
        let original = sandbox.contents(plist)
        // An integer is an Int-backed enum's raw value (IntegerSettingCommandTests).
        for key in ["volume", "nested", "com.vandrj.navigator"] {
            for command in [["show"], ["set", "home"], ["push", "a"], ["history"]] {
                let result = sandbox.runBare(["-f", plist, "--key", key] + command)
                #expect(result.status == 65, "\(key) \(command): \(result.stderr)")
                #expect(!result.stderr.contains("--force"), "\(key) \(command): \(result.stderr)")
                #expect(result.errorLines.count == 2, "\(result.stderr)")
                #expect(
                    result.errorLines.last == "hint: it is likely not the key the app keeps its route in; keys that could hold a route: route; for example: routectl -f \(plist) --key route show",
                    "\(key) \(command): \(result.stderr)")
            }
        }
        let foreign = run("show", key: "com.vandrj.navigator")
        #expect(foreign.errorLines.first == "routectl: '\(plist)' key 'com.vandrj.navigator' holds JSON in none of the formats routectl reads (routectl, vapn, codable-array, flowstacks, navigation-path)", "\(foreign.stderr)")
        #expect(sandbox.contents(plist) == original)
    }

    @Test func keysHoldingForeignJSONAreNotCandidates() {
        writeAppPlist()
        let result = run("show", key: nil)
        #expect(result.status == 64)
        #expect(result.errorLines.last == "hint: keys that could hold a route: route; for example: routectl -f \(plist) --key route show")
    }

    @Test func withNoCandidateTheHintSaysToNameTheKey() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["volume": 0.5], format: .binary, options: 0)
        try data.write(to: URL(fileURLWithPath: plist))
        let result = run("show", key: "volume")
        #expect(result.status == 65)
        #expect(result.errorLines.last == "hint: it is likely not the key the app keeps its route in, and no other key holds a route name or a navigator state routectl reads; name the app's key with --key <name>")
    }

    // Item 14: `reset --force` on such a key prints the old value (on standard error, even
    // with -q) before removing it.
    @Test func resetForcePrintsTheOldValueFirstEvenWithQuiet() throws {
        writeAppPlist()
        let real = sandbox.runBare(["-q", "-f", plist, "--key", "volume", "reset", "--force"])
        #expect(real.status == 0)
        #expect(real.stdout == "")
        #expect(real.stderr == """
            routectl: a copy of the value of key 'volume' in '\(plist)' (a real number), which this command removes:
            <real>0.5</real>

            """)
        let dictionary = run("reset", "--force", key: "nested")
        #expect(dictionary.status == 0)
        #expect(dictionary.stderr == """
            routectl: a copy of the value of key 'nested' in '\(plist)' (a dictionary), which this command removes:
            <dict>
            \t<key>seen</key>
            \t<true/>
            </dict>
            routectl: removed the value of key 'nested' from '\(plist)', which routectl could not read

            """)
        let text = sandbox.text(plist)
        #expect(!text.contains("volume") && !text.contains("nested") && text.contains("launches") && text.contains("com.vandrj.navigator"))
    }

    // Item 16: a missing key beside a near one is a typo: did-you-mean, exit 64, nothing written.
    @Test func aMissingKeyBesideANearOneIsATypo() {
        writeAppPlist()
        let original = sandbox.contents(plist)
        for command in [["set", "home"], ["show"], ["reset"], ["go", "home"], ["push", "a"]] {
            let result = sandbox.runBare(["-f", plist, "--key", "rotue"] + command)
            #expect(result.status == 64, "\(command): \(result.stderr)")
            #expect(result.errorLines == [
                "routectl: '\(plist)' has no key 'rotue'",
                "hint: did you mean 'route'? run: routectl -f \(plist) --key route show",
            ], "\(command)")
        }
        #expect(sandbox.contents(plist) == original)
        // A key far from every other is the app's own default, not a typo.
        #expect(run("set", "home", key: "screen").status == 0)
    }

    // Item 16: -f never creates folders for a plist.
    @Test func aPlistInAMissingFolderIsNotCreated() {
        let missing = sandbox.folder + "/Library/Prefs/com.example.app.plist"
        let result = sandbox.runBare(["-f", missing, "--key", "route", "set", "home"])
        #expect(result.status == 73)
        #expect(result.errorLines == [
            "routectl: cannot create '\(missing)': the folder '\(sandbox.folder)/Library/Prefs' does not exist (routectl creates no folder for a property list)",
            "hint: check the path; to create the folder, run: mkdir -p \(sandbox.folder)/Library/Prefs",
        ])
        #expect(sandbox.listing() == [])
    }

    // Item 16: show says when the plist does not exist.
    @Test func showSaysWhenThePlistDoesNotExist() {
        let result = run("show", key: "route")
        #expect(result.status == 0)
        #expect(result.stderr == "routectl: '\(plist)' does not exist: nothing is set, so the app's own default applies\n")
        #expect(result.stdout.hasSuffix("route   not set (the app's default applies)\n"))
        #expect(sandbox.listing() == [])
    }

    /// A value with no XML form (a string holding ESC, which XML cannot hold) cannot be copied:
    /// it is kept, and the command says why.
    @Test func aValueThatCannotBeCopiedIsNotDiscarded() throws {
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["route": "home", "odd": ["title": "a\u{1B}[31mb"]], format: .binary, options: 0)
        try data.write(to: URL(fileURLWithPath: plist))
        let result = run("reset", "--force", key: "odd")
        #expect(result.status == 1)
        #expect(result.errorLines == [
            "routectl: cannot print a copy of the value of key 'odd' in '\(plist)' (a dictionary) as XML, so it is kept: remove it with the app's own tools",
        ], "\(result.stderr)")
        #expect(sandbox.contents(plist) == data)
    }

    /// Item 10, everywhere: JSON output escapes DEL, C1 controls and format characters too (as
    /// \uXXXX, the same JSON value), for a route setting and for a navigator's parameters.
    @Test func jsonOutputEscapesWhatATerminalWouldObey() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["route": "a\u{202E}b\u{9B}c\u{7F}d\u{E0041}"], format: .binary, options: 0)
        try data.write(to: URL(fileURLWithPath: plist))
        let setting = run("show", "--json", key: "route")
        #expect(setting.status == 0)
        #expect(setting.stdout.contains(#""value": "a\u202eb\u009bc\u007fd\udb40\udc41""#), "\(setting.stdout)")
        let decoded = try JSONSerialization.jsonObject(with: Data(setting.stdout.utf8)) as? [String: Any]
        #expect(decoded?["value"] as? String == "a\u{202E}b\u{9B}c\u{7F}d\u{E0041}", "the same JSON value")

        #expect(sandbox.run("push", "details", "q=x\u{202E}y").status == 0)
        for arguments in [["show", "--json"], ["history", "--json"]] {
            let result = sandbox.run(arguments)
            #expect(result.status == 0)
            #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x202E }, "\(arguments): \(result.stdout)")
            #expect(result.stdout.contains(#"x\u202ey"#), "\(arguments): \(result.stdout)")
        }
    }
}
