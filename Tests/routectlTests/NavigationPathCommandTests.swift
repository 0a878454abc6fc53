import Foundation
import Testing
import TestSupport

/// SwiftUI's NavigationPath changed through the binary, end to end: in a JSON file of the
/// app's own (compact and pretty, as `JSONEncoder` writes it), and under a key of an app's
/// preferences (binary and XML, written by Foundation and by Python's plistlib, the JSON kept
/// as data or as a string). Every result is read back with a mirror of SwiftUI's decoder and
/// compared value for value; every refusal leaves the bytes as they were.
@Suite(.tags(.endToEnd), .slowLayer) struct NavigationPathCommandTests {
    typealias Element = NavigationPathMirror.Element
    typealias Fixture = NavigationPathFixtures.Path
    static let key = NavigationPathFixtures.key

    /// A sandbox whose plist holds `fixture` under ``key``.
    static func plistBox(_ fixture: Fixture, _ format: VAPNFixtures.PlistFormat, _ storedAs: VAPNFixtures.StoredAs = .data) throws -> Sandbox {
        try Sandbox.preferences(key, fixture.json(), format, storedAs)
    }

    /// The path in the sandbox's file, as SwiftUI restores it.
    static func restored(_ box: Sandbox) throws -> [Element] {
        try NavigationPathMirror.decode(Array(box.contents() ?? Data()))
    }

    @Test func everyCommandOnAPathInAJSONFileIsReadBackBySwiftUI() throws {
        let start = Fixture.mixed.elements
        let box = Sandbox(holding: Fixture.mixed.json())
        let original = box.text()
        func check(_ expected: [Element], _ arguments: String..., line: Int = #line) throws {
            let result = box.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(try Self.restored(box) == expected, "\(arguments)")
        }
        let show = box.run("show")
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout == """
            file    \(box.file)
            format  navigation-path
            path    /home/Int?_0:=7/Recipe?id:=42/String?_0=hello/Bool?_0:=true/details?_0:=3

            DEPTH  ROUTE    PARAMS
            0      home
            1      Int      _0:=7
            2      Recipe   id:=42
            3      String   _0=hello
            4      Bool     _0:=true
            5      details  _0:=3

            """)
        let json = box.run("show", "--json")
        #expect(json.stdout.contains(#""format": "navigation-path""#) && json.stdout.contains(#""root": null"#), "\(json.stdout)")
        try check(start + [.screen(.details(4))], "push", "details", "_0:=4")
        #expect(box.text() == #"["MyApp.Screen","{\"details\":{\"_0\":4}}","# + original.dropFirst(), "the rest byte for byte")
        try check(start + [.screen(.details(4)), .recipe(.init(id: 5))], "push", "Recipe", "id:=5")
        try check(start + [.screen(.details(4)), .recipe(.init(id: 5)), .string("a/b")], "push", "String", "_0=a/b")
        try check(start + [.screen(.details(4)), .recipe(.init(id: 5)), .string("a/b"), .int(-8)], "push", "Int", "_0:=-8", "--type", "Swift.Int")
        try check(start + [.screen(.details(4))], "pop", "3")
        try check(start, "pop")
        #expect(box.text() == original, "popped back to the path as read, byte for byte")
        try check(Array(start.prefix(3)), "pop", "--to", "Recipe")
        try check([.screen(.home), .recipe(.init(id: 1))], "go", "/home/Recipe?id:=1")
        try check([.screen(.home)], "pop", "--to", "home")
        try check([], "pop", "--root")
        // An empty array is any array format's: a change names the format.
        #expect(box.run("push", "details", "_0:=1", "--type", "MyApp.Screen").status == 65)
        try check([.screen(.details(1))], "--format", "navigation-path", "push", "details", "_0:=1", "--type", "MyApp.Screen")
        try check([], "reset")
        #expect(box.text() == "[]")
        #expect(box.run("show", "--path").stdout == "/\n")
    }

    @Test(arguments: VAPNFixtures.PlistFormat.allCases, VAPNFixtures.StoredAs.allCases)
    func pushAndPopUnderAKeyOfAnAppsPreferences(_ format: VAPNFixtures.PlistFormat, _ storedAs: VAPNFixtures.StoredAs) throws {
        guard !format.needsPython || VAPNFixtures.python3 != nil else { return }  // see pythonPlistsAreNotSkippedHere
        let box = try Self.plistBox(.recipeThenSeven, format, storedAs)
        let before = box.contents()
        #expect(box.run("--key", Self.key, "show", "--path").stdout == "/Recipe?id:=42/Int?_0:=7\n")
        for (arguments, expected) in [
            (["push", "Int", "_0:=8"], [Element.recipe(.init(id: 42)), .int(7), .int(8)]),
            (["push", "details", "_0:=2", "--type", "MyApp.Screen"], [.recipe(.init(id: 42)), .int(7), .int(8), .screen(.details(2))]),
            (["pop", "2"], [.recipe(.init(id: 42)), .int(7)]),
        ] {
            let result = box.run(["--key", Self.key] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(try NavigationPathFixtures.decodeFromPlist(path: box.file) == expected, "\(arguments)")
            #expect(try VAPNFixtures.storedValue(path: box.file, key: Self.key).storedAs == storedAs, "data stays data, a string a string")
            #expect(box.contents()!.starts(with: Data("bplist00".utf8)) == format.isBinary, "binary stays binary, XML XML")
            #expect(try VAPNFixtures.describeOtherPreferences(path: box.file, key: Self.key) == VAPNFixtures.otherPreferencesDescription)
        }
        #expect(try VAPNFixtures.storedValue(path: box.file, key: Self.key).json == Fixture.recipeThenSeven.json(), "the path as read, byte for byte")
        for command in [["present", "settings"], ["set", "home"], ["tab", "x"], ["push", "x"]] {
            let before = box.contents()
            let refused = box.run(["--key", Self.key] + command)
            #expect(refused.status == (command == ["push", "x"] ? 64 : 1), "\(command): \(refused.stderr)")
            #expect(box.contents() == before, "\(command) leaves every byte")
        }
        #expect(box.run("--key", Self.key, "go", "/Recipe?id:=42/Int?_0:=9").status == 0)
        #expect(try NavigationPathFixtures.decodeFromPlist(path: box.file) == [.recipe(.init(id: 42)), .int(9)])
        #expect(box.run("--key", Self.key, "reset").status == 0)
        #expect(try NavigationPathFixtures.decodeFromPlist(path: box.file) == [])
        #expect(try VAPNFixtures.storedValue(path: box.file, key: Self.key).storedAs == storedAs)
        #expect(try VAPNFixtures.describeOtherPreferences(path: box.file, key: Self.key) == VAPNFixtures.otherPreferencesDescription)
    }

    @Test(arguments: VAPNFixtures.PlistFormat.allCases, VAPNFixtures.StoredAs.allCases)
    func aPushWrittenWithoutReadingTheStateWritesWhatTheFullWayWrites(_ format: VAPNFixtures.PlistFormat, _ storedAs: VAPNFixtures.StoredAs) throws {
        // A plain push under a key is written straight into the path's bytes; with --json (which
        // prints the state) it is made the full way: the same file, byte for byte.
        guard !format.needsPython || VAPNFixtures.python3 != nil else { return }  // see pythonPlistsAreNotSkippedHere
        for arguments in [["push", "Int", "_0:=8"], ["push", "Recipe", "id:=42"], ["push", "Recipe", "id:=5"]] {
            let quick = try Self.plistBox(.mixed, format, storedAs)
            let full = Sandbox(holding: Array(try #require(quick.contents())))
            let quickResult = quick.run(["--key", Self.key] + arguments)
            let fullResult = full.run(["--key", Self.key, "--json"] + arguments)
            #expect(quickResult.status == 0 && quickResult.stdout.isEmpty && quickResult.stderr.isEmpty, "\(arguments): \(quickResult.stderr)")
            #expect(fullResult.status == 0, "\(arguments): \(fullResult.stderr)")
            #expect(quick.contents() == full.contents(), "\(arguments)")
            #expect(try NavigationPathFixtures.decodeFromPlist(path: quick.file).count == Fixture.mixed.elements.count + 1)
        }
    }

    @Test func aPushOntoAPathInAFileWithoutReadingTheStateWritesWhatTheFullWayWrites() throws {
        for pretty in [false, true] {
            let quick = Sandbox(holding: Fixture.mixed.json(pretty: pretty))
            let full = Sandbox(holding: Array(try #require(quick.contents())))
            let quickResult = quick.run("push", "Recipe", "id:=5")
            let fullResult = full.run("--json", "push", "Recipe", "id:=5")
            #expect(quickResult.status == 0 && quickResult.stdout.isEmpty && quickResult.stderr.isEmpty, "\(quickResult.stderr)")
            #expect(fullResult.status == 0, "\(fullResult.stderr)")
            #expect(quick.contents() == full.contents(), "pretty: \(pretty)")
            #expect(try Self.restored(quick) == Fixture.mixed.elements + [.recipe(.init(id: 5))])
        }
    }

    @Test(.needsPython3) func pythonPlistsAreNotSkippedHere() throws {
        let box = try Self.plistBox(.screens, .pythonXML, .string)
        #expect(box.run("--key", Self.key, "push", "details", "_0:=5").status == 0, "the type of the elements that show as 'details'")
        let back = try VAPNFixtures.storedValue(path: box.file, key: Self.key)
        #expect(back.storedAs == .string)
        #expect(String(decoding: back.json, as: UTF8.self).hasPrefix(#"["MyApp.Screen","{\"details\":{\"_0\":5}}","#))
        #expect(try NavigationPathMirror.decode(back.json) == Fixture.screens.elements + [.screen(.details(5))])
    }

    @Test(arguments: Fixture.allCases)
    func goToTheShownPathWritesNothing(_ fixture: Fixture) throws {
        for pretty in [false, true] {
            let box = Sandbox(holding: fixture.json(pretty: pretty))
            let path = box.run("show", "--path")
            #expect(path.status == 0, "\(path.stderr)")
            #expect(fixture.shownPaths.contains(String(path.stdout.dropLast())), "\(path.stdout)")
            let before = box.contents()
            let go = box.run("go", String(path.stdout.dropLast()))
            #expect(go.status == 0, "\(go.stderr)")
            #expect(box.contents() == before)
        }
    }

    @Test(arguments: [Fixture.recipeThenSeven, .screens, .mixed, .values])
    func whatShowPrintsPushedAnewIsTheSameValue(_ fixture: Fixture) throws {
        // Each element pushed again, as show --json prints it, with its type: SwiftUI restores
        // the same values (an object's members may come in another order).
        // One encoding: JSONEncoder's member order changes from one to the next.
        let original = fixture.json()
        let box = Sandbox(holding: original)
        let shown = try JSONSerialization.jsonObject(with: Data(box.run("show", "--json").stdout.utf8)) as! [String: Any]
        let stack = shown["stack"] as! [[String: Any]]
        for (entry, element) in zip(stack, fixture.elements) {
            var words = [entry["name"] as! String]
            for (key, value) in (entry["params"] as? [String: Any]) ?? [:] {
                if let text = value as? String {
                    words.append("\(key)=\(text)")
                } else {
                    let json = try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .withoutEscapingSlashes])
                    words.append("\(key):=" + String(decoding: json, as: UTF8.self))
                }
            }
            let push = box.run(["push"] + words + ["--type", element.typeName])
            #expect(push.status == 0, "\(words): \(push.stderr)")
        }
        #expect(try Self.restored(box) == fixture.elements + fixture.elements)
        #expect(box.run("pop", String(fixture.elements.count)).status == 0)
        #expect(box.contents() == Data(original), "and popping them gives the path back byte for byte")
    }

    @Test func aPrettyPathStaysPrettyAsTheAppWouldWriteIt() throws {
        // Objects of one member each: JSONEncoder writes them the same every time.
        let box = Sandbox(holding: Fixture.mixed.json(pretty: true))
        #expect(box.run("push", "details", "_0:=9").status == 0)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .prettyPrinted
        #expect(box.contents() == Data(NavigationPathMirror.encode(Fixture.mixed.elements + [.screen(.details(9))], encoder: encoder)))
        #expect(box.run("pop", "--root").status == 0)
        #expect(box.text() == "[]", "an empty path is written compact (JSONEncoder's pretty one is [\\n\\n])")
    }

    @Test func refusalsLeaveTheBytesAsTheyWere() throws {
        for (arguments, status, message, hint) in [
            (["present", "settings"], Int32(1), "SwiftUI's NavigationPath (format 'navigation-path') cannot hold a sheet or a cover", nil),
            (["present", "settings", "--cover"], 1, "cannot hold a sheet or a cover", nil),
            (["set", "home"], 1, "cannot hold a root route: the app's root view is its code; to make 'home' the only screen pushed, run go '/home'", nil),
            (["go", "home/details?_0:=1"], 1, "cannot hold a root route", nil),
            (["go", "/home/sheet:details?_0:=1"], 1, "cannot hold a sheet or a cover", nil),
            (["tab", "profile"], 1, "routectl: the format 'navigation-path' holds a stack without a root of its own, which has no tabs", nil),
            (["link", "add", "myapp://x", "/Int?_0:=7"], 1, "SwiftUI's NavigationPath (format 'navigation-path') cannot hold deep links", nil),
            // The format keeps no history, and routectl recorded no change of it yet (issue 37, item 6).
            (["undo"], 1, "'navigation-path', which keeps no history, and routectl recorded no change of it", nil),
            (["redo"], 1, "'navigation-path', which keeps no history, and routectl recorded no change of it", nil),
            (["push", "settings"], 64, "cannot tell the type of the new element 'settings': no value in the path shows as 'settings', and without the app's routes (routectl.json) routectl cannot know the cases of 'MyApp.Screen'; name it with --type",
             "hint: for example: routectl -f FILE push settings --type MyApp.Screen"),
            (["push", "settings", "--type", "MyApp.(unknown context at $56099b7b7278).Hidden"], 64, "invalid value 'MyApp.(unknown context at $56099b7b7278).Hidden' for option '--type': a private type's name holds a memory address", nil),
            (["push", "settings", "--type", "Screen"], 64, "expected a type name as SwiftUI's NavigationPath writes it", nil),
            (["push", "Article", "title=x", "--type", "MyApp.Recipe"], 64, "the values of 'MyApp.Recipe' in the path are no enum values", nil),
            (["push", "Int", "x:=1"], 64, "a value of 'Swift.Int' is one integer from -9223372036854775808 to 9223372036854775807, given as _0 (such as Int _0:=7), not 'Int?x:=1'", nil),
            (["push", "Recipe", #"details:={"_0":1}"#], 1, "would read back as 'details?_0:=1'", nil),
        ] as [([String], Int32, String, String?)] {
            let box = Sandbox(holding: Fixture.mixed.json())
            let before = box.contents()
            let result = box.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.errorLines.first?.contains(message) == true, "\(arguments): \(result.stderr)")
            #expect(result.errorLines.count == 1 || (result.errorLines.count == 2 && result.errorLines[1].hasPrefix("hint: ")), "\(arguments): \(result.stderr)")
            if let hint {
                #expect(result.errorLines.last == hint.replacingOccurrences(of: "FILE", with: box.file)[...], "\(result.stderr)")
            }
            #expect(box.contents() == before, "\(arguments)")
        }
    }

    @Test func aPathSwiftUIOrRoutectlCannotReadIsRefusedWithNoHintToRemoveIt() throws {
        for (document, message) in [
            (#"["Swift.Int","7","MyApp.Recipe"]"#, "at [2], an odd number of strings"),
            (#"["Swift.Int","7","MyApp.Recipe","{\"id\":"]"#, "at [3], the JSON text of the 'MyApp.Recipe' value does not parse"),
        ] {
            let box = Sandbox(holding: Array(document.utf8))
            for command in [["show"], ["push", "Int", "_0:=1"], ["reset"]] {
                let result = box.run(command)
                #expect(result.status == 65, "\(command): \(result.stderr)")
                #expect(result.errorLines.first?.contains(message) == true, "\(result.stderr)")
                #expect(!result.stderr.contains("reset"), "no hint that would remove the app's path: \(result.stderr)")
                #expect(box.text() == document)
            }
        }
        // Under a key, reset --force removes it, printing it first (as for every key).
        let box = Sandbox(holding: try VAPNFixtures.plist(key: Self.key, value: Array(#"["Swift.Int"]"#.utf8), format: .xml, storedAs: .string))
        #expect(box.run("--key", Self.key, "show").status == 65)
        let reset = box.run("--key", Self.key, "reset", "--force")
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(reset.stderr.contains("<string>[&quot;Swift.Int&quot;]</string>") || reset.stderr.contains(#"<string>["Swift.Int"]</string>"#), "\(reset.stderr)")
    }

    /// A private type's name holds a memory address of the run that wrote it: no later run of
    /// the app restores the path, so routectl shows it and changes nothing in it (issue 34).
    @Test func aPathWithAPrivateTypesElementIsShownAndNeverChanged() throws {
        let box = Sandbox(holding: Fixture.withHidden.json())
        #expect(box.run("show", "--path").stdout == "/Hidden?x:=1/home\n")
        for arguments in [["push", "home"], ["go", "/Hidden?x:=2/home"], ["pop", "2"]] {
            let before = box.contents()
            let result = box.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.errorLines.first?.contains("the app cannot decode this path as it stands: at [2], 'MyApp.(unknown context at $56099b7b7278).Hidden' is a private type's name") == true, "\(result.stderr)")
            #expect(box.contents() == before)
        }
    }

    @Test func theFormatIsFoundForcedAndNamedAndTypesAreForItAlone() throws {
        let empty = Sandbox(holding: Array("[]".utf8))
        #expect(empty.run("show", "--path").stdout == "/\n")
        let undecided = empty.run("push", "details", "_0:=1")
        #expect(undecided.status == 65, "[] is any array format's: \(undecided.stderr)")
        let needed = empty.run("--format", "navigation-path", "push", "details", "_0:=1")
        #expect(needed.status == 64)
        #expect(needed.errorLines.last == "hint: name its type as Swift's _typeName(qualified: true) does, module first, with --type <Module.Type>", "\(needed.stderr)")
        #expect(empty.run("--format", "navigation-path", "push", "details", "_0:=1", "--type", "MyApp.Screen").status == 0)
        #expect(try Self.restored(empty) == [.screen(.details(1))])
        // --format: a routectl file is not a path; a missing one is the app's to start.
        let own = Sandbox()
        #expect(own.run("init").status == 0)
        let forced = own.run("--format", "navigation-path", "show")
        #expect(forced.status == 65)
        #expect(forced.errorLines.first?.hasSuffix("is not in the format 'navigation-path' (expected SwiftUI's NavigationPath, a JSON array of type names and JSON texts)") == true, "\(forced.stderr)")
        let typed = own.run("push", "x", "--type", "MyApp.Screen")
        #expect(typed.status == 64)
        #expect(typed.errorLines.first == "routectl: option '--type' names the type of a new element of SwiftUI's NavigationPath, and this state is in the format 'routectl', which names none", "\(typed.stderr)")
        let missing = Sandbox()
        let start = missing.run("--format", "navigation-path", "push", "x", "--type", "MyApp.Screen")
        #expect(start.status == 1, "\(start.stderr)")
        #expect(missing.contents() == nil)
    }
}

/// The same through `--domain` and `--simulator`, with stand-ins for `defaults` and `xcrun`.
@Suite(.tags(.endToEnd), .slowLayer) struct NavigationPathDomainTests {
    @Test(arguments: [nil, "booted"])
    func aPathInADomainIsChangedAndRestoredBySwiftUI(simulator: String?) throws {
        let standIn = DefaultsStandIn()
        let plist = try VAPNFixtures.plist(key: NavigationPathFixtures.key, value: NavigationPathFixtures.Path.recipeThenSeven.json(), format: .binary)
        #expect(FileManager.default.createFile(atPath: standIn.plist(), contents: Data(plist)))
        let store = ["--domain", DefaultsStandIn.domain] + (simulator.map { ["--simulator", $0] } ?? []) + ["--key", NavigationPathFixtures.key]
        #expect(standIn.run(store + ["show", "--path"]).stdout == "/Recipe?id:=42/Int?_0:=7\n")
        let push = standIn.run(store + ["push", "Recipe", "id:=43"])
        #expect(push.status == 0, "\(push.stderr)")
        #expect(try NavigationPathFixtures.decodeFromPlist(path: standIn.plist()) == [.recipe(.init(id: 42)), .int(7), .recipe(.init(id: 43))])
        #expect(try VAPNFixtures.describeOtherPreferences(path: standIn.plist(), key: NavigationPathFixtures.key) == VAPNFixtures.otherPreferencesDescription)
    }
}

/// The README's NavigationPath example, from its own script (docs/examples/navigation-path.py):
/// every command of its console block run, printing exactly what the README shows.
@Suite(.tags(.endToEnd), .slowLayer, .needsPython3) struct NavigationPathReadmeExampleTests {
    @Test func theREADMEShowsWhatTheseCommandsPrint() throws {
        let readme = try String(contentsOfFile: Docs.path("README.md"), encoding: .utf8)
        guard let block = ConsoleBlock(readme, under: "### Another library's state: SwiftUI's NavigationPath") else {
            Issue.record("the README has no NavigationPath example")
            return
        }
        let box = Sandbox()
        let file = box.folder + "/SavedPath"
        var commands = 0
        for step in block.steps {
            let command = step.command
            let expected = step.shown.replacingOccurrences(of: "/tmp/readme/SavedPath", with: file)
            let words = step.words
            switch words.first {
            case "python3":
                _ = try VAPNFixtures.runPython("import runpy, sys; sys.argv = [sys.argv[1], sys.argv[2]]; runpy.run_path(sys.argv[0])", [Docs.path(words[1]), file])
            case "cat":
                #expect(box.text(file) + "\n" == expected, "\(command)")
            case "routectl":
                let result = box.runBare(Array(words.dropFirst()))
                #expect(result.stdout + result.stderr == expected, "\(command): status \(result.status)")
                commands += 1
            default:
                Issue.record("an unknown command in the README: \(command)")
            }
        }
        #expect(commands >= 8)
        #expect(try NavigationPathMirror.decode(Array(box.contents(file)!)) == [.recipe(.init(id: 42)), .int(7)], "read by SwiftUI")
    }
}
