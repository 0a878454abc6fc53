import Testing
import RouteCodecs
import RouteModel
import TestSupport

/// An array of the app's enum values (TCA's `StackState`, a `[Route]` kept as JSON) read and
/// written as pure transformations of bytes, with the notes' documents and the layouts
/// encoders write. End to end, with TCA's own decoding (a mirror), in routectlTests.
@Suite(.tags(.unit)) struct CodableArrayCodecTests {
    let codec = CodableArrayCodec()

    func decode(_ text: String) throws -> NavigatorState {
        try codec.decode(Array(text.utf8))
    }

    func encode(_ state: NavigatorState) throws -> String {
        var state = state
        return String(decoding: try codec.encode(&state).bytes, as: UTF8.self)
    }

    func route(_ name: String, _ parameters: String...) throws -> Route {
        try Route(name: name, arguments: parameters)
    }

    /// `text` after `operations`, as written.
    func written(_ text: String, _ operations: NavigationOperation...) throws -> String {
        var state = try decode(text)
        for operation in operations { try state.apply(operation) }
        return try encode(state)
    }

    @Test func theNotesDocumentsReadAsStacksWithoutARoot() throws {
        let stored = try decode(CodableArrayFixtures.Notes.appStorage)
        #expect(stored.path == "/details?_0:=42")
        #expect(stored.tree.isRootlessStack && stored.resetRule == .closeToRoots)
        let tca = try decode(CodableArrayFixtures.Notes.tcaPath)
        #expect(tca.tree.chain.base.pushed == [try route("detail", #"_0:={"id":42}"#)], "a feature's state is a typed value")
        #expect(try decode("[]").path == "/")
    }

    @Test(arguments: [
        CodableArrayFixtures.Notes.appStorage, CodableArrayFixtures.Notes.tcaPath, "[]", " [ ] \n",
        #"[{"note":{"_0":"a\/b"}},{"profile":{"name":"Ann","id":7}}]"#,
        "[\n  {\n    \"home\" : {\n\n    }\n  },\n  {\n    \"details\" : {\n      \"_0\" : 42\n    }\n  }\n]",
        #"[ {"home":{}} ,{"a":{"x":1.50}},   {"b":{"_0":"\u00e9"}} ]"#,
    ])
    func unchangedArraysAreWrittenBackByteForByte(_ text: String) throws {
        #expect(try encode(decode(text)) == text)
    }

    @Test func aPushKeepsEveryElementAsItWasAndLaysTheNewOneOutLikeTheOthers() throws {
        #expect(try written(#"[{"note":{"_0":"a\/b"}},{"profile":{"name":"Ann","id":7}}]"#, .push(route("details", "_0:=8")))
            == #"[{"note":{"_0":"a\/b"}},{"profile":{"name":"Ann","id":7}},{"details":{"_0":8}}]"#)
        #expect(try written("[\n  {\"home\":{}},\n  {\"a\":{}}\n]", .push(route("b"))) == "[\n  {\"home\":{}},\n  {\"a\":{}},\n  {\"b\":{}}\n]")
        #expect(try written(" [ ] \n", .push(route("b"))) == " [{\"b\":{}}] \n")
        #expect(try written(" [ {\"a\":{}} ] \n", .pop(1)) == " [] \n")
        #expect(try written(#"[{"a":{"x":1.50}}]"#, .push(route("feature", #"_0:={"item":{"_0":3}}"#)))
            == #"[{"a":{"x":1.50}},{"feature":{"_0":{"item":{"_0":3}}}}]"#, "a number keeps its text; a nested enum is an object")
    }

    @Test func elementsThatMoveKeepTheirText() throws {
        let text = #"[{"a":{"x":1.50}},{"b":{}},{"c":{"_0":"\/"}}]"#
        #expect(try written(text, .go(RoutePath(parsing: "/b/c?_0=%2F"))) == #"[{"b":{}},{"c":{"_0":"\/"}}]"#)
        #expect(try written(text, .go(RoutePath(parsing: "/c?_0=%2F/a?x:=1.50/b"))) == #"[{"c":{"_0":"\/"}},{"a":{"x":1.50}},{"b":{}}]"#)
        #expect(try written(text, .pop(2), .push(route("b"))) == #"[{"a":{"x":1.50}},{"b":{}}]"#)
        #expect(try written(text, .reset) == "[]")
    }

    @Test(arguments: [
        (#"[{"a":{}},7]"#, "at [1], an enum value is an object with one member, its case, not 7"),
        (#"[{"a":1}]"#, "at [0], the case 'a' holds 1, not an object of its associated values"),
        (#"[{"a":{},"b":{}}]"#, "at [0], an enum value is an object with one member"),
        (#"[{"a":{}},{"1x":{}}]"#, "at [1], "),
    ])
    func anElementThatIsNoEnumValueIsRefusedWithItsCodingPath(_ text: String, _ expected: String) throws {
        let error = #expect(throws: NavigatorError.self) { try decode(text) }
        #expect(error?.kind == .invalidFile)
        #expect(error?.reason.contains(expected) == true, "\(error?.reason ?? "")")
        #expect(error?.detail as? FormatFact == .foreignStateUnreadable(format: "codable-array"), "no hint may suggest replacing the app's data")
    }

    /// A value the app reads that routectl cannot hold (a control character in text) is
    /// refused without saying that the app rejects it.
    @Test func aValueRoutectlCannotHoldIsNotSaidToBeRejectedByTheApp() throws {
        let error = #expect(throws: NavigatorError.self) { try decode(#"[{"a":{"k":"\u0007"}}]"#) }
        #expect(error?.reason.contains("at [0], value of parameter 'k' holds a control character") == true, "\(error?.reason ?? "")")
        #expect(error?.detail as? FormatFact == .foreignStateUnreadable(format: "codable-array", appRejects: false))
    }

    @Test func aDocumentThatIsNoJSONIsRefusedOnOneLine() throws {
        let error = #expect(throws: NavigatorError.self) { try decode(#"[{"a":{}},"#) }
        #expect(error?.kind == .invalidFile && error?.message.contains("\n") == false)
    }

    @Test func whatTheArrayCannotHoldIsRefusedNamingTheFormat() throws {
        var presented = try decode("[]")
        try presented.apply(.present(route("a"), .sheet))
        let sheet = #expect(throws: NavigatorError.self) { try encode(presented) }
        #expect(sheet?.kind == .cannotApply && sheet?.reason.contains("(format 'codable-array') cannot hold a sheet or cover") == true, "\(sheet?.reason ?? "")")
        var rooted = try decode("[]")
        try rooted.apply(.set(route("home")))
        let root = #expect(throws: NavigatorError.self) { try encode(rooted) }
        #expect(root?.kind == .cannotApply && root?.reason.hasSuffix("run go /home") == true, "\(root?.reason ?? "")")
    }

    @Test(arguments: [
        ("[]", true, true), (" [\n] ", true, true), (#"[{"home":{}}]"#, true, false), (#"[{"a":{}},7]"#, true, false),
        (#"[{"push":{"_0":{"a":{}}}}]"#, false, true), (#"[{"push":{"_0":{"a":{}}}},{"main":{}}]"#, true, false),
        (#"[{"push":{}},"Si","7"]"#, false, true), (#"[{"sheet":{"withNavigation":true}},"Si""#, false, true),
        (#"["Swift.Int","7"]"#, false, false), ("[7]", false, false), ("{}", false, false), ("", false, false),
        (#"[{"home":{}},"#, true, false), (#"[{"push":{}},7,"7"]"#, false, true), (#"[{"push":{}}]"#, false, true),
    ])
    func theTwoArrayFormatsRecognizeApart(_ text: String, _ codableArray: Bool, _ flowStacks: Bool) {
        #expect(codec.recognizes(Array(text.utf8)) == codableArray, "\(text)")
        #expect(FlowStacksCodec().recognizes(Array(text.utf8)) == flowStacks, "\(text)")
    }

    @Test func theEmptyArrayIsAnyOfTheArrayFormatsAndTheTableSaysWhich() {
        let undecided = (try? FormatTable.standard.recognizing(Array("[]".utf8))) ?? nil
        #expect(undecided?.name == "codable-array, flowstacks or navigation-path", "read alike by each, [] is undecided")
        var empty = NavigatorState()
        empty.tree = NavigationTree(stack: [])
        let error = #expect(throws: NavigatorError.self) { _ = try undecided?.encode(&empty) }
        #expect(error?.reason.contains("'codable-array', 'flowstacks'") == true, "\(error?.reason ?? "")")
        guard case .severalFormats(let formats)? = error?.detail as? FormatFact else {
            Issue.record("no severalFormats detail: \(String(describing: error?.detail))")
            return
        }
        #expect(formats.contains("codable-array") && formats.contains("flowstacks"))
        #expect((try? FormatTable.standard.narrowed(to: "codable-array")!.recognizing(Array("[]".utf8)))??.name == "codable-array")
    }

    @Test func everyShapeOfScreenReadsAsTheRoutesItIs() throws {
        // Encoded once: JSONEncoder's member order can differ from one encoding to the next.
        let json = CodableArrayFixtures.Stack.everyShape.json
        var state = try codec.decode(json)
        let names = state.tree.chain.base.pushed.map(\.name)
        #expect(names == ["home", "details", "profile", "feature", "feature", "tags", "note", "note", "settings"])
        #expect(state.tree.chain.base.pushed[7].parameters.first?.value == "a/b — 日本", "JSONEncoder's \\/ read as /")
        #expect(try codec.encode(&state).bytes == json)
    }
}
