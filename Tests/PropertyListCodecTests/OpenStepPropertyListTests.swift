import Testing
import TestSupport

import PropertyListCodec

/// The old-style (OpenStep) property list reader: what `xcrun simctl listapps` prints, read
/// strictly, and hostile text refused with a reason and a place, never a crash or a hang.
@Suite(.tags(.unit)) struct OpenStepPropertyListTests {
    static func read(_ text: String) throws -> PropertyListValue {
        try OpenStepPropertyList.decode(Array(text.utf8))
    }

    static func refusal(_ text: String) -> String? {
        refusal(Array(text.utf8))
    }

    static func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try OpenStepPropertyList.decode(bytes)
            return nil
        } catch let error as PropertyListError {
            return error.description
        } catch {
            return "not a PropertyListError: \(error)"
        }
    }

    /// The shape of `xcrun simctl listapps booted` (Xcode 15-16): the apps by bundle id, each
    /// a dictionary of its Info.plist keys and containers, nested dictionaries and arrays
    /// laid out as NSDictionary's description lays them out (`=     {`).
    static let listapps = #"""
        {
            "com.apple.Bridge" =     {
                ApplicationType = System;
                Bundle = "file:///Library/Developer/CoreSimulator/Volumes/iOS_21A328/Applications/Bridge.app/";
                CFBundleDisplayName = Watch;
                CFBundleExecutable = Bridge;
                CFBundleIdentifier = "com.apple.Bridge";
                CFBundleName = Watch;
                CFBundleVersion = "1.0";
                DataContainer = "file:///Users/me/Library/Developer/CoreSimulator/Devices/B19ADE76-9791-46C3-85D0-4BC0F3A90740/data/Containers/Data/Application/3676FF95-0FF7-4690-9FEF-6EA6CDE557E1/";
                GroupContainers =         {
                    "group.com.apple.bridge" = "file:///Users/me/Library/Developer/CoreSimulator/Devices/B19ADE76-9791-46C3-85D0-4BC0F3A90740/data/Containers/Shared/AppGroup/0B5E0B5E-0000-4000-8000-000000000000/";
                };
                Path = "/Library/Developer/CoreSimulator/Volumes/iOS_21A328/Applications/Bridge.app";
                SBAppTags =         (
                    "watch-companion"
                );
            };
            "com.example.Recipes" =     {
                ApplicationType = User;
                CFBundleDisplayName = "Caf\U00e9 {Recipes}; \"v2\"";
                CFBundleExecutable = Recipes;
                CFBundleIdentifier = "com.example.Recipes";
                CFBundleName = Recipes;
                CFBundleVersion = 1;
                GroupContainers =         {
                };
                SBAppTags =         (
                );
            };
        }
        """#

    @Test func readsWhatSimctlListappsPrints() throws {
        let value = try Self.read(Self.listapps)
        guard case .dictionary(let apps) = value else { Issue.record("not a dictionary"); return }
        #expect(apps.keys == ["com.apple.Bridge", "com.example.Recipes"])
        #expect(value["com.apple.Bridge"]?["ApplicationType"] == .string("System"))
        #expect(value["com.apple.Bridge"]?["SBAppTags"] == .array(["watch-companion"]))
        #expect(value["com.apple.Bridge"]?["GroupContainers"]?["group.com.apple.bridge"] != nil)
        #expect(value["com.example.Recipes"]?["CFBundleDisplayName"] == .string("Café {Recipes}; \"v2\""))
        // No numbers in old-style text: a bare 1 is the string "1".
        #expect(value["com.example.Recipes"]?["CFBundleVersion"] == .string("1"))
        #expect(value["com.example.Recipes"]?["GroupContainers"] == .dictionary([:]))
        #expect(value["com.example.Recipes"]?["SBAppTags"] == .array([]))
    }

    @Test func readsEveryKindOfToken() throws {
        #expect(try Self.read("( a, 'b c', \"d\", <0fA1 b2>, (), {}, )") == .array(["a", "b c", "d", .data([0x0F, 0xA1, 0xB2]), [], [:]]))
        #expect(try Self.read("// a comment\n{ /* one */ k = v; }\n// end") == .dictionary(["k": "v"]))
        #expect(try Self.read(#""\a\b\f\n\r\t\v\\\"\'\q\101\0""#) == .string("\u{07}\u{08}\u{0C}\n\r\t\u{0B}\\\"'qA\u{0}"))
        #expect(try Self.read(#""\UD83D\UDE00 \U00E9 \U41 \u00E9""#) == .string("😀 é A u00E9"), "\\u is a u, as CoreFoundation reads it")
        #expect(try Self.read("\"raw é and\nnewline\"") == .string("raw é and\nnewline"))
        #expect(try Self.read("$path/to:x.y-z_1") == .string("$path/to:x.y-z_1"))
        #expect(try Self.read("<>") == .data([]))
    }

    @Test func refusesWhatIsNotOneOldStylePropertyList() {
        let cases: [(String, String)] = [
            ("", "empty input"),
            ("   // nothing", "empty input"),
            ("\"abc", "never closed"),
            ("{ k = \"abc; }", "never closed"),
            ("'abc\\", "never closed"),
            ("{ k = v }", "expected ';'"),
            ("{ k v; }", "expected '='"),
            ("{ k = v; ", "no '}'"),
            ("{ = v; }", "dictionary key"),
            ("{ (a) = v; }", "dictionary key"),
            ("{ k = v; k = w; }", "given twice"),
            ("( a b )", "expected ',' or ')'"),
            ("( a, ", "no ')'"),
            ("(,)", "where a value was expected"),
            ("<0g>", "hex digit"),
            ("<abc>", "odd number"),
            ("<ab", "no '>'"),
            ("a b", "after the property list's end"),
            ("( a /* b", "comment that is never closed"),
            ("{} }", "after the property list's end"),
            ("\"\\UD800\"", "high surrogate"),
            ("\"\\UDC00\"", "low surrogate"),
            ("\"\\U\"", "without hex digits"),
            ("\"\\200\"", "NeXTSTEP"),
            ("= v", "where a value was expected"),
            ("é", "byte 0xc3"),
        ]
        for (text, expected) in cases {
            let refusal = Self.refusal(text)
            #expect(refusal?.contains(expected) == true, "\(text.debugDescription): \(refusal ?? "read")")
        }
        #expect(Self.refusal([UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\"")])?.contains("not valid UTF-8") == true)
    }

    @Test func aRefusalSaysTheLineAndColumn() {
        #expect(Self.refusal("{\n    a = b;\n    c = d\n}") == "expected ';' after the value of the dictionary key 'c', found '}' (line 4, column 1) at byte 23")
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let depth = OpenStepPropertyList.maxDepth
        let fine = String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
        #expect(Self.refusal(fine) == nil)
        let deep = String(repeating: "(", count: depth + 1) + String(repeating: ")", count: depth + 1)
        #expect(Self.refusal(deep)?.contains("nested deeper than 512") == true)
        let huge = String(repeating: "{a=", count: 200_000)
        #expect(Self.refusal(huge)?.contains("nested deeper than 512") == true)
        // Unclosed all the way down, a refusal too.
        #expect(Self.refusal(String(repeating: "(", count: 100))?.contains("no ')'") == true)
    }

    @Test func hugeInputReadsInOnePass() throws {
        // 20,000 entries, and a 1 MB string: read, and a 1 MB unterminated string refused.
        var text = "{"
        for index in 0..<20_000 { text += "\"k\(index)\" = { t = User; n = \"v\\U00e9\"; }; " }
        text += "}"
        guard case .dictionary(let dictionary) = try Self.read(text) else { Issue.record("not a dictionary"); return }
        #expect(dictionary.count == 20_000)
        let long = "\"" + String(repeating: "x", count: 1 << 20)
        #expect(try Self.read(long + "\"") == .string(String(repeating: "x", count: 1 << 20)))
        #expect(Self.refusal(long)?.contains("never closed") == true)
        #expect(Self.refusal("(a, /*" + String(repeating: "*", count: 1 << 20)) == "a comment that is never closed (no '*/') starts here (line 1, column 5) at byte 4")
    }

    @Test func randomBytesAreReadOrRefusedNeverACrash() {
        var random = FuzzRandom(seed: 38)
        let alphabet = Array("{}()<>=;,\"'\\/*aZ09 \n\tU".utf8) + [0xC3, 0xA9, 0xFF]
        for _ in 0..<5_000 {
            let count = Int.random(in: 0..<40, using: &random)
            let bytes = (0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
            _ = Self.refusal(bytes)
        }
        // Mutations of the real output: each one read or refused.
        let sample = Array(Self.listapps.utf8)
        for _ in 0..<2_000 {
            var bytes = sample
            let at = Int.random(in: 0..<bytes.count, using: &random)
            bytes[at] = alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
            _ = Self.refusal(bytes)
        }
    }
}
