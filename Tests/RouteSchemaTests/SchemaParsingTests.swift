import Testing
import RouteSchema
import TestSupport

/// Route signatures in Swift's own syntax, read into a schema, and every declaration synthesized
/// `Codable` could not produce refused with the file, line, member and why.
@Suite(.tags(.unit)) struct SchemaParsingTests {
    func schema(_ routes: [String], types: [String: [String]] = [:]) throws -> Schema {
        let declarations = routes.enumerated().map { SchemaDeclaration($1, line: $0 + 2) }
        let typeDeclarations = types.keys.sorted().enumerated().map { offset, name in
            Schema.TypeDeclaration(name: name, line: 20 + offset * 10, cases: types[name]!.enumerated().map { SchemaDeclaration($1, line: 21 + offset * 10 + $0) })
        }
        return try Schema(routes: declarations, types: typeDeclarations)
    }

    func refusal(_ routes: [String], types: [String: [String]] = [:]) -> String? {
        do {
            _ = try schema(routes, types: types)
            return nil
        } catch let error as SchemaError {
            return error.description
        } catch {
            return "not a SchemaError: \(error)"
        }
    }

    @Test func readsEveryShapeOfTheSpec() throws {
        let schema = try schema(
            ["onboarding", "home", "details(Int)", "profile(id: Int, name: String?)", "feature(Feature)",
             "search(terms: [String], filters: [String: Bool], score:Double)", "mixed(Int, label: String, [Int?]?)"],
            types: ["Feature": ["more", "list(page: Int)"]])
        #expect(schema.routeNames == ["onboarding", "home", "details", "profile", "feature", "search", "mixed"])
        #expect(schema.routes["details"]?.description == "details(Int)")
        #expect(schema.routes["details"]?.keys == ["_0"])
        #expect(schema.routes["profile"]?.description == "profile(id: Int, name: String?)")
        #expect(schema.routes["search"]?.description == "search(terms: [String], filters: [String: Bool], score: Double)")
        #expect(schema.routes["mixed"]?.keys == ["_0", "label", "_2"])
        #expect(schema.routes["mixed"]?.values[2].type == .optional(.array(.optional(.int))))
        #expect(schema.routes["feature"]?.values[0].type == .named("Feature"))
        #expect(schema.types["Feature"]?.names == ["more", "list"])
    }

    @Test func rawValuesFollowSwift() throws {
        let ints = try schema(["home", "settings = 5", "about", "legal = -1"])
        #expect(ints.routes.rawKind == .int)
        #expect(ints.routes.cases.map(\.rawValue) == [.int(0), .int(5), .int(6), .int(-1)])
        let strings = try schema(["home", "settings = \"prefs\""])
        #expect(strings.routes.rawKind == .string)
        #expect(strings.routes.cases.map(\.rawValue) == [.string("home"), .string("prefs")])
        #expect(try schema(["home", "about"]).routes.rawKind == nil)
        #expect(refusal(["home = 1", "about = 1"]) == "routectl.json:3: routes[1] 'about = 1': the raw value 1 is also the case 'home''s")
        #expect(refusal(["home = 1", "about"]) == nil)
        #expect(refusal(["home = 0", "about = \"x\""])?.hasSuffix("raw values are all integers or all strings") == true)
        #expect(refusal(["home = 0", "details(Int)"])?.contains("an enum with raw values has no associated values") == true)
        #expect(refusal(["details(Int) = 3"])?.contains("a case with associated values cannot have a raw value") == true)
        #expect(refusal(["home = 99999999999999999999"])?.contains("an integer that fits an Int") == true)
        // Swift refuses the case after Int.max (its raw value overflows); it never wraps to Int.min.
        #expect(refusal(["home = 9223372036854775807", "about"]) == "routectl.json:3: routes[1] 'about': the raw value after 9223372036854775807 overflows an Int; give this case a raw value of its own")
        #expect(refusal(["home = 9223372036854775807", "about = 0"]) == nil)
    }

    @Test func refusesWhatDoesNotParse() {
        #expect(refusal(["home", "details(Int"]) == "routectl.json:3: routes[1] 'details(Int': expected ')' after the associated values (column 12)")
        #expect(refusal(["details()"])?.contains("empty parentheses") == true)
        #expect(refusal([""])?.contains("expected a case name") == true)
        #expect(refusal(["9lives"])?.contains("expected a case name, found '9'") == true)
        #expect(refusal(["det-ails"])?.contains("unexpected '-' after the declaration") == true)
        #expect(refusal(["details(Int)(String)"])?.contains("declares its associated values once") == true)
        #expect(refusal(["details(Int String)"])?.contains("expected ',' or ')' after a type, found 'S'") == true)
        #expect(refusal(["details([Int)"])?.contains("expected ']', found ')'") == true)
        #expect(refusal(["details([Int: String])"])?.contains("a dictionary's keys are String") == true)
        #expect(refusal(["details((Int, Int))"])?.contains("a tuple is not Codable") == true)
        #expect(refusal(["details(Optional<Int>)"])?.contains("write T? for Optional") == true)
        #expect(refusal(["details(Int??)"])?.contains("an optional of an optional") == true)
        #expect(refusal(["details(_: Int)"])?.contains("'_' as a label") == true)
        #expect(refusal(["case details(Int)"])?.contains("without 'case'") == true)
        #expect(refusal(["details(x: )"])?.contains("expected a type") == true)
        #expect(refusal([String(repeating: "a", count: 65)])?.contains("at most 64 characters") == true)
        #expect(refusal([String(repeating: "a", count: 5000)])?.contains("at most 1024 characters") == true)
        #expect(refusal(["details(" + String(repeating: "[", count: 100) + "Int" + String(repeating: "]", count: 100) + ")"])?.contains("nest at most 32") == true)
        #expect(refusal(["home\u{1}"])?.contains("a control character") == true)
    }

    @Test func refusesWhatSynthesizedCodableCannotProduce() {
        #expect(refusal(["home", "details(Int)", "home"]) == "routectl.json:4: routes[2] 'home': the case 'home' is declared twice (also routes[0]): synthesized Codable cannot tell them apart")
        #expect(refusal(["profile(id: Int, id: String)"])?.hasSuffix("the label 'id' is used twice: synthesized Codable writes both under one key") == true)
        #expect(refusal(["pair(_1: Int, String)"])?.hasSuffix("the label '_1' is the key of the unlabelled value at position 1: synthesized Codable writes both under one key") == true)
        #expect(refusal(["pair(Int, _0: String)"])?.contains("the label '_0' is the key of the unlabelled value at position 0") == true)
        #expect(refusal(["pair(_0: Int, String)"]) == nil)
        #expect(refusal(["feature(Featur)"], types: ["Feature": ["more"]]) == "routectl.json:2: routes[0] 'feature(Featur)': unknown type 'Featur': use String, Int, Double, Bool or a type under 'types' (Feature)")
        #expect(refusal(["feature([String: Thing?])"])?.hasSuffix("unknown type 'Thing': use String, Int, Double or Bool, or declare it under 'types'") == true)
        #expect(refusal(["home"], types: ["Feature": ["list(Page)"]]) == "routectl.json:21: types.Feature[0] 'list(Page)': unknown type 'Page': use String, Int, Double, Bool or a type under 'types' (Feature)")
        #expect(refusal(["home"], types: ["String": ["a"]]) == "routectl.json:20: types.String: String is Swift's own type: give the app's enum its own name")
        #expect(refusal(["home"], types: ["a-b": ["a"]])?.contains("a type's name is a Swift identifier") == true)
    }

    @Test func refusesTypesWithoutAFiniteValue() {
        #expect(refusal(["home"], types: ["Tree": ["node(Tree)"]]) == "routectl.json:20: types.Tree: no value of Tree is finite: every case holds a Tree (through its values), so no decoder can finish one; make one case hold none, or the value optional")
        #expect(refusal(["home"], types: ["A": ["a(B)"], "B": ["b(A)"]])?.contains("no value of A is finite") == true)
        // Through an optional, an array or a dictionary, or with one case that ends: fine.
        #expect(refusal(["home"], types: ["Tree": ["node(Tree?)"]]) == nil)
        #expect(refusal(["home"], types: ["Tree": ["node([Tree])"]]) == nil)
        #expect(refusal(["home"], types: ["Tree": ["node(left: Tree, right: Tree)", "leaf(Int)"]]) == nil)
        #expect(refusal(["home"], types: ["A": ["a(B)"], "B": ["b(A)", "c"]]) == nil)
    }

    /// 5,000 enums, each holding the next, the last ending the chain: the check of finite
    /// values is linear (a sweep per link of the chain ran for minutes).
    @Test func aLongChainOfTypesIsCheckedInLinearTime() throws {
        let count = 5_000
        var types = (0..<count).map { Schema.TypeDeclaration(name: "T\($0)", line: $0 + 10, cases: [SchemaDeclaration("a(T\($0 + 1))", line: $0 + 10)]) }
        types.append(Schema.TypeDeclaration(name: "T\(count)", line: count + 10, cases: [SchemaDeclaration("a", line: count + 10)]))
        #expect(try Schema(routes: [SchemaDeclaration("x(T0)", line: 2)], types: types).types.count == count + 1)
        types[count] = Schema.TypeDeclaration(name: "T\(count)", line: count + 10, cases: [SchemaDeclaration("a(T0)", line: count + 10)])
        #expect(throws: SchemaError.self) { try Schema(routes: [SchemaDeclaration("x(T0)", line: 2)], types: types) }
    }

    @Test func anErrorNamesTheFileGiven() {
        #expect(throws: SchemaError.self) { try Schema(routes: [SchemaDeclaration("x(", line: 9)], file: "app/routectl.json") }
        do {
            _ = try Schema(routes: [SchemaDeclaration("x(", line: 9)], file: "app/routectl.json")
        } catch {
            #expect(error.description.hasPrefix("app/routectl.json:9: routes[0] 'x(': "))
            #expect(error.line == 9 && error.member == "routes[0]")
        }
    }
}
