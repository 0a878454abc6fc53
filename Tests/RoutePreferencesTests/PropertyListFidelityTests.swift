import Foundation
import Testing

import PropertyListCodec
import RouteModel
import RoutePreferences
import TestSupport

/// What Foundation's UserDefaults writes on Linux (see app-storage-formats.md section 7), read
/// as Foundation reads it and written back as it was (issue 17, items 1 to 4, 7 and 12).
/// Fixtures come from Foundation's `PropertyListSerialization` or are spelled as it spells them.
@Suite(.tags(.unit)) struct PropertyListFidelityTests {
    /// `dictionary` as Foundation writes it in XML.
    static func foundationXML(_ dictionary: [String: Any]) throws -> [UInt8] {
        Array(try PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0))
    }

    /// What Foundation reads from `bytes`.
    static func foundationRead(_ bytes: [UInt8]) throws -> [String: Any] {
        var format = PropertyListSerialization.PropertyListFormat.xml
        let value = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        return try #require(value as? [String: Any])
    }

    // MARK: Item 1: carriage returns

    @Test func aRawCarriageReturnReadsAsFoundationReadsIt() throws {
        let bytes = try Self.foundationXML(["note": "a\rb\r\nc\n", "route": "home"])
        #expect(bytes.contains(0x0D), "Foundation writes the carriage return raw")
        let value = try XMLPropertyList.decode(bytes)
        #expect(value["note"] == .string("a\rb\r\nc\n"))
        #expect(try Self.foundationRead(bytes)["note"] as? String == "a\rb\r\nc\n")
    }

    @Test func aCarriageReturnInAnotherKeyIsWrittenBackByteForByte() throws {
        let bytes = try Self.foundationXML(["note": "a\rb\r\nc", "route": "home"])
        var document = try PropertyListDocument.decode(bytes, name: "'x.plist'")
        document.dictionary = document.dictionary.replacing("route", with: "settings")
        let written = try document.encoded()
        #expect(written == Self.replacing("<string>home</string>", with: "<string>settings</string>", in: bytes))
        #expect(try Self.foundationRead(written)["note"] as? String == "a\rb\r\nc")
    }

    // MARK: Item 2: control characters

    @Test func controlCharactersFoundationWritesRawAreRead() throws {
        let strings = ["esc": "\u{1B}[31mred\u{1B}[0m", "nul": "x\u{0}y", "bell": "\u{7}", "key\u{1}": "v"]
        let bytes = try Self.foundationXML(strings)
        #expect(bytes.contains(0x1B) && bytes.contains(0x00), "Foundation writes them raw")
        let value = try XMLPropertyList.decode(bytes)
        for (key, string) in strings {
            #expect(value[key] == .string(string), "\(key)")
        }
    }

    @Test func controlCharacterReferencesAreReadAsFoundationReadsThem() throws {
        let bytes = FoundationPlist.xml("\t<key>a</key>\n\t<string>&#27;&#0;&#x1;&#13;</string>\n")
        #expect(try XMLPropertyList.decode(bytes)["a"] == .string("\u{1B}\u{0}\u{1}\r"))
        #expect(try Self.foundationRead(bytes)["a"] as? String == "\u{1B}\u{0}\u{1}\r")
    }

    @Test func controlCharactersAreWrittenAsFoundationWritesThem() throws {
        let value: PropertyListValue = ["esc": "\u{1B}[1m", "k\u{2}": "v", "nul": "\u{0}"]
        let bytes = try XMLPropertyList.encode(value)
        #expect(bytes == (try Self.foundationXML(["esc": "\u{1B}[1m", "nul": "\u{0}", "k\u{2}": "v"])))
        #expect(try XMLPropertyList.decode(bytes) == value)
    }

    @Test func aDocumentWithControlCharactersIsWrittenBackAsItWas() throws {
        let bytes = try Self.foundationXML(["esc": "\u{1B}[31m", "nul": "x\u{0}y", "route": "home"])
        var document = try PropertyListDocument.decode(bytes, name: "'x.plist'")
        document.dictionary = document.dictionary.replacing("route", with: "settings")
        #expect(try document.encoded() == Self.replacing("<string>home</string>", with: "<string>settings</string>", in: bytes))
    }

    // MARK: Item 3: reals keep their text

    static let reals = FoundationPlist.xml("""
        \t<key>a</key>
        \t<real>0.10000000000000001</real>
        \t<key>b</key>
        \t<real>3</real>
        \t<key>c</key>
        \t<real>1e+16</real>
        \t<key>d</key>
        \t<array>
        \t\t<real>3.0</real>
        \t\t<real>.5</real>
        \t\t<real>NaN</real>
        \t\t<real>+infinity</real>
        \t</array>
        \t<key>route</key>
        \t<string>home</string>

        """)

    @Test func unchangedRealsKeepTheirSpelling() throws {
        var document = try PropertyListDocument.decode(Self.reals, name: "'x.plist'")
        #expect(try document.encoded() == Self.reals, "read and written back unchanged")
        document.dictionary = document.dictionary.replacing("route", with: "settings")
        #expect(try document.encoded() == Self.replacing("<string>home</string>", with: "<string>settings</string>", in: Self.reals))
    }

    @Test func removingAKeyAndAddingItBackRestoresTheBytes() throws {
        let original = try PropertyListDocument.decode(Self.reals, name: "'x.plist'")
        var removed = original
        removed.dictionary = original.dictionary.removing("route")
        let withoutRoute = try removed.encoded()
        #expect(withoutRoute == Self.replacing("\t<key>route</key>\n\t<string>home</string>\n", with: "", in: Self.reals))
        var added = try PropertyListDocument.decode(withoutRoute, name: "'x.plist'")
        added.dictionary = added.dictionary.replacing("route", with: "home")
        #expect(try added.encoded() == Self.reals)
        var removedAgain = try PropertyListDocument.decode(try added.encoded(), name: "'x.plist'")
        removedAgain.dictionary = removedAgain.dictionary.removing("route")
        #expect(try removedAgain.encoded() == withoutRoute)
    }

    @Test func aChangedValueIsWrittenInTheFileLayoutAndAnEmptyRootGrows() throws {
        let empty = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict/>\n</plist>\n".utf8)
        var document = try PropertyListDocument.decode(empty, name: "'x.plist'")
        document.dictionary = document.dictionary.replacing("route", with: "home")
        let written = try document.encoded()
        #expect(written == Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>route</key>\n\t<string>home</string>\n</dict>\n</plist>\n".utf8))
        // A compact file stays compact where it was not changed.
        let compact = Array("<plist version=\"1.0\"><dict><key>a</key><real>3</real><key>route</key><string>home</string></dict></plist>".utf8)
        var changed = try PropertyListDocument.decode(compact, name: "'x.plist'")
        changed.dictionary = changed.dictionary.replacing("route", with: "settings")
        #expect(try changed.encoded() == Array("<plist version=\"1.0\"><dict><key>a</key><real>3</real>\n\t<key>route</key>\n\t<string>settings</string></dict></plist>".utf8))
    }

    // MARK: Item 4: DOCTYPE first, UTF-16

    @Test func aPlistStartingWithItsDoctypeIsXML() throws {
        let full = try Self.foundationXML(["route": "home"])
        let bytes = Array(full[(full.firstIndex(of: 0x0A)! + 1)...])
        #expect(bytes.starts(with: Array("<!DOCTYPE".utf8)))
        #expect(try Self.foundationRead(bytes)["route"] as? String == "home")
        #expect(PropertyListFormat.detect(bytes) == .xml)
        var document = try PropertyListDocument.decode(bytes, name: "'x.plist'")
        #expect(document.dictionary["route"] == .string("home"))
        document.dictionary = document.dictionary.replacing("route", with: "settings")
        #expect(try document.encoded() == Self.replacing("<string>home</string>", with: "<string>settings</string>", in: bytes))
    }

    @Test func whatStartsAnXMLPlistAfterWhiteSpace() throws {
        for start in ["<?xml version=\"1.0\"?>", "<!DOCTYPE plist>", "<!-- a comment -->", ""] {
            let bytes = Array((" \n\t" + start + "<plist version=\"1.0\"><dict><key>a</key><true/></dict></plist>").utf8)
            #expect(PropertyListFormat.detect(bytes) == .xml, "\(start)")
            #expect(try XMLPropertyList.decode(bytes) == ["a": true], "\(start)")
        }
        for text in ["", "plist", "<dict/>", "\u{FEFF}x"] {
            #expect(PropertyListFormat.detect(Array(text.utf8)) == nil, "\(text)")
        }
        #expect(PropertyListFormat.detect([0xFE, 0xFF, 0, 0x3C, 0, 0x21, 0, 0x44]) == nil, "UTF-16 '<!D' is not yet '<!DOCTYPE'")
    }

    /// `text` in UTF-16 with a byte-order mark, little- or big-endian.
    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        var out: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in text.utf16 {
            let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
            out += bigEndian ? [high, low] : [low, high]
        }
        return out
    }

    @Test(arguments: [false, true]) func aUTF16PlistIsReadAndWrittenBackInUTF16(bigEndian: Bool) throws {
        let text = String(decoding: try Self.foundationXML(["route": "home", "unicode": "Zoë 日本語 😀"]), as: UTF8.self)
            .replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
        let bytes = Self.utf16(text, bigEndian: bigEndian)
        #expect(try Self.foundationRead(bytes)["unicode"] as? String == "Zoë 日本語 😀")
        #expect(PropertyListFormat.detect(bytes) == .xml)
        var document = try PropertyListDocument.decode(bytes, name: "'x.plist'")
        #expect(document.dictionary["unicode"] == .string("Zoë 日本語 😀"))
        document.dictionary = document.dictionary.replacing("route", with: "settings")
        let written = try document.encoded()
        #expect(written == Self.utf16(text.replacingOccurrences(of: "<string>home</string>", with: "<string>settings</string>"), bigEndian: bigEndian))
        #expect(try Self.foundationRead(written)["route"] as? String == "settings")
    }

    @Test func aUTF16PlistWithAnUnpairedSurrogateIsRefused() throws {
        var bytes = Self.utf16("<plist version=\"1.0\"><dict><key>a</key><string>x</string></dict></plist>", bigEndian: true)
        let x = bytes.lastIndex(of: UInt8(ascii: "x"))!
        bytes[x - 1] = 0xD8
        bytes[x] = 0x00
        #expect(throws: PropertyListError.self) { try XMLPropertyList.decode(bytes) }
    }

    // MARK: Item 7: never write what cannot be read back

    @Test(.slowLayer) func aBinaryDocumentPastTheValuesLimitIsRefusedBeforeWriting() throws {  // builds a document of a million values
        // 1 + 2 + 1,048,572 = 2^20 - 1 values (the root, a key, its array, each reference to a
        // 0): at the limit, one key more passes it. (One array rather than 524,287 keys: the
        // same count for a quarter of the time.)
        let list = PropertyListValue.array([PropertyListValue](repeating: 0, count: 1_048_572))
        var document = PropertyListDocument(["list": list], format: .binary)
        let bytes = try document.encoded()
        #expect(throws: Never.self) { try PropertyListDocument.decode(bytes, name: "'x.plist'") }
        document.dictionary = document.dictionary.replacing("route", with: "home")
        let error = try #require(throws: NavigatorError.self) { try document.encoded() }
        #expect(error.kind == .cannotApply)
        #expect(error.message.contains("1048576 values"), "\(error.message)")
    }

    @Test(arguments: [PropertyListFormat.binary, .xml]) func aDocumentPast16MiBIsRefusedBeforeWriting(format: PropertyListFormat) throws {
        var document = PropertyListDocument(["blob": .data([UInt8](repeating: 7, count: format == .binary ? 16 << 20 : 12 << 20))], format: format)
        let error = try #require(throws: NavigatorError.self) { try document.encoded() }
        #expect(error.kind == .cannotApply)
        #expect(error.message.contains("16 MiB"), "\(error.message)")
        document.dictionary = ["blob": .data([UInt8](repeating: 7, count: 1 << 20))]
        #expect(throws: Never.self) { try document.encoded() }
    }

    // MARK: Item 12: signalling NaNs

    @Test func a32BitSignallingNaNKeepsItsBits() throws {
        for bits: UInt32 in [0x7F80_0001, 0xFF80_0001, 0x7FA0_0000, 0x7FC0_0001, 0x7FFF_FFFF] {
            var bytes = BinaryPropertyList.encode(["f": .real(1.5, width: .bits32)])
            let marker = try #require(bytes.firstIndex(of: 0x22))
            bytes.replaceSubrange(marker + 1...marker + 4, with: [UInt8(bits >> 24), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits & 0xFF)])
            let value = try BinaryPropertyList.decode(bytes)
            #expect(BinaryPropertyList.encode(value) == bytes, "0x\(String(bits, radix: 16))")
        }
    }

    @Test func a64BitSignallingNaNKeepsItsBits() throws {
        let value: PropertyListValue = ["d": .real(Double(bitPattern: 0x7FF0_0000_0000_0001)), "e": .real(Double(bitPattern: 0xFFF4_0000_0000_0000))]
        #expect(try BinaryPropertyList.decode(BinaryPropertyList.encode(value)) == value)
    }

    /// Issue 34 item 13: Foundation reads no signed NaN in XML, so neither does routectl, and
    /// every NaN is written `nan` (a negative one from a binary plist too), as Apple writes it.
    @Test func anXMLSignedNaNIsRefusedAndEveryNaNIsWrittenNan() throws {
        #expect(throws: PropertyListError.self) { try XMLPropertyList.decode(FoundationPlist.xml("\t<key>a</key>\n\t<real>-nan</real>\n")) }
        let bytes = FoundationPlist.xml("\t<key>a</key>\n\t<real>nan</real>\n\t<key>b</key>\n\t<real>nan</real>\n")
        #expect(try XMLPropertyList.encode(["a": .real(-.nan), "b": .real(.nan)]) == bytes)
        #expect(try XMLPropertyList.decode(bytes) == ["a": .real(.nan), "b": .real(.nan)])
    }

    // MARK: Item 8: shared strings

    // 200 references (13 MB hashed, 1 s in a debug build); it was 2000 (128 MB, 11 s), for
    // the same check: each string written once.
    @Test(.slowLayer) func aStringSharedByManyReferencesIsWrittenOnce() throws {
        let big = String(repeating: "x", count: 1 << 16)
        let wide = String(repeating: "é", count: 1 << 15)
        let value = PropertyListValue.dictionary(PropertyListDictionary(
            (0..<200).map { .init(key: "k\($0)", value: .string($0 % 2 == 0 ? big : wide)) }
                + [.init(key: "copy", value: .string(String(repeating: "x", count: 1 << 16)))]))
        let bytes = BinaryPropertyList.encode(value)
        #expect(bytes.count < (1 << 16) * 3, "each string once: \(bytes.count) bytes")
        #expect(try BinaryPropertyList.decode(bytes) == value)
    }

    /// `bytes` with the first `old` made `new`.
    static func replacing(_ old: String, with new: String, in bytes: [UInt8]) -> [UInt8] {
        let (old, new) = (Array(old.utf8), Array(new.utf8))
        guard let start = (0...bytes.count - old.count).first(where: { bytes[$0..<$0 + old.count].elementsEqual(old) }) else {
            Issue.record("\(old) not found")
            return bytes
        }
        var out = bytes
        out.replaceSubrange(start..<start + old.count, with: new)
        return out
    }
}
