import Foundation
import Testing

import RouteModel
import TestSupport
import RouteCodecs

/// SwiftUI's NavigationPath read through its one reader (``NavigationPathCodec/document(_:)``)
/// on generated hostile documents, built from their parts (not mutated bytes): escapes in type
/// names and values, raw quotes and controls, C1 controls and DEL, surrogates, bad UTF-8,
/// names and values near their limits, many members, keys twice, many types, private and
/// generic types, Unicode-equivalent values, odd white space. Each round-trips
/// (``CodecRoundTrip``): the document's path is its state's, and a push it splices into the
/// bytes is the state's encoding after the push; each element is the route its JSON value
/// reads as.
@Suite(.tags(.fuzz), .slowLayer) struct NavigationPathGeneratedTests {
    static let codec = NavigationPathCodec()

    struct Generator {
        var random: FuzzRandom

        mutating func pick<T>(_ choices: [T]) -> T { random.pick(choices) }
        mutating func chance(_ p: Double) -> Bool { random.chance(p) }
        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

        static let typeNames = [
            "Swift.Int", "MyApp.Screen", "MyApp.Screen", "MyApp.Screen", "MyApp.Recipe", "Swift.String", "Swift.Bool",
            "Swift.Optional<Swift.Int>", "Swift.Array<Swift.Int>", "MyApp.(unknown context at $56099b7b7278).Hidden",
            "(Swift.Int, Swift.Int)", "M.a-b", "M.1abc", "M._x", "M.a.b.c", "A.B", "T0.S", "T1.S", "T2.S", "T3.S", "T4.S",
            "T5.S", "T6.S", "T7.S", "T8.S", "T9.S", "M." + String(repeating: "n", count: 64), "M." + String(repeating: "n", count: 65),
            "M." + String(repeating: "n", count: 1020), "M." + String(repeating: "n", count: 1021), "M.Caf\u{E9}", "Si", "User",
            "MyApp.Outer<MyApp.Inner.Deep>", "MyApp.Screen ", " MyApp.Screen", "MyApp.Scr\u{7F}een",
        ]

        static let names = ["a", "home", "details", "profile", "Recipe", "Int", "S", "Hidden", "Optional", "_0", "_", "a.b", "a-b", "1a", "a b", "",
                            String(repeating: "k", count: 64), String(repeating: "k", count: 65), "caf\u{E9}"]

        static let valuePieces = ["a", "Ann", "x/y", "%", " ", "\u{E9}", "e\u{301}", "\u{85}", "\u{7F}", "\u{9F}", "\u{A0}", "\u{2028}", "\u{1F600}",
                                  "\"", "\\", "\n", "\t", "\u{0}", "?", "&", "=", ":", "~", "\u{FFFD}"]

        /// A JSON text of a string value (its quotes included), maybe with escapes.
        mutating func jsonString() -> String {
            var text = ""
            let count = chance(0.05) ? int(1020...1026) : int(0...6)
            if count > 100 {
                text = String(repeating: pick(["x", "\u{E9}", "e\u{301}"]), count: count / (chance(0.5) ? 1 : 2))
                if chance(0.5) { text = String(text.utf8.prefix(count).map { Character(Unicode.Scalar($0 < 0x80 ? $0 : 0x78)) }) }
            } else {
                for _ in 0..<count { text += pick(Self.valuePieces) }
            }
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += chance(0.8) ? "\\\"" : "\\u0022"
                case "\\": out += "\\\\"
                case "/": out += chance(0.8) ? "/" : "\\/"
                case "\n": out += chance(0.5) ? "\\n" : "\\u000a"
                case "\t": out += "\\t"
                case "\u{0}": out += "\\u0000"
                case "\u{E9}" where chance(0.2): out += "\\u00e9"
                case "\u{1F600}" where chance(0.3): out += "\\ud83d\\ude00"
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }

        mutating func number() -> String {
            pick(["0", "-0", "7", "42", "-12", "01", "1.5", "1e3", "-", "1E2", "00", String(repeating: "9", count: 300),
                  "-" + String(repeating: "9", count: 299), "-" + String(repeating: "9", count: 300), String(repeating: "9", count: 301), "123456789012345678901234567890"])
        }

        mutating func scalar() -> String {
            switch int(0...9) {
            case 0...3: return jsonString()
            case 4...6: return number()
            case 7: return pick(["true", "false"])
            case 8: return "null"
            default: return pick(["[]", "[1]", "{}", "{\"a\":1}", "tru", "nul", "1.0"])
            }
        }

        mutating func ws() -> String {
            chance(0.9) ? "" : pick([" ", "\n", "\t", "\r\n", "\n  "])
        }

        mutating func members(_ count: Int) -> String {
            var keys: [String] = []
            for _ in 0..<count {
                keys.append(chance(0.1) && !keys.isEmpty ? pick(keys) : pick(["id", "name", "_0", "k", "x", "on"] + Self.names))
            }
            return keys.map { "\(ws())\"\($0)\"\(ws()):\(ws())\(scalar())\(ws())" }.joined(separator: ",")
        }

        mutating func memberCount() -> Int {
            chance(0.1) ? int(14...18) : int(0...3)
        }

        /// A JSON text of an element (valid or not).
        mutating func element() -> String {
            switch int(0...9) {
            case 0...4: return "{\"\(pick(Self.names))\":{\(members(memberCount()))}}" + (chance(0.03) ? pick([" ", ",", "}", "x"]) : "")
            case 5...6: return "{\(members(memberCount()))}"
            case 7: return ws() + scalar() + ws()
            case 8: return "{\"\(pick(Self.names))\":{\(members(1))},\"b\":\(scalar())}"
            default: return pick(["", "{", "{\"a\":{}", "{\"a\":{}}}", "{\"a\":{\"b\":{}}}", "{\"a\":[1]}", "{\"a\":{\"k\":[]}}"])
            }
        }

        /// `text` as the content of a JSON string, escaped (mostly as an encoder does, sometimes
        /// otherwise, sometimes not at all: raw quotes and controls).
        mutating func escaped(_ text: String) -> [UInt8] {
            var out: [UInt8] = []
            let mode = int(0...19)
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""):
                    switch mode {
                    case 0: out += [byte]  // raw: ends the string early
                    case 1: out += Array("\\u0022".utf8)
                    default: out += [UInt8(ascii: "\\"), byte]
                    }
                case UInt8(ascii: "\\"):
                    out += mode == 2 ? [byte] : [UInt8(ascii: "\\"), byte]
                case 0..<0x20:
                    if mode == 3 { out.append(byte) } else { out += Array("\\u00".utf8) + Array(String(byte, radix: 16).count == 1 ? "0\(String(byte, radix: 16))".utf8 : String(byte, radix: 16).utf8) }
                case UInt8(ascii: "/") where mode == 4:
                    out += Array("\\/".utf8)
                default:
                    out.append(byte)
                }
            }
            if mode == 5, !out.isEmpty { out.insert(pick([0xFF, 0xC0, 0xED, 0x80, 0x7F, 0xC2]), at: int(0...out.count - 1)) }
            if mode == 6 { out += Array("\\\\".utf8) }
            if mode == 7, !out.isEmpty { out.insert(contentsOf: Array(pick(["\\ud800", "\\udc00", "\\u00e9", "\\n", "\\x", "\\"]).utf8), at: int(0...out.count - 1)) }
            return out
        }

        mutating func typeString() -> [UInt8] {
            let name = pick(Self.typeNames)
            switch int(0...29) {
            case 0: return Array("\"\(name.replacingOccurrences(of: ".", with: "\\u002E"))\"".utf8)
            case 1: return Array("\"\(name)\\\\\"".utf8)
            case 2: return Array("\"\(name)\\/\"".utf8)
            default: return Array("\"\(name)\"".utf8)
            }
        }

        mutating func document() -> [UInt8] {
            var out = Array(ws().utf8) + [UInt8(ascii: "[")]
            let pairs = chance(0.05) ? int(9...30) : int(0...4)
            let separator = pick([",", ", ", ",\n  ", ",\r\n\t", " , "])
            let lead = pick(["", "\n  ", " "])
            out += Array(lead.utf8)
            var strings: [[UInt8]] = []
            for _ in 0..<pairs {
                // Sometimes an earlier pair again (an element equal to another, maybe in other bytes).
                if strings.count >= 2, chance(0.25) {
                    let earlier = 2 * int(0...(strings.count / 2 - 1))
                    strings += [strings[earlier], strings[earlier + 1]]
                    continue
                }
                strings.append(typeString())
                strings.append([UInt8(ascii: "\"")] + escaped(element()) + [UInt8(ascii: "\"")])
            }
            if chance(0.02), !strings.isEmpty { strings.removeLast() }
            for (index, string) in strings.enumerated() {
                // Between a pair's two strings, sometimes other white space than between pairs.
                if index > 0 { out += Array((chance(0.9) ? separator : pick([",", " ,", ", ", ",\n", ",,"])).utf8) }
                out += string
            }
            out += Array(pick(["", "\n", " "]).utf8) + [UInt8(ascii: "]")] + Array(pick(["", "", "\n", " \n", "x", "\u{0}"]).utf8)
            return out
        }
    }

    /// Routes to push: some of the document's own (as a command gives them, maybe with a
    /// value in another Unicode form), and fixed ones.
    static func routes(for state: NavigatorState?, _ generator: inout Generator) -> [Route] {
        func route(_ text: String) -> Route { try! RoutePath(parsing: "/" + text).segments.compactMap { if case .route(let r) = $0 { r } else { nil } }[0] }
        var routes = ["details?_0:=42", "home", "Recipe?id:=42", "Int?_0:=7", "S", "a?k=x", "profile?id:=7&name=Ann", "Optional?_0:=null",
                      "String?_0=a", "Hidden?x:=1", "a?k:=\"x\"", "a?k:=1.0", "a?k:=[1]", "Optional?_0:=1", "Array?_0:=[1]", "home?x=%C3%A9", "home?x=e%CC%81", "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn?_0:=0"].map(route)
        for existing in state?.stack.prefix(4) ?? [] {
            let parameters = existing.parameters.map { parameter -> Route.Parameter in
                var value = parameter.value
                if parameter.type == .string, generator.chance(0.3) {
                    value = generator.chance(0.5) ? value.decomposedStringWithCanonicalMapping : value.precomposedStringWithCanonicalMapping
                }
                return Route.Parameter(checkedKey: parameter.key, value: value, type: parameter.type)
            }
            routes.append(Route(checkedName: existing.name, parameters: parameters))
        }
        return routes
    }

    nonisolated(unsafe) static var pushedQuickly = 0

    static func check(_ bytes: [UInt8], _ generator: inout Generator) -> String? {
        let full = codec.readIfRecognized(bytes)
        var fullState: NavigatorState?
        if case .success(let state)? = full { fullState = state }
        if let fullState, let strings = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) as? [String], strings.count == 2 * fullState.stack.count {
            // Each element as its JSON value reads it (the reading that defines the route).
            for (index, route) in fullState.stack.enumerated() {
                let pair = fullState.stack.count - 1 - index
                let reference = try? NavigationPathElement.routeByValue(type: NavigationPathTypeName(strings[2 * pair]), text: strings[2 * pair + 1])
                guard reference?.0 == route, reference?.0.parameters.map(\.type) == route.parameters.map(\.type) else {
                    return "element \(pair) decodes as \(route), by its value as \(String(describing: reference))"
                }
            }
        }
        for table in [FormatTable.standard, FormatTable.standard.narrowed(to: NavigationPathCodec.formatName)!] {
            guard let found = try? table.document(recognized: bytes), let path = try? found.document.path(order: ParameterOrder()) else { continue }
            guard let read = try? table.read(recognized: bytes) else { return "the table's document says \(path) of a document the table refuses" }
            guard read.state.path == path else { return "the table's document says \(path), its state \(read.state.path)" }
        }
        if let problem = CodecRoundTrip.check(bytes, codec).problem { return problem }
        for route in routes(for: fullState, &generator) {
            if codec.spliced(route, onto: bytes) != nil { pushedQuickly += 1 }
            if let problem = CodecRoundTrip.check(bytes, codec, then: [.push(route)]).problem { return "push \(route): \(problem)" }
        }
        return nil
    }

    @Test func generatedDocumentsRoundTrip() {
        let seed = FuzzSettings.seed(for: "NavigationPathGeneratedTests.generatedDocumentsRoundTrip")
        var generator = Generator(random: FuzzRandom(seed: seed))
        let count = FuzzSettings.cases(5_000, factor: 100)
        var said = 0
        var failures = 0
        for index in 0..<count {
            let bytes = generator.document()
            if (try? Self.codec.decode(bytes)) != nil { said += 1 }
            if let problem = Self.check(bytes, &generator) {
                Issue.record("seed \(seed), case \(index): \(problem)\n\(String(decoding: bytes.prefix(600), as: UTF8.self).debugDescription)")
                failures += 1
                if failures >= 5 { break }
            }
        }
        print("NavigationPathGeneratedTests: \(count) documents, \(said) read, \(Self.pushedQuickly) pushes spliced into them")
        #expect(said > count / 20)
    }

    /// The brief's hostile documents, one by one: the path each one's document says is the
    /// decoded state's (none where decoding refuses it); pushes likewise.
    @Test func namedHostileDocuments() {
        let long = String(repeating: "n", count: 64)
        let cases: [String] = [
            #"["A.B","7"]"#,
            #"[ "A.B" , "7" ]"#,
            "[\r\n\t\"A.B\",\r\n\t\"7\"\r\n]\r\n",
            #"["A\u002EB","7"]"#,  // an escape in a type name
            #"["A.B\\","7"]"#,  // `\\` right before the closing quote of a type name
            #"["A.B","\"x\\"]"#,  // `\\` right before the closing quote of a value
            #"["A.B","{\"a\":{\"k\":\"x\\\\\"}}"]"#,
            #"["A.B","{\u0022a\u0022:{}}"]"#,  // \u0022 for a structural quote
            #"["A.B","{\"a\":{\"k\":\"\u0022\"}}"]"#,
            "[\"A.B\",\"{\\\"a\\\":{\\\"k\\\":\\\"\u{85}\\\"}}\"]",  // a C1 control
            "[\"A.B\",\"{\\\"a\\\":{\\\"k\\\":\\\"\u{7F}\\\"}}\"]",  // DEL
            "[\"A.B\",\"{\\\"a\\\":{\\\"k\\\":\\\"\u{A0}\u{2028}\\\"}}\"]",
            "[\"A.B\",\"{\\\"a\\\":{\\\"k\\\":\\\"x\u{0}\\\"}}\"]",  // a raw NUL
            "[\"A.B\",\"{\\\"a\\\":{\\\"k\\\":\\\"x\"}}\"]",  // a raw quote
            #"["A.B","{\"a\":{\"k\":\"\ud83d\ude00\"}}"]"#,  // a surrogate pair escaped
            #"["A.B","{\"a\":{\"k\":\"\ud800\"}}"]"#,  // a lone surrogate
            "[\"A.B\",\"{\\\"a\\\":{\\\"k\\\":\\\"\u{1F600}\\\"}}\"]",
            "[\"A.B\",\"{\\\"a\\\":{\\\"k\\\":\\\"e\u{301}\\\"}}\"]",
            "[\"A.B\",\"{\\\"" + long + "\\\":{}}\"]",  // a 64-byte case name
            "[\"A.B\",\"{\\\"" + long + "n\\\":{}}\"]",  // 65
            "[\"A.B\",\"{\\\"a\\\":{\\\"k\\\":\\\"" + String(repeating: "x", count: 1024) + "\\\"}}\"]",
            "[\"A.B\",\"{\\\"a\\\":{\\\"k\\\":\\\"" + String(repeating: "x", count: 1025) + "\\\"}}\"]",
            "[\"A.B\",\"" + String(repeating: "9", count: 300) + "\"]",
            "[\"A.B\",\"" + String(repeating: "9", count: 301) + "\"]",
            // (Keys in the order the path prints them, and in another: that element's route is built to print them.)
            "[\"A.B\",\"{" + (0..<16).map { "\\\"k\($0 < 10 ? "0" : "")\($0)\\\":\($0)" }.joined(separator: ",") + "}\"]",
            "[\"A.B\",\"{" + (0..<16).map { "\\\"k\($0)\\\":\($0)" }.joined(separator: ",") + "}\"]",
            "[\"A.B\",\"{" + (0..<17).map { "\\\"k\($0 < 10 ? "0" : "")\($0)\\\":\($0)" }.joined(separator: ",") + "}\"]",
            #"["A.B","{\"k\":1,\"k\":2}"]"#,  // a key twice
            #"["Swift.Optional<Swift.Int>","null","MyApp.(unknown context at $56099b7b7278).Hidden","{\"x\":1}"]"#,
            #"["M.1abc","7"]"#,  // a plain value of a type with no route name
            #"["M.1abc","{\"ok\":{}}"]"#,  // an enum value of it
            "[\"M." + long + "\",\"7\"]",
            "[\"M." + long + "n\",\"7\"]",
            "[" + (0..<12).map { "\"T\($0 % 10).S\",\"{\\\"S\\\":{\\\"i\\\":\($0)}}\"" }.joined(separator: ",") + "]",  // types that recur after 8 others
            "[\"A.B\",\"7\"]\u{0}",
            "\u{FEFF}[\"A.B\",\"7\"]",
            "[\"A.B\",\"7\",]",
            "[\"A.B\"]",
            "[\n\n]",
        ]
        var generator = Generator(random: FuzzRandom(seed: 23))
        for text in cases {
            let bytes = Array(text.utf8)
            #expect(Self.codec.documentPath(bytes) == (try? Self.codec.decode(bytes))?.path, "\(text.debugDescription)")
            if let problem = Self.check(bytes, &generator) { Issue.record("\(text.debugDescription): \(problem)") }
        }
    }

    /// Pushes spliced into the bytes, each the state's encoding after the push: an element equal to the
    /// route several times, in other bytes each (layout, type, Unicode form), reused from the
    /// bottom-most; a new element of the type and shape the others tell.
    @Test func namedHostilePushes() throws {
        func route(_ text: String) throws -> Route { try #require(RoutePath(parsing: "/" + text).segments.compactMap { if case .route(let r) = $0 { r } else { nil } }.first) }
        let cases: [(String, String, String)] = [
            // The route three times: the bottom-most's bytes (its own layout) are pushed.
            (#"["A.B","7","A.B", "7","A.B" ,"7"]"#, "B?_0:=7", #"["A.B" ,"7","A.B","7","A.B", "7","A.B" ,"7"]"#),
            // Shown alike by an enum value and a plain value: the bottom-most, whichever it is.
            (#"["Swift.Int","7","MyApp.Screen","{\"Int\":{\"_0\":7}}"]"#, "Int?_0:=7",
             #"["MyApp.Screen","{\"Int\":{\"_0\":7}}","Swift.Int","7","MyApp.Screen","{\"Int\":{\"_0\":7}}"]"#),
            // Canonically equivalent values: the bottom-most's bytes, decomposed.
            ("[\"M.S\",\"{\\\"a\\\":{\\\"k\\\":\\\"\u{E9}\\\"}}\",\"M.S\",\"{\\\"a\\\":{\\\"k\\\":\\\"e\u{301}\\\"}}\"]", "a?k=%C3%A9",
             "[\"M.S\",\"{\\\"a\\\":{\\\"k\\\":\\\"e\u{301}\\\"}}\",\"M.S\",\"{\\\"a\\\":{\\\"k\\\":\\\"\u{E9}\\\"}}\",\"M.S\",\"{\\\"a\\\":{\\\"k\\\":\\\"e\u{301}\\\"}}\"]"),
            // A new element of the type whose values show under its name, in the first pair's layout.
            ("[\n  \"M.S\",\n  \"{\\\"a\\\":{}}\"\n]", "a?x:=1", "[\n  \"M.S\",\n  \"{\\\"a\\\":{\\\"x\\\":1}}\",\n  \"M.S\",\n  \"{\\\"a\\\":{}}\"\n]"),
            // A plain value of a generic type the path holds.
            (#"["Swift.Optional<Swift.Int>","null"]"#, "Optional?_0:=1", #"["Swift.Optional<Swift.Int>","1","Swift.Optional<Swift.Int>","null"]"#),
        ]
        for (document, pushed, expected) in cases {
            let bytes = Array(document.utf8)
            let route = try route(pushed)
            let quick = Self.codec.spliced(route, onto: bytes)
            var state = try #require(try Self.codec.readIfRecognized(bytes)?.get())
            try state.apply(.push(route))
            let full = try Self.codec.encode(&state).bytes
            #expect(full == Array(expected.utf8), "\(document): the full way wrote \(String(decoding: full, as: UTF8.self))")
            #expect(quick == full, "\(document): \(quick.map { String(decoding: $0, as: UTF8.self) } ?? "not written straight")")
        }
    }
}

