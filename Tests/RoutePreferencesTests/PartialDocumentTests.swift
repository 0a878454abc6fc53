import Foundation
import Testing
import RouteModel
import RoutePreferences
import RouteStore
import RouteCodecs
import PropertyListCodec
import TestSupport

/// A binary property list held in memory as bytes, read and changed in part as a
/// ``PropertyListFileStore`` reads and changes a file: only the keys a store's key starts.
final class BinaryBytesPreferences: PreferencesDocument, @unchecked Sendable {
    var bytes: [UInt8]
    var writes = 0

    init(_ dictionary: PropertyListDictionary) {
        bytes = BinaryPropertyList.encode(.dictionary(dictionary))
    }

    var name: String { "'bytes'" }

    func read() throws -> PropertyListDocument { try PropertyListDocument.decode(bytes, name: name) }

    func read(keysStartingWith prefix: String) throws -> PropertyListDocument {
        try PropertyListDocument.decode(bytes, name: name, keysStartingWith: prefix)
    }

    func update<Result>(_ change: (PropertyListDocument) throws -> (replacement: PropertyListDocument?, result: Result)) throws -> Result {
        try apply(change(read()))
    }

    func update<Result>(
        keysStartingWith prefix: String, _ change: (PropertyListDocument) throws -> (replacement: PropertyListDocument?, result: Result)
    ) throws -> Result {
        try apply(change(read(keysStartingWith: prefix)))
    }

    private func apply<Result>(_ outcome: (replacement: PropertyListDocument?, result: Result)) throws -> Result {
        if let replacement = outcome.replacement {
            bytes = try replacement.encoded(as: name)
            writes += 1
        }
        return outcome.result
    }

    var dictionary: PropertyListDictionary { (try? read().dictionary) ?? [:] }
}

/// A binary plist read in part (only the keys a key store's key starts) and written back by
/// appending: the store behaves as on the whole document, and what it writes Foundation reads
/// with every other value as it was.
@Suite(.tags(.unit)) struct PartialDocumentTests {
    static let stamp = "2026-11-23T10:00:00Z"
    static let preferences: PropertyListDictionary = PreferenceKeyStoreTests.appPreferences.replacing("launchesCount", with: 8)
        .replacing("routeBackup", with: "home/details").replacing("com.vandrj.navigatorXYZ", with: .data(Array(#"{"x":1}"#.utf8)))

    @Test func onlyTheKeysThePrefixStartsAreDecodedAndTheWholeIsTheFile() throws {
        let bytes = BinaryPropertyList.encode(.dictionary(Self.preferences))
        let document = try PropertyListDocument.decode(bytes, name: "'x'", keysStartingWith: "route")
        #expect(document.isPartial && document.format == .binary)
        #expect(document.dictionary == ["route": "onboarding", "routeBackup": "home/details"])
        #expect(try document.whole() == PropertyListDocument.decode(bytes, name: "'x'"))
        #expect(try document.encoded() == bytes, "nothing changed: the same bytes")
        #expect(document.keys() == Self.preferences.keys)
        var changed = document
        changed.dictionary = changed.dictionary.removing("route").replacing("new", with: 1)
        #expect(changed.keys() == Self.preferences.removing("route").replacing("new", with: 1).keys)
        #expect(try changed.whole().dictionary == Self.preferences.removing("route").replacing("new", with: 1))
        // XML is read in part too (PartialXMLDocumentTests).
        let xml = try XMLPropertyList.encode(.dictionary(Self.preferences))
        let part = try PropertyListDocument.decode(xml, name: "'x'", keysStartingWith: "route")
        #expect(part.isPartial && part.keys() == Self.preferences.keys)
        #expect(try part.whole().dictionary == Self.preferences)
    }

    @Test func aFileTheDecoderRefusesIsRefusedWithItsMessage() throws {
        var bytes = BinaryPropertyList.encode(.dictionary(Self.preferences))
        let index = try #require(BinaryPropertyListIndex(bytes))
        // The data under blob, its count said to follow as an integer, which it does not.
        bytes[index.offset(of: index.valueObject(index.entries(withPrefix: "blob")[0]))] = 0x4F
        let whole = #expect(throws: NavigatorError.self) { try PropertyListDocument.decode(bytes, name: "'x'") }
        let part = #expect(throws: NavigatorError.self) { try PropertyListDocument.decode(bytes, name: "'x'", keysStartingWith: "route") }
        #expect(whole != nil && part?.message == whole?.message)
    }

    @Test func aChangeIsAppendedAndFoundationReadsEveryOtherValueAsItWas() throws {
        let preferences = BinaryBytesPreferences(Self.preferences)
        let before = preferences.bytes
        let store = PreferenceKeyStore(preferences, key: PreferenceKey("route"))
        guard case .setting(.value("onboarding")) = try store.readState() else { Issue.record("not the setting"); return }
        _ = try store.updateState(recover: false) { try $0.perform(.set(Route("home")), at: Self.stamp) }
        #expect(preferences.writes == 1)
        #expect(preferences.dictionary == Self.preferences.replacing("route", with: "home"))
        #expect(preferences.bytes.count - before.count < 20, "only the new value and an offset were added")
        let old = try #require(try PropertyListSerialization.propertyList(from: Data(before), format: nil) as? NSDictionary)
        let new = try #require(try PropertyListSerialization.propertyList(from: Data(preferences.bytes), format: nil) as? NSDictionary)
        #expect(new.count == old.count)
        for case let key as String in old.allKeys where key != "route" {
            #expect(new[key] as? NSObject == old[key] as? NSObject, "\(key)")
        }
        #expect(new["route"] as? String == "home")

        // A navigator state found by a prefix, changed; a setting removed; one added.
        _ = try PreferenceKeyStore(preferences, key: PreferenceKey("route")).updateState(recover: false) { try $0.perform(.reset, at: Self.stamp) }
        _ = try PreferenceKeyStore(preferences, key: PreferenceKey("tab")).updateState(recover: false) { try $0.perform(.set(Route("feed")), at: Self.stamp) }
        let expected = Self.preferences.removing("route").replacing("tab", with: "feed")
        #expect(preferences.dictionary == expected)
        let last = try #require(try PropertyListSerialization.propertyList(from: Data(preferences.bytes), format: nil) as? NSDictionary)
        #expect(last.count == expected.count && last["tab"] as? String == "feed" && last["route"] == nil)
    }

    /// A change to one key of a file read in part is written as slices of the file's own bytes
    /// beside the new ones: no copy of the file is made (issue 23), in binary and in XML.
    @Test func aChangeIsWrittenAsSlicesOfTheFileNotACopy() throws {
        let binary = BinaryPropertyList.encode(.dictionary(Self.preferences))
        let xml = try XMLPropertyList.encode(.dictionary(Self.preferences))
        for bytes in [binary, xml] {
            var document = try PropertyListDocument.decode(bytes, name: "'x'", keysStartingWith: "route")
            document.dictionary = document.dictionary.replacing("route", with: "home")
            let pieces = try document.encodedPieces()
            #expect(Array(pieces.joined()) == (try document.encoded()))
            #expect(try PropertyListDocument.decode(Array(pieces.joined()), name: "'x'").dictionary == Self.preferences.replacing("route", with: "home"))
            let file = bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            func inFile(_ piece: ArraySlice<UInt8>) -> Bool {
                piece.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) &- file < UInt(bytes.count) }
            }
            #expect(inFile(try #require(pieces.first)), "the first piece is the file's own bytes, not a copy")
            let new = pieces.filter { !inFile($0) }.reduce(0) { $0 + $1.count }
            #expect(new < bytes.count / 4, "\(new) new bytes: only the new value, the references and the offsets are new")
        }
    }

    @Test func aLargeNewDataValueIsWrittenAsAPieceOfItsOwnNotACopy() throws {
        // A navigation state's data (here 40 KB and 16 KB, the least left out): its bytes are
        // handed to the writer as they are, between the new objects before and after them.
        let binary = BinaryPropertyList.encode(.dictionary(Self.preferences))
        for count in [40_000, 16 << 10, (16 << 10) - 1] {
            let state = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            var document = try PropertyListDocument.decode(binary, name: "'x'", keysStartingWith: "route")
            document.dictionary = document.dictionary.replacing("route", with: .data(state))
            let pieces = try document.encodedPieces()
            #expect(Array(pieces.joined()) == (try document.encoded()))
            #expect(try PropertyListDocument.decode(Array(pieces.joined()), name: "'x'").dictionary == Self.preferences.replacing("route", with: .data(state)))
            let value = state
            let storage = value.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            let own = pieces.contains { piece in piece.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) == storage } && piece.count == count }
            #expect(own == (count >= 16 << 10), "\(count) bytes: the value's own bytes are a piece")
        }
    }

    /// What needs the other keys (a typo's neighbour, the candidates a refusal names) sees them all.
    @Test func refusalsNameKeysTheStoreDidNotRead() throws {
        let preferences = BinaryBytesPreferences(Self.preferences)
        var typo = PreferenceKeyStore(preferences, key: PreferenceKey("rotue"))
        typo.nearKey = { name, keys in keys.contains("route") ? "route" : nil }
        let near = #expect(throws: NavigatorError.self) { try typo.readState() }
        #expect(near?.detail as? PreferencesFact == .missingKeyNear(near: "route"))
        let noRoute = #expect(throws: NavigatorError.self) { try PreferenceKeyStore(preferences, key: PreferenceKey("ratio")).readState() }
        let candidates = PreferenceKey.candidates(in: Self.preferences).filter { $0 != "ratio" }
        #expect(candidates.contains("route"))
        #expect(noRoute?.detail as? PreferencesFact == .keyHoldsNoRoute(candidates: candidates))
        // Removed with --force, as from the whole document.
        _ = try PreferenceKeyStore(preferences, key: PreferenceKey("ratio")).updateState(recover: true) { try $0.perform(.reset, at: Self.stamp) }
        #expect(preferences.dictionary == Self.preferences.removing("ratio"))
    }

    /// A file whose one-byte references cannot name one more object is written whole.
    @Test func aFileThatCannotTakeMoreObjectsIsWrittenWhole() throws {
        let full = PropertyListDictionary((0..<126).map { .init(key: "k\($0)", value: .integer(PropertyListInteger(Int64($0 + 1000)))) })
            .replacing("route", with: "a")
        let preferences = BinaryBytesPreferences(full)
        #expect(preferences.bytes[preferences.bytes.count - 32 + 7] == 1)
        _ = try PreferenceKeyStore(preferences, key: PreferenceKey("route")).updateState(recover: false) { try $0.perform(.set(Route("home")), at: Self.stamp) }
        #expect(preferences.bytes == BinaryPropertyList.encode(.dictionary(full.replacing("route", with: "home"))), "written whole")
    }
}
