import Foundation
import Testing

@testable import PropertyListCodec
import TestSupport

/// The one reader of XML property lists (``XMLPropertyListReader``) on the shapes Apple's tools,
/// Foundation and `plistlib` write and on the forms around them: read whole and under a key alike
/// (``CodecRoundTrip/xmlPropertyList(_:prefix:)``: the same refusals, the entries under the key,
/// the map's keys and values, a change spliced in), or refused as Foundation refuses them.
@Suite(.tags(.unit)) struct XMLPropertyListReaderTests {
    /// Whether `bytes` are read under `prefix` with every rule of the round trip holding; an
    /// issue for a broken rule.
    @discardableResult
    static func roundTrip(_ bytes: [UInt8], prefix: String, _ comment: Comment? = nil) -> Bool {
        let outcome = CodecRoundTrip.xmlPropertyList(bytes, prefix: prefix)
        if let problem = outcome.problem { Issue.record("\(problem); \(comment ?? "")") }
        return outcome == .read
    }

    /// A dictionary of every type (with `route`), as this codec writes it: Apple's and `plistlib`'s layout.
    static var written: [UInt8] {
        guard case .dictionary(let every) = PropertyListTests.everyType else { return [] }
        return try! XMLPropertyList.encode(.dictionary(every.replacing("route", with: "home/details")))
    }

    /// A dictionary as Foundation's `PropertyListSerialization` writes it.
    static var foundationWritten: [UInt8] {
        let value: [String: Any] = [
            "route": "home", "name": "héllo — 日本語 😀 <&>", "count": 42, "negative": -7, "ratio": 0.1, "whole": 3.0,
            "on": true, "off": false, "when": Date(timeIntervalSinceReferenceDate: 817_034_400), "blob": Data((0..<100).map { UInt8($0) }),
            "list": [1, "two", [3.5], [String: Int]()], "nested": ["k": "v", "é": "e", "empty": [Any]()], "empty": "",
        ]
        return [UInt8](try! PropertyListSerialization.data(fromPropertyList: value, format: .xml, options: 0))
    }

    @Test func theCommonShapesAreRead() {
        for prefix in ["route", "", "d", "zzz", "nested"] {
            let written = Self.roundTrip(Self.written, prefix: prefix, "written, \(prefix)")
            #expect(written, "written, \(prefix)")
            let foundation = Self.roundTrip(Self.foundationWritten, prefix: prefix, "Foundation, \(prefix)")
            #expect(foundation, "Foundation, \(prefix)")
        }
        let bodies = [
            "<dict/>", "<dict></dict>", "<dict><key>route</key><string>a&amp;&lt;&gt;&quot;&apos;&#65;&#x1F600;&#xe9;</string></dict>",
            "<dict><key/><true></true><key>f</key><false></false><key>s</key><string/><key>d</key><data></data></dict>",
            "<dict>\r\n\t<key>route</key>\r\n\t<integer> -12</integer>\r\n</dict>",
            "<dict><key>r</key><real>-1.5E+300</real><key>n</key><real>NaN</real><key>m</key><real>-Infinity</real><key>i</key><real>Infinity</real></dict>",
            "<dict><key>route</key><array><dict/><array/><dict><key>a</key><date>2000-02-29T23:59:59Z</date></dict></array></dict>",
            // Forms the writers do not use, which Foundation reads.
            "<dict><!-- c --><key>route</key><string>a</string></dict>", "<dict><key>route</key><string><![CDATA[x]]></string></dict>",
            "<dict><key>a&amp;b</key><string>a</string><key>a&#38;c</key><true/></dict>", "<dict><key>route</key><string a='1'>x</string></dict>",
            "<dict><key>route</key><string>x</string ></dict>", "<dict><key>i</key><integer>0x10</integer></dict>",
            "<dict><key>i</key><integer>+0X1f</integer></dict>", "<dict><key>i</key><integer>- 5</integer></dict>", "<dict><key>r</key><real>5.</real></dict>", "<dict><key>r</key><real>.5</real></dict>",
            "<dict ><key>route</key><true/></dict>", "<dict><?pi?><key>route</key><true/></dict>",
        ]
        for body in bodies {
            let full = Self.roundTrip(PropertyListTests.plist(body), prefix: "route", "\(body)")
            #expect(full, "\(body)")
            let bare = Self.roundTrip(Array("<plist>\(body)</plist>".utf8), prefix: "", "bare: \(body)")
            #expect(bare, "bare: \(body)")
        }
        for text in ["\u{FEFF}<plist><dict/></plist>", "<?xml version=\"1.0\" encoding=\"utf-8\"?><plist><dict/></plist>",
                     "<!-- c --><plist><dict/></plist>", "<plist version=\"1.1\"><dict/></plist>"] {
            let read = Self.roundTrip(Array(text.utf8), prefix: "route", "\(text)")
            #expect(read, "\(text)")
        }
    }

    /// Refused as Foundation refuses them (white space after an integer, past 64 bits, `<data/>`,
    /// a signed NaN, a reference in an integer, nine digits in a reference), whole and under any key.
    @Test func whatFoundationRefusesIsRefused() {
        for body in ["<dict><key>i</key><integer>5\r\n</integer></dict>", "<dict><key>i</key><integer>5\r</integer></dict>",
                     "<dict><key>d</key><data/></dict>",
                     "<dict><key>i</key><integer>&#49;</integer></dict>",
                     "<dict><key>s</key><string>&#x0000000041;</string></dict>", "<dict><key>r</key><real>-nan</real></dict>", "<dict><key>r</key><real>1.5 </real></dict>",
                     "<dict><key>d</key><date> 2026-11-22T10:00:00Z</date></dict>", "<dict><key>i</key><integer>18446744073709551616</integer></dict>",
                     "<dict><key>i</key><integer>-9223372036854775809</integer></dict>", "<dict><key>r</key><real>1e</real></dict>",
                     "<dict><key>s</key><string>&#x100000000;</string></dict>", "<dict><key>s</key><string>&#xFFFFFFFFF;</string></dict>"] {
            for prefix in ["zzz", "", "i"] {
                let outcome = CodecRoundTrip.xmlPropertyList(PropertyListTests.plist(body), prefix: prefix)
                #expect(outcome == .refused, "\(body) under \(prefix): \(outcome)")
            }
        }
    }

    /// The hostile and unusual cases of the selecting read's tests, and every character
    /// Foundation reads or refuses, in a string and in a key.
    @Test func hostileAndUnusualCasesRoundTrip() {
        var read = 0
        for value in XMLSelectingReadTests.values {
            for prefix in ["route", "", "other", "zzz"] {
                if Self.roundTrip(XMLSelectingReadTests.document(holding: value), prefix: prefix, "\(prefix): \(value)") { read += 1 }
            }
        }
        for text in XMLSelectingReadTests.documents {
            Self.roundTrip(Array(text.utf8), prefix: "route", "\(text)")
        }
        for scalar: UInt32 in [0x00, 0x08, 0x0D, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFE, 0xFFFF, 0x10000, 0x10FFFF] {
            let character = String(Unicode.Scalar(scalar).map { Character($0) } ?? "?")
            for body in ["<dict><key>k\(character)</key><string>x\(character)y</string></dict>", "<dict><key>s</key><string>&#\(scalar);</string></dict>"] {
                if Self.roundTrip(PropertyListTests.plist(body), prefix: "", "U+\(String(scalar, radix: 16))") { read += 1 }
            }
        }
        for bytes: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF]] {
            var document = PropertyListTests.plist("<dict><key>s</key><string>x</string></dict>")
            document.insert(contentsOf: bytes, at: document.count - 20)
            #expect(CodecRoundTrip.xmlPropertyList(document, prefix: "") == .refused, "\(bytes)")
        }
        for depth in [XMLPropertyList.maxDepth - 1, XMLPropertyList.maxDepth] {
            let body = "<dict><key>k</key>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</dict>"
            Self.roundTrip(PropertyListTests.plist(body), prefix: "", "depth \(depth)")
            Self.roundTrip(PropertyListTests.plist(body.replacingOccurrences(of: "<array></array>", with: "<dict/>")), prefix: "", "depth \(depth)")
        }
        #expect(read > 50, "too few cases were read to say anything")
    }

    /// A key given twice in a dictionary is refused, naming it: compared pairwise in a small
    /// dictionary, through the hash table in a large one (keys that differ only late in their
    /// last word, in their middle, or in bytes not ASCII, and keys spelled with references);
    /// without the duplicate, every dictionary is read.
    @Test(arguments: ["key number @", "clé numéro @", "com.example.@.enabled", "@", "&#107;ey &amp; @"])
    func aKeyGivenTwiceIsRefused(spelling: String) {
        func key(_ number: Int) -> String { spelling.replacingOccurrences(of: "@", with: "\(number)") }
        for count in [2, 16, 17, 40, 300] {
            let keys = (0..<count).map { "<key>\(key($0))</key><integer>\($0)</integer>" }
            for duplicate in [0, count / 2, count - 1] {
                // The duplicate spelled as the first one is, or with the first letter as a reference.
                var spelled = key(duplicate)
                if duplicate == count / 2, let first = spelled.unicodeScalars.first, first.isASCII, first != "&" {
                    spelled = "&#\(first.value);" + spelled.dropFirst()
                }
                let withDuplicate = keys + ["<key>\(spelled)</key><true/>"]
                for nested in [false, true] {
                    func document(_ entries: [String]) -> [UInt8] {
                        let body = "<dict>" + entries.joined() + "</dict>"
                        return PropertyListTests.plist(nested ? "<dict><key>n</key>\(body)</dict>" : body)
                    }
                    let read = Self.roundTrip(document(keys), prefix: "", "\(count) keys")
                    #expect(read, "\(count) keys, nested \(nested)")
                    #expect(throws: PropertyListError.self, "\(count) keys, \(duplicate) twice, nested \(nested)") {
                        try XMLPropertyList.decode(document(withDuplicate))
                    }
                    let outcome = CodecRoundTrip.xmlPropertyList(document(withDuplicate), prefix: "")
                    #expect(outcome == .refused, "\(count) keys, \(duplicate) twice, nested \(nested): \(outcome)")
                }
            }
        }
    }

    /// A key given twice among many (checked at once when the dictionary ends or an error stops
    /// it) is refused as when keys were checked one by one: at its second `<key>`, before any
    /// error after it; of a repeat in a nested dictionary and one in its parent, the first met.
    @Test func aKeyGivenTwiceAmongManyIsRefusedWhereItIsMet() {
        for count in [16, 17, 40, 300] {
            let keys = (0..<count).map { "<key>k\($0)</key><integer>\($0)</integer>" }
            for duplicate in [0, 15, count - 1] {
                for after in ["", "<key>bad</key><integer>x</integer>", "<key>open</key><string>a", "<integer>1</integer>"] {
                    let text = "<plist><dict>" + keys.joined() + "<key>k\(duplicate)</key><true/>" + after + "</dict></plist>"
                    let second = text.range(of: "<key>k\(duplicate)</key>", options: .backwards)!
                    let offset = text.utf8.distance(from: text.startIndex, to: second.lowerBound)
                    #expect(throws: PropertyListError("the dictionary has the key 'k\(duplicate)' twice", at: offset), "\(count), \(duplicate), \(after)") {
                        try XMLPropertyList.decode(Array(text.utf8))
                    }
                }
            }
        }
        // Nested: the inner dictionary's repeat is met first; the outer one's, when before it.
        let inner = "<dict>" + (0..<20).map { "<key>i\($0)</key><true/>" }.joined() + "<key>i3</key><true/></dict>"
        let outer = (0..<20).map { "<key>o\($0)</key><true/>" }.joined()
        for text in ["<plist><dict>\(outer)<key>n</key>\(inner)<key>o1</key><true/></dict></plist>",
                     "<plist><dict>\(outer)<key>o1</key><true/><key>n</key>\(inner)</dict></plist>"] {
            let first = text.hasSuffix("<key>o1</key><true/></dict></plist>") ? "<key>i3</key>" : "<key>o1</key>"
            let second = text.range(of: first, options: .backwards)!
            let name = first.dropFirst(5).prefix(2)
            #expect(throws: PropertyListError("the dictionary has the key '\(name)' twice", at: text.utf8.distance(from: text.startIndex, to: second.lowerBound))) {
                try XMLPropertyList.decode(Array(text.utf8))
            }
        }
    }
}

/// Seeded mutations of files Foundation, `plistlib` and this codec write, each round-tripped
/// through the one reader (``CodecRoundTrip/xmlPropertyList(_:prefix:)``), as the libFuzzer target
/// `property-list` (Fuzz/PropertyListFuzzer.swift) does with its own inputs.
@Suite(.tags(.fuzz), .slowLayer) struct XMLPropertyListReaderFuzzTests {
    @Test func mutationsRoundTrip() {
        Self.mutate([XMLPropertyListReaderTests.written, XMLPropertyListReaderTests.foundationWritten], test: "XMLPropertyListReader.mutations")
    }

    /// The same on the files Python's `plistlib` writes (one python3 run, shared with PropertyListPythonTests).
    @Test(.enabled(if: PythonPlist.python != nil, "python3 is not installed"))
    func mutationsOfPlistlibFilesRoundTrip() throws {
        let files = ["all.xml", "sorted.xml", "deep-data.xml"].compactMap { PropertyListPythonTests.files[$0] }
        try #require(files.count == 3, "plistlib wrote no files")
        for file in files {
            let read = XMLPropertyListReaderTests.roundTrip(file, prefix: "", "as plistlib wrote it")
            #expect(read, "as plistlib wrote it")
        }
        Self.mutate(files, test: "XMLPropertyListReader.plistlibMutations")
    }

    /// Seeded mutations of `files`: byte flips, deletions, insertions of markup, digits and
    /// bytes not ASCII, truncations; some mutated files must still be read.
    static func mutate(_ files: [[UInt8]], test: String) {
        var random = FuzzRandom(seed: FuzzSettings.seed(for: test))
        let inserted = Array("<>/&;#x0123456789-+.eE \t\r\n".utf8) + [0x00, 0x7F, 0x80, 0xBF, 0xC3, 0xA9, 0xE2, 0xEF, 0xF0, 0xFF]
        var mutatedRead = 0
        for round in 0..<FuzzSettings.cases(600, factor: 50) {
            var bytes = random.pick(files)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<5, using: &random) {
                case 0: bytes[index] = random.pick(inserted)
                case 1: bytes.insert(random.pick(inserted), at: index)
                case 2: if bytes.count > 1 { bytes.remove(at: index) }
                case 3: bytes[index] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
                default: if random.chance(0.2) { bytes.removeLast(Int.random(in: 1...min(40, bytes.count - 1), using: &random)) }
                }
            }
            if XMLPropertyListReaderTests.roundTrip(bytes, prefix: random.pick(["route", "", "n", "zzz"]), "round \(round)"), !files.contains(bytes) {
                mutatedRead += 1
            }
        }
        #expect(mutatedRead > 0, "no mutation was read: they are too blunt")
    }
}
