import Foundation
import Testing
import TestSupport

/// Issue 34 item 13, end to end: an XML plist Foundation's `PropertyListSerialization` refuses
/// is refused (65, one line naming what and where, the file untouched), as the app would read
/// none of its preferences; the copy `reset --force` prints of a NaN is one Foundation reads.
@Suite(.tags(.endToEnd), .slowLayer) struct PlistFoundationRefusalTests: AppPlistSuite {
    let sandbox = Sandbox()

    static let refused: [(body: String, says: String)] = [
        ("<data/>", "<data/> is empty data, which Foundation does not read"),
        ("<real>-nan</real>", "'-nan' is not a real number Foundation reads"),
        ("<real>+nan</real>", "'+nan' is not a real number Foundation reads"),
        ("<integer>5 </integer>", "'5 ' is not an integer Foundation reads (white space after the number)"),
        ("<real>1.5 </real>", "'1.5 ' is not a real number Foundation reads (white space after the number)"),
        ("<date> 2026-11-22T10:00:00Z</date>", "' 2026-11-22T10:00:00Z' is not a date Foundation reads"),
    ]

    /// Each of the plists: Foundation refuses it, and so does every command, whether it
    /// reads the plist whole or under the key; nothing is written.
    @Test(arguments: refused.map(\.body))
    func whatFoundationRefusesIsRefused(body: String) throws {
        let says = try #require(Self.refused.first { $0.body == body }?.says)
        let original = FoundationPlist.xml(key: "other", route: "onboarding", value: body)
        #expect(!FoundationPlist.reads(original), "Foundation reads \(body)")
        try write(original)
        for arguments in [["show"], ["show", "--path"], ["set", "home"], ["reset"], ["reset", "--force"]] {
            let result = sandbox.runBare(["-f", plist, "--key", "route"] + arguments)
            #expect(result.status == 65, "\(arguments): \(result)")
            #expect(result.stderr.hasPrefix("routectl: '\(plist)' is not a valid XML property list: \(says)"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(" at byte "), "where: \(result.stderr)")
            // One line says what and where; a hint may follow, on its own line.
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1 || lines.count == 2 && lines[1].hasPrefix("hint: "), "one line: \(result.stderr)")
            #expect(bytes() == original, "\(arguments) wrote the file")
        }
    }

    /// `reset --force` prints a copy of the value it removes: a negative NaN (a binary plist
    /// holds one) is printed as one Foundation reads back, `nan`.
    @Test func theCopyOfANegativeNaNIsOneFoundationReads() throws {
        // bplist00: { "route": -nan }, one-byte offsets and references.
        var binary = Array("bplist00".utf8)
        binary += [0xD1, 0x01, 0x02]  // object 0 at 8: a dictionary of one entry
        binary += [0x55] + Array("route".utf8)  // object 1 at 11
        binary += [0x23, 0xFF, 0xF8, 0, 0, 0, 0, 0, 0]  // object 2 at 17: a real, -nan
        binary += [8, 11, 17]  // the offsets, at 26
        binary += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 3] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 26]
        try write(binary)
        let read = try PropertyListSerialization.propertyList(from: Data(binary), options: [], format: nil) as? [String: Any]
        #expect((read?["route"] as? Double)?.isNaN == true, "the fixture is a binary plist holding a NaN")
        let reset = run("reset", "--force")
        #expect(reset.status == 0, "\(reset)")
        let lines = reset.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        let copy = try #require(lines.first { $0.hasPrefix("<real>") }, "\(reset.stderr)")
        #expect(copy == "<real>nan</real>")
        let document = FoundationPlist.xml(key: "other", route: "onboarding", value: String(copy)).map { $0 }
        #expect(FoundationPlist.reads(document), "Foundation reads the copy back")
    }
}
