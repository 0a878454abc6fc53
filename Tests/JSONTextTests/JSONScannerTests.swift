import TestSupport
import Testing
import JSONText

/// The JSON scanner on its own: it knows nothing of routes.
@Suite(.tags(.unit)) struct JSONScannerTests {
    @Test func scalarsAreReadWithTheirKindAndText() throws {
        let cases: [(String, JSONScalarKind, String)] = [
            (#""a\u00e9\n""#, .string, "aé\n"), ("-2.5e3", .number, "-2.5e3"), ("true", .boolean, "true"),
            ("false", .boolean, "false"), ("null", .null, "null"),
        ]
        for (json, kind, text) in cases {
            var scanner = JSONScanner(Array(json.utf8))
            let (readKind, readText) = try scanner.readScalar()
            #expect(readKind == kind, "\(json)")
            #expect(readText == text, "\(json)")
            #expect(scanner.position == json.utf8.count)
        }
    }

    @Test func objectsAreWalkedMemberByMember() throws {
        var scanner = JSONScanner(Array(#"{"a": 1, "b": [true, {"c": null}]}"#.utf8))
        var keys: [String] = []
        try scanner.readObject(depth: 0) { scanner, key in
            keys.append(key)
            _ = try scanner.skipValue(depth: 1)
        }
        #expect(keys == ["a", "b"])
    }

    @Test func badInputSaysWhereAndWhy() {
        for (json, reason, column) in [("{\"a\" 1}", "expected ':'", 6), ("[1,]", "expected a value", 4), ("\"\u{1}\"", "control character in string", 2)] {
            var scanner = JSONScanner(Array(json.utf8))
            let error = #expect(throws: JSONSyntaxError.self, "\(json)") { _ = try scanner.skipValue(depth: 0) }
            #expect(error?.reason.contains(reason) == true, "\(json): \(String(describing: error))")
            #expect(error?.location(in: Array(json.utf8)).column == column, "\(json): \(String(describing: error))")
        }
    }

    @Test func nestingDeeperThanTheLimitIsRefused() {
        let json = String(repeating: "[", count: JSONScanner.maxDepth + 2) + String(repeating: "]", count: JSONScanner.maxDepth + 2)
        var scanner = JSONScanner(Array(json.utf8))
        #expect(throws: JSONSyntaxError.self) { _ = try scanner.skipValue(depth: 0) }
    }
}
