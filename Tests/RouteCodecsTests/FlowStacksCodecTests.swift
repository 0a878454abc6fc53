import Testing
import RouteCodecs
import RouteModel
import TestSupport

/// FlowStacks' routes, `[Route<Screen>]` and FlowPath's triples, read and written as pure
/// transformations of bytes, with the notes' documents (shared/notes §4). End to end, with the
/// library's own decoding (a mirror), in routectlTests.
@Suite(.tags(.unit)) struct FlowStacksCodecTests {
    let codec = FlowStacksCodec()
    static let routes = FlowStacksFixtures.Notes.routes
    static let flowPath = FlowStacksFixtures.Notes.flowPath

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

    @Test func theNotesRoutesReadAsAStackWithPresentedFlows() throws {
        let state = try decode(Self.routes)
        #expect(state.path == "/details?_0:=42/sheet:home/cover:profile?id:=7&name=Ann")
        #expect(state.tree.chain.presented.map(\.withNavigation) == [true, false])
        #expect(state.tree.isRootlessStack && state.resetRule == .closeToRoots)
    }

    @Test func theNotesFlowPathReadsLastFirstWithAnIntAsARouteNamedAfterItsType() throws {
        let state = try decode(Self.flowPath)
        #expect(state.path == "/details?_0:=42/sheet:Int?_0:=7")
        #expect(state.tree.chain.presented.map(\.withNavigation) == [true])
    }

    @Test(arguments: [
        routes, flowPath, "[]", " [\n] ",
        #"[ {"push":{"_0":{"note":{"_0":"a\/b"}},"extra":1}} , {"sheet":{"withNavigation":false,"_0":{"x":{"y":1.0}}}} ]"#,
        #"[{"push":{}},"SS","\"hi\"",{"cover":{"withNavigation":false}},"5MyApp6RecipeV","{\"id\":42}"]"#,
    ])
    func unchangedRoutesAreWrittenBackByteForByte(_ text: String) throws {
        #expect(try encode(decode(text)) == text)
    }

    @Test func aPushOnFlowPathTakesTheTypeTheEnumValuesShareAndKeepsTheOtherTriples() throws {
        // A name no screen shows takes the type the enum values share only when a schema
        // declares it (issue 34): without one, it may be no case of that type.
        let declaring = FlowStacksCodec(schemaDeclares: { $0.name == "more" })
        var state = try declaring.decode(Array(Self.flowPath.utf8))
        try state.apply(.push(route("more")))
        #expect(String(decoding: try declaring.encode(&state).bytes, as: UTF8.self)
            == #"[{"push":{}},"5MyApp6ScreenO","{\"more\":{}}",{"sheet":{"withNavigation":true}},"Si","7",{"push":{}},"5MyApp6ScreenO","{\"details\":{\"_0\":42}}"]"#)
        #expect(try written(Self.flowPath, .push(route("Int", "_0:=8")))
            == #"[{"push":{}},"Si","8",{"sheet":{"withNavigation":true}},"Si","7",{"push":{}},"5MyApp6ScreenO","{\"details\":{\"_0\":42}}"]"#,
            "a route named as a value of a type that is no enum, holding _0, is a value of that type")
        #expect(try written(Self.flowPath, .dismiss) == #"[{"push":{}},"5MyApp6ScreenO","{\"details\":{\"_0\":42}}"]"#)
        #expect(try written(Self.flowPath, .dismiss, .present(route("details", "_0:=42"), .cover, withNavigation: false))
            == #"[{"cover":{"withNavigation":false}},"5MyApp6ScreenO","{\"details\":{\"_0\":42}}",{"push":{}},"5MyApp6ScreenO","{\"details\":{\"_0\":42}}"]"#,
            "a screen read keeps its type name and JSON text under a new style")
    }

    @Test func aNewScreenWithoutATypeToNameIsAUsageErrorSayingWhy() throws {
        let onlyInts = #"[{"push":{}},"Si","7"]"#
        let none = #expect(throws: NavigatorError.self) { try written(onlyInts, .push(route("home"))) }
        #expect(none?.kind == .invalidInput && none?.reason.contains("cannot tell the type of the new screen 'home'") == true, "\(none?.reason ?? "")")
        #expect(none?.reason.hasSuffix("the routes hold no enum values, only screens of 'Si'; name it with --type") == true, "an Int is no enum value: \(none?.reason ?? "")")
        let two = #"[{"push":{}},"5MyApp6ScreenO","{\"a\":{}}",{"push":{}},"5MyApp5OtherO","{\"b\":{}}"]"#
        let several = #expect(throws: NavigatorError.self) { try written(two, .push(route("home"))) }
        #expect(several?.kind == .invalidInput && several?.reason.hasSuffix("routectl cannot know the cases of '5MyApp5OtherO', '5MyApp6ScreenO'; name it with --type") == true, "\(several?.reason ?? "")")
        // One enum type, and a name no screen shows (a typo, a struct's name): not guessed.
        let screens = #"[{"push":{}},"5MyApp6ScreenO","{\"details\":{\"_0\":1}}"]"#
        for name in ["detials", "Recipe", "settings"] {
            let guessed = #expect(throws: NavigatorError.self) { try written(screens, .push(route(name))) }
            #expect(guessed?.reason.hasSuffix("no screen shows as '\(name)', and without the app's routes (routectl.json) routectl cannot know the cases of '5MyApp6ScreenO'; name it with --type") == true, "\(guessed?.reason ?? "")")
            #expect(guessed?.detail as? ElementTypeNeeded == ElementTypeNeeded(route: [name], types: name == "Recipe" ? [] : ["5MyApp6ScreenO"], names: ["details"], mangled: true))
        }
        #expect(try written(two, .push(route("a", "_0:=1"))).hasPrefix(#"[{"push":{}},"5MyApp6ScreenO","{\"a\":{\"_0\":1}}","#), "the type whose screens show under the route's name")
        #expect(try written(two, .pop(1), .push(route("a"))) == two, "a screen read is no new screen")
    }

    @Test func theRoutesShapeWritesWhatSynthesizedCodableWrites() throws {
        #expect(try written(Self.routes, .dismiss, .present(route("x"), .sheet, withNavigation: false), .dismiss, .push(route("y")))
            == #"[{"push":{"_0":{"details":{"_0":42}}}},{"sheet":{"_0":{"home":{}},"withNavigation":true}},{"push":{"_0":{"y":{}}}}]"#)
        #expect(try written(Self.routes, .dismiss, .present(route("x"), .cover, withNavigation: false))
            == #"[{"push":{"_0":{"details":{"_0":42}}}},{"sheet":{"_0":{"home":{}},"withNavigation":true}},{"cover":{"_0":{"x":{}},"withNavigation":false}}]"#)
        #expect(try written("[]", .push(route("a")), .present(route("b"), .sheet))
            == #"[{"push":{"_0":{"a":{}}}},{"sheet":{"_0":{"b":{}},"withNavigation":true}}]"#, "the empty array is written as [Route<Screen>]")
        #expect(try written(Self.routes, .reset) == "[]")
    }

    @Test func aPushOnAFlowWithoutNavigationIsRefusedButOneReadStays() throws {
        let refused = #expect(throws: NavigatorError.self) { try written(Self.routes, .push(route("more"))) }
        #expect(refused?.kind == .cannotApply, "FlowStacks cannot push there")
        #expect(refused?.reason.contains("presented without navigation (withNavigation: false)") == true, "\(refused?.reason ?? "")")
        let viaGo = #expect(throws: NavigatorError.self) {
            try written(Self.routes, .go(RoutePath(parsing: "/details?_0:=42/sheet:home/cover:profile?id:=7&name=Ann/more")))
        }
        #expect(viaGo?.kind == .cannotApply, "go keeps the cover's flag, and refuses what push refuses")
        let read = #"[{"sheet":{"_0":{"a":{}},"withNavigation":false}},{"push":{"_0":{"b":{}}}},{"push":{"_0":{"c":{}}}}]"#
        #expect(try decode(read).path == "/sheet:a/b/c", "the app's own state is read as it is")
        #expect(try written(read, .pop(1)) == #"[{"sheet":{"_0":{"a":{}},"withNavigation":false}},{"push":{"_0":{"b":{}}}}]"#)
        #expect(try written(read, .present(route("d"), .cover)).hasSuffix(#",{"cover":{"_0":{"d":{}},"withNavigation":true}}]"#))
        #expect(throws: NavigatorError.self) { try written(read, .pop(1), .push(route("x"))) }
    }

    @Test func goToTheSamePathKeepsWithNavigation() throws {
        var state = try decode(Self.routes)
        #expect(try !state.apply(.go(RoutePath(parsing: state.path))))
        #expect(try state.apply(.go(RoutePath(parsing: "/sheet:home/cover:profile?id:=7&name=Ann"))))
        #expect(try encode(state) == #"[{"sheet":{"_0":{"home":{}},"withNavigation":true}},{"cover":{"_0":{"profile":{"id":7,"name":"Ann"}},"withNavigation":false}}]"#)
    }

    /// A screen's value the app reads that routectl cannot hold (a control character in text)
    /// is refused without saying that the app rejects it.
    @Test func aValueRoutectlCannotHoldIsNotSaidToBeRejectedByTheApp() throws {
        let error = #expect(throws: NavigatorError.self) { try decode(#"[{"push":{}},"5MyApp6ScreenO","{\"a\":{\"k\":\"\\u0001\"}}"]"#) }
        #expect(error?.reason.contains("at [2], value of parameter 'k' holds a control character") == true, "\(error?.reason ?? "")")
        #expect(error?.detail as? FormatFact == .foreignStateUnreadable(format: "flowstacks", appRejects: false))
    }

    @Test(arguments: [
        (#"[{"sheet":{"_0":{"a":{}}}}]"#, "at [0].sheet, no 'withNavigation', which the library requires"),
        (#"[{"cover":{"_0":{"a":{}},"withNavigation":"yes"}}]"#, #"at [0].cover.withNavigation, withNavigation is "yes", not true or false"#),
        (#"[{"push":{"_0":{"a":{}}}},{"push":{}}]"#, "at [1].push, no '_0' (the screen)"),
        (#"[{"push":{"_0":7}}]"#, "at [0].push._0, an enum value is an object"),
        (#"[{"push":7}]"#, "at [0].push, the case holds 7"),
        (#"[{"push":{"_0":{"a":{}}}},{"sheet":{"_0":{"a":{}},"withNavigation":true},"x":1}]"#, "at [1], not a FlowStacks route"),
        (#"[{"push":{}},"Si","7",{"push":{}},"Si"]"#, "at [5], a route's style, type name and JSON come in threes"),
        (#"[{"push":{}},"Si","7",{"jump":{}},"Si","7"]"#, "at [3], not a FlowStacks route"),
        (#"[{"push":{}},7,"7"]"#, "at [1], not a type name"),
        (#"[{"push":{}},"Si",7]"#, "at [2], not the screen's JSON text"),
        (#"[{"push":{}},"Si","7,"]"#, "at [2], the screen's JSON text does not parse"),
        (#"[{"sheet":{}},"Si","7"]"#, "at [0].sheet, no 'withNavigation'"),
    ])
    func whatTheLibraryWouldRejectIsRefusedWithItsCodingPath(_ text: String, _ expected: String) throws {
        let error = #expect(throws: NavigatorError.self) { try decode(text) }
        #expect(error?.kind == .invalidFile)
        #expect(error?.reason.contains(expected) == true, "\(error?.reason ?? "")")
        #expect(error?.detail as? FormatFact == .foreignStateUnreadable(format: "flowstacks"))
        #expect(error?.message.contains("\n") == false)
    }

    @Test func whatTheRoutesCannotHoldIsRefusedNamingTheFormat() throws {
        var rooted = try decode(Self.routes)
        try rooted.apply(.set(route("home")))
        let root = #expect(throws: NavigatorError.self) { try encode(rooted) }
        #expect(root?.kind == .cannotApply && root?.reason.contains("(format 'flowstacks') cannot hold a root of its own") == true, "\(root?.reason ?? "")")
        var tabbed = try decode("[]")
        tabbed.tree = NavigationTree(tabs: Tabs([RouteTab(name: "a", chain: NavigationChain(root: try route("a")))], selected: 0))
        let tabs = #expect(throws: NavigatorError.self) { try encode(tabbed) }
        #expect(tabs?.kind == .cannotApply && tabs?.reason.contains("cannot hold tabs") == true)
    }

    @Test(arguments: [
        ("5MyApp6ScreenO", "Screen"), ("Si", "Int"), ("SS", "String"), ("5MyApp5OuterO5InnerV", "Inner"), ("s5Int64V", "Int64"),
        ("5MyApp6Hidden33_0123456789ABCDEF0123456789ABCDEFLLV", "Hidden"), ("SaySiG", nil), ("", nil),
        ("MyApp.Recipe", "Recipe"), ("Swift.Int", "Int"), ("MyApp.(unknown context at $56099b7b7278).Hidden", "Hidden"),
        ("Swift.Array<Swift.Int>", "Array"), ("9999999999999", nil), ("3ab", nil), ("5Zoë", nil),
    ])
    func aValueThatIsNoEnumIsARouteNamedAfterItsType(_ typeName: String, _ name: String?) throws {
        let text = #"[{"push":{}},"# + "\"\(typeName)\"" + #","[1]"]"#
        guard let name else {
            let error = #expect(throws: NavigatorError.self) { try decode(text) }
            #expect(error?.kind == .invalidFile && error?.reason.contains(typeName.isEmpty ? "at [1], " : "at [2], ") == true, "\(error?.reason ?? "")")
            return
        }
        let state = try decode(text)
        #expect(state.tree.chain.base.pushed == [try route(name, "_0:=[1]")], "\(typeName)")
        #expect(try encode(state) == text)
    }

    @Test func aGivenTypeIsWrittenAsAFlowPathScreensMangledName() throws {
        func given(_ route: Route, _ type: String) -> NavigationOperation { .push(GivenElementType.route(route, ofType: type)) }
        let screens = #"[{"push":{}},"5MyApp6ScreenO","{\"details\":{\"_0\":1}}"]"#
        #expect(try written(screens, given(try route("settings"), "5MyApp6ScreenO")).hasPrefix(#"[{"push":{}},"5MyApp6ScreenO","{\"settings\":{}}","#))
        #expect(try written(screens, given(try route("Recipe", "id:=4"), "5MyApp6RecipeV")).hasPrefix(#"[{"push":{}},"5MyApp6RecipeV","{\"id\":4}","#))
        #expect(try written(screens, given(try route("Int", "_0:=4"), "Si")).hasPrefix(#"[{"push":{}},"Si","4","#))
        // A readable name is written mangled, as the library's _mangledTypeName names the type.
        #expect(try written(screens, given(try route("settings"), "MyApp.Screen")).hasPrefix(#"[{"push":{}},"5MyApp6ScreenO","{\"settings\":{}}","#))
        for type in ["Swift.Array<Swift.Int>", "SaySiG", "4main13$559efc90c3d8yXZ6HiddenV"] {
            let error = #expect(throws: NavigatorError.self) { try written(screens, given(try route("settings"), type)) }
            #expect(error?.kind == .invalidInput && error?.message.hasPrefix("cannot write 'settings' as a value of '\(type)': ") == true, "\(error?.message ?? "")")
        }
        let routes = #expect(throws: NavigatorError.self) { try written(#"[{"push":{"_0":{"home":{}}}}]"#, given(try route("settings"), "5MyApp6ScreenO")) }
        #expect(routes?.kind == .invalidInput && routes?.reason.contains("[Route<Screen>], which names none") == true, "\(routes?.reason ?? "")")
    }

    /// FlowStacks resolves a screen's type with `_typeByName`: an app's readable name and a
    /// private type's name (holding a memory address) resolve in no run of the app, so no
    /// change is written to triples holding one (issue 34); unchanged, they are their bytes.
    @Test(arguments: [
        ("MyApp.Recipe", "is no mangled type name"), ("MyApp.(unknown context at $56099b7b7278).Hidden", "is a private type's name"),
        ("4main13$559efc90c3d8yXZ6HiddenV", "is a private type's name"),
    ])
    func tripleNamesTheAppCannotResolveAreReadButNeverChanged(_ typeName: String, _ why: String) throws {
        let text = #"[{"push":{}},"# + "\"\(typeName)\"" + #","[1]",{"push":{}},"5MyApp6ScreenO","{\"home\":{}}"]"#
        let state = try decode(text)
        #expect(state.appCannotDecode == "at [1], '\(typeName)' \(why)" + (why.hasPrefix("is no") ? ", and FlowStacks resolves an app's types by their mangled names (such as 5MyApp6ScreenO) only" : ", which holds a memory address of the run of the app that wrote it: no later run resolves it"))
        #expect(try encode(state) == text)
        for operation: NavigationOperation in [.pop(1), .reset, .push(try route("home"))] {
            let error = #expect(throws: NavigatorError.self) { try written(text, operation) }
            #expect(error?.kind == .invalidFile && error?.detail as? FormatFact == .appCannotDecode(format: "flowstacks"), "\(operation)")
        }
        #expect(try decode(Self.flowPath).appCannotDecode == nil)
        #expect(try decode(#"[{"push":{}},"Swift.Int","7"]"#).appCannotDecode == nil, "the standard library's readable names resolve")
    }

    @Test func aStructIsARouteOfItsMembersAndANewOneIsWrittenAsOne() throws {
        let recipes = #"[{"push":{}},"5MyApp6RecipeV","{\"id\":42,\"title\":\"Soup\"}"]"#
        #expect(try decode(recipes).path == "/Recipe?id:=42&title=Soup")
        #expect(try written(recipes, .push(route("Recipe", "id:=43", "title=Stew")))
            == #"[{"push":{}},"5MyApp6RecipeV","{\"id\":43,\"title\":\"Stew\"}",{"push":{}},"5MyApp6RecipeV","{\"id\":42,\"title\":\"Soup\"}"]"#)
        let shapedLikeAnEnum = #expect(throws: NavigatorError.self) { try written(recipes, .push(route("Recipe", #"box:={}"#))) }
        #expect(shapedLikeAnEnum?.kind == .cannotApply, "{\"box\":{}} would read back as an enum value")
    }
}
