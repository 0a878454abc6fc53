import Testing
import RouteModel
import JSONText
import PlainText
import TestSupport

@Suite(.tags(.unit)) struct RouteTests {
    @Test(arguments: ["home", "_private", "a", "Details.v2", "tab-1", String(repeating: "x", count: 64)])
    func acceptsValidNames(_ name: String) throws {
        #expect(try Route(name).name == name)
    }

    @Test(arguments: ["", "9home", ".x", "-x", "has space", "é", "a/b", "a?b", String(repeating: "x", count: 65)])
    func refusesInvalidNames(_ name: String) {
        #expect(throws: NavigatorError.self) { try Route(name) }
        #expect(!Route.isValidName(name))
    }

    /// The name bytes' bit table says of every byte what the grammar says: a letter or `_`
    /// anywhere, a digit, `.` or `-` after the first byte, nothing else.
    @Test func nameBytesAreTheGrammarsEveryOne() {
        for value in 0...255 {
            let byte = UInt8(value)
            let letter = (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || value == 0x5F
            let other = (0x30...0x39).contains(value) || value == 0x2E || value == 0x2D
            #expect(Route.isNameByte(byte, first: true) == letter, "byte \(value) first")
            #expect(Route.isNameByte(byte, first: false) == (letter || other), "byte \(value) later")
        }
    }

    @Test func invalidNameErrorNamesTheRouteAndTheRule() {
        let error = #expect(throws: NavigatorError.self) { try Route("9home") }
        #expect(error?.kind == .invalidInput)
        #expect(error?.message == "invalid route name '9home': it must start with a letter or '_'")
    }

    @Test func parsesParametersInOrderSplittingAtTheFirstEquals() throws {
        let route = try Route(name: "details", arguments: ["id=42", "q=a=b", "empty="])
        #expect(route.parameters.map(\.key) == ["id", "q", "empty"])
        #expect(route["q"] == "a=b")
        #expect(route["empty"] == "")
        #expect(route.arguments == ["details", "id=42", "q=a=b", "empty="])
    }

    @Test(arguments: ["noequals", "=v", "9k=v", "k=a\u{1}b", "k=line\nbreak", "k=\u{85}"])
    func refusesBadParameters(_ argument: String) {
        let error = #expect(throws: NavigatorError.self) { try Route(name: "x", arguments: [argument]) }
        #expect(error?.kind == .invalidInput)
        #expect(error?.message.contains("\n") == false)
    }

    @Test func valueLimitIs1024Bytes() throws {
        _ = try Route(name: "x", arguments: ["k=" + String(repeating: "é", count: 512)])
        #expect(throws: NavigatorError.self) {
            try Route(name: "x", arguments: ["k=" + String(repeating: "a", count: 1025)])
        }
    }

    @Test func refusesDuplicateKeys() {
        #expect(throws: NavigatorError.self) { try Route(name: "x", arguments: ["a=1", "a=2"]) }
        // Two parameters are compared directly, more go through a set of names: each way, the
        // duplicate is named, and distinct keys pass.
        for arguments in [["a=1", "a=2"], ["b=0", "a=1", "a=2"], ["a=1", "b=0", "c=3", "a=2"]] {
            let error = #expect(throws: NavigatorError.self) { try Route(name: "x", arguments: arguments) }
            #expect(error?.message == "duplicate parameter 'a' for route 'x'")
        }
        #expect((try? Route(name: "x", arguments: ["a=1", "b=2"]))?.parameters.count == 2)
        #expect((try? Route(name: "x", arguments: ["a=1", "b=2", "c=3"]))?.parameters.count == 3)
    }

    @Test func equalityIgnoresUnknownMembers() throws {
        var a = try Route("home")
        a.preserved = Preserved([JSONMember(key: "title", value: ArraySlice("\"Home\"".utf8))])
        #expect(a == (try Route("home")))
    }

    @Test func quotedEscapesControlCharactersAndElides() {
        #expect(quoted("a\nb\u{1}") == "'a\\nb\\u{1}'")
        #expect(quoted(String(repeating: "x", count: 100), limit: 3) == "'xxx…'")
    }
}
