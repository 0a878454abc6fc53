import Foundation
import Testing
import TestSupport

/// Arrays of the app's enum values (TCA's `StackState`, a `[Route]` kept as JSON) changed
/// through the binary, end to end: under a key of an app's preferences (binary and XML, the
/// JSON kept as data or as a string) and in a JSON file of the app's own. Every result is read
/// back with TCA's own decoding (a mirror) and compared value for value; every refusal leaves
/// the bytes as they were; elements that stay are written back byte for byte.
@Suite(.tags(.endToEnd), .slowLayer) struct CodableArrayCommandTests {
    static let key = "stack"

    /// Runs every command of the format on `box` (`store` chooses the file or the key), reading
    /// the stack back with `stored` after each, and checking what the format refuses.
    static func everyCommand(_ box: Sandbox, store: [String], stored: () throws -> [UInt8]) throws {
        // Once the stack is empty, `[]` could be any array format's: --format says which.
        var store = store
        func check(_ expected: [AppScreen], _ arguments: String..., line: Int = #line) throws {
            let result = box.run(store + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let back = try CodableArrayFixtures.decode(try stored())
            #expect(back == expected, "\(arguments): TCA reads \(back)")
        }
        func refused(_ arguments: String..., status: Int32 = 1, saying: String) throws {
            let before = box.contents()
            let result = box.run(store + arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.errorLines.first?.contains(saying) == true, "\(arguments): \(result.stderr)")
            #expect(box.contents() == before, "\(arguments) changes nothing")
        }
        #expect(box.run(store + ["show", "--path"]).stdout == "/home/details?_0:=42\n")
        try check([.home, .details(42), .details(7)], "push", "details", "_0:=7")
        try check([.home, .details(42), .details(7), .feature(.item(3))], "push", "feature", #"_0:={"item":{"_0":3}}"#)
        try check([.home, .details(42), .details(7)], "pop")
        try check([.home], "pop", "--to", "home")
        try check([.home, .profile(id: 7, name: "Ann")], "go", "/home/profile?id:=7&name=Ann")
        try check([.home, .profile(id: 7, name: "Ann"), .note("a/b")], "push", "note", "_0=a/b")
        try check([], "pop", "--root")
        #expect(box.run(store + ["push", "home"]).status == 65, "[] could be any array format's")
        store += ["--format", "codable-array"]
        try check([.tags(["a", "b"])], "go", #"/tags?_0:=["a","b"]"#)
        try check([], "reset")
        try check([.home, .details(42)], "go", "/home/details?_0:=42")
        try refused("present", "settings", saying: "(format 'codable-array') cannot hold a sheet or cover")
        try refused("present", "settings", "--no-navigation", saying: "cannot hold a sheet or cover")
        try refused("set", "home", saying: "cannot hold a root of its own")
        try refused("tab", "first", saying: "holds a stack without a root of its own, which has no tabs")
        try refused("dismiss", saying: "nothing to dismiss")
        try refused("pop", "3", saying: "cannot pop 3 routes")
        // The format keeps no history: routectl's own record of its changes (issue 37, item 6).
        let history = box.run(store + ["history"])
        #expect(history.status == 0 && history.stdout.contains("/home/details?_0:=42"), "\(history.stdout)\(history.stderr)")
        try check([], "undo")
        try check([.home, .details(42)], "redo")
        try refused("redo", saying: "'codable-array', which keeps no history, and routectl recorded no change of it that can be redone")
        try refused("open", "myapp://item/1", saying: "no link pattern matches")
        try refused("push", "Bad Name", status: 64, saying: "invalid route name")
        let json = box.run(store + ["show", "--json"])
        #expect(json.stdout.contains(#""format": "codable-array""#) && json.stdout.contains(#""root": null"#), "\(json.stdout)")
        #expect(box.run(store + ["show"]).stdout.contains("format  codable-array\n"))
    }

    @Test(arguments: [VAPNFixtures.PlistFormat.binary, .xml], VAPNFixtures.StoredAs.allCases)
    func everyCommandUnderAKeyIsReadByTCA(_ format: VAPNFixtures.PlistFormat, _ storedAs: VAPNFixtures.StoredAs) throws {
        let box = try Sandbox.preferences(Self.key, CodableArrayFixtures.Stack.two.json, format, storedAs)
        try Self.everyCommand(box, store: ["--key", Self.key]) { try VAPNFixtures.storedValue(path: box.file, key: Self.key).json }
        #expect(try VAPNFixtures.storedValue(path: box.file, key: Self.key).storedAs == storedAs, "data stays data, a string a string")
        #expect(box.contents()!.starts(with: Data("bplist00".utf8)) == format.isBinary, "binary stays binary, XML XML")
        #expect(try VAPNFixtures.describeOtherPreferences(path: box.file, key: Self.key) == VAPNFixtures.otherPreferencesDescription)
    }

    @Test func everyCommandInAJSONFileIsReadByTCA() throws {
        let box = Sandbox(holding: CodableArrayFixtures.Stack.two.json)
        try Self.everyCommand(box, store: []) { Array(box.contents()!) }
    }

    @Test(.needsPython3, arguments: [VAPNFixtures.PlistFormat.pythonBinary, .pythonXML])
    func plistsWrittenByPythonAreChangedToo(_ format: VAPNFixtures.PlistFormat) throws {
        let box = try Sandbox.preferences(Self.key, CodableArrayFixtures.Stack.two.json, format, .string)
        #expect(box.run(["--key", Self.key, "push", "settings"]).status == 0)
        #expect(try CodableArrayFixtures.decode(VAPNFixtures.storedValue(path: box.file, key: Self.key).json) == [.home, .details(42), .settings])
        #expect(try VAPNFixtures.describeOtherPreferences(path: box.file, key: Self.key) == VAPNFixtures.otherPreferencesDescription)
    }

    @Test func elementsThatStayAreWrittenBackByteForByte() throws {
        // As JSONEncoder wrote them (members in its order, '/' escaped), then one pushed.
        let json = CodableArrayFixtures.Stack.everyShape.json
        let box = Sandbox(holding: json)
        let path = box.run("show", "--path")
        #expect(path.status == 0, "\(path.stderr)")
        #expect(box.run("go", String(path.stdout.dropLast())).status == 0)
        #expect(Array(box.contents()!) == json, "go to the shown path writes nothing new")
        #expect(box.run("push", "details", "_0:=1").status == 0)
        let written = Array(box.contents()!)
        #expect(written == Array(json.dropLast()) + Array(#",{"details":{"_0":1}}]"#.utf8))
        #expect(box.run("pop").status == 0)
        #expect(Array(box.contents()!) == json, "value for value and byte for byte")
        #expect(try CodableArrayFixtures.decode(json) == AppScreen.everyShape)
    }

    @Test func theNotesDocumentsAreReadAndChanged() throws {
        let box = try Sandbox.preferences(Self.key, Array(CodableArrayFixtures.Notes.appStorage.utf8), .binary, .string)
        #expect(box.run(["--key", Self.key, "show", "--path"]).stdout == "/details?_0:=42\n")
        #expect(box.run(["--key", Self.key, "push", "home"]).status == 0)
        #expect(try VAPNFixtures.storedValue(path: box.file, key: Self.key).json == Array(#"[{"details":{"_0":42}},{"home":{}}]"#.utf8))
        let tca = Sandbox(holding: Array(CodableArrayFixtures.Notes.tcaPath.utf8))
        #expect(tca.run("show", "--path").stdout == "/detail?_0:=%7B%22id%22%3A42%7D\n")
        #expect(tca.run("push", "detail", #"_0:={"id":43}"#).status == 0)
        #expect(tca.text() == #"[{"detail":{"_0":{"id":42}}},{"detail":{"_0":{"id":43}}}]"#)
    }

    @Test func anElementThatIsNoEnumValueIsRefusedWithItsCodingPathAndNoHintToDeleteIt() throws {
        let broken = Array(#"[{"home":{}},{"details":42}]"#.utf8)
        #expect(throws: DecodingError.self) { try CodableArrayFixtures.decode(broken) }
        for box in [Sandbox(holding: broken), try Sandbox.preferences(Self.key, broken, .binary)] {
            let store = box.contents()!.starts(with: Data("bplist".utf8)) ? ["--key", Self.key] : []
            let before = box.contents()
            for command in [["show"], ["push", "home"], ["reset"]] {
                let result = box.run(store + command)
                #expect(result.status == 65, "\(command): \(result.stderr)")
                #expect(result.errorLines.first?.contains("at [1], the case 'details' holds 42") == true, "\(result.stderr)")
                #expect(!result.stderr.contains("reset"), "no hint that would delete the app's state: \(result.stderr)")
                #expect(box.contents() == before)
            }
        }
    }

    @Test func theEmptyArrayAsksForTheFormatWithWholeCommands() throws {
        let box = Sandbox(holding: Array("[]".utf8))
        #expect(box.run("show", "--path").stdout == "/\n", "the empty stack, whoever's it is, shows")
        #expect(box.run("pop", "--root").status == 0, "and takes what changes nothing")
        let show = box.run("push", "home")
        #expect(show.status == 65, "\(show.stderr)")
        #expect(show.errorLines.first?.contains("could be any of the formats 'codable-array', 'flowstacks'") == true, "\(show.stderr)")
        let hint = show.errorLines.first { $0.hasPrefix("hint: ") }.map(String.init) ?? ""
        #expect(hint.contains("routectl --format codable-array -f \(box.file) push home, or: "), "\(hint)")
        #expect(!show.stderr.contains("reset"), "\(show.stderr)")
        #expect(box.runBare(["--format", "codable-array", "-f", box.file, "push", "home"]).status == 0, "the hint's command works")
        #expect(box.text() == #"[{"home":{}}]"#)
        let plist = try Sandbox.preferences(Self.key, Array(" [ ] ".utf8), .xml, .string)
        #expect(plist.run(["--key", Self.key, "push", "home"]).status == 65)
        #expect(plist.run(["--key", Self.key, "--format", "codable-array", "push", "home"]).status == 0)
        #expect(try VAPNFixtures.storedValue(path: plist.file, key: Self.key) == (Array(#" [{"home":{}}] "#.utf8), .string))
    }

    @Test func aStringThatStartsAsAnArrayInNoFormatIsNoRouteSetting() throws {
        let box = try Sandbox.preferences(Self.key, Array("[1,2]".utf8), .binary, .string)
        let before = box.contents()
        let result = box.run(["--key", Self.key, "set", "home"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.errorLines.first?.contains("holds JSON in none of the formats") == true, "\(result.stderr)")
        #expect(box.contents() == before)
    }

    @Test func otherFormatsRefuseAPresentationWithoutNavigation() throws {
        let own = Sandbox()
        #expect(own.run("init").status == 0)
        let before = own.contents()
        let result = own.run("present", "compose", "--no-navigation")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.errorLines.first?.contains("routectl's navigator file cannot hold a sheet or cover without navigation") == true, "\(result.stderr)")
        #expect(own.contents() == before)
        let vapn = Sandbox(holding: VAPNFixtures.Tree.flow.json)
        let vapnBefore = vapn.contents()
        let refused = vapn.run("present", "settings", "--cover", "--no-navigation")
        #expect(refused.status == 1 && refused.errorLines.first?.contains("VAPersistentNavigator's state cannot hold") == true, "\(refused.stderr)")
        #expect(vapn.contents() == vapnBefore)
    }
}
