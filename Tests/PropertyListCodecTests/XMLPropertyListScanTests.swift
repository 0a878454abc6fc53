import Foundation
import Testing

@testable import PropertyListCodec
import TestSupport

/// The one-pass scan of an XML property list (``XMLPropertyListScan``) against the reader:
/// whatever the scan takes, the reader reads with the same selected entries, keys, entry ends
/// and root tag; whatever the reader refuses, the scan does not take (it leaves it to the reader).
@Suite(.tags(.unit)) struct XMLPropertyListScanTests {
    /// Whether the scan took `bytes` under `prefix`; an issue when the reader, which reads
    /// every document the scan does not take, reads it otherwise or refuses it.
    @discardableResult
    static func agree(_ bytes: [UInt8], prefix: String, _ comment: Comment? = nil) -> Bool {
        guard let scan = XMLPropertyListScan(bytes, selecting: Array(prefix.utf8)) else { return false }
        switch Result(catching: { try XMLPropertyList.decodeSelectingByReader(bytes, prefix: prefix) }) {
        case .success(let read?):
            #expect(scan.dictionary.entries == read.dictionary.entries, comment)
            #expect(scan.selected == read.selected, comment)
            let keys = XMLPropertyListKeys(bytes: bytes, ranges: scan.keys).strings
            #expect(keys.map { Array($0.utf8) } == read.keys.strings.map { Array($0.utf8) }, comment)
            #expect(scan.entryEnds == read.layout.entryEnds, comment)
            #expect(scan.rootTag == read.layout.rootTag, comment)
            #expect(scan.rootIsEmptyTag == read.layout.rootIsEmptyTag, comment)
        case .success(nil):
            Issue.record("the scan took a document whose top value is no dictionary; \(comment ?? "")")
        case .failure(let error):
            Issue.record("the scan took what the reader refuses (\(error)); \(comment ?? "")")
        }
        return true
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

    @Test func theCommonShapeIsTaken() {
        for prefix in ["route", "", "d", "zzz", "nested"] {
            let written = Self.agree(Self.written, prefix: prefix, "written, \(prefix)")
            #expect(written, "written, \(prefix)")
            let foundation = Self.agree(Self.foundationWritten, prefix: prefix, "Foundation, \(prefix)")
            #expect(foundation, "Foundation, \(prefix)")
        }
        let bodies = [
            "<dict/>", "<dict></dict>", "<dict><key>route</key><string>a&amp;&lt;&gt;&quot;&apos;&#65;&#x1F600;&#xe9;</string></dict>",
            "<dict><key/><true></true><key>f</key><false></false><key>s</key><string/><key>d</key><data></data></dict>",
            "<dict>\r\n\t<key>route</key>\r\n\t<integer> -12</integer>\r\n</dict>",
            "<dict><key>r</key><real>-1.5E+300</real><key>n</key><real>NaN</real><key>m</key><real>-Infinity</real><key>i</key><real>Infinity</real></dict>",
            "<dict><key>route</key><array><dict/><array/><dict><key>a</key><date>2000-02-29T23:59:59Z</date></dict></array></dict>",
        ]
        for body in bodies {
            let full = Self.agree(PropertyListTests.plist(body), prefix: "route", "\(body)")
            #expect(full, "\(body)")
            let bare = Self.agree(Array("<plist>\(body)</plist>".utf8), prefix: "", "bare: \(body)")
            #expect(bare, "bare: \(body)")
        }
    }

    /// Forms the scan leaves to the reader (which reads them), in an entry not selected: not
    /// taken, so read as before. (A selected entry's value is built by the reader, whatever its form.)
    @Test func otherShapesAreLeftToTheReader() {
        let bodies = [
            "<dict><!-- c --><key>route</key><string>a</string></dict>", "<dict><key>route</key><string><![CDATA[x]]></string></dict>",
            "<dict><key>a&amp;b</key><string>a</string></dict>", "<dict><key>route</key><string a='1'>x</string></dict>",
            "<dict><key>route</key><string>x</string ></dict>", "<dict><key>i</key><integer>0x10</integer></dict>",
            "<dict><key>i</key><integer>+0X1f</integer></dict>", "<dict><key>i</key><integer>- 5</integer></dict>",
            "<dict><key>i</key><integer>\u{7F}5</integer></dict>", "<dict><key>r</key><real>5.</real></dict>",
            "<dict><key>r</key><real>.5</real></dict>",
            "<dict ><key>route</key><true/></dict>", "<dict><?pi?><key>route</key><true/></dict>",
        ]
        for body in bodies {
            let bytes = PropertyListTests.plist(body)
            let taken = Self.agree(bytes, prefix: "zzz", "\(body)")
            #expect(!taken, "\(body)")
            let read = (try? XMLPropertyList.decodeSelecting(bytes, prefix: "zzz")) != nil
            #expect(read, "the reader reads \(body)")
        }
        // Refused by the reader, as Foundation refuses them (white space after an integer, past 64
        // bits, `<data/>`, a signed NaN): never taken.
        for body in ["<dict><key>i</key><integer>5\r\n</integer></dict>", "<dict><key>i</key><integer>5\r</integer></dict>",
                     "<dict><key>d</key><data/></dict>", "<dict><key>i</key><integer>&#49;</integer></dict>",
                     "<dict><key>s</key><string>&#x0000000041;</string></dict>", "<dict><key>r</key><real>-nan</real></dict>", "<dict><key>r</key><real>1.5 </real></dict>",
                     "<dict><key>d</key><date> 2026-11-22T10:00:00Z</date></dict>", "<dict><key>i</key><integer>18446744073709551616</integer></dict>",
                     "<dict><key>i</key><integer>-9223372036854775809</integer></dict>", "<dict><key>r</key><real>1e</real></dict>",
                     // Nine hexadecimal digits past 32 bits (the scan's count of them must not overflow).
                     "<dict><key>s</key><string>&#x100000000;</string></dict>", "<dict><key>s</key><string>&#xFFFFFFFFF;</string></dict>"] {
            let bytes = PropertyListTests.plist(body)
            let taken = Self.agree(bytes, prefix: "zzz", "\(body)")
            #expect(!taken, "\(body)")
            let read = (try? XMLPropertyList.decode(bytes)) != nil
            #expect(!read, "the reader refuses \(body)")
        }
        for text in ["\u{FEFF}<plist><dict/></plist>", "<?xml version=\"1.0\" encoding=\"utf-8\"?><plist><dict/></plist>",
                     "<!-- c --><plist><dict/></plist>", "<plist version=\"1.1\"><dict/></plist>"] {
            let taken = Self.agree(Array(text.utf8), prefix: "route", "\(text)")
            #expect(!taken, "\(text)")
        }
    }

    /// The hostile and unusual cases of the selecting read's tests: taken only where the reader agrees.
    @Test func hostileAndUnusualCasesAgree() {
        var taken = 0
        for value in XMLSelectingReadTests.values {
            for prefix in ["route", "", "other", "zzz"] {
                if Self.agree(XMLSelectingReadTests.document(holding: value), prefix: prefix, "\(prefix): \(value)") { taken += 1 }
            }
        }
        for text in XMLSelectingReadTests.documents {
            Self.agree(Array(text.utf8), prefix: "route", "\(text)")
        }
        // Characters: each one Foundation reads or refuses, in a string and in a key.
        for scalar: UInt32 in [0x00, 0x08, 0x0D, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFE, 0xFFFF, 0x10000, 0x10FFFF] {
            let character = String(Unicode.Scalar(scalar).map { Character($0) } ?? "?")
            for body in ["<dict><key>k\(character)</key><string>x\(character)y</string></dict>", "<dict><key>s</key><string>&#\(scalar);</string></dict>"] {
                if Self.agree(PropertyListTests.plist(body), prefix: "", "U+\(String(scalar, radix: 16))") { taken += 1 }
            }
        }
        for bytes: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF]] {
            var document = PropertyListTests.plist("<dict><key>s</key><string>x</string></dict>")
            document.insert(contentsOf: bytes, at: document.count - 20)
            let taken = Self.agree(document, prefix: "", "\(bytes)")
            #expect(!taken, "\(bytes)")
        }
        // A dictionary nested as deep as the reader reads, and one level deeper.
        for depth in [XMLPropertyList.maxDepth - 1, XMLPropertyList.maxDepth] {
            let body = "<dict><key>k</key>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</dict>"
            Self.agree(PropertyListTests.plist(body), prefix: "", "depth \(depth)")
            Self.agree(PropertyListTests.plist(body.replacingOccurrences(of: "<array></array>", with: "<dict/>")), prefix: "", "depth \(depth)")
        }
        #expect(taken > 50, "the scan took too few cases to say anything")
    }

    /// Duplicate keys in every dictionary: pairwise in a small one, by the hash table in a large
    /// one; keys that differ only late in their last word, or in their middle, or in bytes not
    /// ASCII, without duplicates, are taken (their hashes spread: the table's probes do not run out).
    @Test(arguments: ["key number #", "clé numéro #", "com.example.#.enabled", "#"])
    func duplicateKeysAreNeverTaken(spelling: String) {
        func key(_ number: Int) -> String { spelling.replacingOccurrences(of: "#", with: "\(number)") }
        for count in [2, 16, 17, 40, 300] {
            let keys = (0..<count).map { "<key>\(key($0))</key><integer>\($0)</integer>" }
            for duplicate in [0, count / 2, count - 1] {
                var withDuplicate = keys
                withDuplicate.append("<key>\(key(duplicate))</key><true/>")
                for body in ["<dict>" + keys.joined() + "</dict>", "<dict>" + withDuplicate.joined() + "</dict>"] {
                    for nested in [false, true] {
                        let text = nested ? "<dict><key>n</key>\(body)</dict>" : body
                        let bytes = PropertyListTests.plist(text)
                        let taken = Self.agree(bytes, prefix: "", "\(count) keys")
                        #expect(taken == (body.count == ("<dict>" + keys.joined() + "</dict>").count), "\(count) keys, nested \(nested)")
                    }
                }
            }
        }
    }

    /// The scan's base64 check says what decoding says, on every text of the characters that matter.
    @Test func base64CheckSaysWhatDecodingSays() {
        let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        // Each byte just outside a range of digits, and others the reader meets.
        let others = Array("= \n\t\r-@[`{*,.:;&".utf8) + [0x00, 0x2A, 0x2C, 0x2E, 0x3A, 0x40, 0x5B, 0x60, 0x7B, 0x7F, 0x80, 0xC1, 0xE1, 0xFF]
        var random = FuzzRandom(seed: 23)
        for _ in 0..<3000 {
            // Runs of digits (eight and more are checked at once) between other bytes.
            var text: [UInt8] = []
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                text += (0..<Int.random(in: 0...12, using: &random)).map { _ in random.pick(digits) }
                if random.chance(0.7) { text.append(random.pick(others)) }
            }
            let decodes = (try? PropertyListBase64.decode(text[...], base: 0)) != nil
            let length = (text + Array("</data>".utf8)).withUnsafeBufferPointer { PropertyListBase64.validLength($0) }
            #expect(length == (decodes ? text.count : nil), "\(String(decoding: text, as: UTF8.self))")
        }
    }
}

/// Seeded mutations of files Foundation and this codec (in `plistlib`'s layout) write: the scan
/// never takes what the reader refuses, and reads what it takes as the reader does.
@Suite(.tags(.fuzz), .slowLayer) struct XMLPropertyListScanFuzzTests {
    @Test func mutationsAreTakenOnlyWhereTheReaderAgrees() {
        Self.mutate([XMLPropertyListScanTests.written, XMLPropertyListScanTests.foundationWritten], test: "XMLPropertyListScan.mutations")
    }

    /// The same on the files Python's `plistlib` writes (one python3 run, shared with PropertyListPythonTests).
    @Test(.enabled(if: PythonPlist.python != nil, "python3 is not installed"))
    func mutationsOfPlistlibFilesAreTakenOnlyWhereTheReaderAgrees() throws {
        let files = ["all.xml", "sorted.xml", "deep-data.xml"].compactMap { PropertyListPythonTests.files[$0] }
        try #require(files.count == 3, "plistlib wrote no files")
        for file in files {
            let taken = XMLPropertyListScanTests.agree(file, prefix: "", "as plistlib wrote it")
            #expect(taken, "a file plistlib wrote is left to the reader")
        }
        Self.mutate(files, test: "XMLPropertyListScan.plistlibMutations")
    }

    /// Seeded mutations of `files`: byte flips, deletions, insertions of markup, digits and
    /// bytes not ASCII, truncations; at least one mutated file must be taken.
    static func mutate(_ files: [[UInt8]], test: String) {
        var random = FuzzRandom(seed: FuzzSettings.seed(for: test))
        let inserted = Array("<>/&;#x0123456789-+.eE \t\r\n".utf8) + [0x00, 0x7F, 0x80, 0xBF, 0xC3, 0xA9, 0xE2, 0xEF, 0xF0, 0xFF]
        var taken = 0, mutatedTaken = 0
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
            let original = files.contains(bytes)
            if XMLPropertyListScanTests.agree(bytes, prefix: random.pick(["route", "", "n", "zzz"]), "round \(round)") {
                taken += 1
                if !original { mutatedTaken += 1 }
            }
        }
        #expect(taken > 0 && mutatedTaken > 0, "no mutation was taken: they are too blunt")
    }
}
