import Foundation
import Testing
import TestSupport

/// `@AppStorage("tab") var tab: Tab = .home` of an `Int`-backed enum, end to end: a key holding
/// an integer is a route setting that `show` prints and `set <integer>` changes, in the width
/// the old integer had in a binary plist, every other byte kept; a route name, and every command
/// that needs more than a raw value, is refused with every byte kept. Plists come from Python's
/// `plistlib` (checked afterwards by it, value for value, type for type, in key order; those
/// tests are skipped, and reported so, without python3) and from Foundation's
/// `PropertyListSerialization`.
@Suite(.tags(.endToEnd), .slowLayer) struct IntegerSettingCommandTests {
    static let python = Testing.ConditionTrait.enabled(if: AppPlist.python != nil, "python3 is not installed")

    let sandbox = Sandbox()
    var plist: String { sandbox.folder + "/com.example.app.plist" }

    /// Runs `routectl -f <plist> --key <key> arguments...`.
    @discardableResult
    func run(_ arguments: String..., key: String = "tab") -> RunResult {
        sandbox.runBare(["-f", plist, "--key", key] + arguments)
    }

    func bytes() -> [UInt8] {
        Array(sandbox.contents(plist) ?? Data())
    }

    /// ``AppPlist/values`` (every plist type, `uint64max` among them) with `tab` as the fourth
    /// key, or at the end; no `tab` when nil.
    static let withTab = #"""
        def with_tab(tab, binary, where):
            items = list(values(None, binary).items())
            if tab != '-':
                items.insert(len(items) if where == 'end' else 3, ('tab', int(tab)))
            return dict(items)

        """#

    /// Writes the plist with ``withTab``'s values, as plistlib writes it.
    func writeApp(tab: Int64, binary: Bool) throws {
        _ = try AppPlist.run(
            Self.withTab + "plistlib.dump(with_tab(sys.argv[2], \(binary ? "True" : "False"), 'fourth'), open(sys.argv[1], 'wb'), sort_keys=False, fmt=plistlib.\(binary ? "FMT_BINARY" : "FMT_XML"))",
            plist, String(tab), in: sandbox)
    }

    /// `ok` when the plist holds ``withTab``'s values with `tab` (nil: no such key) where
    /// `atEnd` says, every key in its order and of its type, in the form asked; else what differs.
    func check(tab: Int64?, binary: Bool, atEnd: Bool = false) throws -> String {
        try AppPlist.run(
            Self.withTab + """
            raw = open(sys.argv[1], 'rb').read()
            d = plistlib.loads(raw)
            want = with_tab(sys.argv[2], \(binary ? "True" : "False"), sys.argv[3])
            form = raw.startswith(b'bplist00') == \(binary ? "True" : "False")
            types = all(type(d[k]) is type(want[k]) for k in want if k in d)
            print('ok' if d == want and list(d) == list(want) and form and types else 'differs: %r %r %r %r' % (d, list(d), form, types))
            """, plist, tab.map { String($0) } ?? "-", atEnd ? "end" : "fourth", in: sandbox)
    }

    // MARK: - The story

    /// show, set in the width the key had, a negative raw value, reset, and a first set on the
    /// missing key, on plistlib's plist: every other value kept, and every other byte.
    @Test(Self.python, arguments: [true, false])
    func showSetAndResetKeepEveryOtherByte(binary: Bool) throws {
        try writeApp(tab: 300, binary: binary)
        let original = bytes()
        #expect(run("show").stdout == """
            file    \(plist)
            key     tab
            format  setting
            route   300

            """)
        #expect(run("show", "--path").stdout == "300\n")
        #expect(run("show", "--json").stdout == """
            {
              "file": "\(plist)",
              "key": "tab",
              "format": "setting",
              "value": 300,
              "root": null,
              "stack": [],
              "path": "300"
            }

            """)
        #expect(bytes() == original)

        let set = run("set", "2")
        #expect(set.status == 0 && set.stdout.isEmpty && set.stderr.isEmpty, "\(set.stderr)")
        #expect(try check(tab: 2, binary: binary) == "ok")
        if binary {
            #expect(BinaryPlistObjects.width(of: "tab", in: bytes()) == 2, "300 took 2 bytes, and so does 2")
            #expect(bytes() == BinaryPlistObjects.replacingInteger(of: "tab", in: original, with: 2))
        } else {
            let text = String(decoding: original, as: UTF8.self)
            #expect(text.contains("\t<key>tab</key>\n\t<integer>300</integer>\n"))
            #expect(sandbox.text(plist) == text.replacingOccurrences(of: "<integer>300</integer>", with: "<integer>2</integer>"))
        }

        // Negative raw values exist; 2 bytes hold no sign: 8 bytes, as Apple writes a negative.
        let negative = run("set", "-1")
        #expect(negative.status == 0 && negative.stderr.isEmpty, "\(negative.stderr)")
        #expect(try check(tab: -1, binary: binary) == "ok")
        if binary { #expect(BinaryPlistObjects.width(of: "tab", in: bytes()) == 8) }
        #expect(run("show", "--path").stdout == "-1\n")
        let before = bytes()
        #expect(run("set", "--", "-1").status == 0)
        #expect(bytes() == before, "the same value again writes nothing")

        let reset = run("reset")
        #expect(reset.status == 0 && reset.stdout.isEmpty)
        #expect(reset.stderr == "routectl: removed key 'tab' from '\(plist)': the app's own default applies\n")
        #expect(try check(tab: nil, binary: binary) == "ok")
        #expect(run("show").stdout.hasSuffix("route   not set (the app's default applies)\n"))

        // The key of an Int-backed enum is missing until the app first changes it.
        #expect(run("set", "3").status == 0)
        #expect(try check(tab: 3, binary: binary, atEnd: true) == "ok")
        if binary { #expect(BinaryPlistObjects.width(of: "tab", in: bytes()) == 1, "a new integer takes the narrowest width") }
    }

    @Test(Self.python) func theWholeRangeOfIntIsARawValue() throws {
        try writeApp(tab: 0, binary: true)
        for value in [Int64.max, Int64.min, 0] {
            let set = run("set", String(value))
            #expect(set.status == 0 && set.stderr.isEmpty, "\(value): \(set.stderr)")
            #expect(try check(tab: value, binary: true) == "ok", "\(value)")
            #expect(run("show", "--path").stdout == "\(value)\n")
        }
    }

    // MARK: - Refusals

    /// A route name, and every command that needs more than a raw value: exit 1 naming the
    /// integer it holds; an integer no Int holds, or with parameters: exit 64; nothing to do:
    /// exit 0. Every byte is kept.
    @Test(Self.python, arguments: [true, false])
    func refusalsKeepEveryByte(binary: Bool) throws {
        try writeApp(tab: 2, binary: binary)
        let original = bytes()
        let setName = run("set", "home")
        #expect(setName.status == 1)
        #expect(setName.stderr == """
            routectl: '\(plist)' key 'tab' holds only an integer (the raw value of an Int-backed enum): 'home' is no integer; set takes one
            hint: it holds the raw value of an Int-backed enum, and set takes one, such as the 2 it holds: routectl -f \(plist) --key tab set 2

            """)
        let push = run("push", "details")
        #expect(push.stderr == """
            routectl: '\(plist)' key 'tab' holds only an integer (the raw value of an Int-backed enum): nothing can be pushed on it
            hint: it holds the raw value of an Int-backed enum, an integer only; see it with: routectl -f \(plist) --key tab show

            """)
        let needMore: [[String]] = [
            ["push", "details"], ["present", "compose"], ["pop"], ["pop", "--to", "home"], ["dismiss"], ["dismiss", "--to", "home"],
            ["tab", "feed"], ["go", "home"], ["go", "home/details"], ["set", "details", "id=1"],
            ["link", "list"], ["link", "add", "myapp://home", "home"], ["open", "myapp://home"], ["show", "--url"],
        ]
        for command in needMore {
            let result = sandbox.runBare(["-f", plist, "--key", "tab"] + command)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("routectl: '\(plist)' key 'tab' holds only an integer (the raw value of an Int-backed enum)"), "\(command): \(result.stderr)")
            #expect(result.errorLines.count == 2, "\(command): \(result.stderr)")
        }
        // routectl's record of its changes to the key: none yet (issue 37, item 6).
        for command in ["undo", "redo"] {
            let result = sandbox.runBare(["-f", plist, "--key", "tab", command])
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.errorLines.first?.contains("key 'tab' holds a route setting, which keeps no history, and routectl recorded no change of it") == true, "\(result.stderr)")
        }
        #expect(sandbox.runBare(["-f", plist, "--key", "tab", "history"]).stdout == "SEQ  TIME  OP  ARGS  PATH\n")
        let usage: [([String], String)] = [
            (["set", "2", "id=1"], "routectl: unexpected argument 'id=1' for 'set': an integer (the raw value of an Int-backed enum) takes no parameters"),
            (["set", "9223372036854775808"], "routectl: invalid integer '9223372036854775808' for 'set': an Int-backed enum's raw value is from -9223372036854775808 to 9223372036854775807"),
            (["set", "-9223372036854775809"], "routectl: invalid integer '-9223372036854775809' for 'set': an Int-backed enum's raw value is from -9223372036854775808 to 9223372036854775807"),
            (["set", "2.5"], "routectl: invalid route name '2.5': it must start with a letter or '_'"),
        ]
        for (command, message) in usage {
            let result = sandbox.runBare(["-f", plist, "--key", "tab"] + command)
            #expect(result.status == 64, "\(command): \(result.stderr)")
            #expect(result.errorLines.first.map(String.init) == message, "\(command): \(result.stderr)")
        }
        let initialize = run("init")
        #expect(initialize.status == 1, "\(initialize.stderr)")
        #expect(initialize.errorLines.first == "routectl: '\(plist)' key 'tab' already holds a value")
        for command in [["pop", "--root"], ["dismiss", "--all"], ["set", "2"], ["set", "02"]] {
            let result = sandbox.runBare(["-f", plist, "--key", "tab"] + command)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(command): \(result.stderr)")
        }
        #expect(bytes() == original)
    }

    /// A string setting takes route names, and an integer is none (64, as `set 2` always was);
    /// a navigator file's root is a route: `set 2` creates no file and changes none.
    @Test(Self.python) func anIntegerOnAStringKeyOrANavigatorFileIsNoRouteName() throws {
        try AppPlist.write(plist, route: "home", binary: true, in: sandbox)
        let original = bytes()
        let onString = run("set", "2", key: "route")
        #expect(onString.status == 64)
        #expect(onString.stderr == "routectl: cannot set the integer 2: the key holds a route's name as text, and an integer is no name\n")
        #expect(bytes() == original)

        let file = sandbox.folder + "/navigator.json"
        let missing = sandbox.runBare(["-f", file, "set", "2"])
        #expect(missing.status == 64 && missing.errorLines.first.map(String.init) == Self.integerOnNavigator)
        #expect(!FileManager.default.fileExists(atPath: file), "a refused set creates no file")
        #expect(sandbox.runBare(["-f", file, "init"]).status == 0)
        let navigator = sandbox.contents(file)
        #expect(sandbox.runBare(["-f", file, "set", "-3"]).status == 64)
        #expect(sandbox.contents(file) == navigator)
        // Without --key no store can take an integer: refused before the file is read, as always.
        sandbox.write("{not json", to: file)
        let corrupt = sandbox.runBare(["-f", file, "set", "2"])
        #expect(corrupt.status == 64 && corrupt.errorLines.first.map(String.init) == Self.integerOnNavigator, "\(corrupt.stderr)")
    }

    static let integerOnNavigator = "routectl: cannot set the integer 2: the state's root is a route, and a route's name starts with a letter or '_' (an integer is the raw value an Int-backed enum keeps under a key of the app's preferences: name it with --key)"

    /// The project file's store names the key (`"store": {"file": ..., "key": "tab"}`): `set
    /// <integer>` takes a declared raw value there as with `--key` (it said "invalid route
    /// name '2'" when the key came from the project file), and an undeclared one is refused
    /// naming the cases. On a navigator file, an integer the schema declares gets a hint that
    /// sets its case by name.
    /// An app of many tabs: the refusal of an undeclared raw value names the first few cases,
    /// not every one (40,000 declared made one line of 600 KB).
    @Test func anUndeclaredRawValueNamesAFewCases() throws {
        let routes = (0..<40).map { "\"r\($0) = \($0)\"" }.joined(separator: ", ")
        sandbox.write(#"{"store": {"file": "com.example.app.plist", "key": "tab"}, "routes": [\#(routes)]}"#, to: sandbox.folder + "/routectl.json")
        let undeclared = sandbox.runBare(["--config", sandbox.folder + "/routectl.json", "set", "99"])
        #expect(undeclared.status == 64)
        #expect(undeclared.stderr == "routectl: 99 is the raw value of no route of the schema (r0 = 0, r1 = 1, r2 = 2, r3 = 3, r4 = 4, … (40 in all))\n")
    }

    @Test func setIntegerOnTheProjectFilesKeyAndItsHint() throws {
        sandbox.write(#"{"store": {"file": "com.example.app.plist", "key": "tab"}, "routes": ["home = 0", "inbox = 1", "settings = 2"]}"#, to: sandbox.folder + "/routectl.json")
        let config = sandbox.folder + "/routectl.json"
        let set = sandbox.runBare(["--config", config, "set", "2"])
        #expect(set.status == 0 && set.stderr.isEmpty, "\(set.stderr)")
        let written = try PropertyListSerialization.propertyList(from: sandbox.contents(plist) ?? Data(), format: nil) as? [String: Any]
        #expect(written?["tab"] as? Int == 2, "Foundation reads the raw value the app's enum takes")
        #expect(sandbox.runBare(["--config", config, "show", "--path"]).stdout == "settings\n", "shown by its case name")
        let before = bytes()
        let undeclared = sandbox.runBare(["--config", config, "set", "7"])
        #expect(undeclared.status == 64)
        #expect(undeclared.stderr == "routectl: 7 is the raw value of no route of the schema (home = 0, inbox = 1, settings = 2)\n")
        #expect(bytes() == before)

        let file = sandbox.folder + "/navigator.json"
        let onNavigator = sandbox.runBare(["--config", config, "-f", file, "set", "2"])
        #expect(onNavigator.status == 64)
        #expect(onNavigator.errorLines == [Substring(Self.integerOnNavigator), "hint: 2 is the raw value of 'settings'; to set it by name, run: routectl -f \(file) set settings"])
        #expect(!FileManager.default.fileExists(atPath: file), "a refused set creates no file")
    }

    /// No `Int` holds an integer past Int64.max: no Int-backed enum's raw value. Refused as a
    /// value that holds no route (65), as a counter's would be (integers are not offered as
    /// keys that could hold a route: most are counters), and removed only by
    /// `reset --force`, its old value printed first.
    @Test(Self.python) func anIntegerNoIntHoldsIsRefusedAndResetForceRemovesIt() throws {
        try writeApp(tab: 2, binary: true)
        let original = bytes()
        for command in [["show"], ["set", "2"], ["reset"]] {
            let result = sandbox.runBare(["-f", plist, "--key", "uint64max"] + command)
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(result.stderr == """
                routectl: '\(plist)' key 'uint64max' holds the integer 18446744073709551615, which is past the largest raw value an Int-backed enum can have (9223372036854775807)
                hint: it is likely not the key the app keeps its route in, and no other key holds a route name or a navigator state routectl reads; name the app's key with --key <name>

                """, "\(command)")
        }
        let setting = run("show", "--format", "setting", key: "uint64max")
        #expect(setting.status == 65)
        #expect(setting.errorLines.first == "routectl: '\(plist)' key 'uint64max' is not in the format 'setting' (expected a string or an integer, the raw value of the app's route enum)")
        #expect(bytes() == original)
        let forced = run("reset", "--force", key: "uint64max")
        #expect(forced.status == 0)
        #expect(forced.stderr == """
            routectl: a copy of the value of key 'uint64max' in '\(plist)' (an integer), which this command removes:
            <integer>18446744073709551615</integer>
            routectl: removed the value of key 'uint64max' from '\(plist)', which routectl could not read

            """)
        #expect(try AppPlist.run(
            Self.withTab + "d = plistlib.load(open(sys.argv[1], 'rb')); w = with_tab('2', True, 'fourth'); w.pop('uint64max'); print(d == w and list(d) == list(w))",
            plist, in: sandbox) == "True")
    }

    // MARK: - Foundation's plists, --format

    /// A plist as Foundation writes it: `set` keeps the integer's width (8 bytes for a negative
    /// raw value, which 5 fits in), every other byte, and Foundation reads the same values back.
    @Test(arguments: [true, false]) func foundationsPlistKeepsTheWidthAndEveryOtherByte(binary: Bool) throws {
        let values: [String: Any] = ["tab": 1, "sort": -1, "route": "home", "launches": 7, "ratio": 0.5, "seen": true, "name": "Zoë 😀"]
        let data = try PropertyListSerialization.data(fromPropertyList: values, format: binary ? .binary : .xml, options: 0)
        try data.write(to: URL(fileURLWithPath: plist))
        let original = bytes()
        #expect(run("show", "--path").stdout == "1\n")
        #expect(run("show", "--path", key: "sort").stdout == "-1\n")
        #expect(run("set", "4").status == 0)
        #expect(run("set", "5", key: "sort").status == 0)
        if binary {
            #expect(BinaryPlistObjects.width(of: "tab", in: bytes()) == 1)
            #expect(BinaryPlistObjects.width(of: "sort", in: bytes()) == 8)
            let expected = BinaryPlistObjects.replacingInteger(of: "sort", in: BinaryPlistObjects.replacingInteger(of: "tab", in: original, with: 4), with: 5)
            #expect(bytes() == expected)
        } else {
            let text = String(decoding: original, as: UTF8.self)
                .replacingOccurrences(of: "<key>tab</key>\n\t<integer>1</integer>", with: "<key>tab</key>\n\t<integer>4</integer>")
                .replacingOccurrences(of: "<key>sort</key>\n\t<integer>-1</integer>", with: "<key>sort</key>\n\t<integer>5</integer>")
            #expect(sandbox.text(plist) == text)
        }
        var format = PropertyListSerialization.PropertyListFormat.openStep
        let read = try #require(try PropertyListSerialization.propertyList(from: Data(bytes()), options: [], format: &format) as? [String: Any])
        #expect(format == (binary ? .binary : .xml))
        #expect(read.count == values.count)
        #expect((read["tab"] as? NSNumber)?.int64Value == 4 && (read["sort"] as? NSNumber)?.int64Value == 5)
        #expect(read["route"] as? String == "home" && (read["launches"] as? NSNumber)?.int64Value == 7)
        #expect(read["ratio"] as? Double == 0.5 && read["seen"] as? Bool == true && read["name"] as? String == "Zoë 😀")
    }

    /// `--format setting` takes an integer, and a missing key starts one; a navigator format
    /// refuses it (65), every byte kept.
    @Test func formatSettingTakesAnIntegerAndANavigatorFormatRefusesIt() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["tab": 2, "route": "home"], format: .binary, options: 0)
        try data.write(to: URL(fileURLWithPath: plist))
        let original = bytes()
        #expect(run("show", "--format", "setting").stdout == """
            file    \(plist)
            key     tab
            format  setting
            route   2

            """)
        for format in ["routectl", "vapn"] {
            let result = run("show", "--format", format)
            #expect(result.status == 65, "\(format): \(result.stderr)")
            #expect(result.errorLines.first?.hasPrefix("routectl: '\(plist)' key 'tab' is not in the format '\(format)'") == true, "\(result.stderr)")
            #expect(run("set", "3", "--format", format).status == 65)
        }
        #expect(bytes() == original)
        #expect(run("set", "-7", "--format", "setting", key: "selected").status == 0)
        #expect(run("show", "--json", "--format", "setting", key: "selected").stdout.contains(#""value": -7,"#))
        let read = try #require(try PropertyListSerialization.propertyList(from: Data(bytes()), options: [], format: nil) as? [String: Any])
        #expect((read["selected"] as? NSNumber)?.int64Value == -7 && (read["tab"] as? NSNumber)?.int64Value == 2 && read.count == 3)
    }

    // MARK: - The README

    /// The README's example, run: what it shows is what the binary prints (its folder,
    /// `/tmp/readme`, stands for the test's).
    @Test(Self.python) func theREADMEsExampleIsWhatTheBinaryPrints() throws {
        let script = #"import plistlib; plistlib.dump({"launches": 3, "tab": 1}, open("tabs.plist", "wb"), fmt=plistlib.FMT_BINARY)"#
        _ = try AppPlist.run(script, in: sandbox)
        var transcript = "$ python3 -c '\(script)'\n"
        for command in [["show"], ["set", "2"], ["set", "home"]] {
            let result = sandbox.runBare(["-f", "tabs.plist", "--key", "tab"] + command)
            #expect(result.status == (command == ["set", "home"] ? 1 : 0), "\(command): \(result.stderr)")
            transcript += "$ routectl -f tabs.plist --key tab \(command.joined(separator: " "))\n" + result.stdout + result.stderr
        }
        let shown = transcript.replacingOccurrences(of: sandbox.folder, with: "/tmp/readme")
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "  " + $0 + "\n" }.joined()
        let readme = try String(contentsOfFile: Docs.path("README.md"), encoding: .utf8)
        #expect(readme.contains("  ```console\n" + shown + "  ```\n"), "the README should show:\n\(shown)")
    }

    // MARK: - A domain

    /// `--domain` through the stand-in `defaults`: one export per command, an import only for a
    /// real change, the width and every other value kept, a refusal imports nothing.
    @Test(Self.python, arguments: [true, false])
    func aDomainTakesTheSameCommands(binary: Bool) throws {
        let standIn = DefaultsStandIn()
        _ = try AppPlist.run(
            Self.withTab + "plistlib.dump(with_tab('300', \(binary ? "True" : "False"), 'fourth'), open(sys.argv[1], 'wb'), sort_keys=False, fmt=plistlib.\(binary ? "FMT_BINARY" : "FMT_XML"))",
            standIn.plist(), in: standIn.sandbox)
        let original = standIn.bytes()
        func run(_ arguments: String...) -> RunResult {
            standIn.run(["--domain", DefaultsStandIn.domain, "--key", "tab"] + arguments)
        }
        let export = "defaults export \(DefaultsStandIn.domain) -"
        let show = run("show", "--path")
        #expect(show.status == 0 && show.stdout == "300\n", "\(show.stderr)")
        let refused = run("set", "home")
        #expect(refused.status == 1)
        #expect(refused.errorLines.last == "hint: it holds the raw value of an Int-backed enum, and set takes one, such as the 300 it holds: routectl --domain \(DefaultsStandIn.domain) --key tab set 300")
        #expect(standIn.takeCalls() == [export, export], "a refusal imports nothing")
        #expect(standIn.bytes() == original)

        #expect(run("set", "2").status == 0)
        #expect(standIn.takeCalls() == [export, "defaults import \(DefaultsStandIn.domain) -"])
        let after = try #require(standIn.bytes())
        if binary {
            #expect(after == BinaryPlistObjects.replacingInteger(of: "tab", in: try #require(original), with: 2))
        }
        #expect(try AppPlist.run(
            Self.withTab + "raw = open(sys.argv[1], 'rb').read(); d = plistlib.loads(raw); w = with_tab('2', \(binary ? "True" : "False"), 'fourth'); print(d == w and list(d) == list(w) and raw.startswith(b'bplist00') == \(binary ? "True" : "False"))",
            standIn.plist(), in: standIn.sandbox) == "True")
        #expect(run("set", "2").status == 0)
        #expect(standIn.takeCalls() == [export], "the same value again imports nothing")
    }
}

/// An independent reading of a binary plist's objects (trailer, offset table, the root
/// dictionary's references), to check the bytes routectl wrote: where a key's value object is,
/// and how wide an integer there is.
enum BinaryPlistObjects {
    /// The offset of the value object of `key` in the root dictionary of `bytes`.
    static func valueOffset(of key: String, in bytes: [UInt8]) -> Int? {
        guard bytes.count > 40 else { return nil }
        func number(_ at: Int, _ size: Int) -> Int { bytes[at..<at + size].reduce(0) { $0 << 8 | Int($1) } }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6]), referenceSize = Int(bytes[trailer + 7])
        let top = number(trailer + 16, 8), table = number(trailer + 24, 8)
        func offset(_ object: Int) -> Int { number(table + object * offsetSize, offsetSize) }
        func count(_ at: Int) -> (count: Int, start: Int) {
            let low = Int(bytes[at] & 0x0F)
            guard low == 0x0F else { return (low, at + 1) }
            let size = 1 << Int(bytes[at + 1] & 0x0F)
            return (number(at + 2, size), at + 2 + size)
        }
        let root = offset(top)
        guard bytes[root] >> 4 == 0xD else { return nil }
        let (entries, references) = count(root)
        for index in 0..<entries {
            let name = offset(number(references + index * referenceSize, referenceSize))
            let (length, start) = count(name)
            guard bytes[name] >> 4 == 0x5, Array(bytes[start..<start + length]) == Array(key.utf8) else { continue }
            return offset(number(references + (entries + index) * referenceSize, referenceSize))
        }
        return nil
    }

    /// The bytes the integer under `key` takes (1, 2, 4, 8 or 16); nil when it is no integer.
    static func width(of key: String, in bytes: [UInt8]) -> Int? {
        guard let at = valueOffset(of: key, in: bytes), bytes[at] >> 4 == 0x1 else { return nil }
        return 1 << Int(bytes[at] & 0x0F)
    }

    /// `bytes` with the integer under `key` replaced by `value` in the same bytes (two's
    /// complement, big-endian), every other byte as it was.
    static func replacingInteger(of key: String, in bytes: [UInt8], with value: Int64) -> [UInt8] {
        guard let at = valueOffset(of: key, in: bytes), let size = width(of: key, in: bytes) else { return [] }
        var replaced = bytes
        for index in 0..<size {
            let shift = 8 * (size - 1 - index)
            replaced[at + 1 + index] = shift >= 64 ? (value < 0 ? 0xFF : 0) : UInt8(truncatingIfNeeded: value >> Int64(shift))
        }
        return replaced
    }
}
