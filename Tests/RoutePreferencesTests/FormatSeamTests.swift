import Foundation
import JSONText
import PropertyListCodec
import RouteCodecs
import RouteModel
import RoutePreferences
import RouteStore
import TestSupport
import Testing

/// A new format is one codec file (``ToyFormat``) and one table row (``table``): with no other
/// edit, both kinds of store read it by content, change it, and write it back in its own format
/// and form, while routectl's own format goes on working beside it.
@Suite(.tags(.unit)) struct FormatSeamTests {
    /// The table row.
    static let table = FormatTable.standard.adding(ToyFormat())

    static let toy = #"{"toy":[{"home":{}},{"details":{"_0":42,"title":"Zoë"}}]}"#

    @Test func aKeyHoldingTheToyFormatIsReadChangedAndWrittenBackAsAString() throws {
        let preferences = MemoryPreferences(["other": 1, "stack": .string(Self.toy)])
        let store = PreferenceKeyStore(preferences, key: PreferenceKey("stack", formats: Self.table))
        guard case .navigator(let state) = try store.readState() else { Issue.record("not a navigator state"); return }
        #expect(state.path == "home/details?_0:=42&title=Zo%C3%AB")
        _ = try store.updateState(recover: false) { try $0.perform(.push(Route("more")), at: "t") }
        #expect(preferences.document.dictionary["stack"] == .string(#"{"toy":[{"home":{}},{"details":{"_0":42,"title":"Zoë"}},{"more":{}}]}"#))
        #expect(preferences.document.dictionary["other"] == 1)
    }

    @Test func dataKeepsItsFormAndTheStandardTableDoesNotKnowTheFormat() throws {
        let preferences = MemoryPreferences(["stack": .data(Array(Self.toy.utf8))])
        let store = PreferenceKeyStore(preferences, key: PreferenceKey("stack", formats: Self.table))
        _ = try store.updateState(recover: false) { try $0.perform(.pop(1), at: "t") }
        #expect(preferences.document.dictionary["stack"] == .data(Array(#"{"toy":[{"home":{}}]}"#.utf8)))
        #expect(PreferenceKey.candidates(in: preferences.document.dictionary, formats: Self.table) == ["stack"])
        #expect(PreferenceKey.candidates(in: preferences.document.dictionary).isEmpty)
        let standard = PreferenceKeyStore(preferences, key: PreferenceKey("stack"))
        #expect(throws: NavigatorError.self) { try standard.readState() }
    }

    @Test func aFileStoreReadsEitherFormatByContentAndKeepsIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routectl-seam-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let toyFile = folder + "/stack.json"
        try Self.toy.write(toFile: toyFile, atomically: true, encoding: .utf8)
        let store = NavigatorStore(path: toyFile, formats: Self.table)
        #expect(try store.read().path == "home/details?_0:=42&title=Zo%C3%AB")
        _ = try store.update { try $0.perform(.set(Route("start")), at: "t") }
        #expect(try String(contentsOfFile: toyFile, encoding: .utf8) == #"{"toy":[{"start":{}}]}"#)

        let ownFile = folder + "/navigator.json"
        let own = NavigatorStore(path: ownFile, formats: Self.table)
        _ = try own.update { try $0.perform(.set(Route("home")), at: "t") }
        #expect(try String(contentsOfFile: ownFile, encoding: .utf8).contains(#""format": 1"#), "a new file is in the default format")
        #expect(try own.read().path == "home")
    }

    @Test func twoFormatsThatBothFitAreRefusedNamingThem() throws {
        // Two formats that read the bytes as the same state: shown, but never written.
        let twice = Self.table.adding(ToyFormat())
        let undecided = try twice.detect(Array(Self.toy.utf8))
        var state = try undecided.decode(Array(Self.toy.utf8))
        #expect(undecided.name == "toy or toy")
        let error = #expect(throws: NavigatorError.self) { _ = try undecided.encode(&state) }
        #expect(error?.kind == .invalidFile)
        #expect(error?.message == "could be any of the formats 'toy', 'toy': say which with --format")
    }

    @Test func twoFormatsThatReadTheBytesApartAreRefusedAtOnce() throws {
        struct Other: NavigatorCodec {
            var name: String { "other" }
            var maxBytes: Int { 1 << 20 }
            func recognizes(_ bytes: [UInt8]) -> Bool { true }
            func decode(_ bytes: [UInt8]) throws -> NavigatorState { NavigatorState(initial: try Route("elsewhere")) }
            func checkWritable(_ state: NavigatorState) throws {}
            func encode(_ state: inout NavigatorState) throws -> EncodedState { EncodedState(bytes: []) }
        }
        let error = #expect(throws: NavigatorError.self) { try Self.table.adding(Other()).detect(Array(Self.toy.utf8)) }
        #expect(error?.message == "could be any of the formats 'toy', 'other': say which with --format")
    }
}
