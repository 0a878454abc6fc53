import Testing
import RouteModel
import RouteSchema
import TestSupport

/// Structs under `types` (an object of stored properties, as synthesized `Codable` writes a
/// struct), defaults of associated values (`= nil`), and `migrate --rename Type.case=new`.
@Suite(.tags(.unit)) struct SchemaStructTests {
    static let routes = ["detail(DetailFeature.State)", "about(transition: NavigatorTransition? = nil)", "help(page: Int = 1, tags: [String] = [])",
                         "styled(style: Style = .plain, raw: Raw = .b)"]

    static func schema(_ routes: [String] = routes, structs: [(String, [(String, String)])]? = nil, enums: [(String, [String])]? = nil) throws -> Schema {
        let structs = structs ?? [
            ("DetailFeature.State", [("id", "Int"), ("draft", "String?"), ("mode", "DetailFeature.Mode"), ("items", "[Item]")]),
            ("Item", [("name", "String")]),
            ("NavigatorTransition", []),
        ]
        let enums = enums ?? [("DetailFeature.Mode", ["view", "edit(field: String?)"]), ("Style", ["plain", "fancy(Int)"]), ("Raw", ["a = \"x\"", "b"])]
        var types: [Schema.TypeDeclaration] = []
        for (offset, (name, members)) in structs.enumerated() {
            types.append(Schema.TypeDeclaration(name: name, line: 20 + offset, members: members.map { SchemaMember($0, $1, line: 20 + offset) }))
        }
        for (offset, (name, cases)) in enums.enumerated() {
            types.append(Schema.TypeDeclaration(name: name, line: 40 + offset, cases: cases.map { SchemaDeclaration($0, line: 40 + offset) }))
        }
        return try Schema(routes: routes.enumerated().map { SchemaDeclaration($1, line: $0 + 2) }, types: types)
    }

    func refusal(_ routes: [String] = routes, structs: [(String, [(String, String)])]? = nil, enums: [(String, [String])]? = nil) -> String? {
        do {
            _ = try Self.schema(routes, structs: structs, enums: enums)
            return nil
        } catch {
            return "\(error)"
        }
    }

    func route(_ name: String, _ words: String...) throws -> Route {
        try Route(name: name, arguments: words)
    }

    @Test func readsStructsNestedNamesAndDefaults() throws {
        let schema = try Self.schema()
        #expect(schema.structures["DetailFeature.State"]?.members.map(\.description) == ["id: Int", "draft: String?", "mode: DetailFeature.Mode", "items: [Item]"])
        #expect(schema.structures["NavigatorTransition"]?.members.isEmpty == true)
        #expect(schema.types["DetailFeature.Mode"]?.names == ["view", "edit"])
        #expect(schema.routes["detail"]?.values[0].type == .named("DetailFeature.State"))
        #expect(schema.routes["about"]?.description == "about(transition: NavigatorTransition? = nil)")
        #expect(schema.routes["about"]?.values[0].defaultValue == .null)
        #expect(schema.routes["help"]?.description == "help(page: Int = 1, tags: [String] = [])")
        #expect(schema.routes["styled"]?.values.map(\.defaultValue) == [.enumCase("plain"), .enumCase("b")])
        #expect(schema.typeNames == ["DetailFeature.Mode", "DetailFeature.State", "Item", "NavigatorTransition", "Raw", "Style"])
        // Every literal Swift takes as a default of these types.
        let literals = try Self.schema(["x(a: Int = -3, b: Double = 2.5, c: Double = 1_000, d: String = \"hi\", e: Bool = false, f: [String: Int] = [:], g: Int? = 4, h: [Int]? = nil)"])
        #expect(literals.routes["x"]?.values.map { $0.defaultValue?.description } == ["-3", "2.5", "1000", "\"hi\"", "false", "[:]", "4", "nil"])
    }

    @Test func refusesWhatSwiftWouldNotCompile() {
        #expect(refusal(["x(Int = nil)"]) == "routectl.json:2: routes[0] 'x(Int = nil)': the default nil of _0 is not an Int: only an optional (T?) takes nil")
        #expect(refusal(["x(page: Int = 1.5)"])?.hasSuffix("the default 1.5 of page is not an integer an Int holds") == true)
        #expect(refusal(["x(page: Int = \"1\")"])?.hasSuffix("the default \"1\" of page is not an Int") == true)
        #expect(refusal(["x(s: Style = .plan)"])?.hasSuffix("the default .plan of s is no case of Style; did you mean '.plain'?") == true)
        #expect(refusal(["x(s: Style = .fancy)"])?.hasSuffix("the default .fancy of s is a case with associated values: name one without, or give none") == true)
        #expect(refusal(["x(s: Item = .a)"])?.hasSuffix("the default .a of s is not an Item: Item is a struct, not an enum") == true)
        #expect(refusal(["x(s: [Int] = [1])"])?.contains("a default is an empty array, [], or another literal without elements") == true)
        #expect(refusal(["x(s: Int = 1 + 2)"])?.contains("expected ',' or ')' after a type, found '+'") == true)
        #expect(refusal(["x(s: Int = foo)"])?.contains("expected a default: nil, a number, a string, true, false, [], [:] or a case such as .none") == true)
        #expect(refusal(["x(s: Int =)"])?.contains("expected a default") == true)
        // A struct's members: types only, each known; a name of identifiers.
        #expect(refusal(structs: [("S", [("id", "Int = 1")])], enums: []) != nil)
        #expect(refusal(["x(S)"], structs: [("S", [("id", "Int = 1")])], enums: [])
            == "routectl.json:20: types.S.id 'Int = 1': a stored property's default is not written: synthesized Codable requires the member whatever it is (declare it optional, T?, if it may be missing) (column 5)")
        #expect(refusal(["x(S)"], structs: [("S", [("id", "Intt")])], enums: [])
            == "routectl.json:20: types.S.id 'Intt': unknown type 'Intt': use String, Int, Double, Bool or a type under 'types' (S)")
        #expect(refusal(["x(S)"], structs: [("S", [("my-id", "Int")])], enums: [])?.contains("a stored property's name is a Swift identifier") == true)
        #expect(refusal(["x(S)"], structs: [("S.", [])], enums: [])?.contains("a type's name is a Swift identifier") == true)
        #expect(refusal(["x(A.B)"], structs: [("A.B", [])], enums: []) == nil)
        // A struct that holds itself, however deep, has no finite value; through T? it has.
        #expect(refusal(["x(S)"], structs: [("S", [("next", "S")])], enums: [])
            == "routectl.json:20: types.S: no value of S is finite: its stored properties hold a S (through their types), so no decoder can finish one; make one of them optional")
        #expect(refusal(["x(S)"], structs: [("S", [("t", "T")]), ("T", [("s", "S")])], enums: [])?.contains("no value of S is finite") == true)
        #expect(refusal(["x(S)"], structs: [("S", [("next", "S?"), ("all", "[S]")])], enums: []) == nil)
        #expect(refusal(["x(S)"], structs: [("S", [("e", "E")])], enums: [("E", ["a(S)", "b"])]) == nil)
    }

    @Test func checksAStructAsTheAppDecodesIt() throws {
        let schema = try Self.schema()
        for route in [
            try route("detail", #"_0:={"id":1,"mode":{"view":{}},"items":[]}"#),
            try route("detail", #"_0:={"id":1,"draft":null,"mode":{"edit":{}},"items":[{"name":"a"}]}"#),
            try route("detail", #"_0:={"items":[],"mode":{"edit":{"field":"x"}},"id":1,"draft":"d"}"#),
            try route("about"), try route("about", "transition:={}"), try route("about", "transition:=null"),
            try route("help", "page:=2", "tags:=[]"),
        ] {
            #expect(schema.problem(with: route) == nil, "\(route)")
        }
        #expect(schema.problem(with: try route("detail", #"_0:={"mode":{"view":{}},"items":[]}"#))
            == #"'detail' takes a DetailFeature.State as _0, found {"mode":{"view":{}},"items":[]} (DetailFeature.State takes an Int as id, found none)"#)
        let nested = schema.problem(with: try route("detail", #"_0:={"id":1,"mode":{"view":{}},"items":[{"name":2}]}"#))
        #expect(nested == #"'detail' takes a DetailFeature.State as _0, found {"id":1,"mode":{"view":{}},"items":[{"na… (DetailFeature.State takes a [Item] as items, found {"name":2} at [0] (Item takes a String as name, found 2))"#)
        #expect(schema.problem(with: try route("detail", "_0:=[]")) == "'detail' takes a DetailFeature.State as _0, found [] (a DetailFeature.State is written as an object of its stored properties)")
        // A default is not decoded: a value that is not optional is required all the same.
        #expect(schema.problem(with: try route("help", "tags:=[]")) == "'help' takes an Int as page, found none (its default 1 is not decoded: the app's decoder requires the value)")

        // A member the struct does not declare: refused for a change (strict), a note for check.
        let extra = try route("detail", #"_0:={"id":1,"mode":{"edit":{}},"items":[{"name":"a","size":3}],"drat":""}"#)
        #expect(schema.problem(with: extra) == #"'detail' takes a DetailFeature.State as _0, found {"id":1,"mode":{"edit":{}},"items":[{"na… (DetailFeature.State has no stored property 'drat'; did you mean 'draft'?)"#)
        var notes: [String] = []
        #expect(schema.problem(with: extra, notes: &notes) == nil)
        #expect(notes == [
            "'detail' _0.drat: DetailFeature.State has no stored property 'drat'; did you mean 'draft'? (the app's decoder ignores it)",
            "'detail' _0.items[0].size: Item has no stored property 'size' (the app's decoder ignores it)",
        ])
        notes = []
        #expect(schema.problem(with: try route("about", #"transition:={"x":1}"#), notes: &notes) == nil)
        #expect(notes == ["'about' transition.x: NavigatorTransition has no stored property 'x' (the app's decoder ignores it)"])
    }

    @Test func aChangeGetsTheDefaultsItLeavesOut() throws {
        let schema = try Self.schema()
        #expect(try schema.route(name: "help", words: []).codableValue.text == #"{"help":{"page":1,"tags":[]}}"#)
        #expect(try schema.route(name: "help", words: ["page=4"]).codableValue.text == #"{"help":{"page":4,"tags":[]}}"#)
        #expect(try schema.route(name: "about", words: []).codableValue.text == #"{"about":{}}"#)
        #expect(try schema.conform(try route("styled")).codableValue.text == #"{"styled":{"style":{"plain":{}},"raw":"b"}}"#)
        let go = try schema.conform(NavigationOperation.go(try RoutePath(parsing: "/help")))
        guard case .go(let path) = go else { Issue.record("not a go"); return }
        #expect(path.description == "/help?page:=1&tags:=%5B%5D")
    }

    @Test func migrationRenamesCasesAndPropertiesOfDeclaredTypesWhereverTheyStand() throws {
        let schema = try Self.schema(
            ["detail(DetailFeature.State)", "list([DetailFeature.Mode]?)", "Item"],
            structs: [("DetailFeature.State", [("id", "Int"), ("draft", "String?"), ("mode", "DetailFeature.Mode")])],
            enums: [("DetailFeature.Mode", ["view", "edit(field: Field?)"]), ("Field", ["title", "body(String)"]), ("Kind", ["plain", "fancy = \"F\""])])
        let migration = try Migration(
            renames: ["DetailFeature.Mode.editing=edit", "DetailFeature.State.text=draft", "Field.heading=title", "Item.count=size"], drops: []
        ).resolved(with: schema)
        #expect(migration.typeRenames == ["DetailFeature.Mode": ["editing": "edit"], "DetailFeature.State": ["text": "draft"], "Field": ["heading": "title"]])
        // `Item` is a route of the schema, not a declared type: its parameter is renamed.
        #expect(migration.parameterRenames == ["Item": ["count": "size"]])
        let stored = [
            try route("detail", #"_0:={"id":1,"text":"t","mode":{"editing":{"field":{"heading":{}}}}}"#), try route("list", #"_0:=[{"view":{}},{"editing":{}}]"#),
            try route("detail", #"_0:={"id":2,"mode":{"view":{}}}"#), try route("Item", "count:=3"),
        ]
        #expect(try stored.map { try migration.renamed($0).codableValue.text } == [
            #"{"detail":{"_0":{"id":1,"draft":"t","mode":{"edit":{"field":{"title":{}}}}}}}"#, #"{"list":{"_0":[{"view":{}},{"edit":{}}]}}"#,
            #"{"detail":{"_0":{"id":2,"mode":{"view":{}}}}}"#, #"{"Item":{"size":3}}"#,
        ])
        // A route with nothing to rename is the same route (its stored bytes kept).
        #expect(try migration.renamed(stored[2]) == stored[2])
        // A history path the same way.
        let history = try migration.apply(toPath: RoutePath(segments: [.route(stored[1])], withoutRoot: true).description)
        #expect(try history.map { try RoutePath(parsing: $0).segments } == [.route(try route("list", #"_0:=[{"view":{}},{"edit":{}}]"#))])
        // A property renamed onto one the value has would write a key twice: refused.
        let twice = try route("detail", #"_0:={"id":1,"text":"a","draft":"b","mode":{"view":{}}}"#)
        let error = #expect(throws: NavigatorError.self) { try migration.renamed(twice) }
        #expect(error?.message == "cannot rename 'text' of DetailFeature.State to 'draft': a value of it has 'draft' already")
        // Without a schema, `Type.case=new` is a parameter's rename, as it always was.
        let plain = try Migration(renames: ["DetailFeature.Mode.editing=edit"], drops: []).resolved(with: nil)
        #expect(plain.parameterRenames == ["DetailFeature.Mode": ["editing": "edit"]] && plain.typeRenames.isEmpty)
    }
}
