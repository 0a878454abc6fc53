import Foundation
import Testing
import TestSupport

/// Issue 34 item 17, end to end: `set` then `reset` on a `<dict/>` root, or on a file whose
/// lines end in CR LF, gives the bytes back; every line written ends as the file's lines do,
/// and Foundation's `PropertyListSerialization` reads every file written.
@Suite(.tags(.endToEnd), .slowLayer) struct PlistRoundTripCommandTests: AppPlistSuite {
    let sandbox = Sandbox()

    /// An empty top dictionary as Apple and Foundation write it, `<dict/>`, with LF or CR LF
    /// line ends; and a file of CR LF lines holding keys.
    static let roundTrips: [(name: String, text: String)] = [
        ("<dict/>", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict/>\n</plist>\n"),
        ("<dict/>, CR LF", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<plist version=\"1.0\">\r\n<dict/>\r\n</plist>\r\n"),
        ("CR LF", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<plist version=\"1.0\">\r\n<dict>\r\n\t<key>other</key>\r\n\t<array>\r\n\t\t<integer>7</integer>\r\n\t</array>\r\n</dict>\r\n</plist>\r\n"),
        ("CR LF, the top tag not at a line's end", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<plist version=\"1.0\">\r\n<dict><!-- prefs -->\r\n\t<key>other</key>\r\n\t<true/>\r\n</dict>\r\n</plist>\r\n"),
        ("<dict/>, CR LF, the tag not at a line's end", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<plist version=\"1.0\"><dict/></plist>\r\n"),
    ]

    /// `set` adds the key, `reset` removes it: the bytes are what they were; every line the
    /// change wrote ends as the file's do; Foundation reads each file written.
    @Test(arguments: roundTrips.map(\.name))
    func setThenResetGivesTheBytesBack(name: String) throws {
        let original = Array(try #require(Self.roundTrips.first { $0.name == name }).text.utf8)
        #expect(FoundationPlist.reads(original))
        try write(original)
        let set = run("set", "home")
        #expect(set.status == 0, "\(set)")
        let written = bytes()
        let read = try PropertyListSerialization.propertyList(from: Data(written), options: [], format: nil) as? [String: Any]
        #expect(read?["route"] as? String == "home", "Foundation reads the key set: \(String(decoding: written, as: UTF8.self))")
        if name.contains("CR LF") {
            let bare = written.indices.filter { written[$0] == 0x0A && ($0 == 0 || written[$0 - 1] != 0x0D) }
            #expect(bare.isEmpty, "lines end in LF alone: \(String(decoding: written, as: UTF8.self).debugDescription)")
        }
        let reset = run("reset")
        #expect(reset.status == 0, "\(reset)")
        #expect(bytes() == original, "\(String(decoding: bytes(), as: UTF8.self).debugDescription)")
        #expect(FoundationPlist.reads(bytes()))
    }
}
