import Foundation
import Testing
import RouteModel
import RoutePreferences
import RouteStore
import RouteCodecs
import PropertyListCodec
import TestSupport

/// A key, and a file, read in one format (`--format`): a value in another is refused, a missing
/// key starts a state in that format (when it can start from nothing), and a state of a format
/// that keeps no history (the toy format here) refuses `history`, `undo` and `redo`.
@Suite(.tags(.unit)) struct ForcedFormatKeyTests {
    let stamp = "2026-11-23T10:00:00Z"
    static let own = NavigatorFile.encode(NavigatorState(initial: try! Route("home")))

    func store(_ preferences: MemoryPreferences, _ key: String, format: String?) throws -> PreferenceKeyStore {
        guard let format else { return PreferenceKeyStore(preferences, key: PreferenceKey(key, formats: FormatSeamTests.table)) }
        if format == "setting" { return PreferenceKeyStore(preferences, key: PreferenceKey(key, formats: FormatSeamTests.table, settingOnly: true)) }
        return PreferenceKeyStore(preferences, key: PreferenceKey(key, formats: try #require(FormatSeamTests.table.narrowed(to: format))))
    }

    @Test func aValueInAnotherFormatIsRefusedNamingTheFormatExpected() throws {
        let preferences = MemoryPreferences(["route": "home", "nav": .data(Self.own), "stack": .string(FormatSeamTests.toy)])
        let cases: [(String, String, String)] = [
            ("route", "routectl", #"'memory' key 'route' is not in the format 'routectl' (expected routectl's navigator JSON, an object with a "format" member)"#),
            ("nav", "toy", "'memory' key 'nav' is not in the format 'toy'"),
            ("nav", "setting", "'memory' key 'nav' is not in the format 'setting' (expected a string or an integer, the raw value of the app's route enum)"),
            ("stack", "setting", "'memory' key 'stack' is not in the format 'setting' (expected a string or an integer, the raw value of the app's route enum)"),
        ]
        for (key, format, message) in cases {
            let store = try store(preferences, key, format: format)
            let error = #expect(throws: NavigatorError.self) { try store.readState() }
            #expect(error?.kind == .invalidFile)
            #expect(error?.message == message)
            #expect(throws: NavigatorError.self) { try store.updateState(recover: false) { try $0.perform(.set(Route("a")), at: stamp) } }
        }
        #expect(preferences.writes == 0)
    }

    @Test func aValueInTheFormatIsReadAndRecordsIt() throws {
        let preferences = MemoryPreferences(["route": "home", "nav": .data(Self.own), "stack": .string(FormatSeamTests.toy)])
        guard case .setting(.value("home")) = try store(preferences, "route", format: "setting").readState() else { Issue.record("not a setting"); return }
        guard case .navigator(let own) = try store(preferences, "nav", format: "routectl").readState(),
              case .navigator(let toy) = try store(preferences, "stack", format: "toy").readState() else {
            Issue.record("not a navigator state"); return
        }
        #expect(own.formatName == "routectl" && own.keepsHistory)
        #expect(toy.formatName == "toy" && !toy.keepsHistory)
    }

    @Test func aMissingKeyStartsAStateInTheFormatNamed() throws {
        let preferences = MemoryPreferences(["launches": 7])
        guard case .setting(.unset) = try store(preferences, "nav", format: nil).readState(),
              case .setting(.unset) = try store(preferences, "nav", format: "setting").readState(),
              case .navigator(let fresh) = try store(preferences, "nav", format: "routectl").readState() else {
            Issue.record("a missing key read otherwise"); return
        }
        #expect(fresh.path == "root" && fresh.formatName == "routectl")
        _ = try store(preferences, "nav", format: "routectl").updateState(recover: false) { try $0.perform(.push(Route("details")), at: stamp) }
        guard case .data(let bytes)? = preferences.document.dictionary["nav"] else { Issue.record("not data"); return }
        #expect(try NavigatorFile.decode(bytes).path == "root/details")
    }

    @Test func aFormatThatCannotStartFromNothingRefusesAMissingKey() throws {
        let preferences = MemoryPreferences(["launches": 7])
        let toy = try store(preferences, "stack", format: "toy")
        let error = #expect(throws: NavigatorError.self) { try toy.readState() }
        #expect(error?.kind == .cannotApply)
        #expect(error?.message == "'memory' key 'stack' holds no state, and the format 'toy' cannot start from nothing: the app writes its first state")
        #expect(throws: NavigatorError.self) { try toy.updateState(recover: false) { try $0.perform(.set(Route("a")), at: stamp) } }
        #expect(throws: NavigatorError.self) { try toy.createState(NavigatorState(), replace: false) }
        #expect(preferences.writes == 0)
    }

    /// JSON is no route setting, even in a format routectl does not know (the standard table
    /// does not know the toy format).
    @Test func aRouteSettingIsNoJSON() throws {
        let preferences = MemoryPreferences(["stack": .string(" " + FormatSeamTests.toy), "nav": #"{"a": 1}"#])
        for key in ["stack", "nav"] {
            let error = #expect(throws: NavigatorError.self) { try PreferenceKeyStore(preferences, key: PreferenceKey(key, settingOnly: true)).readState() }
            #expect(error?.detail?.isEqual(to: FormatFact.notInFormat(format: "setting")) == true)
        }
    }

    @Test func aRouteSettingOnlyKeyTakesNoNavigatorState() throws {
        let preferences = MemoryPreferences(["launches": 7])
        let error = #expect(throws: NavigatorError.self) { try store(preferences, "route", format: "setting").createState(NavigatorState(), replace: false) }
        #expect(error?.kind == .invalidInput)
        #expect(error?.message == "'memory' key 'route' is read in the format 'setting' (a string or an integer, the raw value of the app's route enum), which has no room for a whole navigator state")
        #expect(preferences.writes == 0)
    }

    @Test func recoverReplacesAValueInAnotherFormatWithAFreshState() throws {
        let preferences = MemoryPreferences(["nav": "home"])
        let outcome = try store(preferences, "nav", format: "routectl").updateState(recover: true) { try $0.perform(.reset, at: stamp) }
        #expect(outcome.notes == ["removed the value of key 'nav' from 'memory', which routectl could not read"])
        guard case .data(let bytes)? = preferences.document.dictionary["nav"] else { Issue.record("not data"); return }
        #expect(try NavigatorFile.decode(bytes).path == "root")
    }

    @Test func historyUndoAndRedoOnAFormatThatKeepsNoneAreRefusedNamingTheKey() throws {
        let preferences = MemoryPreferences(["stack": .string(FormatSeamTests.toy)])
        let store = try store(preferences, "stack", format: nil)
        let error = #expect(throws: NavigatorError.self) { try store.readState().history() }
        #expect(error?.fact == .keepsNoHistory(operation: "history", format: "toy"))
        for operation in [NavigationOperation.undo(1), .redo(1)] {
            let refusal = #expect(throws: NavigatorError.self) { try store.updateState(recover: false) { try $0.perform(operation, at: stamp) } }
            #expect(refusal?.kind == .cannotApply)
            #expect(refusal?.message == "'memory' key 'stack' holds a state in the format 'toy', which keeps no history (only routectl's own format does), so there is nothing to \(operation.name)")
        }
        // A change is made and records nothing: the toy format has nowhere to keep it.
        _ = try store.updateState(recover: false) { try $0.perform(.push(Route("more")), at: stamp) }
        #expect(preferences.writes == 1)
        guard case .navigator(let state) = try store.readState() else { Issue.record("not a navigator state"); return }
        #expect(state.path.hasSuffix("/more") && state.history.count == 0)
    }

    @Test func aFileInAFormatThatKeepsNoHistoryRefusesUndoAndAForcedMissingFileIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routectl-forced-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/stack.json"
        try FormatSeamTests.toy.write(toFile: file, atomically: true, encoding: .utf8)
        let store = NavigatorStore(path: file, formats: FormatSeamTests.table)
        let error = #expect(throws: NavigatorError.self) { try store.update { try $0.perform(.undo(1), at: stamp) } }
        #expect(error?.fact == .keepsNoHistory(operation: "undo", format: "toy"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == FormatSeamTests.toy)

        let missing = NavigatorStore(path: folder + "/missing.json", formats: try #require(FormatSeamTests.table.narrowed(to: "toy")))
        let refusal = #expect(throws: NavigatorError.self) { try missing.read() }
        #expect(refusal?.message == "'\(folder)/missing.json' holds no state, and the format 'toy' cannot start from nothing: the app writes its first state")
        #expect(throws: NavigatorError.self) { try missing.update { try $0.perform(.set(Route("a")), at: stamp) } }
        #expect(throws: NavigatorError.self) { try missing.create(NavigatorState(), replace: false) }
        let listing = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(!listing.contains { $0.hasPrefix("missing") }, "a refusal created something: \(listing)")

        let own = NavigatorStore(path: file, formats: try #require(FormatSeamTests.table.narrowed(to: "routectl")))
        let notOwn = #expect(throws: NavigatorError.self) { try own.read() }
        #expect(notOwn?.message.hasPrefix("'\(file)' is not in the format 'routectl'") == true)
    }
}
