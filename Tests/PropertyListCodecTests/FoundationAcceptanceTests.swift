import Foundation
import Testing

@testable import PropertyListCodec
import TestSupport

/// Issue 34 item 13: an XML plist Foundation's `PropertyListSerialization` refuses is refused
/// here, and one it reads is read, to the same value. Each body below is a value of the top
/// dictionary's key `v` (before a key `route`), read by Foundation, by the reader (whole and
/// under a key), and by the one-pass scan, which may leave a document to the reader but never
/// takes one the reader refuses. What Foundation does follows CoreFoundation's XML parser
/// (CFPropertyList.c: parseIntegerTag, parseRealTag, parseDateTag, parseDataTag).
///
/// Known and kept: Foundation also reads a dictionary with a key twice (the last value wins),
/// which routectl refuses rather than guess which one the app sees.
@Suite(.tags(.unit)) struct FoundationAcceptanceTests {
    /// The values whose acceptance is compared: the issue's first (`<data/>`, a signed NaN,
    /// white space after an integer or real, before a date), then their neighbours.
    static let bodies: [String] = [
        // The issue's.
        "<data/>", "<real>-nan</real>", "<real>+nan</real>", "<integer>5 </integer>", "<real>1.5 </real>",
        "<date> 2026-11-22T10:00:00Z</date>",
        // Integers: white space before (after the sign too) is read, after it is not.
        "<integer>5</integer>", "<integer> 5</integer>", "<integer>\n\t5</integer>", "<integer>\n5\n</integer>",
        "<integer>- 5</integer>", "<integer>+5</integer>", "<integer>-0</integer>", "<integer>007</integer>",
        "<integer>00</integer>", "<integer>0x1F</integer>", "<integer>0X1f</integer>", "<integer>-0x10</integer>",
        "<integer> -0x10 </integer>", "<integer>0x</integer>", "<integer>1a</integer>", "<integer>12x</integer>",
        "<integer>-</integer>", "<integer>+</integer>", "<integer></integer>", "<integer/>", "<integer>&#53;</integer>",
        "<integer><![CDATA[5]]></integer>", "<integer>5<!-- c --></integer>", "<integer>18446744073709551615</integer>",
        "<integer>18446744073709551616</integer>", "<integer>-9223372036854775808</integer>",
        "<integer>-9223372036854775809</integer>", "<integer>9223372036854775808</integer>",
        "<integer>0xFFFFFFFFFFFFFFFF</integer>", "<integer>\u{7F}5</integer>", "<integer>\u{2003}5</integer>",
        "<integer>\u{202F}5</integer>", "<integer>\u{3000}5</integer>", "<integer>\u{A0}5</integer>",
        "<integer>5</integer >", "<integer>0x-5</integer>",
        // Reals: the words exactly (any case), numbers after white space, nothing after them.
        "<real>nan</real>", "<real>NaN</real>", "<real>-NAN</real>", "<real> nan</real>", "<real>nan </real>",
        "<real>inf</real>", "<real>-inf</real>", "<real>+inf</real>", "<real>infinity</real>", "<real>+Infinity</real>",
        "<real>-infinity</real>", "<real> inf</real>", "<real>1.5</real>", "<real> 1.5</real>", "<real>\n\t1.5</real>",
        "<real>1.5\n</real>", "<real>.5</real>", "<real>5.</real>", "<real>-.5e3</real>", "<real>1E5</real>",
        "<real>1e</real>", "<real>1e+</real>", "<real>.</real>", "<real>+</real>", "<real>0x10</real>", "<real>0x1p3</real>",
        "<real>1e400</real>", "<real>-1e400</real>", "<real>1e-400</real>", "<real>-0</real>", "<real>+1</real>",
        "<real>&#49;.5</real>", "<real><![CDATA[2.5]]></real>", "<real>1<!-- c --></real>", "<real></real>",
        "<real/>", "<real>1,5</real>", "<real>1.5.5</real>", "<real>--1</real>", "<real>&#x2003;1</real>",
        "<real>\u{2003}1</real>", "<real>1.5</real >", "<real>00012.50</real>", "<real>infinityx</real>",
        // Dates: exactly so, no white space; Foundation takes any number of year digits and any
        // two digits for the rest (it does not check the day exists).
        "<date>2026-11-22T10:00:00Z</date>", "<date>2026-11-22T10:00:00Z </date>", "<date>\n2026-11-22T10:00:00Z\n</date>",
        "<date>2026-11-22T10:00:00Z</date >", "<date>2024-02-29T23:59:59Z</date>", "<date>2026-02-29T00:00:00Z</date>",
        "<date>2026-13-01T00:00:00Z</date>", "<date>2026-00-01T00:00:00Z</date>", "<date>2026-11-00T00:00:00Z</date>",
        "<date>2026-11-22T24:60:60Z</date>", "<date>1-01-01T00:00:00Z</date>", "<date>0001-01-01T00:00:00Z</date>",
        "<date>-0001-01-01T00:00:00Z</date>", "<date>20260-01-01T00:00:00Z</date>", "<date>-2026-11-22T10:00:00Z</date>",
        "<date>1600-03-01T00:00:00Z</date>", "<date>2400-12-31T12:00:00Z</date>",
        "<date>2026-1-01T00:00:00Z</date>", "<date>2026-11-22T10:00:00</date>", "<date>2026-11-22 10:00:00Z</date>",
        "<date>-11-22T10:00:00Z</date>", "<date></date>", "<date/>", "<date>&#50;026-11-22T10:00:00Z</date>",
        // Data: read as Foundation does, skipping what is no base64 digit; `<data/>` refused.
        "<data></data>", "<data>AAEC</data>", "<data>\n\tAAEC\n\tAw==\n</data>", "<data>AA==</data>", "<data>AAE=</data>",
        "<data>AA=A</data>", "<data>A</data>", "<data>AAA</data>", "<data>AAECA</data>", "<data>!!</data>",
        "<data>AA!EC</data>", "<data>&amp;</data>", "<data>é</data>", "<data><!-- c --></data>", "<data><![CDATA[AAEC]]></data>",
        "<data>AA==AA==</data>", "<data>====</data>", "<data>A===</data>", "<data>AA= =</data>", "<data>\u{0B}AAEC\u{0C}</data>",
        "<data>AAEC</data >", "<data>AAEC </data>",
        // Booleans and text.
        "<true/>", "<true></true>", "<true> </true>", "<true></true >", "<true><!-- c --></true>", "<false></false>",
        "<false>\n</false>", "<string>a<!-- c -->b</string>", "<string>a<![CDATA[<b>]]></string>", "<string/>",
        "<string>a</string >",
        // Markup and text: characters and references as Foundation reads them.
        "<string a=\"1\">x</string>", "<string\ta='1'>x</string>", "<true />",
        "<string>\u{FFFE}</string>", "<string>&#xFFFE;</string>", "<string>&#0;</string>", "<string>&#xD800;</string>",
        "<string>&#x110000;</string>", "<string>&#65</string>", "<string>&#x41;&#X41;</string>", "<string>&#000000065;</string>",
        "<string>&#00000065;</string>", "<string>&#x0000041;</string>", "<string>&#x000000041;</string>",
        "<string>&unknown;</string>", "<string>a & b</string>", "<string>a > b</string>", "<string>]]></string>",
        "<!-- c --><true/>", "<?pi?><true/>", "<string>a</string><!-- c -->", "<set/>", "<true/><true/>",
        "<dict><key>a</key></dict>", "<dict><string>a</string><true/></dict>", "<string><![CDATA[a]]]></string>", "<string>\u{1}\u{1F}</string>", "<STRING>a</STRING>",
        "<integer>5</intege>", "<string>a</string\n>", "<data>AAEC</data\n>",
        // What lies between a tag's name and its `>`: Foundation skips it to the first `>`.
        "<string a>x</string>", "<string a=\"x>y\">z</string>", "<string a=\"<\">x</string>", "<true a/>", "<true a></true>",
        "<string a=\"1\" a=\"2\">x</string>", "<array\n><string\r\n>x</string\n></array>", "<string a='/'>x</string>",
        "<string/ >", "<string / >", "<string\"x\">y</string>", "<string =>y</string>",
        // A <key> where a value must be: Foundation reads it as a string.
        "<key>x</key>", "<key/>", "<array><key>a</key><string>b</string></array>", "<array ><true/><integer>1</integer></array>",
    ]

    /// What Foundation reads as the value of `v`, or `nil` when it refuses the document.
    static func foundation(_ bytes: [UInt8]) -> Any? {
        guard let top = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) else { return nil }
        return (top as? [String: Any])?["v"]
    }

    /// Whether `value` is what Foundation read, `read`.
    static func same(_ value: PropertyListValue, _ read: Any) -> Bool {
        switch value {
        case .integer(let integer):
            guard let number = read as? NSNumber else { return false }
            if let signed = integer.int64 { return number.int64Value == signed }
            return number.uint64Value == integer.uint64
        case .real(let real, _):
            guard let number = read as? NSNumber else { return false }
            return real.isNaN ? number.doubleValue.isNaN : number.doubleValue.bitPattern == real.bitPattern
        case .date(let seconds):
            return (read as? Date)?.timeIntervalSinceReferenceDate == seconds
        case .data(let bytes):
            return (read as? Data).map { [UInt8]($0) } == bytes
        case .string(let text):
            return (read as? String) == text
        case .boolean(let flag):
            return (read as? Bool) == flag
        case .array(let elements):
            guard let read = read as? [Any], read.count == elements.count else { return false }
            return zip(elements, read).allSatisfy { same($0, $1) }
        default:
            return false
        }
    }

    /// Each body: routectl's reader, whole and under a key, accepts exactly when Foundation
    /// does, and reads the same value, built as it reads or later from its map.
    @Test(arguments: bodies)
    func acceptsExactlyWhatFoundationAccepts(body: String) throws {
        let bytes = FoundationPlist.xml(key: "v", route: "home", value: body)
        let foundation = Self.foundation(bytes)
        let whole = Result { try XMLPropertyList.decode(bytes) }
        let selected = Result { try XMLPropertyList.decodeSelecting(bytes, prefix: "v") }
        let accepted = foundation != nil
        #expect(((try? whole.get()) != nil) == accepted, "Foundation \(accepted ? "reads" : "refuses") it; the reader: \(whole)")
        #expect(((try? selected.get()) != nil) == accepted, "under a key: \(selected)")
        guard let foundation, case .success(let value) = whole, let read = value["v"] else { return }
        #expect(Self.same(read, foundation), "read as \(read); Foundation read \(foundation)")
        if case .success(let part?) = selected {
            #expect(part.dictionary["v"] == read)
            #expect(part.map.strings == ["v", "route"] && (try? part.map.value(0)) == read, "built from the map")
        }
    }

    /// The reader's reals are read as Foundation reads them (issue 34 item 13), on every short
    /// text of the characters that matter: the same refused, the same value (any NaN a NaN).
    @Test func xmlRealsAreReadAsFoundationReadsThem() {
        func foundation(_ text: String) -> Double? {
            let document = Data(("<plist version=\"1.0\"><real>" + text + "</real></plist>").utf8)
            return (try? PropertyListSerialization.propertyList(from: document, options: [], format: nil) as? NSNumber)?.doubleValue
        }
        func same(_ a: Double?, _ b: Double?) -> Bool { a?.bitPattern == b?.bitPattern || (a?.isNaN == true && b?.isNaN == true) }
        let alphabet: [String] = ["0", "7", ".", "e", "E", "+", "-", "x", "p", " ", "\n", "\u{301}", "é", "n"]
        var texts: [String] = ["nan", "-NaN", "+inf", "Infinity", "-INFINITY", "infinit", "nann", "1e", "1e+", "-.5e-3", "0x1p3", "İnf", "１", "\u{2003}1", "\u{A0}1"]
        for first in alphabet { for second in alphabet { for third in alphabet { texts.append(first + second + third) } } }
        for text in texts {
            let read = FoundationXMLValues.real(text)
            let value: Double? = if case .success(let real) = read { real } else { nil }
            #expect(same(value, foundation(text)), "\(text.debugDescription)")
        }
    }

    /// Whole documents: their prolog, the `<plist>` element, what follows it.
    static let documents: [String] = [
        "<plist><dict/></plist>", "<plist version=\"1.0\"><dict/></plist>", " \n<plist><dict/></plist>\n ",
        "\u{FEFF}<plist><dict/></plist>", "<?xml version=\"1.0\"?><plist><dict/></plist>",
        "<?xml version=\"1.0\" encoding=\"utf-8\"?><plist><dict/></plist>", "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?><plist><dict/></plist>",
        "<!DOCTYPE plist><plist><dict/></plist>", "<!DOCTYPE plist PUBLIC \"x\" \"y\"><plist><dict/></plist>",
        "<!-- c --><plist><dict/></plist>", "<plist><dict/></plist><!-- c -->", "<plist><dict/></plist>x", "<plist><dict/></plist><plist/>",
        "<plist><dict/><dict/></plist>", "<plist></plist>", "<plist/>", "<dict/>", "<plist><!-- c --><dict/><!-- d --></plist>",
        "<plist><?pi x?><dict/></plist>", "<plist><dict/></plist >", "<plist a><dict/></plist>", "<plist><dict/>",
        "<plist><dict/></plist>\u{0}", "<?xml version=\"1.0\"?>\n<?other?>\n<plist><dict/></plist>",
        "<?xml version=\"1.0\"?><!DOCTYPE plist><!DOCTYPE plist><plist><dict/></plist>", "<plist><dict>\u{1}</dict></plist>",
        "<plist><dict> <key>a</key> <true/> </dict></plist>", "<plist><dict><key>a</key><!-- c --><true/></dict></plist>",
        // A comment before the first element is read from one byte past its `<!--`, inside it from just past.
        "<!----><plist><dict/></plist>", "<!---->\n<!-- x --><plist><dict/></plist>", "<plist><!----><dict/></plist>",
        "<!-- x--><plist><dict/></plist>", "<!---><plist><dict/></plist>", "<plist><dict><!-----></dict></plist>",
        "<?><plist><dict/></plist>", "<??><plist><dict/></plist>", "<plist><?><dict/></plist>", "<plist><dict><?></dict></plist>",
    ]

    /// Arrays nested 510 to 514 deep, in `<plist>` and in a dictionary there.
    static let nested: [String] = (510...514).flatMap { depth in
        let arrays = String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
        return ["<plist>\(arrays)</plist>", "<plist><dict><key>a</key>\(arrays)</dict></plist>"]
    }

    @Test(arguments: documents + nested)
    func documentsAreAcceptedAsFoundationAcceptsThem(text: String) {
        let bytes = Array(text.utf8)
        let foundation = (try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)) != nil
        let whole = Result { try XMLPropertyList.decode(bytes) }
        #expect(((try? whole.get()) != nil) == foundation, "Foundation \(foundation ? "reads" : "refuses") it; the reader: \(whole)")
    }

    /// A refusal names what is wrong and where, on one line.
    @Test func aRefusalSaysWhatAndWhere() throws {
        let cases: [(String, String)] = [
            ("<data/>", "<data/> is empty data, which Foundation does not read (it reads <data></data>)"),
            ("<real>-nan</real>", "'-nan' is not a real number Foundation reads (a NaN is written nan, without a sign)"),
            ("<real>+nan</real>", "'+nan' is not a real number Foundation reads (a NaN is written nan, without a sign)"),
            ("<integer>5 </integer>", "'5 ' is not an integer Foundation reads (white space after the number)"),
            ("<real>1.5 </real>", "'1.5 ' is not a real number Foundation reads (white space after the number)"),
            ("<date> 2026-11-22T10:00:00Z</date>", "' 2026-11-22T10:00:00Z' is not a date Foundation reads, such as 2026-11-22T10:00:00Z (no white space)"),
        ]
        for (body, reason) in cases {
            let bytes = FoundationPlist.xml(key: "v", route: "home", value: body)
            let offset = try #require(bytes.indices.first { bytes[$0...].starts(with: body.utf8) })
            #expect(throws: PropertyListError(reason, at: offset), "\(body)") { try XMLPropertyList.decode(bytes) }
        }
    }

    /// What the writer writes for a real, Foundation reads back: a NaN with its sign bit set is
    /// written `nan` (Foundation reads no signed NaN; Apple writes every NaN so), so the copy
    /// `reset --force` prints of one is a value `plutil -replace` takes back.
    @Test func everyRealWrittenIsOneFoundationReads() throws {
        let reals: [Double] = [-.nan, .nan, -Double(bitPattern: 0x7FF4_0000_0000_0000), .infinity, -.infinity, 0, -0.0, 0.1, 1e16, -1.5e-300]
        for real in reals {
            let text = try #require(PropertyListValue.real(real).xmlText)
            let bytes = FoundationPlist.xml(key: "v", route: "home", value: text.trimmingCharacters(in: .newlines))
            let read = try #require(Self.foundation(bytes), "Foundation refuses \(text)")
            #expect(Self.same(.real(real.isNaN ? .nan : real), read), "\(text)")
        }
        #expect(PropertyListValue.real(-.nan).xmlText == "<real>nan</real>\n")
    }
}
