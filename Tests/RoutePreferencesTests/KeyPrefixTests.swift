import Testing
import RouteModel
import RoutePreferences
import RouteStore
import RouteCodecs
import PropertyListCodec
import TestSupport

/// `--key` by prefix: a missing key names the one key that starts with it and holds a state
/// some format recognizes (VAPersistentNavigator's `com.vandrj.navigator` followed by a scene
/// id). The values here are routectl's own navigator JSON, as data.
@Suite(.tags(.unit)) struct KeyPrefixTests {
    static let prefix = "com.vandrj.navigator"
    static func navigator(_ root: String) -> PropertyListValue {
        .data(NavigatorFile.encode(NavigatorState(initial: try! Route(root))))
    }

    @Test func theExactKeyWinsOverPrefixedOnes() throws {
        let dictionary: PropertyListDictionary = [Self.prefix + "ABC": Self.navigator("a"), Self.prefix: "home"]
        #expect(try PreferenceKey(Self.prefix).resolved(in: dictionary).name == Self.prefix)
    }

    @Test func theOnePrefixedKeyHoldingAStateIsTheKey() throws {
        let dictionary: PropertyListDictionary = [
            "launches": 7, Self.prefix + "Settings": "dark", Self.prefix + "Count": 3, Self.prefix + "ABC": Self.navigator("a"),
        ]
        let resolved = try PreferenceKey(Self.prefix).resolved(in: dictionary)
        #expect(resolved.name == Self.prefix + "ABC", "a string no format recognizes, or another type, is no state")
    }

    @Test func severalArePrefixedKeysAreRefusedListingThem() throws {
        let dictionary: PropertyListDictionary = [Self.prefix + "A": Self.navigator("a"), "x": 1, Self.prefix + "B": Self.navigator("b")]
        let error = #expect(throws: NavigatorError.self) { try PreferenceKey(Self.prefix).resolved(in: dictionary) }
        #expect(error?.kind == .invalidInput)
        #expect(error?.message == "has no key 'com.vandrj.navigator', and 2 keys that start with it hold a state: 'com.vandrj.navigatorA', 'com.vandrj.navigatorB'")
        #expect(error?.detail as? PreferencesFact == .keyPrefixMatchesSeveral(keys: [Self.prefix + "A", Self.prefix + "B"]))
    }

    @Test func withNonePrefixedTheKeyStaysMissing() throws {
        let dictionary: PropertyListDictionary = ["launches": 7, Self.prefix + "X": "home"]
        #expect(try PreferenceKey(Self.prefix).resolved(in: dictionary).name == Self.prefix)
        // A route setting is never found by a prefix, even with --format setting.
        let setting = PreferenceKey(Self.prefix, settingOnly: true)
        #expect(try setting.resolved(in: [Self.prefix + "A": Self.navigator("a")]).name == Self.prefix)
    }

    /// Keys match scalar for scalar, without Unicode normalization, and so do their starts.
    @Test func aPrefixMatchesScalarForScalar() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let dictionary: PropertyListDictionary = [composed + "ABC": Self.navigator("a")]
        #expect(try PreferenceKey(decomposed).resolved(in: dictionary).name == decomposed)
        #expect(try PreferenceKey(composed).resolved(in: dictionary).name == composed + "ABC")
    }

    @Test func aForcedFormatFindsOnlyValuesInIt() throws {
        let toy = try #require(FormatSeamTests.table.narrowed(to: "toy"))
        let dictionary: PropertyListDictionary = [Self.prefix + "A": Self.navigator("a"), Self.prefix + "B": .string(FormatSeamTests.toy)]
        #expect(try PreferenceKey(Self.prefix, formats: toy).resolved(in: dictionary).name == Self.prefix + "B")
        #expect(throws: NavigatorError.self) { try PreferenceKey(Self.prefix, formats: FormatSeamTests.table).resolved(in: dictionary) }
    }

    @Test func theStoreReadsAndChangesTheFoundKeyAndSaysWhich() throws {
        let preferences = MemoryPreferences(["launches": 7, Self.prefix + "ABC": Self.navigator("home")])
        let store = PreferenceKeyStore(preferences, key: PreferenceKey(Self.prefix))
        let (state, found) = try store.readLocated()
        guard case .navigator(let navigator) = state else { Issue.record("not a navigator state"); return }
        #expect(navigator.path == "home" && found == Self.prefix + "ABC")
        let outcome = try store.updateState(recover: false) { try $0.perform(.push(Route("details")), at: "2026-11-23T10:00:00Z") }
        #expect(outcome.foundKey == Self.prefix + "ABC")
        #expect(preferences.document.dictionary.keys == ["launches", Self.prefix + "ABC"], "no key was added")
        guard case .navigator(let changed) = try PreferenceKeyStore(preferences, key: PreferenceKey(Self.prefix + "ABC")).readState() else {
            Issue.record("not a navigator state"); return
        }
        #expect(changed.path == "home/details")
    }

    @Test func severalThroughTheStoreNameThePreferencesAndWriteNothing() throws {
        let preferences = MemoryPreferences([Self.prefix + "A": Self.navigator("a"), Self.prefix + "B": Self.navigator("b")])
        let store = PreferenceKeyStore(preferences, key: PreferenceKey(Self.prefix))
        let error = #expect(throws: NavigatorError.self) { try store.updateState(recover: true) { try $0.perform(.reset, at: "t") } }
        #expect(error?.message.hasPrefix("'memory' has no key 'com.vandrj.navigator', and 2 keys") == true, "\(error?.message ?? "")")
        #expect(throws: NavigatorError.self) { try store.readState() }
        #expect(preferences.writes == 0)
    }

    @Test func noneThroughTheStoreIsAsBefore() throws {
        let preferences = MemoryPreferences(["launches": 7])
        let store = PreferenceKeyStore(preferences, key: PreferenceKey(Self.prefix))
        let (state, found) = try store.readLocated()
        guard case .setting(.unset) = state else { Issue.record("not unset"); return }
        #expect(found == nil)
        _ = try store.updateState(recover: false) { try $0.perform(.set(Route("home")), at: "t") }
        #expect(preferences.document.dictionary == ["launches": 7, Self.prefix: "home"])
    }
}
