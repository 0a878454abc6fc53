import TestSupport
import Testing
import RouteModel

/// The path grammar of Part 2: presentations, tabs and typed values, parsed and rendered, and
/// every refusal saying at which column.
@Suite(.tags(.unit)) struct RoutePathGrammarTests {
    @Test func parsesTheSpecExample() throws {
        let path = try RoutePath(parsing: "home/details?id=42/sheet:compose?draft:=7/attachments/cover:login")
        #expect(path.segments == [
            .route(try Route("home")),
            .route(try Route("details", parameters: [Route.Parameter(key: "id", value: "42")])),
            .presented(.sheet, try Route("compose", parameters: [Route.Parameter(key: "draft", json: "7")])),
            .route(try Route("attachments")),
            .presented(.cover, try Route("login")),
        ])
        #expect(path.columns == [1, 6, 20, 43, 55])
        #expect(path.description == "home/details?id=42/sheet:compose?draft:=7/attachments/cover:login")
    }

    @Test func parsesTabs() throws {
        let path = try RoutePath(parsing: "home/tab:profile/settings/sheet:edit")
        #expect(path.segments == [.route(try Route("home")), .tab("profile"), .route(try Route("settings")), .presented(.sheet, try Route("edit"))])
    }

    @Test func typedValuesKeepTheirTypeAndTextAndAreEncodedLikeStrings() throws {
        let route = try Route(name: "x", arguments: ["n:=-2.5e3", "b:=true", "z:=null", "s:=\"a b\"", "t=c:=d"])
        #expect(route.parameters.map(\.type) == [.number, .boolean, .null, .string, .string])
        #expect(route.parameters.map(\.value) == ["-2.5e3", "true", "null", "a b", "c:=d"])
        #expect(route.description == "x?b:=true&n:=-2.5e3&s=a%20b&t=c%3A%3Dd&z:=null", "labels in byte order")
        let back = try RoutePath(parsing: route.description)
        #expect(back.segments == [.route(route)])
        #expect(try RoutePath(parsing: "x?s:=%22q%22").segments == [.route(try Route(name: "x", arguments: ["s=q"]))],
            "a typed JSON string is a string")
        #expect(try Route(name: "x", arguments: ["n:=7"]) != Route(name: "x", arguments: ["n=7"]), "7 is not \"7\"")
    }

    @Test func arraysAndObjectsAreTypedValuesKeptCompactInTheirOrder() throws {
        let route = try Route(name: "x", arguments: [#"f:={"more": {"b": 1, "a": [true, null]}}"#, "t:=[ ]"])
        #expect(route.parameters.map(\.type) == [.object, .array])
        #expect(route.parameters.map(\.value) == [#"{"more":{"b":1,"a":[true,null]}}"#, "[]"])
        let back = try RoutePath(parsing: route.description)
        #expect(back.segments == [.route(route)], "\(route.description)")
        let big = "[" + Array(repeating: "1", count: 40_000).joined(separator: ",") + "]"
        #expect(throws: NavigatorError.self, "a typed value of 80,000 bytes is refused") { try Route.Parameter(argument: "k:=" + big) }
    }

    @Test(arguments: ["", " 7", "7 ", "[1", "{\"a\"}", "[1e400]", "{\"a\":1,\"a\":2}", "tru", "01", "1.", "-", "\"a", "'a'", "NaN", "abc", "\"\\u0001\""])
    func invalidTypedValuesAreRefused(_ json: String) {
        let error = #expect(throws: NavigatorError.self) { try Route.Parameter(argument: "k:=" + json) }
        #expect(error?.kind == .invalidInput)
    }

    @Test(arguments: [
        ("", 1, "it names no route"),
        ("//home", 2, "empty segment"),
        ("/\u{2F}", 2, "empty segment"),
        ("home//x", 6, "empty segment"),
        ("home/x/", 8, "empty segment"),
        ("home/popover:a", 6, "unknown segment kind 'popover:'"),
        ("home/sheet:", 12, "invalid route name '': it is empty"),
        ("home/tab:a?x=1", 11, "a tab takes no parameters"),
        ("home/tab:9", 10, "invalid tab name '9'"),
        ("home/x?id", 8, "parameter 'id' has no '='"),
        ("home/x?id=%4", 11, "has a '%' not followed by two hex digits"),
        ("home/x?id=ab%zz", 13, "has a '%' not followed by two hex digits"),
        ("home/x?id=%FF", 11, "is not UTF-8 once its %XX are decoded"),
        ("home/x?n:=abc", 11, "invalid typed value 'abc'"),
        ("home/x?a=1&a=2", 12, "duplicate parameter 'a' for route 'x'"),
        ("home/x?n:=1e400", 11, "invalid typed value '1e400'"),
        ("x?a=é&b=%", 9, "has a '%'"),  // columns count characters, not bytes
    ])
    func refusalsSayWhere(_ text: String, _ column: Int, _ reason: String) {
        let error = #expect(throws: NavigatorError.self) { try RoutePath(parsing: text) }
        #expect(error?.kind == .invalidInput)
        #expect(error?.fact == .invalidPath(column: column), "\(text): \(error?.message ?? "")")
        #expect(error?.message.hasPrefix("invalid path \(NavigatorError.quote(text)): at column \(column), ") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains(reason) == true, "\(text): \(error?.message ?? "")")
    }

    @Test func aTreeRendersItsSelectedTabOnly() throws {
        let container = try TabContainer(declaration: "home=feed,profile")
        var tree = NavigationTree(root: try Route("home"), container: container)
        tree.tabs!.all[0].chain.push(try Route("hidden"))
        tree.tabs!.selectedIndex = 1
        tree.activeChain.present(try Route("edit"), as: .sheet)
        #expect(RoutePath(tree).description == "home/tab:profile/sheet:edit")
    }
}
