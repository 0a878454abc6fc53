import Foundation
import Testing
import TestSupport

/// `--format <name>` end to end: a value in another format is refused (65) and left as it is, a
/// missing key or file starts a state in the format named, an unknown name is a usage error,
/// and `show` names the format (`format` row, `"format"` member). The plists are written and
/// read back with Foundation's `PropertyListSerialization`, binary as the system writes them.
@Suite(.tags(.endToEnd), .slowLayer) struct FormatOptionTests {
    let sandbox = Sandbox()
    var plist: String { sandbox.folder + "/com.example.app.plist" }

    /// routectl's own navigator JSON, format 1: `home` pushed on the root.
    static let navigatorJSON = #"{"format": 1, "initial": {"name": "root"}, "root": {"name": "home"}, "stack": [{"name": "details", "params": {"id": "42"}}]}"#

    /// An app's preferences: a route setting, routectl's JSON as data, a counter.
    func writeAppPlist() throws {
        let values: [String: Any] = ["route": "home", "nav": Data(Self.navigatorJSON.utf8), "launches": 7]
        try PropertyListSerialization.data(fromPropertyList: values, format: .binary, options: 0).write(to: URL(fileURLWithPath: plist))
    }

    func readAppPlist() throws -> [String: Any] {
        let data = try #require(sandbox.contents(plist))
        return try #require(try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any])
    }

    @discardableResult
    func run(_ arguments: String..., key: String?, format: String?) -> RunResult {
        run(arguments, key: key, format: format)
    }

    @discardableResult
    func run(_ arguments: [String], key: String?, format: String?) -> RunResult {
        sandbox.runBare(["-f", plist] + (key.map { ["--key", $0] } ?? []) + (format.map { ["--format", $0] } ?? []) + arguments)
    }

    @Test func anUnknownNameIsAUsageErrorWithTheNamesAndAGuess() {
        let typo = sandbox.run("--format", "routctl", "show")
        #expect(typo.status == 64)
        #expect(typo.stderr == """
            routectl: invalid value 'routctl' for option '--format': expected one of the formats routectl, vapn, codable-array, flowstacks, navigation-path, setting
            hint: did you mean 'routectl'?

            """)
        let unknown = sandbox.run("show", "--format=xml")
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "routectl: invalid value 'xml' for option '--format': expected one of the formats routectl, vapn, codable-array, flowstacks, navigation-path, setting\n")
        #expect(sandbox.listing().isEmpty)
    }

    @Test func aSettingNeedsAKey() {
        let result = sandbox.run("--format", "setting", "set", "home")
        #expect(result.status == 64)
        #expect(result.errorLines.first == "routectl: option '--format setting' needs '--key <name>': a route setting is a string or an integer under a key of an app's preferences")
        #expect(sandbox.listing().isEmpty)
    }

    @Test func aRouteSettingIsNotInRoutectlsFormatAndIsLeftAsItIs() throws {
        try writeAppPlist()
        let original = sandbox.contents(plist)
        for command in [["show"], ["set", "home"], ["push", "a"], ["history"]] {
            let result = run(command, key: "route", format: "routectl")
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(result.stderr == """
                routectl: '\(plist)' key 'route' is not in the format 'routectl' (expected routectl's navigator JSON, an object with a "format" member)
                hint: to let routectl find its format, run: routectl -f \(plist) --key route show

                """, "\(command)")
        }
        #expect(sandbox.contents(plist) == original)
    }

    @Test func navigatorJSONIsNotARouteSetting() throws {
        try writeAppPlist()
        let original = sandbox.contents(plist)
        for command in [["show"], ["set", "home"], ["reset"]] {
            let result = run(command, key: "nav", format: "setting")
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(result.errorLines.first == "routectl: '\(plist)' key 'nav' is not in the format 'setting' (expected a string or an integer, the raw value of the app's route enum)", "\(command)")
            #expect(!result.stderr.contains("--force"))
        }
        let initialize = run("init", key: "route", format: "setting")
        #expect(initialize.status == 64)
        #expect(initialize.errorLines.first == "routectl: '\(plist)' key 'route' is read in the format 'setting' (a string or an integer, the raw value of the app's route enum), which has no room for a whole navigator state")
        #expect(sandbox.contents(plist) == original)

        let setting = run("show", key: "route", format: "setting")
        #expect(setting.status == 0)
        #expect(setting.stdout == """
            file    \(plist)
            key     route
            format  setting
            route   home

            """)
    }

    @Test func aMissingKeyStartsAStateInTheFormatNamed() throws {
        try writeAppPlist()
        let show = run("show", key: "state", format: "routectl")
        #expect(show.status == 0 && show.stderr.isEmpty, "\(show.stderr)")
        #expect(show.stdout.hasPrefix("file     \(plist)\nkey      state\nformat   routectl\ninitial  root\n"), "\(show.stdout)")
        let push = run("push", "details", "id=42", "--json", key: "state", format: "routectl")
        #expect(push.status == 0, "\(push.stderr)")
        #expect(push.stdout.hasPrefix("{\n  \"file\": \"\(plist)\",\n  \"key\": \"state\",\n  \"format\": \"routectl\",\n"), "\(push.stdout)")
        let values = try readAppPlist()
        let data = try #require(values["state"] as? Data, "a new state is data, as an app stores a Codable value")
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["format"] as? Int == 1)
        #expect(values["route"] as? String == "home" && values["launches"] as? Int == 7)

        // Without --format, a missing key is an unset route setting, as before.
        let plain = run("push", "details", key: "other", format: nil)
        #expect(plain.status == 1)
        let setting = run("set", "home", key: "other", format: "setting")
        #expect(setting.status == 0)
        #expect(try readAppPlist()["other"] as? String == "home")
    }

    @Test func showSaysWhenThePlistDoesNotExist() {
        let show = run("show", key: "nav", format: "routectl")
        #expect(show.status == 0)
        #expect(show.stderr == "routectl: '\(plist)' does not exist: this is the fresh state a first change starts from\n")
        #expect(sandbox.listing().isEmpty)
    }

    /// A navigator file named with -f that does not exist: `show` (and `show --path`) says so on
    /// standard error, as for a plist, and prints the fresh state (it said nothing). Nothing
    /// is created.
    @Test func showSaysWhenTheNavigatorFileDoesNotExist() {
        let file = sandbox.folder + "/navigatr.json"
        for words in [["show"], ["show", "--path"]] {
            let show = sandbox.runBare(["-f", file] + words)
            #expect(show.status == 0)
            #expect(show.stderr == "routectl: '\(file)' does not exist: this is the fresh state a first change starts from\n", "\(words)")
        }
        #expect(sandbox.listing().isEmpty)
        #expect(sandbox.runBare(["-f", file, "init"]).status == 0)
        #expect(sandbox.runBare(["-f", file, "show"]).stderr.isEmpty)
    }

    /// `show --launch-arguments` on a file without a key names the format it found: a
    /// FlowStacks or NavigationPath file is the app's, not routectl's own navigator file.
    @Test func launchArgumentsNamesTheFormatOfAFile() {
        let cases: [(String, String)] = [
            (#"[{"push":{"_0":{"details":{"_0":42}}}}]"#, "'flowstacks' (FlowStacks' routes"),
            (#"["Swift.Int", "1"]"#, "'navigation-path' (SwiftUI's NavigationPath"),
            ("[]", "an empty stack ([], in the format codable-array, flowstacks or navigation-path)"),
        ]
        for (text, named) in cases {
            let file = sandbox.folder + "/path.json"
            sandbox.write(text, to: file)
            let result = sandbox.runBare(["-f", file, "show", "--launch-arguments"])
            #expect(result.status == 1)
            #expect(result.stderr.contains(named), "\(text): \(result.stderr)")
            #expect(!result.stderr.contains("routectl's own"), "\(text): \(result.stderr)")
            #expect(sandbox.text(file) == text)
        }
    }

    @Test func resetForceReplacesAValueInAnotherFormatAfterPrintingIt() throws {
        try writeAppPlist()
        let result = run("reset", "--force", key: "route", format: "routectl")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.errorLines.first == "routectl: a copy of the value of key 'route' in '\(plist)' (a string), which this command removes:")
        #expect(result.errorLines.dropFirst().first == "<string>home</string>")
        let data = try #require(try readAppPlist()["route"] as? Data)
        #expect(String(decoding: data, as: UTF8.self).contains("\"format\""))
    }

    @Test func aNavigatorFileIsReadInTheFormatNamed() throws {
        #expect(sandbox.run("--format", "routectl", "push", "a").status == 0)
        let show = sandbox.run("show", "--format", "routectl")
        #expect(show.stdout.hasPrefix("file     \(sandbox.file)\nformat   routectl\ninitial  root\npath     root/a\n"), "\(show.stdout)")

        let foreign = #"[{"home":{}},{"details":{"_0":42}}]"#
        sandbox.write(foreign)
        let refused = sandbox.run("--format", "routectl", "push", "b")
        #expect(refused.status == 65)
        #expect(refused.stderr == """
            routectl: '\(sandbox.file)' is not in the format 'routectl' (expected routectl's navigator JSON, an object with a "format" member)
            hint: to let routectl find its format, run: routectl -f \(sandbox.file) show

            """)
        #expect(sandbox.text() == foreign)
    }

    @Test func aPlistWithoutAKeyIsStillNamedAsAnAppsPreferences() throws {
        try writeAppPlist()
        let plain = run("show", key: nil, format: nil)
        let forced = run("show", key: nil, format: "routectl")
        #expect(forced.status == plain.status && forced.status != 0)
        #expect(forced.errorLines.first == "routectl: '\(plist)' is a property list, not a navigator file: say which of its keys holds the route")
    }

    @Test func showNamesTheFormatOfAStateFoundByContent() throws {
        try writeAppPlist()
        let table = run("show", key: "nav", format: nil)
        #expect(table.stdout.hasPrefix("file     \(plist)\nkey      nav\nformat   routectl\ninitial  root\npath     home/details?id=42\n"), "\(table.stdout)")
        let json = run("show", "--json", key: "route", format: nil)
        #expect(json.stdout.hasPrefix("{\n  \"file\": \"\(plist)\",\n  \"key\": \"route\",\n  \"format\": \"setting\",\n  \"value\": \"home\""), "\(json.stdout)")
    }
}
