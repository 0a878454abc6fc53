import Foundation
import Testing
import TestSupport

/// `-f <plist> --key <name>` end to end on what Foundation's UserDefaults writes on Linux
/// (issue 17, items 1 to 4, 7 and 12): read as Foundation reads it, nothing but the changed
/// value's lines changed, `reset` after `set` restoring the bytes, and never a file written
/// that the next command cannot read. Fixtures come from Foundation's `PropertyListSerialization`.
@Suite(.tags(.endToEnd), .slowLayer) struct PlistFidelityCommandTests {
    let sandbox = Sandbox()
    var plist: String { sandbox.folder + "/com.example.app.plist" }

    @discardableResult
    func run(_ arguments: String..., key: String = "route") -> RunResult {
        sandbox.runBare(["-f", plist, "--key", key] + arguments)
    }

    func bytes() -> [UInt8] { Array(sandbox.contents(plist) ?? Data()) }

    func write(_ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: plist))
    }

    static func foundation(_ dictionary: [String: Any], _ format: PropertyListSerialization.PropertyListFormat = .xml) throws -> [UInt8] {
        Array(try PropertyListSerialization.data(fromPropertyList: dictionary, format: format, options: 0))
    }

    static func foundationRead(_ bytes: [UInt8]) throws -> [String: Any] {
        var format = PropertyListSerialization.PropertyListFormat.xml
        return try #require(try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format) as? [String: Any])
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

    /// What UserDefaults keeps on Linux: XML, reals with `%.17g`, raw CR and control characters.
    static func userDefaults() throws -> [UInt8] {
        try foundation([
            "note": "line one\rline two\r\n", "escape": "\u{1B}[31mred\u{1B}[0m", "nul": "a\u{0}b",
            "ratio": 0.1, "count": 3.0, "big": 1e16, "route": "onboarding", "launches": 7,
        ])
    }

    @Test func carriageReturnsAndControlCharactersOfOtherKeysAreReadAndKept() throws {
        let original = try Self.userDefaults()
        try write(original)
        let show = run("show", "--path")
        #expect(show.status == 0 && show.stdout == "onboarding\n", "\(show)")
        let set = run("set", "home")
        #expect(set.status == 0 && set.stderr.isEmpty, "\(set)")
        #expect(bytes() == Self.replacing("<string>onboarding</string>", with: "<string>home</string>", in: original))
        let read = try Self.foundationRead(bytes())
        #expect(read["note"] as? String == "line one\rline two\r\n")
        #expect(read["escape"] as? String == "\u{1B}[31mred\u{1B}[0m")
        #expect(read["nul"] as? String == "a\u{0}b")
        #expect(read["route"] as? String == "home")
    }

    @Test func realsKeepTheirTextAndResetAfterSetRestoresTheBytes() throws {
        var original = try Self.userDefaults()
        original = Self.replacing("\t<key>route</key>\n\t<string>onboarding</string>\n", with: "", in: original)
        // Python's plistlib spells reals as repr does; Apple as %.17g: both stay as they are.
        original = Self.replacing("<real>3</real>", with: "<real>3</real>\n\t<key>python</key>\n\t<real>1e+16</real>", in: original)
        try write(original)
        #expect(String(decoding: original, as: UTF8.self).contains("<real>0.10000000000000001</real>"))
        #expect(run("set", "home").status == 0)
        let set = bytes()
        #expect(set == Self.replacing("</dict>", with: "\t<key>route</key>\n\t<string>home</string>\n</dict>", in: original))
        let reset = run("reset")
        #expect(reset.status == 0, "\(reset)")
        #expect(bytes() == original, "reset after set restores the bytes")
    }

    /// A NaN keeps its spelling (Foundation reads `nan` in any case; a signed one it refuses,
    /// and so does routectl: PlistFoundationRefusalTests).
    @Test func aNaNKeepsItsSpelling() throws {
        let original = Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>nested</key>
            \t<array>
            \t\t<real>NaN</real>
            \t</array>
            \t<key>route</key>
            \t<string>onboarding</string>
            </dict>
            </plist>

            """.utf8)
        try write(original)
        #expect(run("set", "home").status == 0)
        #expect(bytes() == Self.replacing("onboarding", with: "home", in: original))
    }

    @Test func aPlistStartingWithItsDoctypeIsRead() throws {
        let full = try Self.foundation(["route": "onboarding", "launches": 7])
        let original = Array(full[(full.firstIndex(of: 0x0A)! + 1)...])
        try write(original)
        let show = run("show", "--path")
        #expect(show.status == 0 && show.stdout == "onboarding\n", "\(show)")
        #expect(run("set", "home").status == 0)
        #expect(bytes() == Self.replacing("onboarding", with: "home", in: original))
    }

    @Test func aUTF16PlistIsReadAndStaysUTF16() throws {
        let text = String(decoding: try Self.foundation(["route": "onboarding", "name": "Zoë 😀"]), as: UTF8.self)
            .replacingOccurrences(of: "UTF-8", with: "UTF-16")
        func utf16(_ text: String) -> [UInt8] { [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
        try write(utf16(text))
        let show = run("show", "--path")
        #expect(show.status == 0 && show.stdout == "onboarding\n", "\(show)")
        #expect(run("set", "home").status == 0)
        #expect(bytes() == utf16(text.replacingOccurrences(of: "onboarding", with: "home")))
        #expect(try Self.foundationRead(bytes())["name"] as? String == "Zoë 😀")
    }

    /// A file `limit - slack` bytes long: the string `pad` made as long as it takes.
    ///
    /// Foundation takes seconds to write 16 MiB, so it writes a 1 MiB pad first, which tells
    /// how much the rest of the file takes (a 1 MiB pad and a 16 MiB one need the same widths
    /// of lengths and offsets). XML is then that file with more `x`s in the pad, which is what
    /// Foundation writes for the longer string; binary is written once more, at the right size.
    func writeNear16MiB(slack: Int, format: PropertyListSerialization.PropertyListFormat, extra: [String: Any] = [:]) throws {
        let limit = 16 << 20
        var size = 1 << 20
        let probe = try Self.foundation(extra.merging(["route": "a", "pad": String(repeating: "x", count: size)]) { $1 }, format)
        size += limit - slack - probe.count
        if format == .xml {
            let pad = Array("<string>".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20) + Array("</string>".utf8)
            let start = try #require((0...probe.count - pad.count).first { probe[$0] == pad[0] && probe[$0..<$0 + pad.count].elementsEqual(pad) })
            var bytes = probe
            bytes.insert(contentsOf: [UInt8](repeating: UInt8(ascii: "x"), count: size - (1 << 20)), at: start + 8)
            try #require(bytes.count == limit - slack)
            return try write(bytes)
        }
        for _ in 0..<3 {
            let bytes = try Self.foundation(extra.merging(["route": "a", "pad": String(repeating: "x", count: size)]) { $1 }, format)
            let missing = limit - slack - bytes.count
            if missing == 0 { return try write(bytes) }
            size += missing
        }
        Issue.record("cannot make a file of the size wanted")
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.binary, .xml])
    func aChangeThatWouldPass16MiBIsRefusedBeforeWriting(format: PropertyListSerialization.PropertyListFormat) throws {
        try writeNear16MiB(slack: 4, format: format)
        let original = bytes()
        let set = run("set", "a-long-route-name")
        #expect(set.status == 1, "\(set)")
        #expect(set.errorLines.first?.hasPrefix("routectl: '\(plist)' would be ") == true, "\(set.stderr)")
        #expect(set.stderr.contains("16 MiB"), "\(set.stderr)")
        #expect(bytes() == original, "nothing written")
        #expect(run("show", "--path").stdout == "a\n")
        #expect(run("set", "b").status == 0, "a change that fits is made")
    }

    @Test func aPushThatWouldTakeABinaryPlistPast16MiBIsRefused() throws {
        try write(try Self.foundation(["route": "a"], .binary))
        #expect(run("init", "--initial", "home", key: "state").status == 0)
        let state = try #require(try Self.foundationRead(bytes())["state"] as? Data)
        try writeNear16MiB(slack: 40, format: .binary, extra: ["state": state])
        let original = bytes()
        let refused = run("push", "detail", key: "state")
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("16 MiB"), "\(refused.stderr)")
        #expect(bytes() == original, "nothing written")
        #expect(run("show", key: "state").status == 0, "the file is still read")
    }

    @Test func aSetAtTheValuesLimitIsRefusedBeforeWriting() throws {
        // 1 + 2 + 2 + 1,048,570 = 2^20 - 1 values, counted as the reader counts them (the root,
        // two keys and their values, each of the array's references to one 0): one key more
        // passes 2^20. (An array, not 524,286 keys: Foundation writes it in 0.8 s, not 6, and
        // each routectl run reads 1 MB, not 10.)
        let dictionary: [String: Any] = ["route": "onboarding", "list": [Int](repeating: 0, count: 1_048_570)]
        try write(try Self.foundation(dictionary, .binary))
        #expect(run("set", "home").status == 0, "a change of a value is made")
        let original = bytes()
        let added = run("set", "home", key: "another")
        #expect(added.status == 1, "\(added)")
        #expect(added.stderr.contains("1048576 values"), "\(added.stderr)")
        #expect(bytes().count == original.count, "nothing written")
        #expect(run("show", "--path").stdout == "home\n")
    }

    @Test func aCompactXMLPlistStaysCompactAndReadable() throws {
        // Close to the limit in a compact layout: Apple's layout would push it past. 25,000
        // entries nested 8 deep and a long string make 15 MB; laid out as Apple lays them out (a
        // line an element, a tab a level) each entry is 100 bytes longer, 2.5 MB in all. (It was
        // 240,000 entries 2 deep: 960,000 values, which a debug build took 7 s to read twice;
        // now 250,000 values.)
        let depth = 8
        func compact(_ index: Int) -> String {
            "<key>k\(index)</key>" + String(repeating: "<array>", count: depth) + "<true/>" + String(repeating: "</array>", count: depth)
        }
        func apple(_ index: Int) -> String {
            "\t<key>k\(index)</key>\n" + (1...depth).map { String(repeating: "\t", count: $0) + "<array>\n" }.joined()
                + String(repeating: "\t", count: depth + 1) + "<true/>\n"
                + (1...depth).reversed().map { String(repeating: "\t", count: $0) + "</array>\n" }.joined()
        }
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict><key>route</key><string>onboarding</string>"
        var growth = 0
        for index in 0..<25_000 {
            text += compact(index)
            growth += apple(index).utf8.count - compact(index).utf8.count
        }
        text += "<key>pad</key><string>" + String(repeating: "x", count: 15_000_000 - text.utf8.count - 40) + "</string></dict></plist>"
        #expect(text.utf8.count + growth > 16 << 20, "in Apple's layout the file would pass 16 MiB")
        try write(Array(text.utf8))
        let set = run("set", "home")
        #expect(set.status == 0, "\(set)")
        #expect(bytes().count < 15_100_000, "\(bytes().count) bytes")
        #expect(run("show", "--path").stdout == "home\n")
    }
}
