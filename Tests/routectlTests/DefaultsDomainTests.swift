import Foundation
import Testing
import TestSupport

/// `--domain` and `--simulator` end to end on any system: stand-ins for macOS's `defaults` and
/// Xcode's `xcrun` (shell scripts, first on `PATH`) that log every call and keep each domain in
/// a plist file, which the tests write with Python's `plistlib` and check afterwards value for
/// value (see ``AppPlist``). The tests that need python3 are skipped, and reported so, without
/// it; the others need only `/bin/sh`.
@Suite(.tags(.endToEnd), .slowLayer) struct DefaultsDomainTests {
    static let domain = DefaultsStandIn.domain
    static let export = "defaults export \(domain) -"
    static let `import` = "defaults import \(domain) -"
    static let python = Testing.ConditionTrait.enabled(if: AppPlist.python != nil, "python3 is not installed")

    let standIn = DefaultsStandIn()
    var sandbox: Sandbox { standIn.sandbox }
    var plist: String { standIn.plist() }

    /// Runs `routectl --domain com.example.app [--simulator <simulator>] --key <key> arguments...`.
    func run(
        _ arguments: String..., key: String? = "route", simulator: String? = nil, mode: String? = nil, xcrunMode: String? = nil,
        path: String? = nil, toolTimeout: String? = nil
    ) -> RunResult {
        let store = ["--domain", Self.domain] + (simulator.map { ["--simulator", $0] } ?? []) + (key.map { ["--key", $0] } ?? [])
        return standIn.run(store + arguments, mode: mode, xcrunMode: xcrunMode, path: path, toolTimeout: toolTimeout)
    }

    /// Writes the domain with ``AppPlist/values`` (every plist type), with `route` unless nil.
    func writeDomain(route: String?, binary: Bool) throws {
        _ = try AppPlist.run(
            "plistlib.dump(values(None if sys.argv[2] == '-' else sys.argv[2], \(binary ? "True" : "False")), open(sys.argv[1], 'wb'), sort_keys=False, fmt=plistlib.\(binary ? "FMT_BINARY" : "FMT_XML"))",
            plist, route ?? "-", in: sandbox)
    }

    /// `ok` when the domain holds ``AppPlist/values`` with `route` (nil: no such key) as the
    /// last key (where routectl puts a key it adds), the others in their order, in the form
    /// asked; else what differs.
    func checkDomain(route: String?, binary: Bool) throws -> String {
        try AppPlist.run(
            """
            raw = open(sys.argv[1], 'rb').read()
            d = plistlib.loads(raw)
            route = None if sys.argv[2] == '-' else sys.argv[2]
            want = values(route, \(binary ? "True" : "False"))
            order = [k for k in want if k != 'route'] + (['route'] if route is not None else [])
            form = raw.startswith(b'bplist00') == \(binary ? "True" : "False")
            print('ok' if d == want and list(d) == order and form else 'differs: %r %r %r' % (d, list(d), form))
            """, plist, route ?? "-", in: sandbox)
    }

    /// A small XML domain, for tests that need no python3.
    static let smallDomain = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>launches</key>
        \t<integer>7</integer>
        \t<key>route</key>
        \t<string>onboarding</string>
        \t<key>nav</key>
        \t<data>eyJmb3JtYXQiOiAxfQ==</data>
        </dict>
        </plist>

        """

    /// A route setting in a domain (issue 37, item 6): `undo` and `redo` restore the key's value
    /// from routectl's record (one export to read, one to check, one import), and once the app
    /// changed it, `undo` exits 1 and imports nothing.
    @Test func undoAndRedoOfASettingInADomain() throws {
        standIn.write(Self.smallDomain)
        func route() throws -> String? {
            (try PropertyListSerialization.propertyList(from: Data(standIn.bytes() ?? []), format: nil) as? [String: Any])?["route"] as? String
        }
        #expect(run("set", "home").status == 0)
        #expect(try route() == "home")
        _ = standIn.takeCalls()
        let undo = run("undo")
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(try route() == "onboarding")
        #expect(standIn.takeCalls().filter { $0 == Self.import }.count == 1)
        #expect(run("redo").status == 0)
        #expect(try route() == "home")
        #expect(run("history").stdout.contains("set  home  home"))
        // The app navigates meanwhile.
        standIn.write(Self.smallDomain.replacingOccurrences(of: "onboarding", with: "feed"))
        _ = standIn.takeCalls()
        let refused = run("undo")
        #expect(refused.status == 1 && refused.stderr.contains("changed since routectl last wrote it"), "\(refused.stderr)")
        #expect(!standIn.takeCalls().contains(Self.import), "nothing imported")
        #expect(try route() == "feed")
    }

    /// `show --watch` on a domain polls it (no file event reaches the preferences system): a
    /// change made by another routectl is printed within a poll, and SIGTERM ends it.
    @Test func showWatchPollsADomain() throws {
        standIn.write(Self.smallDomain)
        let watch = Process()
        watch.executableURL = URL(fileURLWithPath: Routectl.binary)
        watch.arguments = ["--domain", Self.domain, "--key", "route", "show", "--watch", "--path"]
        watch.environment = TestEnvironment.make(home: sandbox.folder, standIn.environment())
        let output = Pipe()
        watch.standardOutput = output
        watch.standardError = FileHandle.nullDevice
        try watch.run()
        defer { if watch.isRunning { watch.terminate() } }
        let reading = output.fileHandleForReading.fileDescriptor
        _ = fcntl(reading, F_SETFL, fcntl(reading, F_GETFL) | O_NONBLOCK)
        var text = ""
        /// Reads until `lines` lines have come, at most 10 seconds.
        func lines(_ lines: Int) -> [Substring] {
            for _ in 0..<1000 where text.split(separator: "\n").count < lines {
                var bytes = [UInt8](repeating: 0, count: 4096)
                let count = read(reading, &bytes, bytes.count)
                if count > 0 { text += String(decoding: bytes[0..<count], as: UTF8.self) } else { usleep(10_000) }
            }
            return text.split(separator: "\n")
        }
        #expect(lines(1) == ["onboarding"])
        #expect(run("set", "home").status == 0)
        #expect(lines(2) == ["onboarding", "home"])
        watch.terminate()
        watch.waitUntilExit()
        #expect(watch.terminationReason == .uncaughtSignal && watch.terminationStatus == SIGTERM)
    }

    // MARK: - The story

    /// show → set home → show --path → reset, on a domain of every plist type, binary or XML:
    /// each command exports once, only a real change imports, every other key and value is kept
    /// in its order, and the form export printed is the form imported.
    @Test(Self.python, arguments: [true, false])
    func showSetResetKeepsEveryOtherValueAndTheForm(binary: Bool) throws {
        try writeDomain(route: nil, binary: binary)
        let original = standIn.bytes()

        let show = run("show")
        #expect(show.status == 0 && show.stderr.isEmpty, "\(show.stderr)")
        #expect(show.stdout == """
            domain  \(Self.domain)
            key     route
            format  setting
            route   not set (the app's default applies)

            """)
        #expect(standIn.takeCalls() == [Self.export])
        #expect(standIn.bytes() == original)

        let set = run("set", "home")
        #expect(set.status == 0 && set.stdout.isEmpty && set.stderr.isEmpty, "\(set.status): \(set.stderr)")
        #expect(standIn.takeCalls() == [Self.export, Self.import])
        #expect(try checkDomain(route: "home", binary: binary) == "ok")

        let path = run("show", "--path")
        #expect(path.status == 0 && path.stdout == "home\n" && path.stderr.isEmpty, "\(path.stderr)")
        #expect(run("show", "--json").stdout == """
            {
              "domain": "\(Self.domain)",
              "key": "route",
              "format": "setting",
              "value": "home",
              "root": {"name": "home"},
              "stack": [],
              "path": "home"
            }

            """)
        #expect(standIn.takeCalls() == [Self.export, Self.export])

        let again = run("set", "home")
        #expect(again.status == 0 && again.stderr.isEmpty)
        #expect(standIn.takeCalls() == [Self.export], "a set that changes nothing imports nothing")

        let reset = run("reset")
        #expect(reset.status == 0 && reset.stdout.isEmpty, "\(reset.stderr)")
        #expect(reset.stderr == "routectl: removed key 'route' from domain '\(Self.domain)': the app's own default applies\n")
        #expect(standIn.takeCalls() == [Self.export, Self.import])
        #expect(try checkDomain(route: nil, binary: binary) == "ok")
        #expect(run("show").stdout.hasSuffix("route   not set (the app's default applies)\n"))

        let resetAgain = run("reset")
        #expect(resetAgain.status == 0 && resetAgain.stderr.isEmpty, "\(resetAgain.stderr)")
        #expect(standIn.takeCalls() == [Self.export, Self.export], "a reset of an unset key imports nothing")
    }

    /// Foundation, a second reader, agrees: the values routectl imported, in the form exported.
    @Test(Self.python, arguments: [true, false])
    func foundationReadsWhatWasImported(binary: Bool) throws {
        try writeDomain(route: "onboarding", binary: binary)
        #expect(run("set", "home").status == 0)
        var format = PropertyListSerialization.PropertyListFormat.openStep
        let value = try PropertyListSerialization.propertyList(from: Data(standIn.bytes() ?? []), options: [], format: &format)
        #expect(format == (binary ? .binary : .xml))
        let dictionary = try #require(value as? [String: Any])
        #expect(dictionary["route"] as? String == "home")
        #expect(dictionary["unicode"] as? String == "Zoë — 日本語 😀")
        #expect((dictionary["negative"] as? NSNumber)?.int64Value == -42)
        #expect((dictionary["int64min"] as? NSNumber)?.int64Value == Int64.min)
        #expect(dictionary["blob"] as? Data == Data([0x00, 0x01, 0xFE, 0xFF]))
    }

    /// A domain `defaults` has nothing for exports an empty dictionary: unset, and a set
    /// imports the form that export printed (XML here) holding only the route.
    @Test(Self.python)
    func aDomainWithNothingStartsEmpty() throws {
        #expect(run("show").stdout.hasSuffix("route   not set (the app's default applies)\n"))
        #expect(run("reset").status == 0)
        #expect(standIn.takeCalls() == [Self.export, Self.export])
        #expect(standIn.bytes() == nil, "a reset of nothing imported something")

        #expect(run("set", "home").status == 0)
        #expect(standIn.takeCalls() == [Self.export, Self.import])
        #expect(try AppPlist.run(
            "raw = open(sys.argv[1], 'rb').read(); print(raw.startswith(b'<?xml'), plistlib.loads(raw))", plist, in: sandbox)
            == "True {'route': 'home'}")
    }

    // MARK: - Simulators

    /// `--simulator` runs the same `defaults` through `xcrun simctl spawn <device>`, for
    /// `booted` and for a device's UDID alike.
    @Test(Self.python, arguments: ["booted", "A1B2C3D4-1111-2222-3333-444455556666"])
    func simulatorRunsDefaultsThroughSimctlSpawn(device: String) throws {
        try writeDomain(route: "onboarding", binary: true)
        let spawn = "xcrun simctl spawn \(device) "

        let show = run("show", simulator: device)
        #expect(show.status == 0 && show.stderr.isEmpty, "\(show.stderr)")
        #expect(show.stdout == """
            domain     \(Self.domain)
            simulator  \(device)
            key        route
            format     setting
            route      onboarding

            """)
        #expect(standIn.takeCalls() == [spawn + Self.export, Self.export])

        let set = run("set", "home", simulator: device)
        #expect(set.status == 0 && set.stderr.isEmpty, "\(set.stderr)")
        // Before the import, whether the app runs (SimulatorRelaunchTests): here launchctl is
        // not on PATH, which is no reason to refuse.
        #expect(standIn.takeCalls() == [spawn + Self.export, Self.export, spawn + "launchctl list", spawn + Self.import, Self.import])
        #expect(try AppPlist.check(plist, route: "home", binary: true, in: sandbox) == "ok")

        let json = run("show", "--json", simulator: device)
        #expect(json.stdout.hasPrefix("{\n  \"domain\": \"\(Self.domain)\",\n  \"simulator\": \"\(device)\",\n  \"key\": \"route\",\n  \"format\": \"setting\",\n  \"value\": \"home\""), "\(json.stdout)")

        let reset = run("reset", simulator: device)
        #expect(reset.stderr == "routectl: removed key 'route' from domain '\(Self.domain)' on simulator '\(device)': the app's own default applies\n")
        #expect(try AppPlist.check(plist, route: nil, binary: true, in: sandbox) == "ok")
    }

    // MARK: - A key named by its prefix

    /// The domain's dictionary, as `defaults export` prints it, with `values` (binary, written
    /// with Foundation's PropertyListSerialization).
    func writeDomain(_ values: [String: Any]) throws {
        standIn.write(bytes: Array(try PropertyListSerialization.data(fromPropertyList: values, format: .binary, options: 0)))
    }

    static let vapnKey = "com.vandrj.navigator"
    static func navigatorData(_ root: String) -> Data {
        Data(#"{"format": 1, "initial": {"name": "root"}, "root": {"name": "\#(root)"}, "stack": []}"#.utf8)
    }

    /// `--key com.vandrj.navigator` names the one key that starts so and holds a state: read and
    /// changed through the domain, named by `show`, no key added.
    @Test func theOneKeyWithThePrefixIsTheKey() throws {
        try writeDomain(["launches": 7, Self.vapnKey + "ABC": Self.navigatorData("home")])
        let show = run("show", key: Self.vapnKey)
        #expect(show.status == 0 && show.stderr.isEmpty, "\(show.stderr)")
        #expect(show.stdout.hasPrefix("domain   \(Self.domain)\nkey      \(Self.vapnKey)ABC\nformat   routectl\n"), "\(show.stdout)")
        let push = run("push", "details", key: Self.vapnKey)
        #expect(push.status == 0 && push.stderr.isEmpty, "\(push.stderr)")
        #expect(standIn.takeCalls() == [Self.export, Self.export, Self.import])
        let data = try #require(standIn.bytes().map { Data($0) })
        let values = try #require(try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any])
        #expect(Set(values.keys) == ["launches", Self.vapnKey + "ABC"])
        let state = try #require(values[Self.vapnKey + "ABC"] as? Data)
        #expect(String(decoding: state, as: UTF8.self).contains("\"details\""))
    }

    @Test func severalKeysWithThePrefixAreAUsageErrorAndNothingIsImported() throws {
        try writeDomain([Self.vapnKey + "A": Self.navigatorData("a"), Self.vapnKey + "B": Self.navigatorData("b")])
        let original = standIn.bytes()
        let result = run("push", "x", key: Self.vapnKey)
        #expect(result.status == 64)
        #expect(result.errorLines.first?.hasPrefix("routectl: domain '\(Self.domain)' has no key '\(Self.vapnKey)', and 2 keys that start with it hold a state: ") == true, "\(result.stderr)")
        #expect(result.errorLines.last?.hasPrefix("hint: say which with --key; for example: routectl --domain \(Self.domain) --key \(Self.vapnKey)") == true, "\(result.stderr)")
        #expect(standIn.takeCalls() == [Self.export])
        #expect(standIn.bytes() == original)
    }

    // MARK: - Navigator JSON under a key

    /// `init` stores routectl's navigator JSON as data; every command works on it through the
    /// domain, history and undo included, and the other keys stay as they were.
    @Test(Self.python)
    func navigatorJSONInADomain() throws {
        try writeDomain(route: "home", binary: true)

        let initialized = run("init", key: "nav")
        #expect(initialized.status == 0 && initialized.stderr.isEmpty, "\(initialized.stderr)")
        #expect(standIn.takeCalls() == [Self.export, Self.import])

        let push = run("push", "details", "id=42", key: "nav")
        #expect(push.status == 0 && push.stderr.isEmpty, "\(push.stderr)")
        #expect(standIn.takeCalls() == [Self.export, Self.import])
        #expect(run("show", "--path", key: "nav").stdout == "root/details?id=42\n")
        #expect(try navigatorCheck() == "ok [{'name': 'details', 'params': {'id': '42'}}] 1")

        let history = run("history", key: "nav")
        #expect(history.status == 0 && history.stderr.isEmpty, "\(history.stderr)")
        let lines = history.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("SEQ") && lines[1].hasPrefix("1 ") && lines[1].hasSuffix("push  details id=42  root/details?id=42"), "\(history.stdout)")
        #expect(standIn.takeCalls() == [Self.export, Self.export], "show and history import nothing")

        let undo = run("undo", key: "nav")
        #expect(undo.status == 0 && undo.stderr.isEmpty, "\(undo.stderr)")
        #expect(standIn.takeCalls() == [Self.export, Self.import])
        #expect(run("show", "--path", key: "nav").stdout == "root\n")
        #expect(try navigatorCheck() == "ok [] 2")
        #expect(run("show", "--path").stdout == "home\n", "the route setting beside it is untouched")

        let again = run("init", key: "nav")
        #expect(again.status == 1)
        #expect(again.stderr == """
            routectl: domain '\(Self.domain)' key 'nav' already holds a value
            hint: see what it holds with: routectl --domain \(Self.domain) --key nav show

            """)
        #expect(standIn.takeCalls().last == Self.export, "a refused init imports nothing")

        // A route setting refuses what needs a stack, through the domain too.
        let refused = run("push", "details")
        #expect(refused.status == 1)
        #expect(refused.errorLines.first == "routectl: domain '\(Self.domain)' key 'route' holds only a root route (a string): nothing can be pushed on it")
    }

    /// `ok`, the navigator's stack and its number of history entries when the domain holds the
    /// original values with `route` home and `nav` as data last, in binary; else what differs.
    func navigatorCheck() throws -> String {
        try AppPlist.run(
            """
            import json
            raw = open(sys.argv[1], 'rb').read()
            d = plistlib.loads(raw)
            nav = d.pop('nav', None)
            want = values('home', True)
            ok = d == want and list(d) == list(want) and isinstance(nav, bytes) and raw.startswith(b'bplist00')
            s = json.loads(nav) if isinstance(nav, bytes) else {}
            print('ok' if ok else 'differs: %r %r' % (d, type(nav)), s.get('stack'), len(s.get('history', [])))
            """, plist, in: sandbox)
    }

    // MARK: - Refusals

    /// Runs each command with the stand-ins as set up, expects `status` and `stderr` (exactly,
    /// or its first line when `firstLine`), one export call per command and nothing imported,
    /// and the domain's bytes unchanged.
    func expectRefused(
        _ commands: [[String]], simulator: String? = nil, mode: String? = nil, xcrunMode: String? = nil, path: String? = nil,
        status: Int32, stderr: String, calls: [String]? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = standIn.bytes()
        _ = standIn.takeCalls()
        let expectedCalls = calls ?? (simulator.map { ["xcrun simctl spawn \($0) " + Self.export, Self.export] } ?? [Self.export])
        for command in commands {
            let store = ["--domain", Self.domain] + (simulator.map { ["--simulator", $0] } ?? []) + ["--key", "route"]
            let result = standIn.run(store + command, mode: mode, xcrunMode: xcrunMode, path: path)
            #expect(result.status == status, "\(command): \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stderr == stderr, "\(command)", sourceLocation: sourceLocation)
            #expect(result.stdout.isEmpty, "\(command): \(result.stdout)", sourceLocation: sourceLocation)
            #expect(standIn.takeCalls() == expectedCalls, "\(command): an import ran after a failure, or the calls differ", sourceLocation: sourceLocation)
            #expect(standIn.bytes() == before, "\(command): the domain changed", sourceLocation: sourceLocation)
        }
    }

    static let everyCommand: [[String]] = [["show"], ["set", "home"], ["reset"], ["reset", "--force"], ["init", "--force"], ["history"], ["push", "x"]]

    static let missingHint = "hint: --domain runs macOS's defaults, and --simulator Xcode's xcrun; elsewhere, edit the plist file with -f <path> --key <name>\n"

    @Test func defaultsNotOnPathIsUnavailable() {
        standIn.write(Self.smallDomain)
        expectRefused(
            Self.everyCommand, path: standIn.emptyFolder, status: 69,
            stderr: "routectl: cannot run 'defaults': it is not on PATH\n" + Self.missingHint, calls: [])
    }

    @Test func xcrunNotOnPathIsUnavailable() {
        standIn.write(Self.smallDomain)
        expectRefused(
            Self.everyCommand, simulator: "booted", path: standIn.emptyFolder, status: 69,
            stderr: "routectl: cannot run 'xcrun': it is not on PATH\n" + Self.missingHint, calls: [])
    }

    /// xcrun runs, but finds no `defaults` to spawn: its failure, with its first line.
    @Test func defaultsMissingInsideTheSimulatorIsAFailureOfXcrun() {
        standIn.write(Self.smallDomain)
        let spawn = "xcrun simctl spawn booted " + Self.export
        let before = standIn.bytes()
        for command in [["show"], ["set", "home"]] {
            let result = standIn.run(["--domain", Self.domain, "--simulator", "booted", "--key", "route"] + command, path: standIn.xcrunOnlyFolder)
            #expect(result.status == 69, "\(command): \(result.stderr)")
            let lines = result.errorLines
            #expect(lines.count == 1 && lines[0].hasPrefix("routectl: '\(spawn)' failed with exit status 127: ") && lines[0].contains("defaults"), "\(result.stderr)")
            #expect(standIn.takeCalls() == [spawn])
        }
        #expect(standIn.bytes() == before)
    }

    /// The tool's exit status and the first line it wrote on stderr (blank lines skipped).
    @Test func aFailingExportIsUnavailableWithItsFirstErrorLine() {
        standIn.write(Self.smallDomain)
        expectRefused(
            Self.everyCommand, mode: "export-fails", status: 69,
            stderr: "routectl: '\(Self.export)' failed with exit status 1: Domain \(Self.domain) does not exist\n")
    }

    @Test func aFailingSimctlIsUnavailableNamingTheWholeCommand() {
        standIn.write(Self.smallDomain)
        expectRefused(
            Self.everyCommand, simulator: "booted", xcrunMode: "shutdown", status: 69,
            stderr: "routectl: 'xcrun simctl spawn booted \(Self.export)' failed with exit status 149: An error was encountered processing the command (domain=com.apple.CoreSimulator.SimError, code=405):\n",
            calls: ["xcrun simctl spawn booted " + Self.export])
    }

    /// A tool ended by a signal is reported by its signal, not as an exit status.
    @Test func aToolEndedByASignalSaysSo() throws {
        standIn.write(Self.smallDomain)
        let result = run("show", mode: "export-killed")
        #expect(result.status == 69)
        #expect(result.stderr == "routectl: '\(Self.export)' was ended by signal 15\n")
    }

    /// What a tool says is escaped and cut: one line, no control characters, valid UTF-8.
    @Test func aNoisyFailureIsOneSafeLine() throws {
        standIn.write(Self.smallDomain)
        let result = run("set", "home", mode: "export-fails-noisy")
        #expect(result.status == 69)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "\(result.stderr.debugDescription)")
        #expect(lines[0].hasPrefix("routectl: '\(Self.export)' failed with exit status 1: "), "\(result.stderr.debugDescription)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }, "\(result.stderr.debugDescription)")
        #expect(result.stderr.utf8.count < 1000, "the tool's line is cut")
        #expect(standIn.takeCalls() == [Self.export])
    }

    @Test func aFailingImportIsUnavailableAndTheDomainIsKept() {
        standIn.write(Self.smallDomain)
        expectRefused(
            [["set", "home"], ["reset"]], mode: "import-fails", status: 69,
            stderr: "routectl: '\(Self.import)' failed with exit status 1: Could not write domain \(Self.domain)\n",
            calls: [Self.export, Self.import])
        // init --force prints a copy of the value it replaces before it tries (issue 17, item 14).
        expectRefused(
            [["init", "--force"]], mode: "import-fails", status: 69,
            stderr: """
                routectl: a copy of the value of key 'route' in domain '\(Self.domain)' (a string), which this command replaces:
                <string>onboarding</string>
                routectl: '\(Self.import)' failed with exit status 1: Could not write domain \(Self.domain)

                """,
            calls: [Self.export, Self.import])
    }

    @Test func anExportThatPrintsNothingIsUnavailable() {
        standIn.write("")
        expectRefused(
            Self.everyCommand, status: 69,
            stderr: "routectl: '\(Self.export)' printed nothing, where a property list was expected\n")
    }

    @Test func anExportThatIsNoPropertyListIsInvalid() {
        standIn.write("Domain com.example.app: {\n    route = home;\n}\n")
        expectRefused(
            Self.everyCommand, status: 65,
            stderr: "routectl: what '\(Self.export)' printed is not a property list (binary bplist00 or XML)\n")
    }

    @Test func aCorruptBinaryExportIsInvalid() {
        standIn.write("bplist00 this is no property list")
        for command in Self.everyCommand {
            let result = standIn.run(["--domain", Self.domain, "--key", "route"] + command)
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(result.errorLines.count == 1 && result.errorLines[0].hasPrefix("routectl: what '\(Self.export)' printed is not a valid binary property list: "), "\(result.stderr)")
            #expect(standIn.takeCalls() == [Self.export])
        }
        #expect(standIn.bytes() == Array("bplist00 this is no property list".utf8))
    }

    @Test func anExportWhoseRootIsAnArrayIsInvalid() {
        standIn.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<array>\n\t<string>route</string>\n</array>\n</plist>\n")
        expectRefused(
            Self.everyCommand, status: 65,
            stderr: "routectl: what '\(Self.export)' printed is a property list whose root is an array, not a dictionary of preferences\n")
    }

    /// Refused before any tool runs.
    @Test func storeOptionsThatDoNotGoTogetherAreUsageErrors() {
        standIn.write(Self.smallDomain)
        let simulatorHint = "hint: for example: routectl --domain com.example.app --simulator booted --key route show\n"
        let cases: [([String], String)] = [
            (["--simulator", "booted", "--key", "route", "show"], "routectl: option '--simulator' needs '--domain <bundle-id>'\n" + simulatorHint),
            (["-f", sandbox.folder + "/x.plist", "--simulator", "booted", "--key", "route", "set", "home"], "routectl: option '--simulator' needs '--domain <bundle-id>'\n" + simulatorHint),
            (["--domain", Self.domain, "-f", sandbox.folder + "/x.plist", "--key", "route", "set", "home"], "routectl: options '--domain' and '--file' name different stores\nhint: keep one: --domain <bundle-id> for the preferences system, or -f <path> for a plist file\n"),
            (["--file", sandbox.folder + "/x.plist", "--domain", Self.domain, "--key", "route", "show"], "routectl: options '--domain' and '--file' name different stores\nhint: keep one: --domain <bundle-id> for the preferences system, or -f <path> for a plist file\n"),
        ]
        let before = standIn.bytes()
        for (arguments, stderr) in cases {
            let result = standIn.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr == stderr, "\(arguments)")
            #expect(standIn.takeCalls() == [], "\(arguments): a tool ran")
        }
        #expect(standIn.bytes() == before)
        #expect(!FileManager.default.fileExists(atPath: sandbox.folder + "/x.plist"))
    }

    /// Without `--key`: the keys that could hold a route, from one export, and no import.
    @Test func aDomainWithoutAKeyListsTheKeysThatCouldHoldARoute() {
        standIn.write(Self.smallDomain)
        let before = standIn.bytes()
        for simulator in [nil, "booted"] {
            let store = ["--domain", Self.domain] + (simulator.map { ["--simulator", $0] } ?? [])
            let on = simulator.map { " on simulator '\($0)'" } ?? ""
            for command in [["show"], ["set", "home"], ["init"], ["reset", "--force"]] {
                let result = standIn.run(store + command)
                #expect(result.status == 64, "\(command): \(result.stderr)")
                #expect(result.stderr == """
                    routectl: domain '\(Self.domain)'\(on) holds an app's preferences: say which key holds the route
                    hint: keys that could hold a route: route, nav; for example: routectl \(store.joined(separator: " ")) --key route show

                    """, "\(command)")
                let spawn = simulator.map { ["xcrun simctl spawn \($0) " + Self.export] } ?? []
                #expect(standIn.takeCalls() == spawn + [Self.export], "\(command)")
            }
        }
        #expect(standIn.bytes() == before)
    }

    /// When no key could hold a route, the hint says to name the app's key.
    @Test func aDomainWithoutCandidatesHintsAtTheAppsKey() {
        let result = standIn.run(["--domain", Self.domain, "show"])
        #expect(result.status == 64)
        #expect(result.errorLines.last == "hint: no key holds a route name (a string) or a navigator state routectl reads; name the key the app uses with --key <name>")
        #expect(standIn.takeCalls() == [Self.export])
    }

    // MARK: - Tools that misbehave

    /// A tool that prints without end is stopped past 16 MiB: whether it is `defaults` itself
    /// or a process it started (which outlives the kill until its pipe closes).
    @Test(arguments: ["export-huge", "export-huge-child"])
    func aToolPrintingMoreThan16MiBIsStopped(mode: String) {
        standIn.write(Self.smallDomain)
        let before = standIn.bytes()
        let started = Spawner.now()
        let result = standIn.run(["--domain", Self.domain, "--key", "route", "set", "home"], mode: mode)
        let seconds = Spawner.now() - started
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr == "routectl: 'defaults' wrote more than 16777216 bytes; it was stopped\n")
        #expect(seconds < 30, "took \(seconds) s")
        #expect(standIn.takeCalls() == [Self.export])
        #expect(standIn.bytes() == before)
    }

    /// The same through xcrun, which execs the printing `defaults`.
    @Test func aSimulatorPrintingMoreThan16MiBIsStopped() {
        standIn.write(Self.smallDomain)
        let result = standIn.run(["--domain", Self.domain, "--simulator", "booted", "--key", "route", "show"], mode: "export-huge")
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr == "routectl: 'xcrun' wrote more than 16777216 bytes; it was stopped\n")
    }

    /// A data value of 256 KiB of base64, or 3 bytes: four times what a pipe holds (64 KiB on
    /// Linux and macOS), so that the property list routectl writes to `defaults import` cannot
    /// fit in the pipe. (It was 1 and 4 MiB: every run parsed and wrote them again, 17 s of a
    /// debug build's time in all, for no more than the pipe's overflow they show.)
    static let moreThanAPipeHolds = String(repeating: "QUJD", count: 1 << 16)

    /// The premise of the large cases: the value is larger than a new pipe's capacity, by far.
    @Test func theLargeValueIsMoreThanAPipeHolds() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        #if os(Linux)
        let capacity = fcntl(ends[1], 1032)  // F_GETPIPE_SZ, which Glibc's module map leaves out
        #else
        let capacity: Int32 = 64 << 10  // macOS: a pipe grows to 64 KiB
        #endif
        try #require(capacity > 0)
        #expect(Self.moreThanAPipeHolds.utf8.count >= 4 * Int(capacity), "a pipe holds \(capacity) bytes")
    }

    /// `defaults import` that exits without reading its input: routectl's write meets a closed
    /// pipe (EPIPE, never SIGPIPE), small input or large (more than a pipe holds): a failing
    /// status is reported, and so is input left unread.
    @Test(arguments: [false, true])
    func anImportThatReadsNothingIsNoSignal(large: Bool) throws {
        let blob = large ? Self.moreThanAPipeHolds : "QUJD"
        standIn.write(Self.smallDomain.replacingOccurrences(of: "eyJmb3JtYXQiOiAxfQ==", with: blob))
        let before = standIn.bytes()

        let failing = run("set", "home", mode: "import-ignores-input-fails")
        #expect(failing.status == 69, "\(failing.status): \(failing.stderr)")
        #expect(failing.stderr == "routectl: '\(Self.import)' failed with exit status 3: Could not read the new preferences\n")
        #expect(standIn.takeCalls() == [Self.export, Self.import])

        // A tool that exits 0 unread: 69 whether the input fits in the pipe or not, never
        // dying of SIGPIPE.
        let quiet = run("set", "home", mode: "import-ignores-input")
        #expect(quiet.status == 69, "\(quiet.status): \(quiet.stderr)")
        #expect(quiet.stderr == "routectl: '\(Self.import)' ended without reading the property list routectl gave it; the domain may be unchanged\n")
        #expect(standIn.takeCalls() == [Self.export, Self.import])
        #expect(standIn.bytes() == before)
    }

    /// Issue 17 item 6: input left unread is found by what the pipe still holds once the tool
    /// has ended, not by the timing of our writes: the same answer every time, for a tool that
    /// reads nothing and for one that reads part; a tool that reads it all succeeds every time.
    @Test(arguments: [false, true])
    func inputLeftUnreadIsAFailureEveryTime(large: Bool) throws {
        let blob = large ? Self.moreThanAPipeHolds : "QUJD"
        let domain = Self.smallDomain.replacingOccurrences(of: "eyJmb3JtYXQiOiAxfQ==", with: blob)
        standIn.write(domain)
        let before = standIn.bytes()
        var outcomes: [String: Int] = [:]
        for _ in 0..<12 {
            for mode in ["import-ignores-input", "import-reads-part"] {
                let result = run("set", "home", mode: mode)
                outcomes["\(mode) \(result.status) \(result.stderr)", default: 0] += 1
            }
        }
        let unread = "ended without reading the property list routectl gave it; the domain may be unchanged\n"
        #expect(outcomes == [
            "import-ignores-input 69 routectl: '\(Self.import)' \(unread)": 12,
            "import-reads-part 69 routectl: '\(Self.import)' \(unread)": 12,
        ])
        #expect(standIn.bytes() == before)
        for _ in 0..<6 {
            standIn.write(domain)
            let result = run("set", "home")
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.status): \(result.stderr)")
            #expect(standIn.bytes() != before)
        }
    }

    // MARK: - Tools that do not answer (issue 17 item 5)

    /// A tool that never ends, ends but leaves a process holding its output, closes its output
    /// and lingers, or writes to stderr without end: routectl stops the whole exchange after
    /// `ROUTECTL_TOOL_TIMEOUT` seconds, kills every process it started, and exits 69 naming the
    /// command that did not answer. Nothing is imported.
    @Test(arguments: [
        ("export-hangs", "did not answer within 1 second; it was stopped"),
        ("export-closes-and-lingers", "did not answer within 1 second; it was stopped"),
        ("export-floods-stderr", "did not answer within 1 second; it was stopped"),
        ("export-leaves-a-child", "ended, but a process it started kept its output open for 1 second; it was stopped"),
    ])
    func aToolThatDoesNotAnswerIsStopped(mode: String, said: String) throws {
        standIn.write(Self.smallDomain)
        let before = standIn.bytes()
        for (command, simulator) in [(["set", "home"], nil), (["show"], "booted")] {
            try? FileManager.default.removeItem(atPath: standIn.pids + "/child")
            let store = ["--domain", Self.domain] + (simulator.map { ["--simulator", $0] } ?? []) + ["--key", "route"]
            let result = standIn.run(store + command, mode: mode, toolTimeout: "1")
            let spawn = simulator.map { "xcrun simctl spawn \($0) " } ?? ""
            #expect(result.status == 69, "\(mode) \(command): \(result.status): \(result.stderr)")
            #expect(result.stderr == "routectl: '\(spawn + Self.export)' \(said)\n", "\(mode) \(command)")
            #expect(result.stdout.isEmpty)
            #expect(standIn.takeCalls() == (simulator == nil ? [Self.export] : [spawn + Self.export, Self.export]))
            let started = standIn.startedProcesses()
            #expect(started.count == (mode == "export-leaves-a-child" ? 2 : 1), "\(started)")
            for pid in started {
                #expect(Self.ends(pid), "\(mode): process \(pid) that routectl started outlived it")
            }
        }
        #expect(standIn.bytes() == before)
    }

    /// SIGINT or SIGTERM ending routectl while it waits for a tool that hangs ends that tool
    /// too: it runs in a process group of its own, which a terminal's Ctrl-C does not reach.
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalEndingRoutectlEndsTheToolItStarted(signal: Int32) throws {
        standIn.write(Self.smallDomain)
        let hanging = Spawner.environment(home: sandbox.folder, standIn.environment(mode: "export-hangs", toolTimeout: "60"))
        let child = try Spawner.start(
            Routectl.binary, ["--domain", Self.domain, "--key", "route", "show"].map { Array($0.utf8) },
            environment: hanging, directory: sandbox.folder)
        var started: [Int32] = []
        for _ in 0..<200 where started.isEmpty {
            Spawner.sleep(seconds: 0.05)
            started = standIn.startedProcesses()
        }
        try #require(started.count == 1, "the stand-in did not start")
        kill(child.pid, signal)
        let result = Spawner.wait(child)
        #expect(result.signal == signal, "\(result.summary)")
        for pid in started {
            #expect(Self.ends(pid), "process \(pid) that routectl started outlived it")
        }
    }

    /// An import that never ends is stopped the same way, and said to have not answered.
    @Test func anImportThatDoesNotAnswerIsStopped() throws {
        standIn.write(Self.smallDomain)
        let before = standIn.bytes()
        let result = run("set", "home", mode: "import-hangs", toolTimeout: "0.5")
        #expect(result.status == 69, "\(result.status): \(result.stderr)")
        #expect(result.stderr == "routectl: '\(Self.import)' did not answer within 0.5 seconds; it was stopped\n")
        #expect(standIn.takeCalls() == [Self.export, Self.import])
        for pid in standIn.startedProcesses() {
            #expect(Self.ends(pid), "process \(pid) that routectl started outlived it")
        }
        #expect(standIn.bytes() == before)
    }

    /// The bound is said where users look: `--help` (the --domain line) and the manual page.
    @Test func theBoundIsDocumented() {
        let help = Routectl.run(["--help"], home: sandbox.folder)
        #expect(help.stdout.contains("stopped after 30 s"), "\(help.stdout)")
        let manual = Routectl.run(["man"], home: sandbox.folder)
        #expect(manual.stdout.contains("ROUTECTL_TOOL_TIMEOUT"))
    }

    /// An invalid `ROUTECTL_TOOL_TIMEOUT` is a usage error, before any tool runs.
    @Test(arguments: ["0", "-1", "abc", "1e9", "nan", "86401"])
    func anInvalidToolTimeoutIsAUsageError(value: String) {
        standIn.write(Self.smallDomain)
        let result = run("show", toolTimeout: value)
        #expect(result.status == 64, "\(value.debugDescription): \(result.status) \(result.stderr)")
        #expect(result.errorLines.first == "routectl: invalid ROUTECTL_TOOL_TIMEOUT '\(value)': expected a number of seconds above 0, at most 86400, such as 2.5", "\(result.stderr)")
        #expect(standIn.takeCalls() == [])
    }

    /// Whether process `pid` has ended (or is a zombie), looking until it has (a killed process
    /// takes a moment to go, longer on a busy machine), or for ``Patience/hang``.
    static func ends(_ pid: Int32) -> Bool {
        for _ in 0..<Int(Patience.hang * 20) {
            if kill(pid, 0) != 0 { return true }
            if let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
                let close = stat.lastIndex(of: UInt8(ascii: ")")), close + 2 < stat.count, stat[close + 2] == UInt8(ascii: "Z")
            {
                return true
            }
            usleep(50_000)
        }
        return false
    }
}

/// Stand-ins for macOS's `defaults` and Xcode's `xcrun`, as shell scripts in a `bin` folder of
/// a sandbox, and runs of routectl with that folder first on `PATH`.
///
/// `defaults` appends `defaults <arguments>` to the call log, serves `export <domain> -` from
/// `domains/<domain>.plist` (an empty XML dictionary when there is none) and stores what
/// `import <domain> -` reads there. `xcrun` appends `xcrun <arguments>` and runs the command
/// of `simctl spawn <device> <command...>`. `DEFAULTS_MODE` and `XCRUN_MODE` in their
/// environment make them misbehave (see the scripts).
struct DefaultsStandIn {
    static let domain = "com.example.app"

    let sandbox = Sandbox()
    var bin: String { sandbox.folder + "/bin" }
    /// A folder with nothing in it, for a `PATH` on which no tool is.
    var emptyFolder: String { sandbox.folder + "/empty" }
    /// A folder with only the `xcrun` stand-in.
    var xcrunOnlyFolder: String { sandbox.folder + "/xcrun-only" }
    var domains: String { sandbox.folder + "/domains" }
    var log: String { sandbox.folder + "/calls.log" }
    /// Where the misbehaving stand-ins write their process ids (`tool`, `child`).
    var pids: String { sandbox.folder + "/pids" }

    init() {
        for folder in [bin, emptyFolder, xcrunOnlyFolder, domains, pids] {
            try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let huge = String(repeating: "x", count: 200)
        let defaults = """
            #!/bin/sh
            # A stand-in for macOS's defaults (DefaultsDomainTests).
            printf '%s\\n' "defaults $*" >> '\(log)'
            [ "$#" = 3 ] && [ "$3" = - ] || { echo "usage: defaults export|import <domain> -" >&2; exit 64; }
            file='\(domains)'/"$2.plist"
            case "$1" in
            export)
              case "${DEFAULTS_MODE:-}" in
              export-fails) printf '\\n%s\\n%s\\n' "Domain $2 does not exist" "a second line" >&2; exit 1 ;;
              export-fails-noisy) { printf '\\033[31mred\\033[0m\\007x'; i=0; while [ $i -lt 400 ]; do printf 'é'; i=$((i+1)); done; printf '\\n'; } >&2; exit 1 ;;
              export-killed) kill -TERM $$ ;;
              export-huge) exec yes '\(huge)' ;;
              export-huge-child) yes '\(huge)'; exit 0 ;;
              export-hangs) echo $$ > '\(pids)/tool'; sleep 30; exit 0 ;;
              export-closes-and-lingers) echo $$ > '\(pids)/tool'; exec >&- 2>&-; sleep 30; exit 0 ;;
              export-leaves-a-child) echo $$ > '\(pids)/tool'; sleep 30 & echo $! > '\(pids)/child'; cat "$file"; exit 0 ;;
              export-floods-stderr) echo $$ > '\(pids)/tool'; yes 'warning: still thinking' >&2; exit 0 ;;
              esac
              if [ -f "$file" ]; then exec cat "$file"; fi
              printf '%s\\n' '<?xml version="1.0" encoding="UTF-8"?>' '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">' '<plist version="1.0">' '<dict/>' '</plist>'
              ;;
            import)
              case "${DEFAULTS_MODE:-}" in
              import-fails) cat > /dev/null; echo "Could not write domain $2" >&2; exit 1 ;;
              import-ignores-input) exit 0 ;;
              import-ignores-input-fails) echo "Could not read the new preferences" >&2; exit 3 ;;
              import-reads-part) head -c 16 > /dev/null; exit 0 ;;
              import-hangs) echo $$ > '\(pids)/tool'; cat > /dev/null; sleep 30; exit 0 ;;
              esac
              cat > "$file.new" && mv "$file.new" "$file"
              ;;
            *) echo "defaults: unknown command $1" >&2; exit 64 ;;
            esac

            """
        let xcrun = """
            #!/bin/sh
            # A stand-in for Xcode's xcrun (DefaultsDomainTests): simctl spawn only.
            printf '%s\\n' "xcrun $*" >> '\(log)'
            if [ "${XCRUN_MODE:-}" = shutdown ]; then
              printf '%s\\n' 'An error was encountered processing the command (domain=com.apple.CoreSimulator.SimError, code=405):' 'Unable to lookup in current state: Shutdown' >&2
              exit 149
            fi
            if [ "$1" = simctl ] && [ "$2" = spawn ] && [ "$#" -ge 4 ]; then
              shift 3
              exec "$@"
            fi
            echo "xcrun: error: unable to find utility \\"$1\\"" >&2
            exit 72

            """
        for (path, text) in [(bin + "/defaults", defaults), (bin + "/xcrun", xcrun), (xcrunOnlyFolder + "/xcrun", xcrun)] {
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o755])
        }
    }

    /// The domain's plist file.
    func plist(_ domain: String = domain) -> String {
        domains + "/" + domain + ".plist"
    }

    /// The domain's stored bytes; nil when it has none.
    func bytes(_ domain: String = domain) -> [UInt8]? {
        FileManager.default.contents(atPath: plist(domain)).map(Array.init)
    }

    /// Stores `text` as the domain.
    func write(_ text: String, domain: String = domain) {
        _ = FileManager.default.createFile(atPath: plist(domain), contents: Data(text.utf8))
    }

    /// Stores `bytes` as the domain.
    func write(bytes: [UInt8], domain: String = domain) {
        _ = FileManager.default.createFile(atPath: plist(domain), contents: Data(bytes))
    }

    /// The process ids a misbehaving stand-in wrote (`tool`, and `child` when it started one).
    func startedProcesses() -> [Int32] {
        ["tool", "child"].compactMap { name in
            FileManager.default.contents(atPath: pids + "/" + name)
                .flatMap { Int32(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

    /// The calls logged since the last time, one a line, and forgets them.
    func takeCalls() -> [String] {
        let text = FileManager.default.contents(atPath: log).map { String(decoding: $0, as: UTF8.self) } ?? ""
        try? FileManager.default.removeItem(atPath: log)
        return text.split(separator: "\n").map(String.init)
    }

    /// The environment: `PATH` is `path` when given, else the stand-ins first, then the
    /// system's folders (for `cat`, `mv` and `yes`), and the modes when given.
    func environment(mode: String? = nil, xcrunMode: String? = nil, path: String? = nil, toolTimeout: String? = nil) -> [String: String] {
        var environment = ["PATH": path ?? bin + ":/usr/bin:/bin"]
        if let toolTimeout { environment["ROUTECTL_TOOL_TIMEOUT"] = toolTimeout }
        if let mode { environment["DEFAULTS_MODE"] = mode }
        if let xcrunMode { environment["XCRUN_MODE"] = xcrunMode }
        return environment
    }

    /// Runs routectl with exactly `arguments`, in the sandbox, with ``environment(mode:xcrunMode:path:)``.
    func run(
        _ arguments: [String], mode: String? = nil, xcrunMode: String? = nil, path: String? = nil, toolTimeout: String? = nil,
        timeout: Double = Patience.hang
    ) -> RunResult {
        TestSupport.Subprocess.run(
            Routectl.binary, arguments,
            environment: TestEnvironment.make(
                home: sandbox.folder, environment(mode: mode, xcrunMode: xcrunMode, path: path, toolTimeout: toolTimeout)),
            in: sandbox.folder, timeout: timeout)
    }
}
