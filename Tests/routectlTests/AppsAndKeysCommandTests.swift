import Foundation
import Testing
import TestSupport

/// `apps --simulator <device>` and `keys` end to end (issue 38, item 2), against a stand-in
/// `xcrun` first on `PATH` that logs every call, prints a real-shaped `simctl listapps` (an
/// old-style property list, as NSDictionary describes itself) and runs `simctl spawn <device>
/// <command...>` as the real one does.
@Suite(.tags(.endToEnd), .slowLayer) struct AppsAndKeysCommandTests {
    /// `xcrun simctl listapps booted` as Xcode 15-16 print it (the shape of the transcripts in
    /// mobile-next/mobile-mcp#59 and topcheer/ggcode#2604): entries by bundle id, NSDictionary's
    /// `=     {` layout, quoted and unquoted strings, `\U` escapes, nested containers and tags.
    static let listapps = #"""
        {
            "com.apple.Bridge" =     {
                ApplicationType = System;
                Bundle = "file:///Library/Developer/CoreSimulator/Volumes/iOS_22A3351/Library/Developer/CoreSimulator/Profiles/Runtimes/iOS%2018.0.simruntime/Contents/Resources/RuntimeRoot/Applications/Bridge.app/";
                CFBundleDisplayName = Watch;
                CFBundleExecutable = Bridge;
                CFBundleIdentifier = "com.apple.Bridge";
                CFBundleName = Bridge;
                CFBundleVersion = "1.0";
                DataContainer = "file:///Users/me/Library/Developer/CoreSimulator/Devices/B19ADE76-9791-46C3-85D0-4BC0F3A90740/data/Containers/Data/Application/3676FF95-0FF7-4690-9FEF-6EA6CDE557E1/";
                GroupContainers =         {
                    "group.com.apple.bridge" = "file:///Users/me/Library/Developer/CoreSimulator/Devices/B19ADE76-9791-46C3-85D0-4BC0F3A90740/data/Containers/Shared/AppGroup/0B5E0B5E-0000-4000-8000-000000000000/";
                };
                Path = "/Library/Developer/CoreSimulator/Volumes/iOS_22A3351/Applications/Bridge.app";
                SBAppTags =         (
                    "watch-companion"
                );
            };
            "com.apple.mobilesafari" =     {
                ApplicationType = System;
                CFBundleDisplayName = Safari;
                CFBundleIdentifier = "com.apple.mobilesafari";
                CFBundleName = MobileSafari;
                GroupContainers =         {
                };
                SBAppTags =         (
                );
            };
            "com.example.Recipes" =     {
                ApplicationType = User;
                Bundle = "file:///Users/me/Library/Developer/CoreSimulator/Devices/B19ADE76-9791-46C3-85D0-4BC0F3A90740/data/Containers/Bundle/Application/C2880E7A-FBEE-4358-AC09-4D07D29AD341/Recipes.app/";
                CFBundleDisplayName = "Caf\U00e9 {Recipes}";
                CFBundleExecutable = Recipes;
                CFBundleIdentifier = "com.example.Recipes";
                CFBundleName = Recipes;
                CFBundleVersion = 1;
                GroupContainers =         {
                };
                Path = "/Users/me/Library/Developer/CoreSimulator/Devices/B19ADE76-9791-46C3-85D0-4BC0F3A90740/data/Containers/Bundle/Application/C2880E7A-FBEE-4358-AC09-4D07D29AD341/Recipes.app";
                SBAppTags =         (
                );
            };
            "com.example.Admin" =     {
                ApplicationType = User;
                CFBundleExecutable = Admin;
                CFBundleIdentifier = "com.example.Admin";
                CFBundleName = Admin;
            };
        }

        """#

    let sandbox = Sandbox()
    var bin: String { sandbox.folder + "/bin" }
    var log: String { sandbox.folder + "/calls.log" }
    var listappsFile: String { sandbox.folder + "/listapps.txt" }
    var domains: String { sandbox.folder + "/domains" }

    init() {
        try! FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try! FileManager.default.createDirectory(atPath: domains, withIntermediateDirectories: true)
        let xcrun = """
            #!/bin/sh
            # A stand-in for Xcode's xcrun (AppsAndKeysCommandTests): simctl listapps and spawn.
            printf '%s\\n' "xcrun $*" >> '\(log)'
            case "${XCRUN_MODE:-}" in
            invalid-device) printf 'Invalid device: %s\\n' "$3" >&2; exit 148 ;;
            shutdown) printf '%s\\n' 'An error was encountered processing the command (domain=com.apple.CoreSimulator.SimError, code=405):' 'Unable to lookup in current state: Shutdown' >&2; exit 149 ;;
            silent) exit 0 ;;
            esac
            if [ "$1" = simctl ] && [ "$2" = listapps ] && [ "$#" = 3 ]; then exec cat '\(listappsFile)'; fi
            if [ "$1" = simctl ] && [ "$2" = spawn ] && [ "$#" -ge 4 ]; then shift 3; exec "$@"; fi
            echo "xcrun: error: unable to find utility \\"$1\\"" >&2
            exit 72

            """
        let defaults = """
            #!/bin/sh
            # A stand-in for defaults (AppsAndKeysCommandTests): export only.
            printf '%s\\n' "defaults $*" >> '\(log)'
            [ "$1" = export ] && [ "$3" = - ] || { echo "only export" >&2; exit 64; }
            exec cat '\(domains)'/"$2.plist"

            """
        for (path, text) in [(bin + "/xcrun", xcrun), (bin + "/defaults", defaults)] {
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o755])
        }
        sandbox.write(Self.listapps, to: listappsFile)
    }

    func run(_ arguments: [String], xcrunMode: String? = nil) -> RunResult {
        var environment = ["PATH": bin + ":/usr/bin:/bin"]
        if let xcrunMode { environment["XCRUN_MODE"] = xcrunMode }
        return TestSupport.Subprocess.run(
            Routectl.binary, arguments, environment: TestEnvironment.make(home: sandbox.folder, environment), in: sandbox.folder)
    }

    /// The calls logged since the last time, and forgets them.
    func takeCalls() -> [String] {
        let text = sandbox.text(log)
        try? FileManager.default.removeItem(atPath: log)
        return text.split(separator: "\n").map(String.init)
    }

    // MARK: apps

    @Test func appsListsTheUserAppsByBundleIDWithTheirNames() {
        let result = run(["apps", "--simulator", "booted"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            BUNDLE ID            NAME
            com.example.Admin    Admin
            com.example.Recipes  Café {Recipes}

            """)
        #expect(result.stderr == "")
        #expect(takeCalls() == ["xcrun simctl listapps booted"])
    }

    @Test func appsJSON() throws {
        let result = run(["apps", "--simulator", "B19ADE76-9791-46C3-85D0-4BC0F3A90740", "--json"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let apps = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: String]]
        #expect(apps == [
            ["bundleId": "com.example.Admin", "name": "Admin"], ["bundleId": "com.example.Recipes", "name": "Café {Recipes}"],
        ])
        #expect(takeCalls() == ["xcrun simctl listapps B19ADE76-9791-46C3-85D0-4BC0F3A90740"])
    }

    @Test func appsWithoutASimulatorIsAUsageErrorAndRunsNothing() {
        let result = run(["apps"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == "routectl: 'apps' needs '--simulator <device>'\nhint: for the booted simulator: routectl apps --simulator booted\n")
        #expect(takeCalls() == [])
    }

    @Test func aFailingListappsIsUnavailableWithWhatSimctlSaid() {
        let invalid = run(["apps", "--simulator", "nope"], xcrunMode: "invalid-device")
        #expect(invalid.status == 69)
        #expect(invalid.stdout == "")
        #expect(invalid.stderr == "routectl: 'xcrun simctl listapps nope' failed with exit status 148: Invalid device: nope\n")
        let shutdown = run(["apps", "--simulator", "booted"], xcrunMode: "shutdown")
        #expect(shutdown.status == 69)
        #expect(shutdown.stderr == "routectl: 'xcrun simctl listapps booted' failed with exit status 149: An error was encountered processing the command (domain=com.apple.CoreSimulator.SimError, code=405):\n")
        let silent = run(["apps", "--simulator", "booted"], xcrunMode: "silent")
        #expect(silent.status == 69)
        #expect(silent.stderr == "routectl: 'xcrun simctl listapps booted' printed nothing, where the list of apps was expected\n")
    }

    @Test func aListThatIsNotAnOldStylePropertyListIsRefusedSayingWhere() {
        sandbox.write("{\n    \"com.example.app\" =     {\n        ApplicationType = User;\n    }\n}\n", to: listappsFile)
        let result = run(["apps", "--simulator", "booted"])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == "routectl: what 'xcrun simctl listapps booted' printed is not an old-style property list: expected ';' after the value of the dictionary key 'com.example.app', found '}' (line 5, column 1) at byte 70\n")
        sandbox.write("(a, b)", to: listappsFile)
        #expect(run(["apps", "--simulator", "booted"]).stderr == "routectl: what 'xcrun simctl listapps booted' printed is an array, where a dictionary of apps by bundle id was expected\n")
    }

    @Test func noAppOfYoursSaysSoOnStandardError() {
        sandbox.write("{\n    \"com.apple.mobilesafari\" =     {\n        ApplicationType = System;\n        CFBundleDisplayName = Safari;\n    };\n}\n", to: listappsFile)
        let result = run(["apps", "--simulator", "booted"])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "routectl: no app of yours is installed on simulator 'booted' (1 of the runtime's own left out); install it with: xcrun simctl install booted <path to .app>\n")
        #expect(run(["apps", "--simulator", "booted", "--json"]).stdout == "[]\n")
    }

    // MARK: keys

    /// An app's preferences holding a state in each format routectl reads, a route setting, and
    /// values that hold none.
    static func preferences() throws -> [String: Any] {
        let navigator = Sandbox()
        #expect(navigator.run("init", "--initial", "home").status == 0)
        #expect(navigator.run("push", "details", "id=42").status == 0)
        return [
            "com.vandrj.navigator.6F1C2E4A": Data(VAPNFixtures.flow()),
            "FlowPath": FlowStacksFixtures.Notes.routes,
            "SavedPath": Data(NavigationPathFixtures.Notes.recipeThenSeven.utf8),
            "stack": CodableArrayFixtures.Notes.appStorage,
            "navigator": Data(try #require(navigator.contents())),
            "route": "home",
            "launches": 7, "seen": true, "greeting": "Hello, world", "blob": Data([0, 1, 0xFE]),
            "nested": ["route": "details"],
        ]
    }

    /// The rows `keys` prints for ``preferences()``, in key order, with what `show --path` shows.
    func expectedRows(file: String) -> [[String]] {
        [
            ("FlowPath", "flowstacks"), ("SavedPath", "navigation-path"), ("com.vandrj.navigator.6F1C2E4A", "vapn"),
            ("navigator", "routectl"), ("route", "setting"), ("stack", "codable-array"),
        ].map { key, format in
            let path = run(["-f", file, "--key", key, "show", "--path"])
            #expect(path.status == 0, "\(key): \(path.stderr)")
            return [key, format, String(path.stdout.dropLast())]
        }
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.binary, .xml])
    func keysListsEveryKeyHoldingNavigationWithItsFormat(format: PropertyListSerialization.PropertyListFormat) throws {
        let file = sandbox.folder + "/com.example.app.plist"
        let bytes = try PropertyListSerialization.data(fromPropertyList: try Self.preferences(), format: format, options: 0)
        #expect(FileManager.default.createFile(atPath: file, contents: bytes))
        let rows = expectedRows(file: file)
        let result = run(["keys", "-f", file])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let printed = result.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(printed.first == ["KEY", "FORMAT", "PATH"])
        #expect(Array(printed.dropFirst()) == rows)
        // Aligned: every row's format starts in the header's FORMAT column.
        let column = try #require(result.stdout.range(of: "FORMAT")).lowerBound.utf16Offset(in: result.stdout)
        for line in result.stdout.split(separator: "\n").dropFirst() {
            let text = String(line)
            #expect(text.utf8.count > column && text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: column - 1)] == UInt8(ascii: " "))
        }
        let json = run(["keys", "-f", file, "--json"])
        let objects = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: String]]
        #expect(objects == rows.map { ["key": $0[0], "format": $0[1], "path": $0[2]] })
        #expect(FileManager.default.contents(atPath: file) == bytes, "keys writes nothing")
        #expect(sandbox.listing().sorted() == ["bin", "com.example.app.plist", "domains", "listapps.txt"], "and leaves nothing behind")
    }

    @Test func keysOfASimulatorDomainReadsItThroughSimctlSpawn() throws {
        let bytes = try PropertyListSerialization.data(fromPropertyList: try Self.preferences(), format: .binary, options: 0)
        #expect(FileManager.default.createFile(atPath: domains + "/com.example.app.plist", contents: bytes))
        let result = run(["keys", "--domain", "com.example.app", "--simulator", "booted"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
            == ["KEY", "FlowPath", "SavedPath", "com.vandrj.navigator.6F1C2E4A", "navigator", "route", "stack"])
        #expect(takeCalls() == ["xcrun simctl spawn booted defaults export com.example.app -", "defaults export com.example.app -"])
    }

    /// `show --launch-arguments <path>` on a simulator's domain: with a format, no tool runs;
    /// without one, the domain is exported (read), never imported.
    @Test func launchArgumentsOfAPathRunNoToolWithAFormat() throws {
        let store = ["--no-config", "--domain", "com.example.app", "--simulator", "booted", "--key", "stack"]
        let formatted = run(store + ["--format", "codable-array", "show", "--launch-arguments", "/details?_0:=42", "--swift"])
        #expect(formatted.status == 0)
        #expect(formatted.stdout == #"["-stack", "<5b7b2264657461696c73223a7b225f30223a34327d7d5d>"]"# + "\n")
        #expect(formatted.stderr == "")
        #expect(takeCalls() == [], "no store is read")
        let bytes = try PropertyListSerialization.data(fromPropertyList: ["stack": CodableArrayFixtures.Notes.appStorage], format: .binary, options: 0)
        #expect(FileManager.default.createFile(atPath: domains + "/com.example.app.plist", contents: bytes))
        let read = run(store + ["show", "--launch-arguments", "/details?_0:=7"])
        #expect(read.status == 0)
        #expect(read.stdout == #"-stack '"[{\"details\":{\"_0\":7}}]"'"# + "\n")
        #expect(takeCalls() == ["xcrun simctl spawn booted defaults export com.example.app -", "defaults export com.example.app -"])
        #expect(FileManager.default.contents(atPath: domains + "/com.example.app.plist") == bytes)
    }

    @Test func keysNeedsPreferencesAndSaysWhenNoneHoldsNavigation() throws {
        let none = run(["keys", "--no-config"])
        #expect(none.status == 64)
        #expect(none.stderr == "routectl: 'keys' needs the app's preferences: -f <plist>, or --domain <bundle-id> (with --simulator <device> for a simulator app)\nhint: for example: routectl keys --domain com.example.app --simulator booted\n")
        let file = sandbox.folder + "/plain.plist"
        let bytes = try PropertyListSerialization.data(fromPropertyList: ["launches": 7, "greeting": "Hello, world"], format: .xml, options: 0)
        #expect(FileManager.default.createFile(atPath: file, contents: bytes))
        let empty = run(["keys", "-f", file])
        #expect(empty.status == 0)
        #expect(empty.stdout == "")
        #expect(empty.stderr == "routectl: no key of '\(file)' holds navigation state in a format routectl reads (routectl, vapn, codable-array, flowstacks, navigation-path, or a route name)\n")
        let missing = run(["keys", "-f", sandbox.folder + "/missing.plist"])
        #expect(missing.status == 0)
        #expect(missing.stderr == "routectl: '\(sandbox.folder)/missing.plist' does not exist: it holds no keys\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.folder + "/missing.plist"))
        let navigatorFile = run(["keys", "-f", sandbox.file, "--simulator", "booted"])
        #expect(navigatorFile.status == 64)
        #expect(takeCalls() == [])
    }
}
