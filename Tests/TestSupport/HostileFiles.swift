import Foundation

/// Navigator files for fuzzing: valid seeds, a catalog of hostile shapes, and random mutations
/// of both. (`routectlTests/Support` links to this file, as to ``FuzzRandom``.)
public enum HostileFiles {
    /// Valid files of formats 1 and 2 (and one of a newer format), small enough to truncate at
    /// every byte.
    public static let seeds: [String] = [
        #"{"format": 1, "initial": {"name": "root"}}"#,
        """
        {
          "format": 1,
          "initial": {"name": "onboarding"},
          "root": {"name": "home"},
          "stack": [{"name": "details", "params": {"id": "42", "q": "caf\\u00e9 \\ud83d\\ude00 / ?&="}}, {"name": "_x.y-z"}],
          "routes": ["onboarding", "home", "details", "_x.y-z"],
          "historyLimit": 3,
          "history": [
            {"seq": 7, "at": "2026-11-22T10:00:00Z", "op": "push", "args": ["details", "id=42"], "path": "home/details?id=42"},
            {"seq": 8, "at": "2026-11-22T10:00:01Z", "op": "push", "args": ["_x.y-z"], "path": "home/details?id=42/_x.y-z", "extra": [1, {"a": null}]}
          ],
          "future": {"modals": [[], {}], "n": -1.5e-3, "t": true, "f": false, "s": "\\"\\\\\\/\\b\\f\\n\\r\\t"}
        }

        """,
        #"{"format":1,"initial":{"name":"a","params":{"k":""},"color":"red"},"root":{"name":"b"},"stack":[],"routes":null,"history":[]}"#,
        #"{"format": 3, "initial": {"name": "a"}, "root": {"name": "b"}, "stack": [{"name": "c"}], "modals": [{"name": "m"}]}"#,
        """
        {
          "format": 2,
          "initial": {"name": "onboarding"},
          "root": {"name": "home"},
          "stack": [],
          "presented": [],
          "tabs": [
            {"name": "feed", "stack": [{"name": "details", "params": {"id": "42", "n": -7.5e1, "b": true, "z": null}}], "presented": [{"style": "sheet", "root": {"name": "c"}, "stack": [], "x": 1}]},
            {"name": "profile", "stack": [], "presented": [], "badge": "3"}
          ],
          "selectedTab": "profile",
          "tabContainers": {"home": ["feed", "profile"], "other": ["x"]},
          "historyLimit": 5,
          "history": [
            {"seq": 1, "at": "2026-11-22T10:00:00Z", "op": "tab", "args": ["profile"], "path": "home/tab:profile", "tabs": ["feed/details?n:=1", "profile"]}
          ]
        }

        """,
        #"{"format":2,"initial":{"name":"a","params":{"n":0}},"root":{"name":"b"},"stack":[{"name":"c"}],"presented":[{"style":"cover","root":{"name":"d","params":{"s":"t"}},"stack":[{"name":"e"}]},{"style":"sheet","root":{"name":"f"},"stack":[]}]}"#,
    ]

    /// Hostile files that each probe one rule, with a name for failure messages.
    public static func catalog() -> [(name: String, bytes: [UInt8])] {
        var cases: [(String, [UInt8])] = []
        func add(_ name: String, _ text: String) { cases.append((name, Array(text.utf8))) }
        func addBytes(_ name: String, _ bytes: [UInt8]) { cases.append((name, bytes)) }
        /// A file whose member `key` holds `value`, the rest valid.
        func member(_ key: String, _ value: String) -> String {
            var members = [("format", "1"), ("initial", #"{"name": "a"}"#), ("root", #"{"name": "b"}"#), ("stack", "[]"), ("history", "[]")]
            if let index = members.firstIndex(where: { $0.0 == key }) {
                members[index].1 = value
            } else {
                members.append((key, value))
            }
            return "{" + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
        }
        let entry = #"{"seq": 1, "at": "t", "op": "push", "args": ["a"], "path": "b/a"}"#

        for text in ["", " ", "\n", "null", "[]", "\"x\"", "1", "{", "}", "{}", "{\"format\": 1}", "[{\"format\": 1}]"] {
            add("document \(text.debugDescription)", text)
        }
        addBytes("byte order mark", [0xEF, 0xBB, 0xBF] + Array(seeds[0].utf8))
        add("trailing data", seeds[0] + " x")
        add("trailing second document", seeds[0] + seeds[0])
        addBytes("trailing NUL", Array(seeds[0].utf8) + [0])

        let wrongValues = ["\"1\"", "1.0", "1e0", "-1", "0", "true", "null", "[]", "{}", "\"\"", "99999999999999999999", "-0"]
        for key in ["format", "initial", "root", "stack", "routes", "historyLimit", "history", "unknown"] {
            for value in wrongValues {
                add("\(key): \(value)", member(key, value))
            }
        }
        let routeValues = [
            #"{"name": 5}"#, #"{"name": ""}"#, #"{"name": "1x"}"#, #"{"name": "a b"}"#, #"{"params": {}}"#,
            #"{"name": "a", "params": []}"#, #"{"name": "a", "params": {"k": 5}}"#, #"{"name": "a", "params": {"k": "v\u0001"}}"#,
            #"{"name": "a", "params": {"1k": "v"}}"#, #"{"name": "a", "params": {"k": "v", "k": "w"}}"#, #"{"name": "a", "name": "b"}"#,
            "{\"name\": \"a\", \"params\": {\"k\": \"\(String(repeating: "v", count: 1025))\"}}",
            "{\"name\": \"\(String(repeating: "n", count: 65))\"}", #"{"name": "\u0061"}"#, #"{"name": "a\u0000"}"#,
        ]
        for value in routeValues {
            add("root: \(value.prefix(60))", member("root", value))
            add("stack: [\(value.prefix(60))]", member("stack", "[\(value)]"))
        }
        for value in [#"["a", "a"]"#, #"["1a"]"#, "[1]", #"["b"]"#, #"["a", "b", null]"#] {
            add("routes: \(value)", member("routes", value))
        }
        let entries = [
            "{}", "1", "[]", #"{"seq": 0, "at": "t", "op": "o", "args": [], "path": "p"}"#,
            #"{"seq": "1", "at": "t", "op": "o", "args": [], "path": "p"}"#,
            #"{"seq": 1, "at": "t", "op": "o", "args": [], "path": "p", "seq": 2}"#,
            #"{"seq": 1, "at": "t", "op": "o", "args": [], "path": "p", "p\u0061th": 5}"#,
            #"{"s\u0065q": 1, "at": "t", "op": "o", "args": [], "path": "p"}"#,
            #"{"seq": 1, "at": "t", "op": "o", "args": "x", "path": "p"}"#,
            #"{"seq": 1, "at": "t", "op": "o", "args": [1], "path": "p"}"#,
            #"{"seq": 1, "at": "t", "op": "\ud800", "args": [], "path": "p"}"#,
            #"{"seq": 1, "at": "t", "op": "\udc00x", "args": [], "path": "p"}"#,
            #"{"seq": 1, "at": "t", "op": "\ud800\u0041", "args": [], "path": "p"}"#,
            #"{"seq": 1, "at": "t", "op": "\ud83d\ude00", "args": [], "path": "p"}"#,
            #"{"seq": 9223372036854775807, "at": "t", "op": "o", "args": [], "path": "p"}"#,
            #"{"seq": 9223372036854775806, "at": "t", "op": "o", "args": [], "path": "p"}"#,
            #"{"seq": -9223372036854775808, "at": "t", "op": "o", "args": [], "path": "p"}"#,
            #"{"seq": 1e2, "at": "t", "op": "o", "args": [], "path": "p"}"#,
            #"{"seq": 1, "at": "t", "op": "o", "args": [], "path": "p", "x": [[[[[[]]]]]]}"#,
        ]
        for value in entries {
            add("history: [\(value.prefix(70))]", member("history", "[\(entry), \(value)]"))
        }
        add("historyLimit 1 with two entries", member("historyLimit", "1").replacingOccurrences(of: "\"history\": []", with: "\"history\": [\(entry), \(entry)]"))

        // Nesting: the top-level object is level 1, so a member's value starts at level 2.
        for depth in [1, 62, 63, 64, 65, 1000, 100_000] {
            add("nested \(depth) arrays in a member", member("deep", String(repeating: "[", count: depth) + String(repeating: "]", count: depth)))
            add("nested \(depth) objects in a member", member("deep", String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)))
        }
        add("nested arrays in history", member("history", "[" + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "]"))
        add("nested in a route", member("root", #"{"name": "b", "x": "# + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "}"))
        add("unclosed nesting", member("deep", String(repeating: "[", count: 100_000)))
        add("mismatched brackets in history", member("history", "[{]"))
        add("mismatched brackets deep", member("x", "[{\"a\": [1, 2}, 3]"))

        for number in ["1e309", "-1e309", "1e-400", "123456789012345678901234567890", "-0.0", "0.1e+1", "01", "1.", ".1", "-", "+1", "1e", "0x10", "NaN", "Infinity", String(repeating: "9", count: 100_000)] {
            add("number \(number.prefix(20))", member("x", number))
            add("format \(number.prefix(20))", member("format", number))
        }
        for duplicate in ["format", "initial", "root", "stack", "history", "x"] {
            let text = member("x", "1")
            add("duplicate \(duplicate)", String(text.dropLast()) + ", \"\(duplicate)\": 1}")
        }
        add("escaped duplicate of format", String(member("x", "1").dropLast()) + #", "\u0066ormat": 1}"#)

        let badUTF8: [[UInt8]] = [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xC3]]
        for bytes in badUTF8 {
            let hex = bytes.map { String($0, radix: 16) }.joined(separator: " ")
            let inName = Array(#"{"format": 1, "initial": {"name": "a"}, "x": "v"#.utf8) + bytes + Array(#""}"#.utf8)
            addBytes("invalid UTF-8 \(hex) in a string", inName)
            addBytes("invalid UTF-8 \(hex) between tokens", Array(#"{"format": 1, "initial": {"name": "a"}"#.utf8) + bytes + Array("}".utf8))
            addBytes("invalid UTF-8 \(hex) in history", Array(#"{"format": 1, "initial": {"name": "a"}, "history": [{"seq": 1, "at": "t"#.utf8) + bytes + Array(#"", "op": "o", "args": [], "path": "p"}]}"#.utf8))
        }
        for escape in [#"\u"#, #"\u12"#, #"\uZZZZ"#, #"\x41"#, #"\"#, #"\ud800"#, #"\udfff"#, #"\ud800\ud800"#, #"\u0000"#] {
            add("escape \(escape) in a value", member("x", "\"a\(escape)\""))
            add("escape \(escape) in a key", member("x", "{\"k\(escape)\": 1}"))
            add("escape \(escape) in a parameter", member("root", "{\"name\": \"b\", \"params\": {\"k\": \"a\(escape)\"}}"))
        }
        add("raw control character in a string", member("x", "\"a\u{1}b\""))
        add("raw tab in a string", member("x", "\"a\tb\""))
        add("long string", member("x", "\"" + String(repeating: "é", count: 500_000) + "\""))
        add("many members", "{" + (0..<20_000).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + ", \"format\": 1, \"initial\": {\"name\": \"a\"}}")
        // Format 2's members and the rules that tie them together.
        let presentations = [
            "5", "[5]", "[{}]", #"[{"style": "sheet"}]"#, #"[{"root": {"name": "a"}}]"#, #"[{"style": "modal", "root": {"name": "a"}}]"#,
            #"[{"style": 1, "root": {"name": "a"}}]"#, #"[{"style": "sheet", "root": {"name": "a"}, "stack": 5}]"#,
            #"[{"style": "sheet", "style": "cover", "root": {"name": "a"}}]"#, #"[{"style": "sheet", "root": {"name": "1"}}]"#,
        ]
        for value in presentations {
            add("presented: \(value.prefix(60))", member("presented", value))
        }
        let tabbed = #"{"format": 2, "initial": {"name": "h"}, "tabContainers": {"h": ["x", "y"]}, "#
        for (name, rest) in [
            ("no tabs for a container root", #""history": []}"#),
            ("tabs without selectedTab", #""tabs": [{"name": "x"}, {"name": "y"}]}"#),
            ("selectedTab without tabs", #""selectedTab": "x"}"#),
            ("selected tab not a tab", #""tabs": [{"name": "x"}, {"name": "y"}], "selectedTab": "z"}"#),
            ("tabs in another order", #""tabs": [{"name": "y"}, {"name": "x"}], "selectedTab": "x"}"#),
            ("a tab missing", #""tabs": [{"name": "x"}], "selectedTab": "x"}"#),
            ("a tab twice", #""tabs": [{"name": "x"}, {"name": "x"}], "selectedTab": "x"}"#),
            ("a tab without a name", #""tabs": [{"name": "x"}, {"stack": []}], "selectedTab": "x"}"#),
            ("a stack on a container root", #""stack": [{"name": "s"}], "tabs": [{"name": "x"}, {"name": "y"}], "selectedTab": "x"}"#),
            ("a sheet on a container root", #""presented": [{"style": "sheet", "root": {"name": "s"}}], "tabs": [{"name": "x"}, {"name": "y"}], "selectedTab": "x"}"#),
            ("selectedTab a number", #""tabs": [{"name": "x"}, {"name": "y"}], "selectedTab": 0}"#),
        ] {
            add("tabs: \(name)", tabbed + rest)
        }
        for value in ["5", "[]", #"{"h": []}"#, #"{"h": ["x", "x"]}"#, #"{"h": [1]}"#, #"{"1h": ["x"]}"#, #"{"h": ["x"], "h": ["y"]}"#, #"{"h": "x"}"#] {
            add("tabContainers: \(value)", member("tabContainers", value))
        }
        for value in ["[1]", "{}", "01", "1.", "-", "tru", "nul", #""\u0001""#, "1e999999999"] {
            add("typed value \(value)", member("root", #"{"name": "b", "params": {"k": "# + value + "}}"))
        }
        add("history entry with bad tabs", member("history", #"[{"seq": 1, "at": "t", "op": "o", "args": [], "path": "p", "tabs": 5}]"#))
        add("history entry with tabs not strings", member("history", #"[{"seq": 1, "at": "t", "op": "o", "args": [], "path": "p", "tabs": [{"name": "x"}]}]"#))
        add("format 3 with a bad stack", #"{"format": 3, "initial": {"name": "a"}, "stack": 5}"#)
        add("format 3 with garbage after", #"{"format": 3, "initial": {"name": "a"}} x"#)
        add("format 1000000 without initial", #"{"format": 1000000}"#)
        return cases
    }

    /// Bytes the mutations like to put in: JSON's own, and those that break UTF-8.
    public static let interestingBytes: [UInt8] = Array("{}[]\":,\\-+.0123456789eEntfu ".utf8) + [0x00, 0x0A, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xFF]
    /// Pieces of text the mutations like to put in.
    public static let interestingTokens: [String] = [
        "\\u", "\\ud800", "\\udc00", "\\u0000", "\"", "\\", "1e999", "-0", "99999999999999999999", "[[[[[[[[", "]]]]", "{{{{", "}}}}",
        "null", "true", "{}", "[]", ",", ":", "\"seq\": 1, ", "\"name\": \"x\"", "\"params\": {\"a\": \"b\"}", "\"format\": 2, ",
        "é", "\u{301}", "😀", "\u{7F}",
    ]

    /// `bytes` changed in 1–4 random ways: a byte flipped, set, inserted or deleted, a range
    /// deleted, duplicated or cut off, a token inserted, or a piece of another seed spliced in.
    public static func mutate(_ bytes: [UInt8], using random: inout FuzzRandom) -> [UInt8] {
        var out = bytes
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let position = out.isEmpty ? 0 : Int.random(in: 0..<out.count, using: &random)
            switch Int.random(in: 0..<9, using: &random) {
            case 0 where !out.isEmpty:
                out[position] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
            case 1 where !out.isEmpty:
                out[position] = random.pick(interestingBytes)
            case 2:
                out.insert(random.pick(interestingBytes), at: position)
            case 3 where !out.isEmpty:
                let end = min(out.count, position + Int.random(in: 1...16, using: &random))
                out.removeSubrange(position..<end)
            case 4 where !out.isEmpty:
                let end = min(out.count, position + Int.random(in: 1...32, using: &random))
                out.insert(contentsOf: out[position..<end], at: position)
            case 5:
                out.removeSubrange(position..<out.count)
            case 6:
                out.insert(contentsOf: Array(random.pick(interestingTokens).utf8), at: position)
            case 7:
                let other = Array(random.pick(seeds).utf8)
                let from = Int.random(in: 0..<other.count, using: &random)
                let to = min(other.count, from + Int.random(in: 1...64, using: &random))
                out.insert(contentsOf: other[from..<to], at: position)
            default:
                if let quote = out.indices.filter({ out[$0] == UInt8(ascii: "\"") }).randomElement(using: &random) {
                    out.insert(contentsOf: Array(random.pick(interestingTokens).utf8), at: quote + 1)
                }
            }
        }
        return out
    }
}
