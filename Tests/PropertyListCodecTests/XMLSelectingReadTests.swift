import Testing

import PropertyListCodec
import TestSupport

/// Reading only the top dictionary's entries under a prefix (``XMLPropertyList/decodeSelecting(_:prefix:)``)
/// accepts and refuses exactly what the whole read does, with the same message, and gives the
/// selected entries the same values.
@Suite(.tags(.unit)) struct XMLSelectingReadTests {
    /// What the whole read and the selecting read of `bytes` under `prefix` say: the same
    /// error, or the selected entries equal to the whole dictionary's entries under the prefix.
    static func expectAgreement(_ bytes: [UInt8], prefix: String, _ comment: Comment? = nil) {
        let whole = Result { try XMLPropertyList.decode(bytes) }
        let selecting = Result { try XMLPropertyList.decodeSelecting(bytes, prefix: prefix) }
        switch (whole, selecting) {
        case (.failure(let a as PropertyListError), .failure(let b as PropertyListError)):
            #expect(a.description == b.description, comment)
        case (.success(.dictionary(let dictionary)), .success(let read?)):
            let under = dictionary.entries.enumerated().filter { $0.element.key.utf8.starts(with: prefix.utf8) }
            #expect(read.dictionary.entries == under.map(\.element), comment)
            #expect(read.selected == under.map(\.offset), comment)
            #expect(read.map.strings == dictionary.keys, comment)
        case (.success(let value), .success(nil)):
            if case .dictionary = value { Issue.record("a dictionary not selected from: \(comment ?? "")") }
        default:
            Issue.record("they disagree: whole \(whole), selecting \(selecting); \(comment ?? "")")
        }
    }

    /// A document whose top dictionary holds `other` (an unselected entry's value) between two entries.
    static func document(holding other: String) -> [UInt8] {
        PropertyListTests.plist("<dict>\n\t<key>before</key>\n\t<string>b</string>\n\t<key>other</key>\n\t" + other
            + "\n\t<key>route</key>\n\t<string>home/details</string>\n</dict>")
    }

    /// Hostile or unusual values, for a document of ``document(holding:)``.
    static let values = [
        "<string>&amp;&lt;&gt;&quot;&apos;&#65;&#x1F600;</string>", "<string><![CDATA[<not> &markup;]]>!</string>",
        "<string>a<!-- comment -->b</string>", "<string>a &ent; b</string>", "<string>&#0;</string>", "<string>&#xFFFE;</string>",
        "<string>&#;</string>", "<string>& b</string>", "<string><![CDATA[ open</string>", "<string><!-- open</string>",
        "<string>a<b/>c</string>", "<string>a</array>", "<string>unclosed", "<integer>12x</integer>", "<integer> -0x10 </integer>",
        "<real>0x1p3</real>", "<real>NaN</real>", "<date>2026-11-22</date>", "<date>2026-11-22T10:00:00Z</date>",
        "<data>AA=A</data>", "<data>\n\tAAEC\n\tAw==\n</data>", "<true>x</true>", "<false/>", "<set/>", "<key>k</key>",
        "<dict><key>a</key><integer>1</integer><key>a</key><integer>2</integer></dict>", "<dict><key>a</key></dict>",
        "<dict>text</dict>", "<dict><string>a</string></dict>", "<array><string>a</array>", "<array><dict/><array/></array>",
        "<dict><key>CF$UID</key><integer>3</integer></dict>", String(repeating: "<array>", count: 600) + String(repeating: "</array>", count: 600),
        String(repeating: "<array>", count: 511) + String(repeating: "</array>", count: 511), "<string a='1' a='2'>x</string>",
        "<string a='<'>x</string>", "<string/>", "<array></array>", "<!-- c --><true/>", "<?pi x?><true/>", "",
    ]

    /// Whole hostile or unusual documents: the prolog, the root, what follows it.
    static let documents = [
        "<!DOCTYPE plist [<!ENTITY x \"y\">]><plist><dict/></plist>", "<plist><dict/></plist>x", "<plist><dict></plist>",
        "<plist><dict/><dict/></plist>", "<plist><array/></plist>", "<plist/>", "<dict/>",
        "<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist><dict/></plist>", "<plist>\n<dict>\n<key>route</key><true/>\n</dict>\n</plist>",
    ]

    /// Every hostile or unusual value, unselected: refused or read as the whole read does.
    @Test func unselectedValuesAreCheckedAsTheWholeReadChecksThem() {
        for value in Self.values {
            for prefix in ["route", "", "other", "zzz"] {
                Self.expectAgreement(Self.document(holding: value), prefix: prefix, "\(prefix): \(value)")
            }
        }
        for text in Self.documents {
            Self.expectAgreement(Array(text.utf8), prefix: "route", "\(text)")
        }
    }
}

/// Seeded mutations: the selecting read and the whole read agree on each (see XMLSelectingReadTests).
@Suite(.tags(.fuzz), .slowLayer) struct XMLSelectingReadFuzzTests {
    /// Seeded mutations of a document of every type: the two reads agree on each.
    @Test func mutationsAreAcceptedAndRefusedAlike() throws {
        var random = FuzzRandom(seed: FuzzSettings.seed(for: "XMLSelectingRead.mutations"))
        guard case .dictionary(let every) = PropertyListTests.everyType else { Issue.record("not a dictionary"); return }
        let xml = try XMLPropertyList.encode(.dictionary(every.replacing("route", with: "home")))
        var accepted = 0
        for round in 0..<FuzzSettings.cases(400, factor: 50) {
            var bytes = xml
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes[index] = random.pick(Array("<>/&;![]-?x\"' \t\r\n".utf8) + [0x00, 0xC3, 0xFF])
                case 1: bytes.insert(random.pick(Array("<>/&;!-#".utf8)), at: index)
                case 2: if bytes.count > 1 { bytes.remove(at: index) }
                default: bytes[index] = UInt8.random(in: 0...255, using: &random)
                }
            }
            if (try? XMLPropertyList.decode(bytes)) != nil { accepted += 1 }
            XMLSelectingReadTests.expectAgreement(bytes, prefix: random.pick(["route", "", "s", "zzz"]), "round \(round)")
        }
        #expect(accepted > 0, "no mutation was accepted: they are too blunt")
    }
}
