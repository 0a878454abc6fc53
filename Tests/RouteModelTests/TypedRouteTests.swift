import Foundation
import JSONText
import RouteModel
import TestSupport
import Testing

/// An app's own route enum as routes and back (``TypedRoute``), proven against Foundation:
/// every value gives the JSON value `JSONEncoder` writes, and decodes from what `JSONEncoder`
/// writes to what `JSONDecoder` reads.
@Suite(.tags(.unit)) struct TypedRouteTests {
    /// Every payload shape synthesized `Codable` writes, beyond ``AppScreen``'s.
    enum Shape: TypedRoute, Hashable {
        case unit
        case unlabelled(Int, String)
        case labelled(id: Int, name: String)
        case mixed(Int, flag: Bool)
        case optionals(String?, count: Int?)
        case nested(Inner)
        case optionalNested(Inner?)
        case array([Int])
        case nestedArrays([[Inner]])
        case dictionary([String: Int])
        case integerKeys([Int: String])
        case widths(Int8, Int16, Int32, Int64, UInt8, UInt16, UInt32, UInt64, UInt)
        case numbers(Double, Float)
        case point(Point)
        case inherited(Tagged)
        case link(URL)
        case blob(Data)
    }

    indirect enum Inner: Codable, Hashable {
        case more
        case item(Int)
        case pair(a: String, b: Inner?)
    }

    struct Point: Codable, Hashable {
        var x: Double
        var y: Double
    }

    /// A value coded as a class and its superclass are (`superEncoder()`), plus
    /// `superEncoder(forKey:)` and an unkeyed container's `superEncoder()`.
    struct Tagged: Codable, Hashable {
        var tag: String
        var base: Int
        var keyed: Int
        var listed: [Int]

        enum CodingKeys: String, CodingKey { case tag, keyed, list }

        init(tag: String, base: Int, keyed: Int, listed: [Int]) {
            (self.tag, self.base, self.keyed, self.listed) = (tag, base, keyed, listed)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(tag, forKey: .tag)
            try base.encode(to: container.superEncoder())
            try keyed.encode(to: container.superEncoder(forKey: .keyed))
            var list = container.nestedUnkeyedContainer(forKey: .list)
            for value in listed { try value.encode(to: list.superEncoder()) }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            tag = try container.decode(String.self, forKey: .tag)
            base = try Int(from: container.superDecoder())
            keyed = try Int(from: container.superDecoder(forKey: .keyed))
            var list = try container.nestedUnkeyedContainer(forKey: .list)
            listed = []
            while !list.isAtEnd { listed.append(try Int(from: list.superDecoder())) }
        }
    }

    static let shapes: [Shape] = [
        .unit, .unlabelled(-3, "a b/c"), .labelled(id: 7, name: "Ann \"Zoë\""), .mixed(1, flag: false),
        .optionals(nil, count: nil), .optionals("x", count: nil), .optionals(nil, count: 0),
        .nested(.more), .nested(.pair(a: "é", b: .pair(a: "", b: .item(9)))), .optionalNested(nil), .optionalNested(.item(1)),
        .array([]), .array([1, -2, 3]), .nestedArrays([[.more], [], [.item(2), .pair(a: "q", b: nil)]]),
        .dictionary([:]), .dictionary(["a": 1, "b c": 2]), .integerKeys([1: "one", -5: "minus five"]),
        .widths(.min, .min, .min, .min, .max, .max, .max, .max, .max), .widths(.max, .max, .max, .max, 0, 0, 0, 0, 0),
        .numbers(0.1, 0.1), .numbers(1, -2.5), .numbers(1e300, 3.4e38), .numbers(-0.0, 1e-45), .numbers(123456789.125, 16777216),
        .point(Point(x: 1.5, y: -0)), .inherited(Tagged(tag: "t", base: 1, keyed: 2, listed: [3, 4])),
        .link(URL(string: "https://example.com/a/b?c=1&d=%20#e")!), .link(URL(string: "myapp://item/7")!),
        .blob(Data()), .blob(Data([0, 1, 2, 250, 255])), .blob(Data("routectl".utf8)),
    ]

    // MARK: The mapping, both ways

    @Test func appScreensAreTheRoutesTheFormatsWrite() throws {
        let expected = [
            "home", "details?_0:=42", "profile?id:=7&name=Ann%20%22Zo%C3%AB%22", "feature?_0:=%7B%22item%22%3A%7B%22_0%22%3A3%7D%7D",
            "feature?_0:=%7B%22more%22%3A%7B%7D%7D", "tags?_0:=%5B%22a%22%2C%22b%22%5D", "note",
            "note?_0=a%2Fb%20%E2%80%94%20%E6%97%A5%E6%9C%AC", "settings",
        ]
        for (screen, path) in zip(AppScreen.everyShape, expected) {
            let route = try Route(screen)
            #expect(route.description == path, "\(screen)")
            #expect(try route.decode(as: AppScreen.self) == screen, "\(screen)")
            try expectSameAsFoundation(screen, route)
        }
    }

    @Test func everyShapeRoundTripsAsFoundationCodesIt() throws {
        for shape in Self.shapes {
            let route = try Route(shape)
            #expect(try Shape(route) == shape, "\(route)")
            try expectSameAsFoundation(shape, route)
        }
    }

    /// As `JSONEncoder`, not as their own `Codable`: a URL is its string, data its Base64 text.
    @Test func urlsAndDataAreWrittenAsJSONEncoderWritesThem() throws {
        #expect(try Route(Shape.link(URL(string: "myapp://item/7")!)).arguments == ["link", "_0=myapp://item/7"])
        #expect(try Route(Shape.blob(Data([0, 1, 2, 250, 255]))).arguments == ["blob", "_0=AAEC+v8="])
        for screen in [VAPNMirror.Destination.urlExample(URL(string: "https://example.com/x?y=1")!), .feature(.item(3)), .optionalNote(nil)] {
            try expectSameAsFoundation(screen, try Route(screen))
        }
        let relative = #expect(throws: NavigatorError.self) { try Route(Shape.link(URL(string: "b/c", relativeTo: URL(string: "https://example.com/a/"))!)) }
        #expect(relative?.message.hasPrefix("Shape cannot be a route: at link._0, a URL relative to a base") == true, "\(relative?.message ?? "")")
        for (words, message) in [
            (["blob", "_0=not base64!"], "route 'blob' does not fit Shape: at _0, expected Data (Base64 text), found 'not base64!'"),
            (["link", "_0:=1"], "route 'link' does not fit Shape: at _0, expected URL, found 1"),
        ] {
            let error = #expect(throws: NavigatorError.self) { try Shape(Route(name: words[0], arguments: Array(words.dropFirst()))) }
            #expect(error?.message == message)
        }
    }

    @Test func membersKeepDeclarationOrderAndStringsAreTextParameters() throws {
        #expect(try Route(Shape.labelled(id: 7, name: "Ann")).description == "labelled?id:=7&name=Ann")
        #expect(try Route(Shape.unlabelled(1, "x")).arguments == ["unlabelled", "_0:=1", "_1=x"])
        #expect(try Route(Shape.numbers(1, 0.5)).arguments == ["numbers", "_0:=1", "_1:=0.5"])
        #expect(try Route(Shape.unit) == Route("unit"))
    }

    /// As synthesized `Codable`: `nil` is no member at all, and `null` or a missing member both
    /// read as `nil`.
    @Test func anOptionalIsAbsentWhenNilAndReadsFromNullOrNothing() throws {
        #expect(try Route(Shape.optionals(nil, count: nil)) == Route("optionals"))
        #expect(try Route(Shape.optionals(nil, count: 2)).arguments == ["optionals", "count:=2"])
        for words in [["optionals"], ["optionals", "_0:=null", "count:=null"], ["optionals", "count:=null"]] {
            #expect(try Shape(Route(name: words[0], arguments: Array(words.dropFirst()))) == .optionals(nil, count: nil), "\(words)")
        }
        #expect(try Shape(Route(name: "optionalNested", arguments: ["_0:=null"])) == .optionalNested(nil))
    }

    /// As `JSONDecoder`: an integer reads from any number that holds it exactly.
    @Test func integersReadFromNumbersThatHoldThemExactly() throws {
        for (json, value) in [("42", 42), ("42.0", 42), ("4.2e1", 42), ("-0", 0)] {
            #expect(try Shape(Route(name: "mixed", arguments: ["_0:=" + json, "flag:=true"])) == .mixed(value, flag: true), "\(json)")
            #expect(try JSONDecoder().decode(Shape.self, from: Data(#"{"mixed":{"_0":\#(json),"flag":true}}"#.utf8)) == .mixed(value, flag: true))
        }
    }

    // MARK: What does not fit

    @Test func aRouteThatDoesNotFitIsRefusedNamingTheCaseTheValueAndTheType() throws {
        for (words, message) in [
            (["settings"], "route 'settings' is not a case of Shape"),
            (["mixed", "_0=42", "flag:=true"], "route 'mixed' does not fit Shape: at _0, expected Int, found '42'"),
            (["mixed", "flag:=true"], "route 'mixed' does not fit Shape: at _0, expected Int, found nothing"),
            (["mixed", "_0:=null", "flag:=true"], "route 'mixed' does not fit Shape: at _0, expected Int, found null"),
            (["mixed", "_0:=1.5", "flag:=true"], "route 'mixed' does not fit Shape: at _0, expected Int, found 1.5, which Int does not hold"),
            (["mixed", "_0:=1", "flag:=true", "extra=x"], "route 'mixed' does not fit Shape: the case takes no parameter 'extra'"),
            (["unit", "_0:=1"], "route 'unit' does not fit Shape: the case takes no parameter '_0'"),
            (["widths", "_0:=300", "_1:=0", "_2:=0", "_3:=0", "_4:=0", "_5:=0", "_6:=0", "_7:=0", "_8:=0"],
             "route 'widths' does not fit Shape: at _0, expected Int8, found 300, which Int8 does not hold"),
            (["widths", "_0:=0", "_1:=0", "_2:=0", "_3:=0", "_4:=-1", "_5:=0", "_6:=0", "_7:=0", "_8:=0"],
             "route 'widths' does not fit Shape: at _4, expected UInt8, found -1, which UInt8 does not hold"),
            (["nested", #"_0:={"item":{"_0":"x"}}"#], "route 'nested' does not fit Shape: at _0.item._0, expected Int, found 'x'"),
            (["nested", #"_0:={"gone":{}}"#], "route 'nested' does not fit Shape: at _0, "),
            (["array", "_0:=[1,true]"], "route 'array' does not fit Shape: at _0[1], expected Int, found true"),
            (["array", "_0:={}"], "route 'array' does not fit Shape: at _0, expected Array<Any>, found an object"),
            (["dictionary", #"_0:={"a":"b"}"#], "route 'dictionary' does not fit Shape: at _0.a, expected Int, found 'b'"),
        ] {
            let route = try Route(name: words[0], arguments: Array(words.dropFirst()))
            let error = #expect(throws: NavigatorError.self, "\(words)") { try Shape(route) }
            #expect(error?.kind == .invalidInput)
            #expect(error?.message.hasPrefix(message) == true, "\(words): \(error?.message ?? "")")
            // Foundation refuses the same JSON, except a member the case does not read.
            if !message.contains("takes no parameter") {
                #expect(throws: (any Error).self, "\(words)") { try JSONDecoder().decode(Shape.self, from: Data(route.codableValue.text.utf8)) }
            }
        }
    }

    @Test func aValueThatIsNoRouteIsRefusedNamingTheTypeAndTheCase() throws {
        for (make, message) in [
            ({ try Route(Shape.numbers(.nan, 0)) }, "Shape cannot be a route: at numbers._0, Double nan cannot be written as JSON"),
            ({ try Route(Shape.numbers(0, -.infinity)) }, "Shape cannot be a route: at numbers._1, Float -inf cannot be written as JSON"),
            ({ try Route(Shape.unlabelled(1, "two\nlines")) }, "Shape.unlabelled cannot be a route: value of parameter '_1' holds a control character"),
            ({ try Route(42) }, "Int cannot be a route: an enum value is an object with one member, its case, not 42"),
            ({ try Route(Point(x: 0, y: 0)) }, "Point cannot be a route: an enum value is an object with one member"),
        ] as [(() throws -> Route, String)] {
            let error = #expect(throws: NavigatorError.self, "\(message)") { try make() }
            #expect(error?.kind == .invalidInput)
            #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
        }
    }

    /// A case whose CodingKeys name it with no route name (here a space, a slash and a
    /// newline): the refusal names it quoted and escaped, on one line (it was written raw,
    /// newline and all). Test first: it failed.
    @Test func aCaseRenamedToNoRouteNameIsRefusedInOneLine() throws {
        enum Renamed: Codable {
            case custom(id: Int)
            enum CodingKeys: String, CodingKey { case custom = "my custom/case\n" }
        }
        let error = #expect(throws: NavigatorError.self) { try Route(Renamed.custom(id: 1)) }
        let message = try #require(error?.message)
        #expect(message.hasPrefix("Renamed.'my custom/case\\n' cannot be a route: "), "\(message)")
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 })
    }

    /// `JSONEncoder` stops the program when a type asks for two containers of different kinds
    /// at one place; a route is refused instead.
    @Test func aContainerMisusedIsAnErrorNotACrash() throws {
        struct Misused: Encodable {
            let twice: Bool
            enum Keys: CodingKey { case x }
            func encode(to encoder: any Encoder) throws {
                var keyed = encoder.container(keyedBy: Keys.self)
                try keyed.encode(1, forKey: .x)
                if twice {
                    var single = encoder.singleValueContainer()
                    try single.encode(2)
                } else {
                    var unkeyed = encoder.unkeyedContainer()
                    try unkeyed.encode(3)
                }
            }
        }
        for twice in [false, true] {
            let error = #expect(throws: NavigatorError.self) { try Route(Misused(twice: twice)) }
            #expect(error?.message.hasPrefix("Misused cannot be a route: at the top, ") == true, "\(error?.message ?? "")")
        }
    }

    /// A message is one line whatever the route holds: a key of a typed value (from the file)
    /// or an app's own error text with a newline is escaped, and a long one cut.
    @Test func aRefusalIsOneLineWhateverTheRouteOrTheAppSays() throws {
        let key = try Route(name: "dictionary", arguments: [#"_0:={"a\nb":"x"}"#])
        let error = #expect(throws: NavigatorError.self) { try Shape(key) }
        #expect(error?.message == #"route 'dictionary' does not fit Shape: at _0.'a\nb', expected Int, found 'x'"#)
        struct Picky: Decodable {
            init(from decoder: any Decoder) throws {
                throw DecodingError.dataCorruptedError(
                    in: try decoder.singleValueContainer(), debugDescription: "two\nlines" + String(repeating: "x", count: 500))
            }
        }
        enum Holder: Decodable { case picky(Picky) }
        let picky = #expect(throws: NavigatorError.self) { try Route(name: "picky", arguments: ["_0:=1"]).decode(as: Holder.self) }
        #expect(picky?.message.hasPrefix("route 'picky' does not fit Holder: at _0, two\\nlines") == true, "\(picky?.message ?? "")")
        #expect(picky?.message.contains("\n") == false, "\(picky?.message ?? "")")
        #expect((picky?.message.count ?? .max) < 300, "\(picky?.message ?? "")")
    }

    /// A value nested deeper than any route holds is refused before the encoder's recursion
    /// could exhaust the stack.
    @Test func aValueNestedTooDeepIsRefused() throws {
        var inner = Inner.more
        for _ in 0..<300 { inner = .pair(a: "", b: inner) }
        let error = #expect(throws: NavigatorError.self) { try Route(Shape.nested(inner)) }
        #expect(error?.message.hasPrefix("Shape cannot be a route: at nested._0.pair.b.pair.b") == true, "\(error?.message.prefix(200) ?? "")")
        #expect(error?.message.hasSuffix("the value is nested deeper than 256 levels") == true, "\(error?.message.suffix(200) ?? "")")
        #expect((error?.message.count ?? .max) < 300)
    }

    /// A dictionary payload of many keys decodes key by key without a scan per key.
    @Test func aLargeDictionaryRoundTrips() throws {
        let dictionary = Dictionary(uniqueKeysWithValues: (0..<5_000).map { ("k\($0)", $0) })
        let route = try Route(Shape.dictionary(dictionary))
        #expect(try Shape(route) == .dictionary(dictionary))
    }

    // MARK: Foundation, the reference

    /// `value`'s route holds the JSON value `JSONEncoder` writes (members in any order), and
    /// `JSONDecoder` reads the route's JSON as the value it came from.
    func expectSameAsFoundation<Value: Codable & Equatable>(_ value: Value, _ route: Route, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let foundation = try JSONValue(parsing: Array(JSONEncoder().encode(value)))
        #expect(route.codableValue.sorted == foundation.sorted, "\(route)", sourceLocation: sourceLocation)
        #expect(try Route(codableValue: foundation).decode(as: Value.self) == value, "\(route)", sourceLocation: sourceLocation)
        #expect(try JSONDecoder().decode(Value.self, from: Data(route.codableValue.text.utf8)) == value, "\(route)", sourceLocation: sourceLocation)
    }
}

extension JSONValue {
    /// The value with every object's members sorted by key (`JSONEncoder` keeps no order).
    fileprivate var sorted: JSONValue {
        switch self {
        case .array(let elements): return .array(elements.map(\.sorted))
        case .object(let members): return .object(members.map { Member($0.key, $0.value.sorted) }.sorted { $0.key < $1.key })
        case .null, .bool, .number, .string: return self
        }
    }
}
