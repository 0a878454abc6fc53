import Foundation
import Testing
import TestSupport
import RouteModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import RouteStore

/// routectl's record of its changes to another library's state (issue 37, item 6): what it
/// keeps, how undo and redo step through it, its text, and that nothing planted or damaged in
/// the state folder is trusted or followed.
@Suite(.tags(.unit)) struct ChangeJournalTests {
    static func change(_ number: Int) -> ChangeJournal.Change {
        ChangeJournal.Change(
            at: "2026-11-29T02:00:\(number < 10 ? "0" : "")\(number)Z", op: "push", args: ["r\(number)", "a b"], path: "/home/r\(number)",
            before: number == 1 ? nil : Array("v\(number - 1)".utf8), after: Array("v\(number)".utf8))
    }

    @Test func undoNeedsWhatRoutectlLastWroteAndRestoresWhatTheFirstUndoneChangeReplaced() {
        var journal = ChangeJournal()
        #expect(journal.undoStep(1) == nil)
        for number in 1...3 { journal.record(Self.change(number)) }
        #expect(journal.undoStep(1).map { [$0.expected, $0.restored] } == [Array("v3".utf8), Array("v2".utf8)])
        #expect(journal.undoStep(3).map { [$0.expected, $0.restored] } == [Array("v3".utf8), nil], "before the first change: no value")
        #expect(journal.undoStep(4) == nil)
        #expect(journal.undoStep(0) == nil)
        #expect(journal.redoStep(1) == nil, "nothing undone yet")
        journal.place -= 2
        #expect(journal.redoStep(2).map { [$0.expected, $0.restored] } == [Array("v1".utf8), Array("v3".utf8)])
        #expect(journal.inEffect.map(\.seq) == [1])
        journal.record(Self.change(9))
        #expect(journal.changes.count == 2, "a new change drops what was undone")
        #expect(journal.redoStep(1) == nil)
    }

    @Test func onlyTheLastFiftyAreKeptAndKeepTheirNumbers() {
        var journal = ChangeJournal()
        for number in 1...53 { journal.record(Self.change(number)) }
        #expect(journal.changes.count == ChangeJournal.limit)
        #expect(journal.changes.first?.op == "push" && journal.firstSeq == 4)
        #expect(journal.inEffect.first?.seq == 4 && journal.inEffect.last?.seq == 53)
        #expect(journal.undoStep(50) != nil && journal.undoStep(51) == nil)
    }

    @Test func largeValuesAreKeptWithinTheBudgetTheNewestAlways() {
        var journal = ChangeJournal()
        let big = [UInt8](repeating: 0x41, count: 400)
        for number in 1...5 {
            journal.record(ChangeJournal.Change(at: "t", op: "push", args: [], path: "/\(number)", before: big, after: big), budget: 2_000)
        }
        #expect(journal.changes.map(\.path) == ["/4", "/5"], "800 bytes each: two fit in 2,000")
        #expect(journal.firstSeq == 4 && journal.place == 2)
        journal.record(ChangeJournal.Change(at: "t", op: "push", args: [], path: "/huge", before: big + big + big, after: big + big + big), budget: 2_000)
        #expect(journal.changes.map(\.path) == ["/huge"], "the newest is kept even over the budget")
    }

    @Test func theTextReadsBackAsTheSameJournal() {
        var journal = ChangeJournal()
        for number in 1...3 { journal.record(Self.change(number)) }
        journal.changes[1].args = []
        journal.changes[2].before = [0, 0xFF, 10, 32, 0x2D]  // any bytes: a binary plist
        journal.place = 2
        #expect(ChangeJournal(text: journal.text) == journal)
        #expect(ChangeJournal(text: ChangeJournal().text) == ChangeJournal())
    }

    @Test func damagedTextIsNoJournal() {
        var journal = ChangeJournal()
        journal.record(Self.change(1))
        let good = journal.text
        let damaged: [[UInt8]] = [
            [], Array("routectl-journal-1 0 1 0".utf8), Array("routectl-journal-2 0 1 0\n".utf8),
            Array("routectl-journal-1 5 1 1\n".utf8) + Array(good.split(separator: 10)[1]) + [10],
            Array(good.dropLast()), good.map { $0 == UInt8(ascii: " ") ? 9 : $0 },
            Array("routectl-journal-1 0 1 99\n".utf8), Array(repeating: 0xFF, count: 300),
        ]
        for bytes in damaged {
            #expect(ChangeJournal(text: bytes) == nil, "\(String(decoding: bytes, as: UTF8.self))")
        }
        // A change's line is decoded when it is asked for (a change records the journal again
        // without decoding the others): one that does not decode is no change, and nothing is
        // restored from it.
        for bytes in [Array(good.dropLast(3)) + [10], Array("routectl-journal-1 1 1 1\n!!!! - - - - .\n".utf8)] {
            let read = ChangeJournal(text: bytes)
            #expect(read?.changes.isEmpty == true && read?.undoStep(1) == nil && read?.inEffect.isEmpty == true, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test func aChangeRecordsTheLinesReadAsTheyWere() throws {
        var journal = ChangeJournal()
        for number in 1...3 { journal.record(Self.change(number)) }
        var read = try #require(ChangeJournal(text: journal.text))
        read.record(Self.change(4))
        journal.record(Self.change(4))
        #expect(read.text == journal.text)
        #expect(read == journal)
        #expect(read.undoStep(2).map { [$0.expected, $0.restored] } == [Array("v4".utf8), Array("v2".utf8)])
    }

    @Test func base64RoundTripsAndRefusesWhatIsNotIt() {
        for count in 0..<8 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 200) }
            let text = Base64.encode(bytes)
            #expect(text == Data(bytes).base64EncodedString())
            #expect(Base64.decode(Array(text.utf8)) == bytes)
        }
        for text in ["a", "ab=c", "====", "a===", "ab*d", "ab==ab=="] {
            #expect(Base64.decode(Array(text.utf8)) == nil, "\(text)")
        }
    }

    // The file on disk.

    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("routectl-journal-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    @Test func aJournalIsWrittenPrivatelyAndReadBack() throws {
        let file = JournalFile(identity: "file-1-2-prefs.plist-key-route", folder: folder + "/journal")
        var journal = ChangeJournal()
        journal.record(Self.change(1))
        try file.withLock(timeout: 1) { try file.write(journal) }
        let (read, warning) = file.read()
        #expect(read == journal && warning == nil)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path.description)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder + "/journal")[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        #expect(file.path.description.hasPrefix(folder + "/journal/file-1-2-prefs.plist-key-route-"))
    }

    @Test func aDamagedOrPlantedJournalIsIgnoredWithAWarningAndALinkIsNeverFollowed() throws {
        let file = JournalFile(identity: "x", folder: folder)
        let path = file.path.description
        // Damaged.
        FileManager.default.createFile(atPath: path, contents: Data("routectl-journal-1 9 9 9\n".utf8))
        var (read, warning) = file.read()
        #expect(read == ChangeJournal() && warning?.contains("it is damaged") == true, "\(warning ?? "")")
        // A link to a journal elsewhere (which would be valid): not followed, either way.
        try FileManager.default.removeItem(atPath: path)
        var planted = ChangeJournal()
        planted.record(Self.change(1))
        let victim = folder + "/victim"
        FileManager.default.createFile(atPath: victim, contents: Data(planted.text))
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: victim)
        (read, warning) = file.read()
        #expect(read == ChangeJournal() && warning?.contains("symbolic link") == true, "\(warning ?? "")")
        try file.withLock(timeout: 1) { try file.write(ChangeJournal()) }
        #expect(FileManager.default.contents(atPath: victim) == Data(planted.text), "the link's target is untouched")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType == .typeRegular)
        // A FIFO: not opened for long, never waited on.
        try FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o600) == 0)
        (read, warning) = file.read()
        #expect(read == ChangeJournal() && warning?.contains("not a regular file") == true, "\(warning ?? "")")
    }

    @Test func aJournalFolderThatIsALinkIsRefused() throws {
        let elsewhere = folder + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/journal", withDestinationPath: elsewhere)
        let file = JournalFile(identity: "x", folder: folder + "/journal")
        let error = #expect(throws: NavigatorError.self) { try file.withLock(timeout: 1) { try file.write(ChangeJournal()) } }
        #expect(error?.kind == .cannotCreate)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }
}
