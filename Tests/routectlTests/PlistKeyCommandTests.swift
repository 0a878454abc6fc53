import Foundation
import Testing
import TestSupport

/// `-f <plist> --key <name>` end to end: the binary on property lists that Python's `plistlib`
/// wrote, as an app's `@AppStorage` leaves them, checked afterwards by `plistlib` (every other
/// value, type and key order kept) and by Foundation's `PropertyListSerialization` (the form
/// kept). Skipped, and reported so, without python3.
@Suite(.tags(.endToEnd), .slowLayer, .enabled(if: AppPlist.python != nil, "python3 is not installed"))
struct PlistKeyCommandTests {
    let sandbox = Sandbox()
    var plist: String { sandbox.folder + "/com.example.app.plist" }

    /// Runs `routectl -f <plist> --key <key> arguments...`.
    @discardableResult
    func run(_ arguments: String..., key: String? = "route", file: String? = nil) -> RunResult {
        sandbox.runBare(["-f", file ?? plist] + (key.map { ["--key", $0] } ?? []) + arguments)
    }

    func bytes(_ path: String? = nil) -> [UInt8] {
        Array(sandbox.contents(path ?? plist) ?? Data())
    }

    /// The seed's story against a real `@AppStorage` plist: onboarding, skip to home, start over.
    @Test func onboardingThenHomeThenReset() throws {
        try AppPlist.write(plist, route: "onboarding", binary: true, in: sandbox)
        #expect(run("show").stdout == """
            file    \(plist)
            key     route
            format  setting
            route   onboarding

            """)

        let set = run("set", "home")
        #expect(set.status == 0 && set.stdout.isEmpty && set.stderr.isEmpty)
        #expect(try AppPlist.check(plist, route: "home", binary: true, in: sandbox) == "ok")
        #expect(run("show", "--path").stdout == "home\n")

        let reset = run("reset")
        #expect(reset.status == 0)
        #expect(reset.stderr == "routectl: removed key 'route' from '\(plist)': the app's own default applies\n")
        #expect(try AppPlist.check(plist, route: nil, binary: true, in: sandbox) == "ok")
        #expect(run("show").stdout.hasSuffix("route   not set (the app's default applies)\n"))
        let path = run("show", "--path")
        #expect(path.status == 0 && path.stdout.isEmpty, "unset prints no path")
        #expect(run("show", "--json").stdout == """
            {
              "file": "\(plist)",
              "key": "route",
              "format": "setting",
              "value": null,
              "root": null,
              "stack": [],
              "path": null
            }

            """)
    }

    /// XML stays XML, and only the line of the changed value changes.
    @Test func xmlStaysXMLWithOnlyTheValueLineChanged() throws {
        try AppPlist.write(plist, route: "onboarding", binary: false, in: sandbox)
        let before = sandbox.text(plist).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(run("set", "home").status == 0)
        let after = sandbox.text(plist).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(before.count == after.count)
        let changed = zip(before, after).filter { $0 != $1 }
        #expect(changed.map(\.1) == ["\t<string>home</string>"], "\(changed)")
        #expect(try AppPlist.check(plist, route: "home", binary: false, in: sandbox) == "ok")
    }

    /// Foundation reads what routectl wrote, in the form it was: binary stays binary.
    @Test func foundationReadsTheFormKept() throws {
        try AppPlist.write(plist, route: "onboarding", binary: true, in: sandbox)
        #expect(run("set", "home").status == 0)
        var format = PropertyListSerialization.PropertyListFormat.xml
        let value = try PropertyListSerialization.propertyList(from: Data(bytes()), options: [], format: &format)
        #expect(format == .binary)
        let dictionary = try #require(value as? [String: Any])
        #expect(dictionary["route"] as? String == "home")
        #expect(dictionary["unicode"] as? String == "Zoë — 日本語 😀")
    }

    /// The write is the navigator file's: a new file renamed over the old, the mode kept.
    @Test func theModeIsKeptAndTheFileReplacedAtomically() throws {
        try AppPlist.write(plist, route: "onboarding", binary: true, in: sandbox)
        chmod(plist, 0o640)
        var before = stat()
        stat(plist, &before)
        #expect(run("set", "home").status == 0)
        var after = stat()
        stat(plist, &after)
        #expect(after.st_mode & 0o7777 == 0o640)
        #expect(after.st_ino != before.st_ino, "replaced by rename, not rewritten in place")
        #expect(sandbox.listing().filter { $0.contains(".tmp") }.isEmpty)
    }

    @Test func withoutAKeyAPlistIsAUsageErrorListingTheKeysThatCouldHoldARoute() throws {
        try AppPlist.write(plist, route: "onboarding", binary: true, in: sandbox)
        let original = bytes()
        for command in [["show"], ["set", "home"], ["reset", "--force"], ["init", "--force"]] {
            let result = sandbox.runBare(["-f", plist] + command)
            #expect(result.status == 64, "\(command)")
            #expect(result.stderr == """
                routectl: '\(plist)' is a property list, not a navigator file: say which of its keys holds the route
                hint: keys that could hold a route: route; for example: routectl -f \(plist) --key route show

                """, "\(command)")
        }
        #expect(bytes() == original)
        #expect(sandbox.listing().filter { $0.contains(".old-") || $0.contains(".corrupt-") }.isEmpty, "init --force moved the app's plist aside")
    }

    @Test func operationsThatNeedAStackAreRefusedAndWriteNothing() throws {
        try AppPlist.write(plist, route: "home", binary: true, in: sandbox)
        let original = bytes()
        let push = run("push", "details", "id=42")
        #expect(push.status == 1)
        #expect(push.stderr == """
            routectl: '\(plist)' key 'route' holds only a root route (a string): nothing can be pushed on it
            hint: it holds the raw value of the app's route enum; to make 'details' the root instead, run: routectl -f \(plist) --key route set details

            """)
        for command in [["present", "compose"], ["tab", "feed"], ["pop"], ["dismiss"], ["go", "home/details"], ["set", "details", "id=1"]] {
            let result = sandbox.runBare(["-f", plist, "--key", "route"] + command)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("routectl: '\(plist)' key 'route' holds only a root route (a string): "), "\(command)")
        }
        for command in [["link", "list"], ["show", "--url"], ["link", "add", "myapp://home", "home"], ["open", "myapp://home"]] {
            let result = sandbox.runBare(["-f", plist, "--key", "route"] + command)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("routectl: '\(plist)' key 'route' holds only a root route (a string)"), "\(command): \(result.stderr)")
        }
        // routectl's own record of its changes to the key: none yet (issue 37, item 6).
        let undo = run("undo")
        #expect(undo.status == 1)
        #expect(undo.errorLines.first == "routectl: cannot undo 1 change: '\(plist)' key 'route' holds a route setting, which keeps no history, and routectl recorded no change of it that can be undone", "\(undo.stderr)")
        let history = run("history")
        #expect(history.status == 0 && history.stdout == "SEQ  TIME  OP  ARGS  PATH\n", "\(history.stdout)\(history.stderr)")
        #expect(bytes() == original)
    }

    @Test func valuesThatHoldNoRouteAreInvalidAndResetForceRemovesThem() throws {
        try AppPlist.write(plist, route: "home", binary: true, in: sandbox)
        let original = bytes()
        let real = run("set", "home", key: "ratio")
        #expect(real.status == 65)
        #expect(real.stderr == """
            routectl: '\(plist)' key 'ratio' holds a real number, not a route: routectl reads a string (a route name, or its navigator JSON), an integer (an Int-backed enum's raw value) or data (its navigator JSON)
            hint: it is likely not the key the app keeps its route in; keys that could hold a route: route; for example: routectl -f \(plist) --key route show

            """)
        #expect(run("show", key: "nested").status == 65)
        #expect(bytes() == original)
        let forced = run("reset", "--force", key: "ratio")
        #expect(forced.status == 0)
        #expect(forced.stderr == """
            routectl: a copy of the value of key 'ratio' in '\(plist)' (a real number), which this command removes:
            <real>0.1</real>
            routectl: removed the value of key 'ratio' from '\(plist)', which routectl could not read

            """)
        #expect(try AppPlist.check(plist, route: "home", binary: true, without: "ratio", in: sandbox) == "ok")
    }

    /// The app's enum may allow more than routectl writes: shown as it is, never written.
    @Test func aRawValueThatIsNoRouteNameIsShownAndNeverWritten() throws {
        try AppPlist.write(plist, route: "Home Screen", binary: true, in: sandbox)
        #expect(run("show").stdout.hasSuffix("route   Home Screen  (not a route name routectl would write)\n"))
        #expect(run("show", "--path").stdout == "Home Screen\n")
        let original = bytes()
        let set = run("set", "Home Screen")
        #expect(set.status == 64)
        #expect(set.errorLines.first?.hasPrefix("routectl: invalid route name 'Home Screen'") == true, "\(set.stderr)")
        #expect(bytes() == original)
    }

    @Test func corruptPlistsAndOtherRootsAreRefusedNeverReplaced() throws {
        sandbox.write("bplist00 this is no property list", to: plist)
        let corrupt = run("set", "home")
        #expect(corrupt.status == 65)
        #expect(corrupt.errorLines.first?.hasPrefix("routectl: '\(plist)' is not a valid binary property list: ") == true, "\(corrupt.stderr)")
        #expect(corrupt.errorLines.last == "hint: routectl never replaces a property list it cannot read; check it with: plutil -lint \(plist)")
        #expect(run("reset", "--force").status == 65, "--force does not replace the app's plist")
        #expect(sandbox.text(plist) == "bplist00 this is no property list")

        try AppPlist.run("plistlib.dump(['a', 'b'], open(sys.argv[1], 'wb'), fmt=plistlib.FMT_BINARY)", plist, in: sandbox)
        let array = run("show")
        #expect(array.status == 65)
        #expect(array.errorLines.first == "routectl: '\(plist)' is a property list whose root is an array, not a dictionary of preferences")
    }

    /// A plist over 16 MiB is refused unread, named, and never offered for replacing.
    @Test func aPlistOver16MiBIsRefusedByName() throws {
        var bytes = Array("bplist00".utf8) + [UInt8](repeating: 0x61, count: 17 << 20)
        bytes[8] = 0x61
        try Data(bytes).write(to: URL(fileURLWithPath: plist))
        for command in [["show"], ["set", "home"], ["reset", "--force"]] {
            let result = sandbox.runBare(["-f", plist, "--key", "route"] + command)
            #expect(result.status == 65, "\(command)")
            #expect(result.stderr == """
                routectl: '\(plist)' is larger than 16 MiB (\(bytes.count) bytes)
                hint: routectl never replaces a property list it cannot read; check it with: plutil -lint \(plist)

                """, "\(command)")
        }
        #expect(self.bytes().count == bytes.count)
    }

    @Test func aMissingPlistIsUnsetAndOnlyARealChangeCreatesIt() throws {
        #expect(run("show").stdout.hasSuffix("route   not set (the app's default applies)\n"))
        #expect(run("reset").status == 0)
        #expect(sandbox.listing().isEmpty, "a reset of nothing created something")
        #expect(run("set", "home").status == 0)
        #expect(Array(bytes().prefix(8)) == Array("bplist00".utf8), "a new plist is binary, as the system writes them")
        #expect(try AppPlist.run("d = plistlib.load(open(sys.argv[1], 'rb')); print(d)", plist, in: sandbox) == "{'route': 'home'}")
    }

    @Test func aReadOnlyPlistIsRefused() throws {
        try AppPlist.write(plist, route: "home", binary: true, in: sandbox)
        chmod(plist, 0o444)
        let result = run("set", "onboarding")
        #expect(result.status == 73)
        #expect(result.errorLines.first == "routectl: '\(plist)' is read-only (mode 0444)")
    }

    /// routectl's navigator JSON under a key (data, as an app stores a Codable value) is a
    /// whole state: every command works, with history and undo, and the other keys are kept.
    @Test func navigatorJSONUnderAKeyIsAWholeState() throws {
        try AppPlist.write(plist, route: "home", binary: true, in: sandbox)
        #expect(run("init", "--initial", "home", key: "nav").status == 0)
        #expect(run("push", "details", "id=42", key: "nav").status == 0)
        #expect(run("present", "compose", "draft:=7", key: "nav").status == 0)
        #expect(run("show", "--path", key: "nav").stdout == "home/details?id=42/sheet:compose?draft:=7\n")
        #expect(run("undo", key: "nav").status == 0)
        #expect(run("history", "--json", key: "nav").stdout.contains("\"op\": \"undo\""))
        let json = run("show", "--json", key: "nav").stdout
        #expect(json.hasPrefix("{\n  \"file\": \"\(plist)\",\n  \"key\": \"nav\",\n  \"format\": \"routectl\",\n  \"initial\": "), "\(json)")
        #expect(try AppPlist.run(
            "d = plistlib.load(open(sys.argv[1], 'rb')); import json; s = json.loads(d.pop('nav')); print(s['stack'], d['route'], len(d))",
            plist, in: sandbox) == "[{'name': 'details', 'params': {'id': '42'}}] home 13")
        let again = run("init", key: "nav")
        #expect(again.status == 1)
        #expect(again.stderr == """
            routectl: '\(plist)' key 'nav' already holds a value
            hint: see what it holds with: routectl -f \(plist) --key nav show

            """)
    }
}

/// Python's `plistlib` as the oracle: writes an app's preferences with values of every type,
/// and checks them after routectl has changed the route.
enum AppPlist {
    static let python: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// The preferences, in an unsorted order; a UID only where binary can hold it.
    static let values = #"""
        import plistlib, sys, datetime
        def values(route, binary, without=None):
            d = {'launches': 7, 'unicode': 'Zoë — 日本語 😀', 'negative': -42, 'int64min': -2**63,
                 'uint64max': 2**64 - 1, 'ratio': 0.1, 'seen': True, 'off': False,
                 'when': datetime.datetime(2025, 11, 23, 10, 0, 0), 'blob': b'\x00\x01\xfe\xff',
                 'nested': {'list': [1, 'two', [3.5]], 'empty': {}}}
            if route is not None:
                d['route'] = route
            if binary:
                d['uid'] = plistlib.UID(42)
            d.pop(without, None)
            return d

        """#

    /// Runs `python3 -c <values + script> arguments...` in the sandbox (in the one python3 of
    /// ``PythonServer``); its standard output without the last newline.
    static func run(_ script: String, _ arguments: String..., in sandbox: Sandbox) throws -> String {
        _ = try #require(python)
        let result = PythonServer.run(values + script, arguments, in: sandbox.folder)
        #expect(result.exitCode == 0, "\(result.summary): \(result.stderrText)")
        return result.stdoutText.trimmingCharacters(in: .newlines)
    }

    static func write(_ path: String, route: String, binary: Bool, in sandbox: Sandbox) throws {
        _ = try run(
            "plistlib.dump(values(sys.argv[2], \(binary ? "True" : "False")), open(sys.argv[1], 'wb'), sort_keys=False, fmt=plistlib.\(binary ? "FMT_BINARY" : "FMT_XML"))",
            path, route, in: sandbox)
    }

    /// `ok` when the file holds the values with `route` (none: no key) and without
    /// `without`, in their order (a new key last), in the form asked; else what differs.
    static func check(_ path: String, route: String?, binary: Bool, without: String? = nil, in sandbox: Sandbox) throws -> String {
        try run(
            """
            raw = open(sys.argv[1], 'rb').read()
            d = plistlib.loads(raw)
            want = values(None if sys.argv[2] == '-' else sys.argv[2], \(binary ? "True" : "False"), sys.argv[3] or None)
            form = raw.startswith(b'bplist00') == \(binary ? "True" : "False")
            print('ok' if d == want and list(d) == list(want) and form else 'differs: %r %r %r' % (d, list(d), form))
            """, path, route ?? "-", without ?? "", in: sandbox)
    }
}
