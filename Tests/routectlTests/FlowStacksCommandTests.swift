import Foundation
import Testing
import TestSupport

/// FlowStacks' routes changed through the binary, end to end: `[Route<Screen>]` under a key of
/// an app's preferences (binary and XML, data or a string) and in a JSON file, and FlowPath's
/// triples in a file. Every result is read back with the library's own decoding (a mirror) and
/// compared value for value; every refusal leaves the bytes as they were; routes and screens
/// that stay are written back byte for byte.
@Suite(.tags(.endToEnd), .slowLayer) struct FlowStacksCommandTests {
    typealias R = FlowStacksFixtures.Route
    static let key = "routes"

    /// Every command on ``FlowStacksFixtures/Routes/presented`` in `box` (`store` chooses the
    /// file or the key), read back with `stored` after each.
    static func everyCommand(_ box: Sandbox, store: [String], stored: () throws -> [UInt8]) throws {
        // Once the stack is empty, `[]` could be any array format's: --format says which.
        var store = store
        func check(_ expected: [R], _ arguments: String..., line: Int = #line) throws {
            let result = box.run(store + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let back = try FlowStacksFixtures.decode(try stored())
            #expect(FlowStacksFixtures.describe(back) == FlowStacksFixtures.describe(expected), "\(arguments)")
        }
        func refused(_ arguments: String..., saying: String) throws {
            let before = box.contents()
            let result = box.run(store + arguments)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.errorLines.first?.contains(saying) == true, "\(arguments): \(result.stderr)")
            #expect(box.contents() == before, "\(arguments) changes nothing")
        }
        let base: [R] = [.push(.home), .sheet(.settings, withNavigation: true), .push(.details(7))]
        #expect(box.run(store + ["show", "--path"]).stdout == "/home/sheet:settings/details?_0:=7/cover:feature?_0:=%7B%22more%22%3A%7B%7D%7D\n")
        #expect(box.run(store + ["show"]).stdout.contains("cover without navigation  feature"), "show says which flow has no navigation")
        try refused("push", "home", saying: "FlowStacks cannot push on the cover")
        try check(base, "dismiss")
        try check(base + [.push(.details(8))], "push", "details", "_0:=8")
        try check(base, "pop")
        try check(base + [.cover(.profile(id: 7, name: "Ann"), withNavigation: false)], "present", "profile", "id:=7", "name=Ann", "--cover", "--no-navigation")
        try refused("go", "/home/sheet:settings/details?_0:=7/cover:profile?id:=7&name=Ann/home", saying: "presented without navigation")
        try check(base + [.cover(.profile(id: 7, name: "Ann"), withNavigation: false)], "go", "/home/sheet:settings/details?_0:=7/cover:profile?id:=7&name=Ann")
        try check(base, "dismiss", "--to", "settings")
        try check(base + [.sheet(.home, withNavigation: true)], "present", "home")
        try check(base + [.sheet(.home, withNavigation: true), .push(.note("a/b"))], "push", "note", "_0=a/b")
        try check([.push(.home)], "dismiss", "--all")
        try check([.push(.home), .sheet(.settings, withNavigation: true)], "go", "/home/sheet:settings")
        try check([.push(.home)], "dismiss")
        try check([], "reset")
        store += ["--format", "flowstacks"]
        try refused("set", "home", saying: "(format 'flowstacks') cannot hold a root of its own")
        try refused("tab", "first", saying: "holds a stack without a root of its own, which has no tabs")
        // The format keeps no history: routectl's own record of its changes (issue 37, item 6).
        let history = box.run(store + ["history"])
        #expect(history.status == 0 && history.stdout.contains("reset"), "\(history.stdout)\(history.stderr)")
        try check([.push(.home)], "undo")
        try check([], "redo")
        try refused("redo", saying: "'flowstacks', which keeps no history, and routectl recorded no change of it that can be redone")
        let json = box.run(store + ["show", "--json"])
        #expect(json.stdout.contains(#""format": "flowstacks""#) && json.stdout.contains(#""root": null"#), "\(json.stdout)")
    }

    @Test(arguments: [VAPNFixtures.PlistFormat.binary, .xml], VAPNFixtures.StoredAs.allCases)
    func everyCommandUnderAKeyIsReadByTheLibrary(_ format: VAPNFixtures.PlistFormat, _ storedAs: VAPNFixtures.StoredAs) throws {
        let box = try Sandbox.preferences(Self.key, FlowStacksFixtures.Routes.presented.json, format, storedAs)
        try Self.everyCommand(box, store: ["--key", Self.key]) { try VAPNFixtures.storedValue(path: box.file, key: Self.key).json }
        #expect(try VAPNFixtures.storedValue(path: box.file, key: Self.key).storedAs == storedAs, "data stays data, a string a string")
        #expect(box.contents()!.starts(with: Data("bplist00".utf8)) == format.isBinary, "binary stays binary, XML XML")
        #expect(try VAPNFixtures.describeOtherPreferences(path: box.file, key: Self.key) == VAPNFixtures.otherPreferencesDescription)
    }

    @Test func everyCommandInAJSONFileIsReadByTheLibrary() throws {
        let box = Sandbox(holding: FlowStacksFixtures.Routes.presented.json)
        try Self.everyCommand(box, store: []) { Array(box.contents()!) }
    }

    @Test(.needsPython3, arguments: [VAPNFixtures.PlistFormat.pythonBinary, .pythonXML])
    func plistsWrittenByPythonAreChangedToo(_ format: VAPNFixtures.PlistFormat) throws {
        let box = try Sandbox.preferences(Self.key, FlowStacksFixtures.Routes.pushes.json, format, .data)
        #expect(box.run(["--key", Self.key, "present", "home", "--cover"]).status == 0)
        let back = try FlowStacksFixtures.decode(VAPNFixtures.storedValue(path: box.file, key: Self.key).json)
        #expect(FlowStacksFixtures.describe(back) == FlowStacksFixtures.describe(FlowStacksFixtures.Routes.pushes.routes + [.cover(.home, withNavigation: true)]))
        #expect(try VAPNFixtures.describeOtherPreferences(path: box.file, key: Self.key) == VAPNFixtures.otherPreferencesDescription)
    }

    @Test func flowPathTriplesAreChangedAndReadByTheLibrary() throws {
        let json = FlowStacksFixtures.encode(flowPath: FlowStacksFixtures.flowPathElements)
        let box = Sandbox(holding: json)
        let path = box.run("show", "--path")
        #expect(path.stdout.hasPrefix("/details?_0:=42/sheet:Int?_0:=7/String?_0=hello%20%2F%20%E6%97%A5%E6%9C%AC/profile?"), "\(path.stdout)\(path.stderr)")
        #expect(path.stdout.hasSuffix("/cover:feature?_0:=%7B%22item%22%3A%7B%22_0%22%3A3%7D%7D\n"), "\(path.stdout)")
        #expect(box.run("go", String(path.stdout.dropLast())).status == 0)
        #expect(Array(box.contents()!) == json, "go to the shown path writes nothing new")
        var expected = FlowStacksFixtures.flowPathElements
        func check(_ arguments: String...) throws {
            let result = box.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let back = try FlowStacksFixtures.decode(flowPath: Array(box.contents()!))
            #expect(back.description == FlowStacksMirror.FlowPath(expected).description, "\(arguments)")
        }
        expected.removeLast()
        try check("dismiss")
        expected.append(.init(.push, AppScreen.details(9)))
        try check("push", "details", "_0:=9")
        expected.append(.init(.push, 8))
        try check("push", "Int", "_0:=8")
        expected.append(.init(.push, "x"))
        try check("push", "String", "_0=x")
        expected.removeLast(3)
        try check("pop", "3")
        let beforePresent = box.contents()
        expected.append(.init(.cover(withNavigation: false), AppScreen.details(42)))
        try check("present", "details", "_0:=42", "--cover", "--no-navigation")
        #expect(box.text().hasPrefix(#"[{"cover":{"withNavigation":false}},"11TestSupport9AppScreenO","{\"details\":{\"_0\":42}}","#), "\(box.text())")
        expected.removeLast()
        try check("dismiss")
        #expect(box.contents() == beforePresent, "the triples that stay are written back byte for byte")
    }

    @Test func theNotesDocumentsAreReadAndChanged() throws {
        let routes = try Sandbox.preferences(Self.key, Array(FlowStacksFixtures.Notes.routes.utf8), .binary, .string)
        #expect(routes.run(["--key", Self.key, "show", "--path"]).stdout == "/details?_0:=42/sheet:home/cover:profile?id:=7&name=Ann\n")
        #expect(routes.run(["--key", Self.key, "dismiss"]).status == 0)
        #expect(try VAPNFixtures.storedValue(path: routes.file, key: Self.key).json == Array(#"[{"push":{"_0":{"details":{"_0":42}}}},{"sheet":{"_0":{"home":{}},"withNavigation":true}}]"#.utf8))
        let flowPath = Sandbox(holding: Array(FlowStacksFixtures.Notes.flowPath.utf8))
        #expect(flowPath.run("show", "--path").stdout == "/details?_0:=42/sheet:Int?_0:=7\n")
        #expect(flowPath.run("push", "details", "_0:=43").status == 0, "a new screen of the type whose screens show as 'details'")
        #expect(flowPath.text() == #"[{"push":{}},"5MyApp6ScreenO","{\"details\":{\"_0\":43}}","# + FlowStacksFixtures.Notes.flowPath.dropFirst())
        let back = try FlowStacksFixtures.decode(flowPath: Array(flowPath.contents()!))
        #expect(back.description == "push AppScreen details(42)\nsheet(withNavigation: true) Int 7\npush AppScreen details(43)\n")
    }

    @Test func aNewScreenWhoseTypeCannotBeToldIsAUsageError() throws {
        let box = Sandbox(holding: Array(#"[{"push":{}},"Si","7"]"#.utf8))
        let before = box.contents()
        let result = box.run("push", "home")
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.errorLines.first?.contains("cannot tell the type of the new screen 'home'") == true, "\(result.stderr)")
        #expect(box.contents() == before)
    }

    @Test func routesTheLibraryWouldRejectAreRefusedWithTheirCodingPathAndNoHintToDeleteThem() throws {
        let broken = Array(#"[{"push":{"_0":{"home":{}}}},{"sheet":{"_0":{"settings":{}}}}]"#.utf8)
        let error = #expect(throws: DecodingError.self) { try FlowStacksFixtures.decode(broken) }
        #expect(error.map(VAPNFixtures.codingPath) == "[1].sheet.withNavigation", "the library's decoder fails there too")
        for box in [Sandbox(holding: broken), try Sandbox.preferences(Self.key, broken, .xml, .string)] {
            let store = box.contents()!.starts(with: Data("<?xml".utf8)) ? ["--key", Self.key] : []
            let before = box.contents()
            for command in [["show"], ["push", "home"], ["present", "x", "--no-navigation"]] {
                let result = box.run(store + command)
                #expect(result.status == 65, "\(command): \(result.stderr)")
                #expect(result.errorLines.first?.contains("at [1].sheet, no 'withNavigation', which the library requires") == true, "\(result.stderr)")
                #expect(!result.stderr.contains("reset"), "no hint that would delete the app's state: \(result.stderr)")
                #expect(box.contents() == before)
            }
        }
    }

    @Test(arguments: FlowStacksFixtures.Routes.allCases)
    func everyFixtureShowsAndGoesToItsOwnPathUnchangedAndRoundTrips(_ fixture: FlowStacksFixtures.Routes) throws {
        let json = fixture.json
        let box = Sandbox(holding: json)
        let format = fixture == .empty ? ["--format", "flowstacks"] : []
        let path = box.run(format + ["show", "--path"])
        #expect(path.status == 0, "\(path.stderr)")
        #expect(box.run(format + ["go", String(path.stdout.dropLast())]).status == 0)
        #expect(Array(box.contents()!) == json, "go to the shown path writes nothing")
        #expect(box.run(format + ["present", "home"]).status == 0)
        #expect(box.run(format + ["dismiss"]).status == 0)
        #expect(Array(box.contents()!) == json, "present then dismiss gives the same bytes back")
        #expect(FlowStacksFixtures.describe(try FlowStacksFixtures.decode(Array(box.contents()!))) == FlowStacksFixtures.describe(fixture.routes))
    }
}

/// The README's stacks example, from its own script (docs/examples/stacks.py): every command
/// of its console block is run in a fresh folder, and prints exactly what the README shows.
@Suite(.tags(.endToEnd), .slowLayer, .needsPython3) struct StackFormatsReadmeExampleTests {
    @Test func everyCommandPrintsWhatTheREADMEShows() throws {
        let readme = try String(contentsOfFile: Docs.path("README.md"), encoding: .utf8)
        let block = try #require(ConsoleBlock(readme, from: "python3 docs/examples/stacks.py"))
        let box = Sandbox()
        _ = try VAPNFixtures.runPython(
            "import runpy, sys; sys.argv = [sys.argv[1], sys.argv[2]]; runpy.run_path(sys.argv[0])",
            [Docs.path("docs/examples/stacks.py"), box.folder])
        var commands = 0
        for step in block.steps.dropFirst() {
            let command = step.command
            let expected = step.shown.replacingOccurrences(of: "/tmp/readme/", with: box.folder + "/")
            let words = step.words
            let printed: String
            switch words.first {
            case "routectl":
                let result = box.runBare(Array(words.dropFirst()))
                printed = result.stdout + result.stderr
            case "cat":
                printed = box.text(box.folder + "/" + words[1]) + "\n"
            case "python3":
                printed = String(decoding: try VAPNFixtures.storedValue(path: box.folder + "/com.example.app.plist", key: "stack").json, as: UTF8.self) + "\n"
            default:
                Issue.record("the README runs \(command), which this test does not know")
                continue
            }
            #expect(printed == expected, "\(command)")
            commands += 1
        }
        #expect(commands >= 12, "the block was read")
        let back = try FlowStacksFixtures.decode(Array(box.contents(box.folder + "/routes.json")!))
        #expect(back.isEmpty, "read by the library's decoder")
    }
}
