import Testing

import RouteModel
import PropertyListCodec
import TestSupport

/// The property-list value model, format detection, and round trips through both codecs.
/// (Python's plistlib as a second opinion: PropertyListPythonTests; hostile input:
/// PropertyListHostileInputTests.)
@Suite(.tags(.unit)) struct PropertyListTests {
    /// A value of every type, with the edge cases of each: what both encoders must keep.
    static let everyType: PropertyListValue = [
        "string": "plain",
        "unicode": "héllo — 日本語 😀 \u{10FFFF}",
        "escapes": "<&> \"' ]]> tab\there\nnew line\r\ncarriage",
        "empty": "",
        "long": .string(String(repeating: "abc", count: 100)),
        "decomposed e\u{301}": "a key that differs from é only by normalization",
        "é": "precomposed",
        "integers": [0, 1, 14, 15, 255, 256, 65535, 65536, 4_294_967_295, 4_294_967_296, -1, -255, -65536,
                     .integer(PropertyListInteger(Int64.max)), .integer(PropertyListInteger(Int64.min)),
                     .integer(PropertyListInteger(UInt64(Int64.max) + 1)), .integer(PropertyListInteger(UInt64.max))],
        "reals": [0.0, -0.0, 1.5, -2.25e-10, 1e300, .real(.infinity), .real(-.infinity), .real(.nan), .real(0.1),
                  .real(.leastNonzeroMagnitude), .real(Double.greatestFiniteMagnitude)],
        "booleans": [true, false],
        "dates": [.date(817_034_400), .date(0), .date(-978_307_200), .date(-63_113_904_000), .date(252_423_993_599)],
        "data": [.data([]), .data([0]), .data(Array(0...255)), .data(Array(repeating: 0xFF, count: 1000))],
        "nested": ["array": [[[["deep": [1, [2, [3]]]]]]], "emptyArray": [], "emptyDict": [:]],
    ]

    /// ``everyType`` with what only binary holds: 32-bit reals, uids, fractional dates.
    static var everyTypeBinary: PropertyListValue {
        guard case .dictionary(let dictionary) = everyType else { return everyType }
        return .dictionary(dictionary
            .replacing("floats", with: [.real(1.5, width: .bits32), .real(Double(Float(0.1)), width: .bits32), .real(-.infinity, width: .bits32)])
            .replacing("uids", with: [.uid(0), .uid(255), .uid(256), .uid(65536), .uid(UInt64(UInt32.max) + 1), .uid(.max)])
            .replacing("fractional date", with: .date(0.5)))
    }

    // MARK: Round trips

    @Test func everyTypeRoundTripsThroughBinary() throws {
        for value in [Self.everyTypeBinary, "top-level string", 42, [], [:], .data([1, 2, 3]), .uid(7)] as [PropertyListValue] {
            let bytes = BinaryPropertyList.encode(value)
            #expect(PropertyListFormat.detect(bytes) == .binary)
            #expect(try BinaryPropertyList.decode(bytes) == value)
        }
    }

    @Test func everyTypeRoundTripsThroughXML() throws {
        for value in [Self.everyType, "top-level string", 42, [], [:], .data([1, 2, 3])] as [PropertyListValue] {
            let bytes = try XMLPropertyList.encode(value)
            #expect(PropertyListFormat.detect(bytes) == .xml)
            let decoded = try XMLPropertyList.decode(bytes)
            #expect(decoded == value)
            #expect(try XMLPropertyList.encode(decoded) == bytes)
        }
    }

    /// What XML cannot say exactly: a 32-bit real comes back as its 64-bit value, a date to
    /// the second below; a uid, U+FFFE and a date beyond year 9999 are refused. (Control
    /// characters are written raw, as Foundation writes them: PropertyListFidelityTests.)
    @Test func xmlLimits() throws {
        let float = PropertyListValue.real(Double(Float(0.1)), width: .bits32)
        #expect(try XMLPropertyList.decode(XMLPropertyList.encode(float)) == .real(Double(Float(0.1))))
        #expect(try XMLPropertyList.decode(XMLPropertyList.encode(.date(-0.5))) == .date(-1))
        #expect(try XMLPropertyList.decode(XMLPropertyList.encode(.date(10.999))) == .date(10))
        for value: PropertyListValue in [.uid(1), .date(3e11), .date(.nan), "\u{FFFE}"] {
            #expect(throws: PropertyListError.self, "\(value)") { try XMLPropertyList.encode(value) }
        }
        do {
            _ = try XMLPropertyList.encode(["a": ["b": [1, .uid(3)]]])
            Issue.record("a uid was written as XML")
        } catch let error as PropertyListError {
            #expect(error.description == "cannot write XML: a uid can only be written in a binary property list, at 'a/b/1'")
            #expect(error.offset == nil)
        }
    }

    // MARK: The binary writer's choices

    @Test func aScalarsSizeIsKnownWithoutEncodingIt() {
        // The appender learns that a new value does not fit over the old one by its size alone.
        for count in [0, 1, 14, 15, 16, 255, 256, 65_535, 65_536, 70_000] {
            let data = PropertyListValue.data(Array(repeating: 7, count: count))
            #expect(BinaryPropertyListWriter.scalarSize(data) == BinaryPropertyListWriter.scalar(data).count, "\(count) bytes")
            for text in [String(repeating: "a", count: count), String(repeating: "é", count: count), String(repeating: "😀", count: count / 2)] {
                let string = PropertyListValue.string(text)
                #expect(BinaryPropertyListWriter.scalarSize(string) == BinaryPropertyListWriter.scalar(string).count, "\(text.prefix(3)) × \(count)")
            }
        }
        #expect(BinaryPropertyListWriter.scalarSize(.integer(PropertyListInteger(7))) == nil)
    }

    /// Integers in the narrowest width Apple uses: 1, 2, 4 or 8 bytes unsigned below 2⁶³,
    /// 8 bytes signed when negative, 16 bytes above Int64.max; strings ASCII when they can be.
    @Test func binaryWidthsAreApples() throws {
        func object(_ value: PropertyListValue) -> [UInt8] {
            // The one object sits between the header and the one-byte offset table.
            let bytes = BinaryPropertyList.encode(value)
            return Array(bytes[8..<(bytes.count - 32 - 1)])
        }
        #expect(object(0) == [0x10, 0])
        #expect(object(255) == [0x10, 0xFF])
        #expect(object(256) == [0x11, 1, 0])
        #expect(object(65536) == [0x12, 0, 1, 0, 0])
        #expect(object(4_294_967_296) == [0x13, 0, 0, 0, 1, 0, 0, 0, 0])
        #expect(object(-1) == [0x13] + Array(repeating: 0xFF, count: 8))
        #expect(object(.integer(PropertyListInteger(UInt64.max))) == [0x14] + Array(repeating: 0, count: 8) + Array(repeating: 0xFF, count: 8))
        #expect(object("abc") == [0x53] + Array("abc".utf8))
        #expect(object("é") == [0x61, 0x00, 0xE9])
        #expect(object("😀") == [0x62, 0xD8, 0x3D, 0xDE, 0x00])
        #expect(object(.string(String(repeating: "a", count: 15))) == [0x5F, 0x10, 15] + Array(repeating: UInt8(ascii: "a"), count: 15))
        #expect(object(.uid(256)) == [0x81, 1, 0])
        #expect(object(.real(1.5, width: .bits32)) == [0x22, 0x3F, 0xC0, 0, 0])
        #expect(object(true) == [0x09])
        // Equal scalars are written once: three objects, not four.
        let shared = BinaryPropertyList.encode(["a": "a", "b": "a"])
        #expect(shared[shared.count - 32 + 8..<shared.count - 32 + 16].last == 3)
    }

    /// An integer keeps the width it was read in (a writer other than Apple's may use a wider
    /// one than needed), so that a file written back changes no byte of a value that did not
    /// change; an integer made here, or one that no longer fits, takes the narrowest.
    @Test func integersKeepTheWidthTheyWereReadIn() throws {
        // An array of 5 in 2 bytes, 7 in 8, 1 and -1 in 16, 200 in 4, and 3 in 1 byte.
        let objects: [[UInt8]] = [
            [0xA6, 1, 2, 3, 4, 5, 6],
            [0x11, 0, 5],
            [0x13, 0, 0, 0, 0, 0, 0, 0, 7],
            [0x14] + Array(repeating: 0, count: 15) + [1],
            [0x14] + Array(repeating: 0xFF, count: 16),
            [0x12, 0, 0, 0, 200],
            [0x10, 3],
        ]
        var bytes = BinaryPropertyList.magic
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let table = UInt8(bytes.count)
        bytes += offsets + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, UInt8(objects.count)] + Array(repeating: 0, count: 8)
            + [0, 0, 0, 0, 0, 0, 0, table]
        let value = try BinaryPropertyList.decode(bytes)
        #expect(value == [5, 7, 1, -1, 200, 3], "the width takes no part in equality")
        #expect(BinaryPropertyList.encode(value) == bytes)

        guard case .array(let read) = value, case .integer(let five) = read[0], case .integer(let minusOne) = read[3] else {
            Issue.record("not an array of integers: \(value)")
            return
        }
        #expect(five.width == 2 && minusOne.width == 16 && PropertyListInteger(5).width == nil)
        func object(_ integer: PropertyListInteger) -> [UInt8] {
            let bytes = BinaryPropertyList.encode(.integer(integer))
            return Array(bytes[8..<(bytes.count - 32 - 1)])
        }
        #expect(object(PropertyListInteger(2).keepingWidth(of: five)) == [0x11, 0, 2])
        #expect(object(PropertyListInteger(65535).keepingWidth(of: five)) == [0x11, 0xFF, 0xFF])
        #expect(object(PropertyListInteger(65536).keepingWidth(of: five)) == [0x12, 0, 1, 0, 0], "too wide for 2 bytes: the narrowest")
        #expect(object(PropertyListInteger(-2).keepingWidth(of: five)) == [0x13] + Array(repeating: 0xFF, count: 7) + [0xFE], "no room for a sign")
        #expect(object(PropertyListInteger(-2).keepingWidth(of: minusOne)) == [0x14] + Array(repeating: 0xFF, count: 15) + [0xFE])
        #expect(object(PropertyListInteger(2).keepingWidth(of: PropertyListInteger(9))) == [0x10, 2])
        #expect(PropertyListInteger(2).keepingWidth(of: five) == PropertyListInteger(2))
        #expect(Set([PropertyListInteger(2).keepingWidth(of: five), PropertyListInteger(2)]).count == 1)
    }

    // MARK: The value model

    @Test func dictionariesKeepTheirOrderAndEditInPlace() {
        let dictionary: PropertyListDictionary = ["b": 1, "a": 2, "c": 3]
        #expect(dictionary.keys == ["b", "a", "c"])
        #expect(dictionary["a"] == 2)
        #expect(dictionary["z"] == nil)
        #expect(dictionary.replacing("a", with: "two").keys == ["b", "a", "c"])
        #expect(dictionary.replacing("a", with: "two")["a"] == "two")
        #expect(dictionary.replacing("d", with: 4).keys == ["b", "a", "c", "d"])
        #expect(dictionary.removing("b").keys == ["a", "c"])
        #expect(dictionary.removing("z") == dictionary)
        #expect(dictionary != ["a": 2, "b": 1, "c": 3])
        let repeated = PropertyListDictionary([.init(key: "k", value: 1), .init(key: "x", value: 2), .init(key: "k", value: 3)])
        #expect(repeated["k"] == 1)
        #expect(repeated.replacing("k", with: 9).entries == [.init(key: "k", value: 9), .init(key: "x", value: 2)])
        // Keys match scalar for scalar: a precomposed é is not a decomposed one.
        let accents: PropertyListDictionary = ["\u{E9}": 1]
        #expect(accents["e\u{301}"] == nil)
        #expect(accents.replacing("e\u{301}", with: 2).count == 2)
    }

    @Test func equalityIsExact() {
        #expect(PropertyListValue.real(.nan) == .real(.nan))
        #expect(PropertyListValue.real(0.0) != .real(-0.0))
        #expect(PropertyListValue.real(1.5) != .real(1.5, width: .bits32))
        #expect(PropertyListValue.string("\u{E9}") != .string("e\u{301}"))
        #expect(PropertyListValue.integer(PropertyListInteger(5 as UInt64)) == 5)
        #expect(PropertyListValue.integer(1) != .boolean(true))
        #expect(PropertyListValue.date(1) != .real(1))
    }

    @Test func integersKeepTheirExactValue() {
        let large = PropertyListInteger(UInt64.max)
        #expect(large.int64 == nil)
        #expect(large.uint64 == UInt64.max)
        #expect(large.description == "18446744073709551615")
        #expect(PropertyListInteger(-5).uint64 == nil)
        #expect(PropertyListInteger(-5).isNegative)
        #expect(PropertyListInteger(parsing: "-9223372036854775808") == PropertyListInteger(Int64.min))
        #expect(PropertyListInteger(parsing: "18446744073709551615") == large)
        #expect(PropertyListInteger(parsing: "0x10") == 16)
        #expect(PropertyListInteger(parsing: "+7") == 7)
        for bad in ["", "-", "18446744073709551616", "-9223372036854775809", "1.0", " 1", "0x", "--1", "-+1", "1e3"] {
            #expect(PropertyListInteger(parsing: Substring(bad)) == nil, "\(bad)")
        }
    }

    @Test func datesConvertOnTheGregorianCalendar() {
        let cases: [(String, Double)] = [
            ("2001-01-01T00:00:00Z", 0), ("2026-11-22T10:00:00Z", 817_034_400), ("1970-01-01T00:00:00Z", -978_307_200),
            ("2000-02-29T23:59:59Z", -26_438_401), ("0001-01-01T00:00:00Z", -63_113_904_000), ("9999-12-31T23:59:59Z", 252_423_993_599),
            ("0000-01-01T00:00:00Z", -63_145_526_400), ("2100-03-01T00:00:00Z", 3_129_235_200),
        ]
        for (text, seconds) in cases {
            #expect(PropertyListDate.parse(Array(text.utf8)) == seconds, "\(text)")
            #expect(PropertyListDate.format(seconds) == text, "\(text)")
        }
        for bad in ["2001-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2001-13-01T00:00:00Z", "2001-01-01T24:00:00Z",
                    "2001-01-01T00:60:00Z", "2001-01-01T00:00:60Z", "2001-01-01 00:00:00Z", "2001-01-01T00:00:00",
                    "2001-01-01T00:00:00+00:00", "2001-1-01T00:00:00Z", "2001-01-00T00:00:00Z"] {
            #expect(PropertyListDate.parse(Array(bad.utf8)) == nil, "\(bad)")
        }
    }

    @Test func base64() throws {
        for count in 0..<10 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) }
            let text = PropertyListBase64.encode(bytes[...])
            #expect(try PropertyListBase64.decode(text[...], base: 0) == bytes)
        }
        #expect(try PropertyListBase64.decode(Array(" AA\nEC\tAw==\r\n".utf8)[...], base: 0) == [0, 1, 2, 3])
        for bad in ["A", "AA", "AA=", "A===", "AA==AA==", "AA==A", "=AAA", "AA!A", "AAA=A"] {
            #expect(throws: PropertyListError.self, "\(bad)") { try PropertyListBase64.decode(Array(bad.utf8)[...], base: 0) }
            // Checked without keeping the bytes: the same error.
            let kept = Result { try PropertyListBase64.decode(Array(bad.utf8)[...], base: 5) }
            let checked = Result { try PropertyListBase64.decode(Array(bad.utf8)[...], base: 5, collect: false) }
            #expect("\(kept)" == "\(checked)", "\(bad)")
        }
        #expect(throws: PropertyListError("'!' is not a base64 digit", at: 7)) { try PropertyListBase64.decode(Array("AA!A".utf8)[...], base: 5, collect: false) }
        #expect(throws: PropertyListError("base64 digits after the padding", at: 13)) {
            try PropertyListBase64.decode(Array("AA==AA==".utf8)[...], base: 9, collect: false)
        }
        #expect(throws: PropertyListError("base64 padding '=' where a digit must be", at: 9)) {
            try PropertyListBase64.decode(Array("=AAA".utf8)[...], base: 9, collect: false)
        }
        #expect(try PropertyListBase64.decode(Array(" AA\nEC\tAw==\r\n".utf8)[...], base: 0, collect: false) == [])
    }

    // MARK: Format detection

    @Test func formatsAreDetectedFromTheirFirstBytes() {
        #expect(PropertyListFormat.detect(Array("bplist00".utf8)) == .binary)
        #expect(PropertyListFormat.detect(Array("<?xml version=\"1.0\"?>".utf8)) == .xml)
        #expect(PropertyListFormat.detect(Array("<plist version=\"1.0\">".utf8)) == .xml)
        #expect(PropertyListFormat.detect([0xEF, 0xBB, 0xBF] + Array(" \n\t\r<plist>".utf8)) == .xml)
        for other in ["", "bplist0", "bplist01", "{\"format\": 1}", "<html>", "x<plist>", "\u{FEFF}{}"] {
            #expect(PropertyListFormat.detect(Array(other.utf8)) == nil, "\(other)")
        }
        #expect(PropertyListFormat.detect([0xFF, 0xFE, 0x3C, 0x00]) == nil)
    }

    // MARK: The XML reader's vocabulary

    /// The characters are checked eight ASCII bytes at a time: a byte that is not ASCII is found
    /// at its own offset whatever its place in the word, refused or read as one at a time.
    @Test func xmlCharactersAreCheckedAtEveryPlaceInAWord() throws {
        let head = Self.plist("<string>")
        let cases: [(bytes: [UInt8], reason: String?)] = [
            ([0xFF], "invalid UTF-8"), ([0xC3], "invalid UTF-8"), ([0xEF, 0xBF, 0xBE], nil),
            ([0xC3, 0xA9], nil), ([0xF0, 0x9F, 0x98, 0x80], nil),
        ]
        for (bad, reason) in cases {
            for pad in 0..<17 {
                let bytes = Array(head.dropLast("</plist>\n".utf8.count)) + Array(repeating: UInt8(ascii: "a"), count: pad) + bad
                    + Array("</string></plist>\n".utf8)
                let offset = head.count - "</plist>\n".utf8.count + pad
                if let reason {
                    #expect(throws: PropertyListError(reason, at: offset), "\(bad) after \(pad)") { try XMLPropertyList.decode(bytes) }
                } else {
                    let text = String(repeating: "a", count: pad) + String(decoding: bad, as: UTF8.self)
                    #expect(try XMLPropertyList.decode(bytes) == .string(text), "\(bad) after \(pad)")
                }
            }
        }
    }

    static func plist(_ body: String) -> [UInt8] {
        Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
            + "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">" + body + "</plist>\n").utf8)
    }

    @Test func xmlReadsWhatXMLAllows() throws {
        let cases: [(String, PropertyListValue)] = [
            ("<string>&amp;&lt;&gt;&quot;&apos;&#65;&#x1F600;</string>", "&<>\"'A😀"),
            ("<string><![CDATA[<not> &markup;]]>!</string>", "<not> &markup;!"),
            ("<string>line\r\nends\rhere&#13;</string>", "line\r\nends\rhere\r"),  // as Foundation reads them
            ("<string/>", ""),
            ("<dict/>", [:]),
            ("<array></array>", []),
            ("<true></true>", true),
            ("<integer> -0x10</integer>", -16),
            ("<integer>+5</integer>", 5),
            ("<real>.5</real>", 0.5),
            ("<real>-1E3</real>", -1000.0),
            ("<real>+infinity</real>", .real(.infinity)),
            ("<real>-inf</real>", .real(-.infinity)),
            ("<real>NaN</real>", .real(.nan)),
            ("<data>\n\tAAEC\n\tAw==\n</data>", .data([0, 1, 2, 3])),
            ("\n<!-- before -->\n<dict>\n\t<key>k</key>\n\t<!-- between -->\n\t<integer>1</integer>\n</dict>\n<?pi after?>\n", ["k": 1]),
            ("<dict><key>CF$UID</key><integer>3</integer></dict>", ["CF$UID": 3]),
        ]
        for (body, value) in cases {
            #expect(try XMLPropertyList.decode(Self.plist(body)) == value, "\(body)")
        }
        // No prolog, a BOM, single quotes, another version.
        #expect(try XMLPropertyList.decode([0xEF, 0xBB, 0xBF] + Array("<plist version='1.0'><true/></plist>".utf8)) == true)
        #expect(try XMLPropertyList.decode(Array("<plist><false/></plist>".utf8)) == false)
    }

    /// The reader's errors name what is wrong and where.
    @Test func xmlErrorsSayWhatAndWhere() {
        let cases: [(String, String)] = [
            ("<plist><dict><key>a</key><integer>1</integer><key>a</key><integer>2</integer></dict></plist>",
             "the dictionary has the key 'a' twice at byte 45"),
            ("<plist><string>a &ent; b</string></plist>",
             "unknown entity '&ent;'; only &amp; &lt; &gt; &quot; &apos; are defined at byte 17"),
            ("<!DOCTYPE plist [<!ENTITY x \"y\">]><plist><string>&x;</string></plist>",
             "a DOCTYPE with an internal subset is refused at byte 16"),
            ("<plist><integer>12x</integer></plist>", "'12x' is not a 64-bit integer at byte 7"),
            ("<plist><dict>text</dict></plist>", "text where an element must be at byte 13"),
            ("<plist><array><string>a</array></plist>", "expected </string> at byte 23"),
            ("<plist><real>0x1p3</real></plist>", "'0x1p3' is not a real number at byte 7"),
            ("<plist><date>2026-11-22</date></plist>", "'2026-11-22' is not a date such as 2026-11-22T10:00:00Z at byte 7"),
            ("<plist><data>AAé</data></plist>", "<data> holds a character that is not ASCII, which Foundation does not read (base64 is ASCII) at byte 15"),
            ("<plist><string>a<!-- c -->b</string></plist>", "a comment inside <string>, which Foundation does not read at byte 16"),
            ("<plist><real>-nan</real></plist>", "'-nan' is not a real number Foundation reads (a NaN is written nan, without a sign) at byte 7"),
            ("<plist>\u{1}<true/></plist>", "text where an element must be at byte 7"),
            ("<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist/>", "the encoding 'UTF-16' is not supported here; only UTF-8, or UTF-16 with a byte-order mark at byte 0"),
            ("<plist><dict><string>a</string></dict></plist>", "expected <key> in <dict>, not '<string>' at byte 13"),
            ("<plist><set/></plist>", "unknown element '<set>' at byte 7"),
            ("<plist><true/><true/></plist>", "expected </plist> at byte 14"),
            ("<plist></plist>", "<plist> holds no value at byte 7"),
        ]
        for (text, message) in cases {
            #expect(throws: PropertyListError.self, "\(text)") { try XMLPropertyList.decode(Array(text.utf8)) }
            do {
                _ = try XMLPropertyList.decode(Array(text.utf8))
            } catch let error as PropertyListError {
                #expect(error.description == message)
            } catch {
                Issue.record("\(error)")
            }
        }
        #expect(throws: PropertyListError.self) { try XMLPropertyList.decode(Array("<plist><string>".utf8) + [0xC3, 0x28] + Array("</string></plist>".utf8)) }
    }
}
