import Foundation
import Testing
import RouteCodecs
import RouteModel
import TestSupport

/// SwiftUI's `NavigationPath` read and written as pure transformations of bytes: the notes'
/// documents (`shared/notes/app-storage-formats.md` §2) and paths the mirror encodes with
/// Foundation's `JSONEncoder`. End to end, read back by the mirror's decoder, in routectlTests.
@Suite(.tags(.unit)) struct NavigationPathCodecTests {
    typealias Fixture = NavigationPathFixtures.Path
    typealias Notes = NavigationPathFixtures.Notes
    let codec = NavigationPathCodec()

    func decode(_ text: String) throws -> NavigatorState {
        try codec.decode(Array(text.utf8))
    }

    func decode(_ bytes: [UInt8]) throws -> NavigatorState {
        try codec.decode(bytes)
    }

    func encode(_ state: NavigatorState) throws -> String {
        var state = state
        return String(decoding: try codec.encode(&state).bytes, as: UTF8.self)
    }

    func route(_ text: String) throws -> Route {
        guard case .route(let route)? = try RoutePath(parsing: text).segments.first else { throw Unexpected.path(text) }
        return route
    }

    enum Unexpected: Error { case path(String) }

    /// `text` after `operations`, written.
    func after(_ text: String, _ operations: NavigationOperation...) throws -> String {
        var state = try decode(text)
        for operation in operations { try state.apply(operation) }
        return try encode(state)
    }

    func push(_ route: String, type: String? = nil) throws -> NavigationOperation {
        let route = try self.route(route)
        return .push(type.map { GivenElementType.route(route, ofType: $0) } ?? route)
    }

    // MARK: Reading

    @Test func theNotesDocumentsReadAsTheirPaths() throws {
        for (document, path) in Notes.readable {
            let state = try decode(document)
            #expect(state.path == path, "\(document)")
            #expect(state.tree.isRootlessStack)
            #expect(state.resetRule == .closeToRoots)
        }
    }

    @Test func theMirrorWritesTheNotesDocument() {
        #expect(String(decoding: Fixture.recipeThenSeven.json(), as: UTF8.self) == Notes.recipeThenSeven)
    }

    @Test(arguments: Fixture.allCases)
    func everyFixtureShowsItsPath(_ fixture: Fixture) throws {
        for pretty in [false, true] {
            let path = try decode(fixture.json(pretty: pretty)).path
            #expect(fixture.shownPaths.contains(path), "\(fixture) (pretty: \(pretty)): \(path)")
        }
    }

    @Test(arguments: Fixture.allCases)
    func anAppsUsualPathIsSaidWithoutDecodingIt(_ fixture: Fixture) throws {
        // show --path: the path the document says (of the usual elements, the app's encoder's,
        // compact or pretty, written from where they stand; of nested values, or parameters
        // stored in another order than printed, from their routes) is the decoded state's.
        for pretty in [false, true] {
            let bytes = fixture.json(pretty: pretty)
            #expect(codec.documentPath(bytes) == (try decode(bytes).path), "\(fixture), pretty: \(pretty)")
        }
    }

    /// Names, keys and numbers of every length from 1 to 20 bytes, copied into the path as two
    /// words when 16 bytes or fewer, and the last ones close to the document's end (where fewer
    /// than 16 bytes follow, copied a byte at a time): each path is the decoded state's.
    @Test func namesKeysAndNumbersOfEveryLengthAreCopiedWhole() throws {
        for length in 1...20 {
            let name = "n" + String(repeating: "a", count: length - 1)
            let key = "k" + String(repeating: "b", count: length - 1)
            let number = "1" + String(repeating: "2", count: length - 1)
            let documents = [
                #"["MyApp.Screen","{\"\#(name)\":{\"\#(key)\":\#(number)}}"]"#,
                #"["MyApp.Screen","{\"\#(name)\":{\"\#(key)\":\#(number),\"z\":\"v\"}}","Swift.Int","\#(number)"]"#,
                #"["MyApp.Item","{\"\#(key)\":\#(number)}","MyApp.Screen","{\"\#(name)\":{}}"]"#,
            ]
            for document in documents {
                let bytes = Array(document.utf8)
                let quick = try #require(codec.documentPath(bytes), "\(document)")
                #expect(quick == (try decode(bytes).path), "\(document)")
            }
        }
    }

    @Test func aPathIsSaidStraightFromTheBytesOnlyWhereDecodingReadsTheSame() throws {
        for (document, path) in Notes.readable {
            let quick = codec.documentPath(Array(document.utf8))
            #expect(quick == nil || quick == path, "\(document)")
        }
        // The elements read by way of their JSON value: the path of their routes, or none
        // where decoding refuses them.
        for document in [
            #"["MyApp.Outer.Route","{\"a\":\"x\",\"b\":[1]}"]"#, #"["Swift.Double","1.5"]"#, #"["MyApp.Screen","{\"a\":{\"k\":\"\\n\"}}"]"#,
            #"["MyApp.Screen","{\"a\":{\"k\":1,\"k\":2}}"]"#, #"["MyApp.Screen"]"#, #"["Si","7"]"#, #"["User","7"]"#, #"["MyApp.Screen","{\"a\":{}}"] x"#,
        ] {
            #expect(codec.documentPath(Array(document.utf8)) == (try? decode(Array(document.utf8)))?.path, "\(document)")
        }
        #expect(codec.documentPath(Array("[]".utf8)) == "/")
        #expect(codec.documentPath(Array(#"["Swift.Int","7","MyApp.Recipe","{\"id\":42,\"name\":\"Zoë & co\"}"]"#.utf8)) == "/Recipe?id:=42&name=Zo%C3%AB%20%26%20co/Int?_0:=7")
    }

    @Test func aStringReadAsItStandsIsCheckedAsTheScanChecksIt() throws {
        // Read in one pass, each element's string is checked as it is read: what the scan
        // refuses (a control character, UTF-8 not well formed) is never said to be a path, and
        // a string whose end comes early or late is read as decoding reads it.
        let documents: [[UInt8]] = [
            Array(#"["MyApp.Screen","{\"a\":{\"k\":\"x"#.utf8) + [0x0A] + Array(#"\"}}"]"#.utf8),
            Array(#"["MyApp.Screen","{\"a\":{\"k\":\"x"#.utf8) + [0xC3] + Array(#"\"}}"]"#.utf8),
            Array(#"["MyApp.Screen","{\"a\":{\"k\":\"x"#.utf8) + [0xED, 0xA0, 0x80] + Array(#"\"}}"]"#.utf8),
            Array(#"["MyApp.Screen","{\"a\":{\"k\":\"x"#.utf8) + [0xC2, 0x85] + Array(#"\"}}"]"#.utf8),
            Array(#"["MyApp.Screen","{\"a\":{\"k\":\"x"}}"]"#.utf8),
            Array(#"["MyApp.Screen","{\"a\":{\"k\":\"x\\"}}"]"#.utf8),
            Array(#"["MyApp.Screen","{\"a\":{}}","Swift.Int","7"#.utf8),
            Array(#"["MyApp.Screen","{\"a\":{}}" "Swift.Int","7"]"#.utf8),
            Array(#"["MyApp.Screen","{\"a\":{}}",]"#.utf8),
            Array(#"["MyApp.Screen","{\"a\":{}}"]]"#.utf8),
            Array(#"["My\u0041pp.Screen","{\"a\":{}}"]"#.utf8),
            Array(#"["MyApp.Scr"#.utf8) + [0x7F] + Array(#"en","{\"a\":{}}"]"#.utf8),
        ]
        for bytes in documents {
            let quick = codec.documentPath(bytes)
            let decoded = try? decode(bytes)
            #expect(quick == nil || quick == decoded?.path, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
            if decoded == nil { #expect(quick == nil) }
        }
        // Well-formed UTF-8 and a quote or two in a value are read (the path escapes them).
        let text = Array(#"["MyApp.Screen","{\"a\":{\"k\":\"é😀 \\\"q\\\"\"}}"]"#.utf8)
        #expect(codec.documentPath(Array(#"["MyApp.Screen","{\"a\":{\"k\":\"é😀\"}}"]"#.utf8)) == "/a?k=%C3%A9%F0%9F%98%80")
        let escapedQuotes = try decode(text).path
        #expect(codec.documentPath(text) == escapedQuotes && escapedQuotes == "/a?k=%C3%A9%F0%9F%98%80%20%22q%22")
    }

    @Test func aPushIsWrittenStraightIntoTheBytesAsTheFullWayWritesIt() throws {
        // A push needs no state: one walk over the path tells the new element's type and place.
        let document = Array(#"["Swift.Int","7","MyApp.Recipe","{\"id\":42}","MyApp.Screen","{\"details\":{\"_0\":1}}","MyApp.Screen","{\"home\":{}}"]"#.utf8)
        for (pushed, expected) in [
            // An element already there that shows as the route: its strings as they stand.
            ("details?_0:=1", #"["MyApp.Screen","{\"details\":{\"_0\":1}}","#),
            // A new value of the type whose elements show under the name.
            ("details?_0:=2", #"["MyApp.Screen","{\"details\":{\"_0\":2}}","#),
            ("Recipe?id:=5", #"["MyApp.Recipe","{\"id\":5}","#),
            ("Int?_0:=8", #"["Swift.Int","8","#),
        ] {
            let route = try self.route(pushed)
            let quick = try #require(codec.spliced(route, onto: document), "\(pushed)")
            var state = try decode(document)
            try state.apply(.push(route))
            #expect(quick == (try codec.encode(&state)).bytes, "\(pushed)")
            #expect(String(decoding: quick, as: UTF8.self) == expected + String(decoding: document.dropFirst(), as: UTF8.self), "\(pushed)")
        }
        // Where the full way must settle it: a route of no type the path tells (refused
        // there, naming the types), a type given, a schema's types, an empty path.
        #expect(codec.spliced(try route("settings"), onto: document) == nil)
        #expect(codec.spliced(GivenElementType.route(try route("Int?_0:=3"), ofType: "Swift.Int"), onto: document) == nil)
        #expect(NavigationPathCodec(schemaType: { _ in "MyApp.Screen" }).spliced(try route("details?_0:=2"), onto: document) == nil)
        #expect(codec.spliced(try route("details?_0:=2"), onto: Array("[]".utf8)) == nil)
        // A pretty path keeps its layout: the new pair written as the first pair is.
        let pretty = Fixture.screens.json(pretty: true)
        var state = try decode(pretty)
        try state.apply(.push(try route("details?_0:=9")))
        #expect(codec.spliced(try route("details?_0:=9"), onto: pretty) == (try codec.encode(&state)).bytes)
    }

    @Test func enumValuesArePlainValuesAreNamedAfterTheirType() throws {
        let state = try decode(#"["MyApp.Outer.Route","{\"a\":\"x\",\"b\":[1]}","Swift.Array<Swift.Int>","[1,2]","Swift.Optional<Swift.Int>","null","MyApp.Screen","{\"details\":{\"_0\":42}}"]"#)
        #expect(state.path == "/details?_0:=42/Optional?_0:=null/Array?_0:=%5B1%2C2%5D/Route?a=x&b:=%5B1%5D")
        let hidden = try decode(#"["MyApp.(unknown context at $56099b7b7278).Hidden","{\"x\":1}"]"#)
        #expect(hidden.path == "/Hidden?x:=1")
    }

    // MARK: Writing what stays

    @Test(arguments: Fixture.allCases)
    func unchangedPathsAreWrittenBackByteForByte(_ fixture: Fixture) throws {
        for pretty in [false, true] {
            let bytes = fixture.json(pretty: pretty)
            var state = try decode(bytes)
            #expect(try codec.encode(&state).bytes == bytes, "\(fixture), pretty: \(pretty)")
            try state.apply(.go(RoutePath(parsing: state.path)))
            #expect(try codec.encode(&state).bytes == bytes, "go to its own path keeps every element")
        }
        for (document, _) in Notes.readable {
            #expect(try encode(decode(document)) == document)
        }
    }

    @Test func aPushPutsOnePairFirstAndKeepsTheRestAsItWas() throws {
        #expect(try after(Notes.recipeThenSeven, push("Int?_0:=8")) == #"["Swift.Int","8","Swift.Int","7","MyApp.Recipe","{\"id\":42}"]"#)
        #expect(try after(Notes.recipeThenSeven, push("Recipe?id:=43")) == #"["MyApp.Recipe","{\"id\":43}","Swift.Int","7","MyApp.Recipe","{\"id\":42}"]"#)
        #expect(try after(Notes.recipeThenSeven, .pop(1)) == #"["MyApp.Recipe","{\"id\":42}"]"#)
        #expect(try after(Notes.recipeThenSeven, .reset) == "[]")
        #expect(try after(Notes.recipeThenSeven, .popToRoot, push("Int?_0:=1")) == #"["Swift.Int","1"]"#, "the type of the path as read")
        // Escapes inside kept elements stay as the app's encoder wrote them (JSONEncoder's \/).
        let values = String(decoding: Fixture.values.json(), as: UTF8.self)
        #expect(values.contains(#"A\\\/B"#))
        let pushed = try after(values, push("home", type: "MyApp.Screen"))
        #expect(pushed == #"["MyApp.Screen","{\"home\":{}}","# + values.dropFirst())
    }

    @Test func aPrettyPrintedPathStaysPrettyAsTheAppWouldWriteIt() throws {
        let pretty = String(decoding: Fixture.mixed.json(pretty: true), as: UTF8.self)
        let pushed = try after(pretty, push("details?_0:=4"))
        let expected = NavigationPathMirror.encode(Fixture.mixed.elements + [.screen(.details(4))], encoder: {
            let encoder = JSONEncoder(); encoder.outputFormatting = .prettyPrinted; return encoder
        }())
        #expect(pushed == String(decoding: expected, as: UTF8.self))
        let popped = try after(pretty, .pop(2))
        let expectedPopped = NavigationPathMirror.encode(Array(Fixture.mixed.elements.dropLast(2)), encoder: {
            let encoder = JSONEncoder(); encoder.outputFormatting = .prettyPrinted; return encoder
        }())
        #expect(popped == String(decoding: expectedPopped, as: UTF8.self))
        #expect(try after(" [ ]\n", push("Int?_0:=1", type: "Swift.Int")) == " [\"Swift.Int\",\"1\"]\n", "around the array: as it was")
    }

    @Test func goKeepsTheElementsItNamesWhereverTheyMove() throws {
        let text = String(decoding: Fixture.mixed.json(), as: UTF8.self)
        let written = try after(text, .go(RoutePath(parsing: "/details?_0:=3/home/Recipe?id:=42")))
        #expect(written == #"["MyApp.Recipe","{\"id\":42}","MyApp.Screen","{\"home\":{}}","MyApp.Screen","{\"details\":{\"_0\":3}}"]"#)
    }

    // MARK: A new element's type

    @Test func aNewElementTakesTheTypeOfTheElementsThatShowUnderItsName() throws {
        let mixed = String(decoding: Fixture.mixed.json(), as: UTF8.self)
        #expect(try after(mixed, push("details?_0:=4")).hasPrefix(#"["MyApp.Screen","{\"details\":{\"_0\":4}}","#))
        #expect(try after(mixed, push("Recipe?id:=5")).hasPrefix(#"["MyApp.Recipe","{\"id\":5}","#))
        #expect(try after(mixed, push("String?_0=a%2Fb")).hasPrefix(#"["Swift.String","\"a/b\"","#))
        #expect(try after(mixed, push("Bool?_0:=false")).hasPrefix(#"["Swift.Bool","false","#))
        // Not the one type every element shares: a name no element shows may be no case of it
        // (a typo, a struct's name), and the app would restore none of the path (issue 34).
        let screens = String(decoding: Fixture.screens.json(), as: UTF8.self)
        for name in ["settings", "Recipe?id:=1", "detials"] {
            var state = try decode(screens)
            try state.apply(push(name))
            let error = #expect(throws: NavigatorError.self) { _ = try codec.encode(&state) }
            #expect(error?.kind == .invalidInput && error?.detail is ElementTypeNeeded, "\(name)")
            #expect(codec.spliced(try route(name), onto: Fixture.screens.json()) == nil, "\(name): not written straight either")
        }
        #expect(try after(screens, push("settings", type: "MyApp.Screen")).hasPrefix(#"["MyApp.Screen","{\"settings\":{}}","#))
        #expect(try after(screens, push("feature?_0:=%7B%22more%22%3A%7B%7D%7D", type: "MyApp.Screen")).hasPrefix(#"["MyApp.Screen","{\"feature\":{\"_0\":{\"more\":{}}}}","#))
    }

    @Test func manyNewElementsGetTheTypesOneWouldGet() throws {
        // The first new elements find their type by a scan, later ones by an index: the same.
        let mixed = String(decoding: Fixture.mixed.json(), as: UTF8.self)
        let news = ["details?_0:=10", "Recipe?id:=1", "Int?_0:=5", "String?_0=s", "Bool?_0:=false"]
        let path = "/home/Int?_0:=7/Recipe?id:=42/String?_0=hello/Bool?_0:=true/details?_0:=3/" + (news + news).joined(separator: "/")
        let written = try after(mixed, .go(RoutePath(parsing: path)))
        let pairs = #""Swift.Bool","false","Swift.String","\"s\"","Swift.Int","5","MyApp.Recipe","{\"id\":1}","MyApp.Screen","{\"details\":{\"_0\":10}}""#
        #expect(written == "[" + pairs + "," + pairs + "," + mixed.dropFirst())
    }

    @Test func aTypeThatCannotBeToldIsAskedForNamingTheTypesSeen() throws {
        func refusal(_ text: String, _ operation: NavigationOperation) throws -> NavigatorError? {
            var state = try decode(text)
            try state.apply(operation)
            return #expect(throws: NavigatorError.self) { _ = try codec.encode(&state) }
        }
        let mixed = String(decoding: Fixture.mixed.json(), as: UTF8.self)
        let error = try refusal(mixed, push("settings?x:=1"))
        #expect(error?.kind == .invalidInput)
        #expect(error?.message == "cannot tell the type of the new element 'settings?x:=1': no value in the path shows as 'settings', and without the app's routes (routectl.json) routectl cannot know the cases of 'MyApp.Screen'; name it with --type")
        #expect(error?.detail as? ElementTypeNeeded == ElementTypeNeeded(route: ["settings", "x:=1"], types: ["MyApp.Screen"], names: ["home", "details"]))
        // A name as a type's (a struct's): the type in the module of the app's enum.
        let recipe = try refusal(String(decoding: Fixture.screens.json(), as: UTF8.self), push("Recipe?id:=1"))
        #expect(recipe?.detail as? ElementTypeNeeded == ElementTypeNeeded(route: ["Recipe", "id:=1"], types: ["MyApp.Recipe"], names: ["home", "details", "profile"]))
        // With a schema that names the route enum's type: it says the route is none of the schema's.
        let schemaCodec = NavigationPathCodec(schemaType: { $0.name == "home" ? "MyApp.Screen" : nil }, schema: .init(routeType: "MyApp.Screen"))
        var typed = try schemaCodec.decode(Fixture.screens.json())
        try typed.apply(push("Recipe?id:=1"))
        let schemaError = #expect(throws: NavigatorError.self) { _ = try schemaCodec.encode(&typed) }
        #expect(schemaError?.message.contains("the schema declares no route 'Recipe' for 'MyApp.Screen'") == true, "\(schemaError?.message ?? "")")
        #expect(schemaError?.detail as? ElementTypeNeeded == ElementTypeNeeded(route: ["Recipe", "id:=1"], types: ["MyApp.Recipe"]))
        // Plain values only: no other name is theirs.
        let ints = try refusal(#"["Swift.Int","7"]"#, push("details?_0:=1"))
        #expect(ints?.detail as? ElementTypeNeeded == ElementTypeNeeded(route: ["details", "_0:=1"], types: []))
        let empty = try refusal("[]", push("details?_0:=1"))
        #expect(empty?.message.contains("the path holds no value to take it from") == true)
        // Two types whose values show under the name.
        let two = try refusal(#"["MyApp.Screen","{\"home\":{}}","Other.Screen","{\"home\":{}}"]"#, push("home?x:=1"))
        #expect(two?.message.contains("values of 'MyApp.Screen', 'Other.Screen' show as 'home'") == true, "\(two?.message ?? "")")
        // A route equal to an element read is that element again, type and text.
        #expect(try after(#"["MyApp.Screen","{\"home\":{}}","Other.Screen","{\"home\":{}}"]"#, push("home"))
            == #"["Other.Screen","{\"home\":{}}","MyApp.Screen","{\"home\":{}}","Other.Screen","{\"home\":{}}"]"#)
    }

    @Test func aGivenTypeIsWrittenAndItsValueShapedByTheType() throws {
        #expect(try after("[]", push("details?_0:=1", type: "MyApp.Screen")) == #"["MyApp.Screen","{\"details\":{\"_0\":1}}"]"#)
        // A type the path does not hold: a route named after it is a plain value.
        #expect(try after("[]", push("Thing?a:=1&b=x", type: "MyApp.Thing")) == #"["MyApp.Thing","{\"a\":1,\"b\":\"x\"}"]"#)
        #expect(try after("[]", push("Int?_0:=5", type: "Swift.Int")) == #"["Swift.Int","5"]"#)
        #expect(try after("[]", push("Thing", type: "MyApp.Thing")) == #"["MyApp.Thing","{}"]"#)
        // A type the path holds: shaped as its values are.
        #expect(try after(#"["MyApp.Box","{\"_0\":1}"]"#, push("Box?_0:=2")) == #"["MyApp.Box","{\"_0\":2}","MyApp.Box","{\"_0\":1}"]"#)
        #expect(try after(#"["MyApp.Screen","{\"home\":{}}"]"#, push("Screen", type: "MyApp.Screen")) == #"["MyApp.Screen","{\"Screen\":{}}","MyApp.Screen","{\"home\":{}}"]"#)
    }

    @Test func aRouteAPlainValueCannotBeIsRefused() throws {
        for (text, operation, reason) in [
            (Notes.recipeThenSeven, try push("detail?id:=1", type: "MyApp.Recipe"), "are no enum values: each shows as a route named after the type, 'Recipe', not 'detail'"),
            (Notes.recipeThenSeven, try push("Int?x:=1"), "is one integer from -9223372036854775808 to 9223372036854775807, given as _0 (such as Int _0:=7)"),
            (Notes.recipeThenSeven, try push("Int?_0=x"), "is one integer from"),
            (Notes.recipeThenSeven, try push("recipe", type: "Swift.Int"), "is one integer from"),
            ("[]", try push("x", type: "MyApp.(unknown context at $1).Hidden"), "a private type's name"),
            ("[]", try push("x", type: "Hidden"), "expected a type name as SwiftUI's NavigationPath writes it"),
        ] {
            var state = try decode(text)
            try state.apply(operation)
            let error = #expect(throws: NavigatorError.self) { _ = try codec.encode(&state) }
            #expect(error?.kind == .invalidInput)
            #expect(error?.message.contains(reason) == true, "\(error?.message ?? "")")
        }
        // Never written what reads back as another route: a plain value shaped like an enum value.
        var state = try decode(Notes.recipeThenSeven)
        try state.apply(push("Recipe?details:=%7B%22_0%22%3A1%7D"))
        let error = #expect(throws: NavigatorError.self) { _ = try codec.encode(&state) }
        #expect(error?.kind == .cannotApply)
        #expect(error?.message.contains("would read back as 'details?_0:=1'") == true, "\(error?.message ?? "")")
    }

    @Test func theSchemaSeamGivesATypeBeforeThePathDoes() throws {
        let codec = NavigationPathCodec(schemaType: { $0.name == "settings" ? "MyApp.Settings" : nil })
        var state = try codec.decode(Array(Notes.recipeThenSeven.utf8))
        try state.apply(push("settings"))
        #expect(String(decoding: try codec.encode(&state).bytes, as: UTF8.self).hasPrefix(#"["MyApp.Settings","{\"settings\":{}}","#))
    }

    /// A private type's name holds a memory address of the run that wrote it, and a name
    /// without its module is none an app resolves: the app restores none of such a path, and
    /// no change is written to it (issue 34); written back unchanged, it is its bytes.
    @Test func aPathTheAppCannotDecodeIsReadButNeverChanged() throws {
        let text = String(decoding: Fixture.withHidden.json(), as: UTF8.self)
        for (document, operation, place) in [
            (text, try push("home"), "at [2], 'MyApp.(unknown context at $56099b7b7278).Hidden' is a private type's name"),
            (text, .go(try RoutePath(parsing: "/Hidden?x:=2/home")), "at [2], "),
            (#"["MyApp.(unknown context at $1).Hidden","{\"x\":1}"]"#, .pop(1), "at [0], "),
            (#"["Swift.Int","7","User","{\"id\":1}"]"#, .reset, "at [2], 'User' is a type name without its module"),
        ] as [(String, NavigationOperation, String)] {
            var state = try codec.decode(Array(document.utf8))
            #expect(state.appCannotDecode?.hasPrefix(place) == true, "\(document)")
            var unchanged = state
            #expect(try codec.encode(&unchanged).bytes == Array(document.utf8))
            try state.apply(operation)
            let error = #expect(throws: NavigatorError.self) { _ = try codec.encode(&state) }
            #expect(error?.kind == .invalidFile && error?.detail as? FormatFact == .appCannotDecode(format: "navigation-path"))
            #expect(error?.message.hasPrefix("the app cannot decode this path as it stands: \(place)") == true, "\(error?.message ?? "")")
            if case .push(let route) = operation { #expect(codec.spliced(route, onto: Array(document.utf8)) == nil) }
        }
        #expect(try codec.decode(Array(Notes.recipeThenSeven.utf8)).appCannotDecode == nil)
    }

    // MARK: What the format cannot hold

    @Test func presentationsTabsAndARootAreRefusedNamingTheFormat() throws {
        for operation: NavigationOperation in [.present(try route("sheet"), .sheet), .present(try route("c"), .cover), .set(try route("home")), .go(try RoutePath(parsing: "home/x"))] {
            var state = try decode(Notes.recipeThenSeven)
            try state.apply(operation)
            let error = #expect(throws: NavigatorError.self) { _ = try codec.encode(&state) }
            #expect(error?.kind == .cannotApply, "\(operation)")
            #expect(error?.message.contains("NavigationPath (format 'navigation-path') cannot hold") == true, "\(error?.message ?? "")")
        }
        var state = try decode(Notes.recipeThenSeven)
        try state.apply(.set(route("home")))
        let error = #expect(throws: NavigatorError.self) { _ = try codec.encode(&state) }
        #expect(error?.message.hasSuffix("run go '/home'") == true, "\(error?.message ?? "")")
        var tabs = try decode(Notes.recipeThenSeven)
        tabs.tree = NavigationTree(tabs: Tabs([RouteTab(name: "a", chain: NavigationChain(root: try route("a")))], selected: 0))
        #expect(throws: NavigatorError.self) { _ = try codec.encode(&tabs) }
    }

    // MARK: Refused documents

    @Test(arguments: [
        (#"{"a":1}"#, "a JSON array of strings, not an object"),
        (#"["Swift.Int",7]"#, "at [1], not a string"),
        (#"["Swift.Int","7","MyApp.Recipe"]"#, "at [2], an odd number of strings: the type name 'MyApp.Recipe' has no JSON text after it"),
        (#"["Swift.Int","{"]"#, "at [1], the JSON text of the 'Swift.Int' value does not parse"),
        (#"["Swift.Int","7","not a type","1"]"#, "at [2], 'not a type' is not a type name"),
        (#"["MyApp.Screen","{\"déjà\":{}}"]"#, "at [1], invalid route name"),
        (#"["MyApp.Screen","{\"a\":{\"k\":\"x\\ny\"}}"]"#, "at [1], value of parameter 'k' holds a control character"),
        (#"["(Swift.Int, Swift.Int)","[1,2]"]"#, "at [1], a value of '(Swift.Int, Swift.Int)', which is no enum value"),
        (#"["Swift.Int","7"] x"#, "unexpected data after the end"),
    ])
    func documentsSwiftUIOrRoutectlCannotReadAreRefusedSayingWhere(_ text: String, _ reason: String) {
        let error = #expect(throws: NavigatorError.self) { try decode(text) }
        #expect(error?.kind == .invalidFile)
        #expect(error?.message.hasPrefix("is not a SwiftUI NavigationPath routectl can read: ") == true)
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "")")
        guard case .foreignStateUnreadable(let format, let appRejects)? = error?.detail as? FormatFact else {
            Issue.record("no hint may suggest removing it: \(String(describing: error?.detail))")
            return
        }
        #expect(format == "navigation-path")
        // The app reads text with a control character, which routectl cannot hold.
        #expect(appRejects == !reason.contains("control character"), "\(reason)")
    }

    /// NavigationBackport's and UINavigationPath's mangled names (the notes' document) read by
    /// their readable names; a push keeps the names mangled.
    @Test func mangledTypeNamesAreReadByTheirReadableNames() throws {
        let state = try decode(Notes.uiNavigationPath)
        #expect(state.tree.chain.base.pushed.map(\.description) == ["Recipe?id:=42", "Int?_0:=7"])
        #expect(try after(Notes.uiNavigationPath, push("Int?_0:=8")) == #"["Si","8","Si","7","5MyApp6RecipeV","{\"id\":42}"]"#)
        #expect(try after(Notes.uiNavigationPath, push("details?_0:=1", type: "MyApp.Screen")).hasPrefix(#"["5MyApp6ScreenO","{\"details\":{\"_0\":1}}","Si""#))
        #expect(try after(Notes.uiNavigationPath, push("Int64?_0:=9", type: "Swift.Int64")).hasPrefix(#"["s5Int64V","9","Si""#))
        // SwiftUI's own readable names stay readable: a mangled --type is written readable.
        #expect(try after(Notes.recipeThenSeven, push("details?_0:=1", type: "5MyApp6ScreenO")).hasPrefix(#"["MyApp.Screen","#))
        // A private type's mangled name: the app cannot decode it. A generic's: routectl cannot read it.
        let hidden = try decode(#"["4main13$559efc90c3d8yXZ6HiddenV","{\"x\":1}"]"#)
        #expect(hidden.appCannotDecode?.contains("is a private type's name") == true)
        let generic = #"["5MyApp3BoxVySiG","{\"home\":{}}"]"#
        #expect(try decode(generic).tree.chain.base.pushed.map(\.description) == ["home"])
        let refused = #expect(throws: NavigatorError.self) { try after(generic, push("home")) }
        #expect(refused?.kind == .invalidFile && refused?.detail as? FormatFact == .unreadableTypeName(format: "navigation-path"))
        #expect(refused?.message.hasPrefix("at [0], '5MyApp3BoxVySiG' is a mangled type name routectl cannot read") == true, "\(refused?.message ?? "")")
    }

    @Test func deepJSONInsideAnElementIsRefusedOnOneLine() throws {
        let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
        let error = #expect(throws: NavigatorError.self) { try decode(#"["Swift.Array<Any>",""# + deep + #""]"#) }
        #expect(error?.kind == .invalidFile)
        #expect(error?.message.contains("nested deeper than 64 levels") == true, "\(error?.message ?? "")")
    }

    // MARK: Detection

    @Test func onlyArraysOfTypeNamesAndJSONTextsAreRecognized() {
        for text in ["[]", " [ ] ", Notes.recipeThenSeven, Notes.pointFree, Notes.backportTest, Notes.navigationBackportIssue, Notes.uiNavigationPath, #"["Swift.Int","7","MyApp.Recipe"]"#] {
            #expect(codec.recognizes(Array(text.utf8)), "\(text)")
        }
        for text in [#"[{"main":{}}]"#, #"["home","settings"]"#, #"["Screen","Profile"]"#, #"{"format":2}"#, #"["Swift.Int",7]"#, "[", #"["a b","1"]"#, "", "null"] {
            #expect(!codec.recognizes(Array(text.utf8)), "\(text)")
        }
        #expect(!VAPNCodec().recognizes(Array(Notes.recipeThenSeven.utf8)))
        #expect(!NavigatorFileCodec().recognizes(Array(Notes.recipeThenSeven.utf8)))
        #expect(!codec.recognizes(Array(#"{"root":{"main":{}},"destinations":[],"kind":{"flow":{}},"id":"6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11","tabs":[],"presentation":{"sheet":{}}}"#.utf8)))
    }

    @Test func anEmptyArrayThatAnotherFormatReadsTooIsAskedToBeNamed() throws {
        struct AnyArray: NavigatorCodec {
            var name: String { "any-array" }
            var maxBytes: Int { 1 << 20 }
            func recognizes(_ bytes: [UInt8]) -> Bool { bytes.first == UInt8(ascii: "[") }
            func decode(_ bytes: [UInt8]) throws -> NavigatorState { NavigatorState() }
            func checkWritable(_ state: NavigatorState) throws {}
            func encode(_ state: inout NavigatorState) throws -> EncodedState { EncodedState(bytes: []) }
        }
        let table = FormatTable.standard.adding(AnyArray())
        let error = #expect(throws: NavigatorError.self) { _ = try table.recognizing(Array("[]".utf8)) }
        #expect(error?.message == "could be any of the formats 'codable-array', 'flowstacks', 'navigation-path', 'any-array': say which with --format")
        #expect(try table.narrowed(to: "navigation-path")?.recognizing(Array("[]".utf8))?.name == "navigation-path")
        #expect(try FormatTable.standard.recognizing(Array(Notes.recipeThenSeven.utf8))?.name == "navigation-path")
    }
}
