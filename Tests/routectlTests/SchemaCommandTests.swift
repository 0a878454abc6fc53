import Foundation
import Testing
import TestSupport

/// The app's schema (routectl.json's routes and types) end to end: writes refused before
/// anything is written (64), check (0 or 1, a line a problem where the format says it stands),
/// migrate and its dry run, on routectl's own file with its history, VAPersistentNavigator's
/// tree under a plist key, a codable array in a JSON file, and a route setting.
@Suite(.tags(.endToEnd), .slowLayer) struct SchemaCommandTests {
    static let project = #"""
        {
          "routes": ["home", "details(Int)", "profile(id: Int, name: String?)", "feature(Feature)",
                     "main", "settings"],
          "types": {"Feature": ["more", "list(page: Int)"]}
        }
        """#

    /// A sandbox with `project` as its project file.
    static func box(_ project: String = project) -> (Sandbox, String) {
        let box = Sandbox()
        let config = box.folder + "/routectl.json"
        box.write(project, to: config)
        return (box, config)
    }

    @Test func routectlsOwnFileHistoryIncluded() throws {
        let (box, config) = Self.box()
        func run(_ words: String...) -> RunResult { box.run(["--config", config] + words) }
        #expect(run("init").status == 0)
        #expect(run("push", "details", "42").status == 0)
        #expect(run("push", "profile", "id=7", "name=Ann").status == 0)
        #expect(run("show", "--path").stdout == "home/details?_0:=42/profile?id:=7&name=Ann\n")
        let before = box.text()
        let refused = run("push", "details", "forty-two")
        #expect(refused.status == 64)
        #expect(refused.stderr == "routectl: 'details' takes an Int as _0, found \"forty-two\"\n")
        let undeclared = run("present", "detail", "1")
        #expect(undeclared.status == 64)
        #expect(undeclared.stderr == "routectl: route 'detail' is not in the schema's routes\nhint: did you mean 'details'?\n")
        #expect(run("go", "home/feature?_0=lots").status == 64)
        #expect(box.text() == before, "a refused write leaves every byte")
        let ok = run("check")
        #expect(ok.status == 0 && ok.stdout.hasPrefix("ok: "), "\(ok)")

        // The app renames details to detail(id: Int): the state and its history no longer fit.
        let renamed = Self.project.replacingOccurrences(of: "\"details(Int)\"", with: "\"detail(id: Int)\"")
        box.write(renamed, to: config)
        let stale = run("check")
        #expect(stale.status == 1)
        #expect(stale.stdout.split(separator: "\n").first == "home/details: 'details' is not a route of the schema; did you mean 'detail'?")
        #expect(stale.stdout.contains("history[1].path home/details: 'details'"))
        // Renaming the route alone leaves its parameter: nothing changes.
        let half = run("migrate", "--rename", "details=detail")
        #expect(half.status == 1)
        #expect(half.stderr.contains("'detail' has no value '_0': it takes only id (an Int)"))
        #expect(box.text() == before)
        let dry = run("migrate", "--rename", "details=detail", "--rename", "details._0=id", "--dry-run")
        #expect(dry.status == 0)
        #expect(dry.stdout == """
            before: home/details?_0:=42/profile?id:=7&name=Ann
            after:  home/detail?id:=42/profile?id:=7&name=Ann
            history: 2 of 2 entries rewritten
            dry run: nothing changed

            """)
        #expect(box.text() == before)
        let migrated = run("migrate", "--rename", "details=detail", "--rename", "details._0=id")
        #expect(migrated.status == 0, "\(migrated.stderr)")
        #expect(run("check").status == 0)
        // History rewritten in place, no entry of its own: undo goes back to a readable state.
        let history = run("history", "--json").stdout
        #expect(!history.contains("migrate") && !history.contains("home/details"))
        #expect(run("undo").status == 0)
        #expect(run("show", "--path").stdout == "home/detail?id:=42\n")
        // Dropping pops where the route stands.
        #expect(run("migrate", "--drop", "detail").status == 0)
        #expect(run("show", "--path").stdout == "home\n")
    }

    /// A migrate that removes the newest entries (their root dropped) keeps the numbers they
    /// took: the next change takes the number after the last one ever given, not one of theirs.
    /// A misspelt --rename or --drop is said, not passed in silence; the file is not touched.
    @Test func aMigrationThatMatchesNothingSaysSo() throws {
        let (box, config) = Self.box()
        func run(_ words: String...) -> RunResult { box.run(["--config", config] + words) }
        #expect(run("init").status == 0)
        #expect(run("push", "details", "42").status == 0)
        let before = box.contents()
        for (words, named) in [(["--rename", "detials=detail"], "'detials'"), (["--rename", "details.x=y"], "'details.x'"), (["--drop", "nope"], "'nope'")] {
            for dry in [[], ["--dry-run"]] {
                let result = box.run(["--config", config, "migrate"] + words + dry)
                #expect(result.status == 0, "\(words) \(dry): \(result.stderr)")
                #expect(result.stderr == "routectl: nothing to migrate: \(named) stands nowhere in '\(box.file)' or its history\n", "\(words) \(dry)")
            }
        }
        #expect(box.contents() == before)
    }

    @Test func migrateKeepsSequenceNumbersMonotonic() throws {
        let box = Sandbox()
        box.write("""
            {
              "format": 1,
              "initial": {"name": "home"},
              "root": {"name": "home"},
              "stack": [],
              "historyLimit": 1000,
              "history": [
                {"seq": 1, "at": "2026-11-22T10:00:00Z", "op": "push", "args": ["a"], "path": "home/a"},
                {"seq": 2, "at": "2026-11-22T10:00:01Z", "op": "set", "args": ["old"], "path": "old"},
                {"seq": 3, "at": "2026-11-22T10:00:02Z", "op": "push", "args": ["b"], "path": "old/b"}
              ]
            }

            """)
        #expect(box.run("migrate", "--drop", "old").status == 0)
        let migrated = box.json()
        #expect((migrated["history"] as? [Any])?.count == 1)
        #expect(migrated["historyLastSeq"] as? Int == 3, "the last number given, kept in the file")
        #expect(box.run("push", "c").status == 0)
        let pushed = box.json()
        let seqs = (pushed["history"] as? [[String: Any]])?.compactMap { $0["seq"] as? Int }
        #expect(seqs == [1, 4], "2 and 3 were given before the migrate")
        #expect(pushed["historyLastSeq"] == nil, "the newest entry holds the last number again")
    }

    /// A NavigationPath holds plain values beside the route enum's (a struct's, an Int's): a
    /// route the schema lacks that is named as a type is (`Recipe`), is such a value there, not
    /// checked; anywhere else it is refused as any undeclared route.
    @Test func plainValuesOfANavigationPathAreNotTheSchemas() throws {
        let (box, config) = Self.box()
        _ = FileManager.default.createFile(atPath: box.file, contents: Data(NavigationPathFixtures.Path.mixed.json()))
        func run(_ words: String...) -> RunResult { box.run(["--config", config] + words) }
        let plain = run("push", "Recipe", "id:=5")
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(run("show", "--path").stdout.hasSuffix("/details?_0:=3/Recipe?id:=5\n"))
        #expect(run("push", "details", "x").status == 64, "the enum's values are checked still")
        let own = Sandbox()
        #expect(own.run(["--config", config, "init"]).status == 0)
        let refused = own.run(["--config", config, "push", "Recipe", "id:=5"])
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("routectl: route 'Recipe' is not in the schema's routes\n"), "\(refused.stderr)")
    }

    /// `store.type` names the route enum's Swift type: a NavigationPath's new element that is a
    /// route the schema declares is written as a value of it, with no `--type`.
    @Test func theRouteEnumsTypeFromTheProjectFile() throws {
        let typed = Self.project.replacingOccurrences(of: "{\n", with: "{\n  \"store\": {\"type\": \"MyApp.Screen\"},\n")
        let (box, config) = Self.box(typed)
        box.write("[]")
        let push = box.run(["--config", config, "--format", "navigation-path", "push", "details", "1"])
        #expect(push.status == 0, "\(push.stderr)")
        #expect(box.text() == #"["MyApp.Screen","{\"details\":{\"_0\":1}}"]"#)
        box.write(typed.replacingOccurrences(of: "MyApp.Screen", with: "Screen"), to: config)
        let bad = box.run(["--config", config, "show"])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("routectl: \(config):2: store.type 'Screen': "), "\(bad.stderr)")
    }

    @Test func vapnUnderAPlistKey() throws {
        let (box, config) = Self.box(Self.project.replacingOccurrences(of: "\"details(Int)\"", with: "\"details(String)\""))
        let bytes = try VAPNFixtures.plist(value: VAPNFixtures.Tree.tabs.json, format: .binary)
        _ = FileManager.default.createFile(atPath: box.file, contents: Data(bytes))
        func run(_ words: String...) -> RunResult { box.run(["--config", config, "--key", VAPNFixtures.sceneKey] + words) }
        let check = run("check")
        #expect(check.status == 1)
        #expect(check.stdout == """
            tabs[0].destinations[0]: 'details' takes a String as _0, found 42
            tabs[1].destinations[0]: 'details' takes a String as _0, found 7

            """)
        #expect(run("push", "details", "_0:=8").status == 64)
        #expect(box.contents() == Data(bytes), "a refused write leaves every byte")
        #expect(run("push", "details", "8").status == 0)
        #expect(run("show", "--path").stdout == "tab:second/settings/details?_0:=7/details?_0=8\n")
        #expect(run("migrate", "--drop", "details").status == 0)
        #expect(run("check").status == 0)
        #expect(run("show", "--path").stdout == "tab:second/settings\n")
    }

    @Test func codableArrayInAFileAndASettingUnderAKey() throws {
        let (box, config) = Self.box()
        box.write(#"[{"details":{"_0":42}},{"profile":{"id":"7"}}]"#)
        let check = box.run(["--config", config, "check"])
        #expect(check.status == 1)
        #expect(check.stdout == "[1]: 'profile' takes an Int as id, found \"7\"\n")

        // A value the app stored is the app's: what check prints of it is escaped, so that a
        // C1 control or a bidi override in a hostile file never reaches the terminal raw.
        box.write(#"[{"details":{"_0":["\u009b31m\u202ex"]}}]"#)
        let hostile = box.run(["--config", config, "check"])
        #expect(hostile.status == 1)
        #expect(!hostile.stdout.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E }, "\(hostile.stdout.unicodeScalars.map(\.value))")
        #expect(hostile.stdout.hasPrefix("[0]: 'details' takes an Int as _0, found ["))

        // An Int-backed route setting: names are taken, and its integer checked.
        let plist = box.folder + "/prefs.plist"
        let settingProject = box.folder + "/setting.json"
        box.write(#"{"routes": ["home", "feed = 3", "inbox"]}"#, to: settingProject)
        let data = try PropertyListSerialization.data(fromPropertyList: ["route": 9, "other": "kept"], format: .binary, options: 0)
        _ = FileManager.default.createFile(atPath: plist, contents: data)
        func run(_ words: String...) -> RunResult { box.runBare(["--config", settingProject, "-f", plist, "--key", "route"] + words) }
        let stale = run("check")
        #expect(stale.status == 1)
        #expect(stale.stdout == "value: 9 is the raw value of no route of the schema (home = 0, feed = 3, inbox = 4)\n")
        // A raw value the schema names is shown as the case's name; one it does not, as stored.
        #expect(run("show", "--path").stdout == "9\n")
        #expect(run("set", "inbox").status == 0)
        #expect(run("show", "--path").stdout == "inbox\n")
        let json = run("show", "--json").stdout
        #expect(json.contains("\"value\": 4,\n  \"root\": {\"name\": \"inbox\"},\n  \"stack\": [],\n  \"path\": \"inbox\""), "\(json)")
        #expect(run("check").status == 0)
        #expect(run("set", "outbox").status == 64)
        let stored = try PropertyListSerialization.propertyList(from: box.contents(plist)!, format: nil) as? [String: Any]
        #expect(stored?["route"] as? Int == 4 && stored?["other"] as? String == "kept")

        // A String-backed one whose raw value is not the case's name: set <name> writes it.
        box.write(#"{"routes": ["home = \"start\"", "inbox"]}"#, to: settingProject)
        let strings = try PropertyListSerialization.data(fromPropertyList: ["route": "inbox"], format: .binary, options: 0)
        _ = FileManager.default.createFile(atPath: plist, contents: strings)
        #expect(run("set", "home").status == 0)
        #expect(run("show", "--path").stdout == "home\n")
        #expect(run("show").stdout.contains("home  (raw value start)"))
        #expect(run("check").status == 0)
    }

    /// `check` fails on what is not there (it said "ok", exit 0, so a typo in CI passed): a
    /// file, a plist, a key; `--allow-missing` accepts it. Its summary counts the store's routes
    /// and the project's named states apart. Nothing is created.
    @Test func checkFailsOnAStoreThatIsNotThere() throws {
        let (box, config) = Self.box(#"{"routes": ["home", "details(Int)"], "states": {"deep": "home/details?_0:=1"}}"#)
        func run(_ words: String...) -> RunResult { box.runBare(["--config", config] + words) }
        let file = box.folder + "/navgator.json"
        let missing = run("-f", file, "check")
        #expect(missing.status == 1)
        #expect(missing.stdout == "'\(file)' does not exist: there is nothing to check (run with --allow-missing to accept that)\n")
        let allowed = run("-f", file, "check", "--allow-missing")
        #expect(allowed.status == 0)
        #expect(allowed.stdout == "ok: 0 routes of the state and 1 named state fit the schema of \(config)\n")
        #expect(!FileManager.default.fileExists(atPath: file), "check creates nothing")

        let plist = box.folder + "/prefs.plist"
        let noPlist = run("-f", plist, "--key", "route", "check")
        #expect(noPlist.status == 1 && noPlist.stdout.hasPrefix("'\(plist)' does not exist: "), "\(noPlist.stdout)")
        let data = try PropertyListSerialization.data(fromPropertyList: ["route": "home"], format: .binary, options: 0)
        _ = FileManager.default.createFile(atPath: plist, contents: data)
        let noKey = run("-f", plist, "--key", "screen", "check")
        #expect(noKey.status == 1)
        #expect(noKey.stdout == "key 'screen' is not set in '\(plist)': there is nothing to check (run with --allow-missing to accept that)\n", "\(noKey.stdout)\(noKey.stderr)")
        let ok = run("-f", plist, "--key", "route", "check")
        #expect(ok.status == 0)
        #expect(ok.stdout == "ok: 1 route of the state and 1 named state fit the schema of \(config)\n")
        #expect(box.contents(plist) == data, "check changes nothing")

        #expect(run("-f", file, "init", "--initial", "home").status == 0)
        #expect(run("-f", file, "push", "details", "3").status == 0)
        let counted = run("-f", file, "check")
        #expect(counted.status == 0 && counted.stdout.hasPrefix("ok: ") && counted.stdout.hasSuffix(" routes of the state and 1 named state fit the schema of \(config)\n"), "\(counted.stdout)")
    }

    @Test func aBadSignatureStopsEveryCommandNamingTheLine() {
        let (box, config) = Self.box("{\n  \"routes\": [\"home\",\n    \"details(Int\"]\n}\n")
        let result = box.run(["--config", config, "show"])
        #expect(result.status == 64)
        #expect(result.stderr == "routectl: \(config):3: routes[1] 'details(Int': expected ')' after the associated values (column 12)\n")
    }
}

/// The README's schema example, from its own script (docs/examples/schema.py): every command
/// of its console block run in a fresh folder, printing exactly what the README shows.
@Suite(.tags(.endToEnd), .slowLayer, .needsPython3) struct SchemaReadmeExampleTests {
    @Test func theREADMEShowsWhatTheseCommandsPrint() throws {
        let readme = try String(contentsOfFile: Docs.path("README.md"), encoding: .utf8)
        guard let block = ConsoleBlock(readme, under: "## Schema: check and migrate saved states") else {
            Issue.record("the README has no schema example")
            return
        }
        let box = Sandbox()
        var commands = 0
        for step in block.steps {
            let command = step.command
            let expected = step.shown
            let words = step.words
            switch words.first {
            case "python3":
                _ = try VAPNFixtures.runPython(
                    "import runpy, sys; sys.argv = [sys.argv[1], sys.argv[2], sys.argv[3]]; runpy.run_path(sys.argv[0])",
                    [Docs.path(words[1].replacingOccurrences(of: "~/routectl/", with: "")), box.folder, words[3]])
            case "routectl":
                // In the folder, without -f: the project file names the store.
                let result = box.runBare(Array(words.dropFirst()))
                #expect(result.stdout + result.stderr == expected, "\(command): status \(result.status)")
                commands += 1
            default:
                Issue.record("an unknown command in the README: \(command)")
            }
        }
        #expect(commands >= 12)
    }
}
