import Testing

import RouteModel
import TestSupport
import RouteCodecs
import JSONText

/// `NavigationPathCodec` on hostile bytes and random changes, in process: many thousands of
/// seeded cases built from the notes' documents and the paths the mirror encodes with
/// Foundation's `JSONEncoder` (compact and pretty), and the hostile-file catalog.
///
/// Whatever the bytes, decoding either fails with `invalidFile` (one line, no trap) or gives a
/// state that encodes to a document that decodes to the same stack and encodes to the same
/// bytes again; and a random command on it is refused (`cannotApply`, `invalidInput`) or
/// written so. What SwiftUI would restore (the mirror's decoder) stays restorable.
@Suite(.tags(.fuzz), .slowLayer) struct NavigationPathFuzzTests {
    static let codec = NavigationPathCodec()

    /// Checks one input after `operation`; returns the first broken rule, or `nil`.
    static func check(_ bytes: [UInt8], then operation: NavigationOperation? = nil) -> String? {
        // show --path's reading through the document: the path of the state it reads.
        if let said = codec.documentPath(bytes) {
            guard case .success(let recognized)? = codec.readIfRecognized(bytes) else { return "a path was said of bytes that decode as none: \(said)" }
            guard recognized.path == said else { return "the document's path, \(said), is not the decoded one, \(recognized.path)" }
        }
        var state: NavigatorState
        do {
            state = try codec.decode(bytes)
        } catch let error as NavigatorError {
            guard error.kind == .invalidFile else { return "decode threw \(error.kind)" }
            guard !error.message.contains("\n") else { return "multi-line error: \(error.message)" }
            return nil
        } catch {
            return "decode threw a non-NavigatorError: \(error)"
        }
        // The path printed straight from the stack is the one its segments render.
        guard state.path == RoutePath(state.tree).description else { return "the path \(state.path) is not \(RoutePath(state.tree))" }
        var unchanged = state
        guard (try? codec.encode(&unchanged).bytes) == bytes else { return "an unchanged path is not written back byte for byte" }
        // A push written straight into the bytes: only where the full way writes the same.
        var quickPush: [UInt8]?
        if let operation { quickPush = codec.document(bytes)?.applying(operation) }
        if quickPush != nil, codec.readIfRecognized(bytes) == nil { return "a push was written into bytes the format does not recognize" }
        if let operation {
            do {
                try state.apply(operation)
            } catch let error as NavigatorError {
                guard error.kind == .cannotApply || error.kind == .invalidInput else { return "\(operation) threw \(error.kind)" }
                return quickPush == nil ? nil : "a push the full way refuses was written: \(error.message)"
            } catch {
                return "\(operation) threw \(error)"
            }
        }
        let encoded: [UInt8]
        do {
            encoded = try codec.encode(&state).bytes
        } catch let error as NavigatorError where error.kind == .cannotApply || error.kind == .invalidInput {
            guard !error.message.contains("\n") else { return "multi-line error: \(error.message)" }
            // What the format cannot hold, or a type that cannot be told, refused.
            return quickPush == nil ? nil : "a push the full way refuses was written: \(error.message)"
        } catch let error as NavigatorError where error.kind == .invalidFile && error.detail as? FormatFact == .appCannotDecode(format: "navigation-path") {
            // A path the app cannot decode as it stands, and only such a path, is never changed.
            guard unchanged.appCannotDecode != nil else { return "a change refused as undecodable on a path the app decodes: \(error.message)" }
            return quickPush == nil ? nil : "a push was written into a path the app cannot decode"
        } catch let error as NavigatorError where error.kind == .invalidFile && error.detail as? FormatFact == .unreadableTypeName(format: "navigation-path") {
            // A path holding a mangled name routectl cannot read is never changed.
            guard error.message.contains("is a mangled type name routectl cannot read") else { return "unreadable name refusal without the reason: \(error.message)" }
            return quickPush == nil ? nil : "a push was written into a path holding a name routectl cannot read"
        } catch {
            return "encode threw \(error)"
        }
        if let quickPush, quickPush != encoded {
            return "the push written into the bytes is not the full way's:\n\(String(decoding: quickPush, as: UTF8.self))\n\(String(decoding: encoded, as: UTF8.self))"
        }
        guard let again = try? codec.decode(encoded) else { return "its encoding does not decode" }
        guard again.tree == state.tree else { return "the encoding decodes to another path: \(state.path) -> \(again.path)" }
        var twice = again
        guard (try? codec.encode(&twice).bytes) == encoded else { return "encoding is not stable" }
        if (try? NavigationPathMirror.decode(bytes)) != nil {
            do {
                let restored = try NavigationPathMirror.decode(encoded)
                guard restored.count == state.stack.count else { return "SwiftUI restores \(restored.count) screens of \(state.stack.count)" }
            } catch {
                return "SwiftUI would not restore what routectl wrote: \(error)"
            }
        }
        return nil
    }

    static let operations: [NavigationOperation] = {
        func route(_ text: String) -> Route { try! RoutePath(parsing: text).segments.compactMap { if case .route(let r) = $0 { r } else { nil } }[0] }
        return [
            // Inferred types: those of the elements that show under the route's name only (a
            // name no element shows may be no case of the app's enum: issue 34).
            .push(route("details?_0:=5")), .push(route("home")),
            .push(route("details?_0:=42")), .push(route("details?_0:=3")), .push(route("profile?id:=7&name=Ann")),
            .push(route("profile?name=Ann&id:=7")), .push(route("profile?id:=1&name=Zo%C3%AB")),
            .push(GivenElementType.route(route("Int?_0:=3"), ofType: "Swift.Int")),
            .push(GivenElementType.route(route("profile?id:=1&name=Bo"), ofType: "MyApp.Screen")),
            .push(GivenElementType.route(route("Recipe?id:=8"), ofType: "MyApp.Recipe")),
            .push(GivenElementType.route(route("String?_0=x%2Fy"), ofType: "Swift.String")),
            .pop(1), .pop(2), .popToRoot, .popTo("home"), .reset,
            .go(try! RoutePath(parsing: "/home/details?_0:=1")), .go(try! RoutePath(parsing: "/details?_0:=42/home")),
            .present(route("settings"), .sheet), .set(route("home")), .go(try! RoutePath(parsing: "/home/cover:details?_0:=2")),
        ]
    }()

    static var bases: [[UInt8]] {
        NavigationPathFixtures.Path.allCases.flatMap { [$0.json(), $0.json(pretty: true)] }
            + NavigationPathFixtures.Notes.readable.map { Array($0.document.utf8) }
            + [Array(NavigationPathFixtures.Notes.uiNavigationPath.utf8)]
    }

    @Test func everyFixtureAndEveryOperation() {
        for base in Self.bases {
            #expect(Self.check(base) == nil, "\(String(decoding: base, as: UTF8.self))")
            for operation in Self.operations {
                if let problem = Self.check(base, then: operation) { Issue.record("\(String(decoding: base, as: UTF8.self)), \(operation): \(problem)") }
            }
        }
    }

    @Test func randomMutationsAndOperations() {
        let seed = FuzzSettings.seed(for: "NavigationPathFuzzTests.randomMutationsAndOperations")
        var random = FuzzRandom(seed: seed)
        let count = FuzzSettings.cases(5_000, factor: 100)
        let bases = Self.bases
        var decoded = 0
        var saidStraight = 0
        var pushedStraight = 0
        var failures = 0
        for index in 0..<count {
            let base = index % 5 == 0 ? random.pick(HostileFiles.smallCatalog) : random.pick(bases)
            let bytes = index % 4 == 0 ? base : HostileFiles.mutate(base, using: &random)
            if (try? Self.codec.decode(bytes)) != nil { decoded += 1 }
            if Self.codec.documentPath(bytes) != nil { saidStraight += 1 }
            let operation = random.chance(0.7) ? random.pick(Self.operations) : nil
            if let operation, Self.codec.document(bytes)?.applying(operation) != nil { pushedStraight += 1 }
            if let problem = Self.check(bytes, then: operation) {
                Issue.record("seed \(seed), case \(index): \(problem)\n\(String(decoding: bytes.prefix(400), as: UTF8.self).debugDescription)")
                failures += 1
                if failures >= 5 { break }
            }
        }
        print("NavigationPathFuzzTests: \(count) inputs, \(decoded) of them valid paths")
        #expect(decoded > count / 10, "the mutations keep enough paths valid to test the writer")
        #expect(saidStraight > count / 20, "enough paths are said straight from their bytes to hold that reading to decoding's")
        #expect(pushedStraight > count / 200, "enough pushes are written straight into the bytes to hold them to the full way's")
    }

    @Test func aPushWrittenIntoTheBytesIsTheFullWays() {
        // Pushes of every kind (an element already there, a new enum value, a plain value of
        // a type the path holds or not) on mutated paths: written straight into the bytes,
        // the bytes decoding, pushing and encoding give; or nothing, for the full way.
        let seed = FuzzSettings.seed(for: "NavigationPathFuzzTests.aPushWrittenIntoTheBytesIsTheFullWays")
        var random = FuzzRandom(seed: seed)
        func route(_ text: String) -> Route { try! RoutePath(parsing: "/" + text).segments.compactMap { if case .route(let r) = $0 { r } else { nil } }[0] }
        let routes = [
            "details?_0:=42", "details?_0:=3", "home", "Recipe?id:=42", "Recipe?id:=9", "Recipe", "Int?_0:=7", "Int?_0:=8", "Int",
            "profile?id:=7&name=Ann", "profile?name=Ann&id:=7", "profile?id:=1&name=Zo%C3%AB", "profile?id:=1&name=Zoe%CC%88",
            "Bool?_0:=true", "String?_0=hello", "String?_0=", "a?k=x", "a?k:=null&j:=-0", "Hidden?x:=1", "Optional?_0:=null",
        ].map(route)
        let bases = Self.bases
        let count = FuzzSettings.cases(5_000, factor: 100)
        var written = 0
        for index in 0..<count {
            let base = random.pick(bases)
            let bytes = index % 3 == 0 ? base : HostileFiles.mutate(base, using: &random)
            let pushed = random.pick(routes)
            let quick = Self.codec.document(bytes)?.applying(.push(pushed))
            var full: [UInt8]?
            if case .success(var state)? = Self.codec.readIfRecognized(bytes), (try? state.apply(.push(pushed))) != nil {
                full = try? Self.codec.encode(&state).bytes
            }
            if quick != nil { written += 1 }
            guard quick == nil || quick == full else {
                Issue.record("seed \(seed), case \(index), push \(pushed): \(String(decoding: bytes, as: UTF8.self).debugDescription)\n\(String(decoding: quick!, as: UTF8.self))\n\(full.map { String(decoding: $0, as: UTF8.self) } ?? "refused")")
                return
            }
        }
        #expect(written > count / 20, "enough pushes are written straight into the bytes")
    }

    @Test func theQuickReadingOfAnElementIsTheFullOne() {
        // Element texts of every shape, mutated: read straight from the text or by way of its
        // JSON value, the same route and shape, or both refused.
        let seed = FuzzSettings.seed(for: "NavigationPathFuzzTests.theQuickReadingOfAnElementIsTheFullOne")
        var random = FuzzRandom(seed: seed)
        let texts = NavigationPathFixtures.Path.allCases.flatMap { $0.elements.map(\.json) } + [
            "{}", " {\"a\" : { } } ", #"{"a":{},"b":1}"#, #"{"a":{"x":1},"b":{"y":2}}"#, #"{"a":1,"b":{"c":{}}}"#, #"{"a":{},"a":{}}"#,
            #"{"a":{"k":1,"k":2}}"#, "7", " 7 ", "-0.5e3", "1e400", "null", "true", #""x""#, "[1,{\"a\":[]}]", #"{"a":{"b":{"c":[1,2,{"d":null}]}}}"#,
            #"{"déjà":{}}"#, #"{"a b":1}"#, #"{"a":{"k":"\n"}}"#, "", "{", #"{"a":{}} x"#,
        ]
        let types = [NavigationPathTypeName("MyApp.Screen"), NavigationPathTypeName("(Swift.Int, Swift.Int)")]
        let count = FuzzSettings.cases(10_000, factor: 100)
        for index in 0..<count {
            let base = Array(random.pick(texts).utf8)
            let text = String(decoding: index % 3 == 0 ? base : HostileFiles.mutate(base, using: &random), as: UTF8.self)
            let type = random.pick(types)
            let quick = try? NavigationPathElement.route(type: type, text: text)
            let full = try? NavigationPathElement.routeByValue(type: type, text: text)
            guard quick?.0 == full?.0, quick?.1 == full?.1, quick?.0.parameters.map(\.type) == full?.0.parameters.map(\.type) else {
                Issue.record("seed \(seed), case \(index): \(text.debugDescription): \(String(describing: quick)) vs \(String(describing: full))")
                return
            }
        }
    }

    @Test func theReadingStraightFromTheDocumentIsTheFullOne() {
        // Element texts of every shape, mutated, each written as a document's string (escaped
        // as JSON escapes it): read straight from the string's bytes, the route and shape the
        // full reading gives the unescaped text; or nothing, for the full reading to decide.
        let seed = FuzzSettings.seed(for: "NavigationPathFuzzTests.theReadingStraightFromTheDocumentIsTheFullOne")
        var random = FuzzRandom(seed: seed)
        let texts = NavigationPathFixtures.Path.allCases.flatMap { $0.elements.map(\.json) } + [
            "{}", #"{"home":{}}"#, #"{"details":{"_0":42}}"#, #"{"profile":{"id":-7,"name":"Zoë 1","on":true,"off":false,"no":null}}"#,
            #"{"id":0,"name":"a/b"}"#, "-0", "7", "01", "1.5", "1e3", "true", "null", #""x""#, #""""#, #"{"a":{},"b":1}"#,
            #"{"a":{"k":1,"k":2}}"#, #"{"k":1,"k":2}"#, #"{"a":{"b":{}}}"#, #"{"a":{"b":[1]}}"#, #"{"a":{"k":"\n"}}"#,
            #"{"a":{"k":"\u0085"}}"#, "{\"a\":{\"k\":\"\u{85}\u{7F}\"}}", #"{"1a":{}}"#, #"{"a-":{"_":1}}"#, #"{"a":{"k":"\"q"}}"#,
            #"{ "a":{}}"#, #"{"a":{} }"#, #"{"a":{}}x"#, "", "{", #"{"a""#, #"{"a":"#,
            "{\"k\":\"" + String(repeating: "x", count: 1024) + "\"}", "{\"k\":\"" + String(repeating: "x", count: 1025) + "\"}",
            "{\"" + String(repeating: "k", count: 64) + "\":1}", "{\"" + String(repeating: "k", count: 65) + "\":1}",
            String(repeating: "9", count: 300), String(repeating: "9", count: 301),
        ]
        let types = [NavigationPathTypeName("MyApp.Screen"), NavigationPathTypeName("(Swift.Int, Swift.Int)")]
        let count = FuzzSettings.cases(10_000, factor: 100)
        var quickly = 0
        for index in 0..<count {
            let base = Array(random.pick(texts).utf8)
            let bytes = index % 3 == 0 ? base : HostileFiles.mutate(base, using: &random)
            // The document's string: JSON's escapes for a quote, a backslash and a control character.
            var document: [UInt8] = [UInt8(ascii: "\"")]
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): document += [UInt8(ascii: "\\"), byte]
                case 0..<0x20: document += Array("\\u00".utf8) + [Array("0123456789abcdef".utf8)[Int(byte >> 4)], Array("0123456789abcdef".utf8)[Int(byte & 15)]]
                default: document.append(byte)
                }
            }
            document.append(UInt8(ascii: "\""))
            // Only a string that scans is read (the document's scan checks it first).
            var scanner = JSONScanner(document)
            guard (try? scanner.scanString()) != nil else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            let type = random.pick(types)
            let quick = document.withUnsafeBufferPointer { buffer in
                NavigationPathElement.InPlace.route(in: buffer, content: 1..<(document.count - 1)) { type.routeName }
            }
            guard let quick else { continue }
            quickly += 1
            let full = try? NavigationPathElement.routeByValue(type: type, text: text)
            guard quick.0 == full?.0, quick.1 == full?.1, quick.0.parameters.map(\.type) == full?.0.parameters.map(\.type) else {
                Issue.record("seed \(seed), case \(index): \(text.debugDescription): \(quick) vs \(String(describing: full))")
                return
            }
        }
        #expect(quickly > count / 10, "the usual elements are read straight from the document")
    }

    @Test func typeNamesMatchedWhereTheyStandAreTheOnesNamed() {
        // The walk matches a type name met before where it stands, a word or two at a time:
        // names that are prefixes of one another, of lengths about a word's (the last word of a
        // name overlaps the one before), more than the eight it remembers, a name met again
        // after falling out of them, a name written with an escape, a name followed by more
        // than a closing quote. Read straight from the bytes, the path is the decoded one; or
        // nothing is said, for decoding to decide.
        // (Names of one length that differ in one byte, first or last: a plain value shows under
        // its type's name, so a wrong match shows in the path.)
        let names = ["A.B", "A.C", "B.B", "A.BC", "A.BCD", "Ab.C", "App.Sc", "App.Scr", "App.Scre", "App.Scree", "App.Screen",
                     "App.ScreenX", "App.Screen1", "App.Screen2", "Bpp.Screen1", "App.Screen12", "Apps.Screen1", "App.ScreenDetail",
                     "App.ScreenDetails", "App.ScreenDetailsX", "App.ScreenDetailsY"]
        // Even numbers as enum values, odd ones as plain values.
        func document(_ pairs: [(String, Int)], tail: String = "") -> [UInt8] {
            let items = pairs.map { name, number in
                number % 2 == 0 ? #""\#(name)","{\"c\#(number)\":{\"_0\":\#(number)}}""# : #""\#(name)","\#(number)""#
            }
            return Array(("[" + items.joined(separator: ",") + tail + "]").utf8)
        }
        var documents: [[UInt8]] = []
        // Each name after each other, and back.
        for first in names { for second in names { documents.append(document([(first, 1), (second, 2), (first, 3), (second, 4)])) } }
        // All of them in turn, twice: the first ones fall out of the eight remembered.
        documents.append(document((names + names).enumerated().map { ($0.element, $0.offset) }))
        // A name met, then the same name escaped, or followed by more.
        for name in names {
            let escaped = name.map { $0 == "." ? #"\u002e"# : String($0) }.joined()
            documents.append(document([(name, 1), (escaped, 2)]))
            documents.append(document([(name, 1)], tail: #","\#(name)x","{\"d\":{}}""#))
            documents.append(document([(name, 1)], tail: #","\#(name)\"","{\"d\":{}}""#))
            documents.append(document([(name, 1)], tail: #","\#(name)""#))
            documents.append(document([(name, 1)], tail: #","\#(name.dropLast())""#))
        }
        for (index, bytes) in documents.enumerated() {
            if let problem = Self.check(bytes) { Issue.record("\(String(decoding: bytes, as: UTF8.self)): \(problem)") }
            // Those of plain names (all but the last five for each name) are said straight from their bytes.
            if index <= names.count * names.count, Self.codec.documentPath(bytes) == nil {
                Issue.record("not said straight from its bytes: \(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }

    @Test func typeNamesOfOneLengthThatDifferInOneByteAreToldApart() {
        // The match compares a name met before a byte, or a word, at a time: every byte counts,
        // in the first word, a middle one or the last (which overlaps the one before). For
        // each length from 3 to 27 bytes (strings of 5 to 29), a name and each of its variants
        // that differ from it in one byte of the type's part, one after the other and back; all
        // plain values, shown under their type's name, so a wrong match shows in the path.
        let letters = Array("BCDEFGHIJKLMNOPQRSTUVWXYZ")
        for length in 3...27 {
            let name = "A." + String(letters.prefix(length - 2))
            for position in 2..<length {
                var variant = Array(name)
                variant[position] = "a"
                for (first, second) in [(name, String(variant)), (String(variant), name)] {
                    let bytes = Array(#"["\#(first)","1","\#(second)","3","\#(first)","5","\#(second)","7"]"#.utf8)
                    if let problem = Self.check(bytes) { Issue.record("\(String(decoding: bytes, as: UTF8.self)): \(problem)") }
                    if Self.codec.documentPath(bytes) == nil {
                        Issue.record("not said straight from its bytes: \(String(decoding: bytes, as: UTF8.self))")
                    }
                }
            }
        }
    }

    @Test func manyTypesUnderOneNameAreSortedOutInLinearTime() throws {
        // 60,000 elements, each of a type of its own, all shown as `home`: a new `home` has no
        // one type (64), found without comparing every type with every other.
        let text = "[" + (0..<60_000).map { #""M\#($0).Screen","{\"home\":{}}""# }.joined(separator: ",") + "]"
        var state = try Self.codec.decode(Array(text.utf8))
        try state.apply(.push(Route("home", parameters: [Route.Parameter(key: "x", json: "1")])))
        let error = #expect(throws: NavigatorError.self) { _ = try Self.codec.encode(&state) }
        #expect(error?.kind == .invalidInput)
        #expect(error?.message.contains("values of 'M0.Screen', 'M1.Screen', 'M2.Screen', 'M3.Screen', 'M4.Screen', … show as 'home'") == true, "\(error?.message.prefix(300) ?? "")")
    }

    @Test func hugePathsAreReadAndWrittenInLinearTime() throws {
        // 100,000 elements read and written back; a go naming every one of them, moved, and
        // 20,000 new ones after them, matched without a scan per route.
        let pair = #""MyApp.Screen","{\"details\":{\"_0\":1}}","Swift.Int","7""#
        let big = "[" + Array(repeating: pair, count: 50_000).joined(separator: ",") + "]"
        var state = try Self.codec.decode(Array(big.utf8))
        #expect(state.stack.count == 100_000)
        #expect(try Self.codec.encode(&state).bytes == Array(big.utf8))
        let distinct = "[" + (0..<20_000).map { #""MyApp.Screen","{\"details\":{\"_0\":\#($0)}}""# }.joined(separator: ",") + "]"
        var many = try Self.codec.decode(Array(distinct.utf8))
        let path = "/" + (0..<20_000).reversed().map { "details?_0:=\($0)" }.joined(separator: "/") + "/" + (20_000..<40_000).map { "details?_0:=\($0)" }.joined(separator: "/")
        try many.apply(.go(RoutePath(parsing: path)))
        let written = try Self.codec.encode(&many).bytes
        #expect(try Self.codec.decode(written).stack.count == 40_000)
        #expect(String(decoding: written, as: UTF8.self).hasSuffix(#""MyApp.Screen","{\"details\":{\"_0\":19999}}"]"#))
    }
}

extension NavigationPathCodec {
    /// The path the document of `bytes` says (``NavigatorDocument/path(order:)``), what `show
    /// --path` prints; `nil` for bytes not in the format, or a path it refuses.
    func documentPath(_ bytes: [UInt8]) -> String? {
        try? document(bytes)?.path(order: ParameterOrder())
    }

    /// `bytes` after a push of `route`, spliced in by their document
    /// (``NavigatorDocument/applying(_:)``); `nil` where it leaves the push to the state.
    func spliced(_ route: Route, onto bytes: [UInt8]) -> [UInt8]? {
        document(bytes)?.applying(.push(route))
    }
}
