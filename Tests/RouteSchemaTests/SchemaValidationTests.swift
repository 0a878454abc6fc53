import Testing
import RouteModel
import RouteSchema
import TestSupport

/// Routes checked against the schema as the app's decoder would read them, and command-line
/// words converted where the type says.
@Suite(.tags(.unit)) struct SchemaValidationTests {
    let schema = try! Schema(
        routes: ["onboarding", "home", "details(Int)", "profile(id: Int, name: String?)", "feature(Feature)",
                 "search(terms: [String], filters: [String: Bool]?, score: Double)", "pair(Int, String)",
                 "tab(Tab)", "kind(Kind)"].enumerated().map { SchemaDeclaration($1, line: $0 + 2) },
        types: [
            Schema.TypeDeclaration(name: "Feature", line: 20, cases: [SchemaDeclaration("more", line: 21), SchemaDeclaration("list(page: Int)", line: 22)]),
            Schema.TypeDeclaration(name: "Tab", line: 30, cases: [SchemaDeclaration("feed = 0", line: 31), SchemaDeclaration("inbox", line: 32)]),
            Schema.TypeDeclaration(name: "Kind", line: 40, cases: [SchemaDeclaration("plain", line: 41), SchemaDeclaration("fancy = \"F\"", line: 42)]),
        ])

    func route(_ name: String, _ words: String...) throws -> Route {
        try Route(name: name, arguments: words)
    }

    func words(_ name: String, _ words: String...) -> String {
        do {
            return try schema.route(name: name, words: words).codableValue.text
        } catch {
            return "error: \(error)"
        }
    }

    @Test func acceptsWhatTheAppReads() throws {
        for route in [
            try route("home"), try route("details", "_0:=42"), try route("profile", "id:=7"), try route("profile", "id:=7", "name=Ann"),
            try route("profile", "id:=7", "name:=null"), try route("feature", #"_0:={"more":{}}"#), try route("feature", #"_0:={"list":{"page":2}}"#),
            try route("search", #"terms:=["a","b"]"#, "score:=1"), try route("search", "terms:=[]", #"filters:={"x":true}"#, "score:=-2.5e3"),
            try route("pair", "_0:=1", "_1=x"), try route("tab", "_0:=0"), try route("tab", "_0:=1"), try route("kind", "_0=F"), try route("kind", "_0=plain"),
        ] {
            #expect(schema.problem(with: route) == nil, "\(route)")
        }
    }

    @Test func namesTheRouteTheValueAndTheTypeExpected() throws {
        #expect(schema.problem(with: try route("detail", "_0:=1")) == "'detail' is not a route of the schema; did you mean 'details'?")
        #expect(schema.problem(with: try route("zzzzzz")) == "'zzzzzz' is not a route of the schema")
        #expect(schema.problem(with: try route("details", "_0=42")) == #"'details' takes an Int as _0, found "42""#)
        #expect(schema.problem(with: try route("details")) == "'details' takes an Int as _0, found none")
        #expect(schema.problem(with: try route("details", "_0:=4.5")) == "'details' takes an Int as _0, found 4.5 (not an integer an Int holds)")
        #expect(schema.problem(with: try route("details", "_0:=99999999999999999999")) == "'details' takes an Int as _0, found 99999999999999999999 (not an integer an Int holds)")
        #expect(schema.problem(with: try route("details", "_0:=1", "x=2")) == "'details' has no value 'x': it takes only _0 (an Int)")
        #expect(schema.problem(with: try route("home", "x=2")) == "'home' has no value 'x': it takes no values")
        #expect(schema.problem(with: try route("profile", "name=Ann")) == "'profile' takes an Int as id, found none")
        #expect(schema.problem(with: try route("profile", "id:=1", "name:=3")) == "'profile' takes a String? as name, found 3")
        #expect(schema.problem(with: try route("search", #"terms:=["a",2]"#, "score:=1")) == "'search' takes a [String] as terms, found 2 at [1]")
        #expect(schema.problem(with: try route("search", "terms:=[]", #"filters:={"x":1}"#, "score:=1")) == "'search' takes a [String: Bool]? as filters, found 1 at ['x']")
        #expect(schema.problem(with: try route("feature", #"_0:={"mor":{}}"#)) == #"'feature' takes a Feature as _0, found {"mor":{}} (Feature has no case 'mor'; did you mean 'more'?)"#)
        #expect(schema.problem(with: try route("feature", #"_0:={"list":{"page":"2"}}"#)) == #"'feature' takes a Feature as _0, found {"list":{"page":"2"}} (Feature.list takes an Int as page, found "2")"#)
        #expect(schema.problem(with: try route("feature", #"_0:={"list":{}, "more":{}}"#))?.contains("an enum value is an object with one member") == true)
        #expect(schema.problem(with: try route("tab", "_0:=7")) == "'tab' takes a Tab as _0, found 7 (Tab has no case with this raw value)")
        #expect(schema.problem(with: try route("tab", #"_0:={"feed":{}}"#)) == #"'tab' takes a Tab as _0, found {"feed":{}} (a Tab is written as its raw value)"#)
        #expect(schema.problem(with: try route("kind", "_0=fancy")) == #"'kind' takes a Kind as _0, found "fancy" (Kind has no case with this raw value)"#)
    }

    @Test func wordsAreConvertedWhereTheTypeSays() {
        // The spec's three spellings give one value.
        #expect(words("details", "42") == #"{"details":{"_0":42}}"#)
        #expect(words("details", "_0=42") == #"{"details":{"_0":42}}"#)
        #expect(words("details", "_0:=42") == #"{"details":{"_0":42}}"#)
        // A positional word fills the next unlabelled value not given by key, in the enum's order.
        #expect(words("pair", "1", "x") == #"{"pair":{"_0":1,"_1":"x"}}"#)
        #expect(words("pair", "_1=x", "1") == #"{"pair":{"_0":1,"_1":"x"}}"#)
        #expect(words("pair", "_0=1", "42") == #"{"pair":{"_0":1,"_1":"42"}}"#)
        #expect(words("profile", "id=7", "name=7") == #"{"profile":{"id":7,"name":"7"}}"#)
        #expect(words("profile", "id=7", "name=null") == #"{"profile":{"id":7,"name":"null"}}"#)
        #expect(words("search", "terms=[\"a\"]", "score=2", "filters=null") == #"{"search":{"terms":["a"],"score":2,"filters":null}}"#)
        #expect(words("feature", "more") == #"{"feature":{"_0":{"more":{}}}}"#)
        #expect(words("feature", #"{"list":{"page":1}}"#) == #"{"feature":{"_0":{"list":{"page":1}}}}"#)
        #expect(words("tab", "1") == #"{"tab":{"_0":1}}"#)
        // What cannot be converted is refused, naming what was expected.
        #expect(words("details", "forty") == #"error: 'details' takes an Int as _0, found "forty""#)
        #expect(words("details", "42", "43") == "error: 'details' takes 1 unlabelled value, found '43'")
        #expect(words("profile", "7") == "error: 'profile' takes no unlabelled value, found '7': name the value, such as id=7")
        #expect(words("home", "7") == "error: 'home' takes no unlabelled value, found '7'")
        #expect(words("detail", "7") == "error: route 'detail' is not in the schema's routes")
        // A JSON string is text (`k:="v"` is `k=v` in the model), so it converts as text does.
        #expect(words("details", "_0:=\"42\"") == #"{"details":{"_0":42}}"#)
    }

    @Test func anUndeclaredRouteCarriesTheNamesForDidYouMean() {
        #expect {
            try schema.check(try route("detail"))
        } throws: { error in
            guard let error = error as? NavigatorError, case .routeNotAllowed(let name, let allowed)? = error.fact else { return false }
            return error.kind == .invalidInput && name == "detail" && allowed.contains("details")
        }
    }

    @Test func routesWithRawValuesTakeNoValues() throws {
        let raw = try Schema(routes: [SchemaDeclaration("home = 0", line: 1), SchemaDeclaration("settings", line: 2)])
        #expect(raw.problem(with: try route("settings")) == nil)
        #expect(raw.problem(with: try route("settings", "x=1")) == "'settings' takes no values: the routes are an enum with raw values")
    }
}
