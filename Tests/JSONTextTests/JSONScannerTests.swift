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

    /// `readInt` reads short integers in one pass and anything else by the full grammar: both
    /// sides of that line read the same values and refuse the same way.
    @Test func integersAreReadWholeAndInRange() throws {
        let values: [(String, Int, Int)] = [  // text, value, position after
            ("0", 0, 1), ("-0", 0, 2), ("7", 7, 1), ("-7", -7, 2), (" 42 ", 42, 3), ("12,", 12, 2),
            ("01", 0, 1), ("5]", 5, 1), ("123456789012345678", 123_456_789_012_345_678, 18),
            ("-123456789012345678", -123_456_789_012_345_678, 19),
            ("1234567890123456789", 1_234_567_890_123_456_789, 19),
            ("9223372036854775807", Int.max, 19), ("-9223372036854775808", Int.min, 20),
        ]
        for (json, value, end) in values {
            var scanner = JSONScanner(Array(json.utf8))
            #expect(try scanner.readInt() == value, "\(json)")
            #expect(scanner.position == end, "\(json)")
        }
        let refusals: [(String, String, Int)] = [  // text, reason, offset
            ("1.5", "expected a whole number", 0), ("12e3", "expected a whole number", 0),
            ("-4E0", "expected a whole number", 0), ("1.", "invalid number", 0), ("-", "invalid number", 0),
            ("-x", "invalid number", 0), ("x", "expected a number", 0), ("", "expected a number", 0),
            (" 9223372036854775808", "number out of range", 1), ("-9223372036854775809", "number out of range", 0),
            ("99999999999999999999", "number out of range", 0),
        ]
        for (json, reason, offset) in refusals {
            var scanner = JSONScanner(Array(json.utf8))
            #expect(throws: JSONSyntaxError(reason: reason, offset: offset), "\(json)") { try scanner.readInt() }
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

    /// Skipping an object, which makes no string of its keys, refuses what reading it refuses
    /// (a key's unpaired surrogate, at the same place), nested or not; escaped keys that decode
    /// are skipped.
    @Test func skippingAnObjectRefusesWhatReadingItRefuses() throws {
        for json in [#"{"\uD800": 1}"#, #"{"a": {"b\uDC00c": [1]}}"#, #"[{"ok": 1}, {"\uD83D": 2}]"#] {
            var skipping = JSONScanner(Array(json.utf8))
            let skipped = #expect(throws: JSONSyntaxError.self, "\(json)") { _ = try skipping.skipValue(depth: 0) }
            var reading = JSONScanner(Array(json.utf8))
            let read = #expect(throws: JSONSyntaxError.self, "\(json)") { _ = try JSONValue(&reading, depth: 0) }
            #expect(skipped?.reason == read?.reason, "\(json)")
            #expect(skipped?.reason.contains("unpaired surrogate") == true, "\(json)")
            #expect(skipped?.location(in: Array(json.utf8)).column == read?.location(in: Array(json.utf8)).column, "\(json)")
        }
        var scanner = JSONScanner(Array(#"{"\u00e9\n": {"\uD83D\uDE00": true}, "plain": null}"#.utf8))
        #expect(try scanner.skipValue(depth: 0).count > 0)
    }

    @Test func nestingDeeperThanTheLimitIsRefused() {
        let json = String(repeating: "[", count: JSONScanner.maxDepth + 2) + String(repeating: "]", count: JSONScanner.maxDepth + 2)
        var scanner = JSONScanner(Array(json.utf8))
        #expect(throws: JSONSyntaxError.self) { _ = try scanner.skipValue(depth: 0) }
    }

    /// The word-at-a-time search for a string's next quote, backslash, control character or
    /// byte outside ASCII finds the first one, wherever it stands (in the sixteen-byte steps,
    /// the eight-byte ones or the tail), whatever plain or special bytes stand around it.
    @Test func plainBytesAreSkippedToTheFirstByteThatNeedsALook() {
        let special: [UInt8] = [0x00, 0x1F, 0x22, 0x5C, 0x80, 0xA2, 0xDC, 0xFF]
        let plain: [UInt8] = [0x20, 0x21, 0x23, 0x41, 0x5B, 0x5D, 0x7F]
        func needsALook(_ byte: UInt8) -> Bool { byte < 0x20 || byte >= 0x80 || byte == 0x22 || byte == 0x5C }
        for count in 1...40 {
            for position in 0..<count {
                for (index, byte) in special.enumerated() {
                    // Plain bytes before, and special or plain ones after (a borrow from a
                    // special byte must not mark the one above it as the first).
                    var bytes = (0..<count).map { plain[($0 + index) % plain.count] }
                    bytes[position] = byte
                    for after in (position + 1)..<count where after % 3 == index % 3 { bytes[after] = special[(after + index) % special.count] }
                    for start in [0, position / 2, position] {
                        let found = bytes.withUnsafeBufferPointer { JSONScanner.skipPlainBytes($0, from: start) }
                        let expected = bytes[start...].firstIndex(where: needsALook) ?? count
                        #expect(found == expected, "\(bytes) from \(start)")
                    }
                }
                let allPlain = (0..<count).map { plain[$0 % plain.count] }
                #expect(allPlain.withUnsafeBufferPointer { JSONScanner.skipPlainBytes($0, from: position) } == count)
            }
        }
    }
}
