import Testing
import RouteModel
import RoutePreferences
import RouteStore
import RouteCodecs
import PropertyListCodec
import TestSupport

/// A key holding an integer, as `@AppStorage("tab") var tab: Tab = .home` keeps an
/// `Int`-backed enum: a route setting whose value is the integer, set in the width the old one
/// had (in a binary plist), reset by removing the key; every other key kept as it was.
@Suite(.tags(.unit)) struct IntegerSettingKeyTests {
    let stamp = "2026-11-23T10:00:00Z"

    /// Preferences with a tab read from a binary plist in 2 bytes (a width wider than needed),
    /// a string setting and values of other types.
    static let preferences: PropertyListDictionary = [
        "launches": 7, "tab": .integer(PropertyListInteger(UInt64(2), width: 2)), "route": "home",
        "big": .integer(PropertyListInteger(UInt64.max)), "ratio": 0.5, "nested": ["a": [1, "b"]],
    ]

    func store(_ preferences: MemoryPreferences, _ key: String = "tab", settingOnly: Bool = false) -> PreferenceKeyStore {
        PreferenceKeyStore(preferences, key: PreferenceKey(key, settingOnly: settingOnly))
    }

    func perform(_ store: PreferenceKeyStore, _ operation: NavigationOperation) throws -> ChangeOutcome<StoredState> {
        try store.updateState(recover: false) { try $0.perform(operation, at: stamp) }
    }

    /// The integer under `key`, and the width it is to be written in.
    func integer(_ preferences: MemoryPreferences, _ key: String = "tab") -> PropertyListInteger? {
        guard case .integer(let integer)? = preferences.document.dictionary[key] else { return nil }
        return integer
    }

    @Test func anIntegerIsASettingAndAnyIntIsOne() throws {
        for settingOnly in [false, true] {
            guard case .setting(.integer(2)) = try store(MemoryPreferences(Self.preferences), settingOnly: settingOnly).readState() else {
                Issue.record("not the integer 2 (settingOnly \(settingOnly))")
                return
            }
        }
        let extremes = MemoryPreferences(["min": .integer(PropertyListInteger(Int64.min)), "max": .integer(PropertyListInteger(Int64.max))])
        guard case .setting(.integer(Int64.min)) = try store(extremes, "min").readState(),
              case .setting(.integer(Int64.max)) = try store(extremes, "max").readState() else {
            Issue.record("Int.min and Int.max are raw values")
            return
        }
    }

    @Test func setIntegerReplacesItInPlaceInTheWidthItHad() throws {
        let preferences = MemoryPreferences(Self.preferences)
        let outcome = try perform(store(preferences), .setInteger(300))
        #expect(outcome.changed && outcome.notes.isEmpty)
        #expect(preferences.document.dictionary == Self.preferences.replacing("tab", with: 300))
        #expect(preferences.document.dictionary.keys == Self.preferences.keys, "the key keeps its place")
        #expect(integer(preferences)?.width == 2)
        _ = try perform(store(preferences), .setInteger(-1))
        #expect(integer(preferences) == PropertyListInteger(-1))
        #expect(integer(preferences)?.width == 2, "kept for the writer, which takes the narrowest that fits: -1 does not fit in 2 bytes")
        #expect(try !perform(store(preferences), .setInteger(-1)).changed)
        #expect(preferences.writes == 2)
    }

    @Test func aMissingKeyTakesAnIntegerAtTheEnd() throws {
        let preferences = MemoryPreferences(["launches": 7])
        _ = try perform(store(preferences), .setInteger(1))
        #expect(preferences.document.dictionary == ["launches": 7, "tab": 1])
        #expect(integer(preferences)?.width == nil, "a new integer takes the narrowest width")
        let forced = MemoryPreferences(["launches": 7])
        _ = try perform(store(forced, settingOnly: true), .setInteger(-5))
        #expect(forced.document.dictionary == ["launches": 7, "tab": -5])
    }

    @Test func resetRemovesTheKeySayingTheAppsDefaultApplies() throws {
        let preferences = MemoryPreferences(Self.preferences)
        let outcome = try perform(store(preferences), .reset)
        #expect(preferences.document.dictionary == Self.preferences.removing("tab"))
        #expect(outcome.notes == ["removed key 'tab' from 'memory': the app's own default applies"])
    }

    @Test func refusalsNameThePreferencesAndTheKeyAndWriteNothing() throws {
        let preferences = MemoryPreferences(Self.preferences)
        let set = #expect(throws: NavigatorError.self) { try perform(store(preferences), .set(Route("home"))) }
        #expect(set?.message == "'memory' key 'tab' holds only an integer (the raw value of an Int-backed enum): 'home' is no integer; set takes one")
        #expect(set?.fact == .onlyAnInteger(operation: "set", value: 2))
        let push = #expect(throws: NavigatorError.self) { try perform(store(preferences), .push(Route("details"))) }
        #expect(push?.message == "'memory' key 'tab' holds only an integer (the raw value of an Int-backed enum): nothing can be pushed on it")
        let onString = #expect(throws: NavigatorError.self) { try perform(store(preferences, "route"), .setInteger(2)) }
        #expect(onString?.kind == .invalidInput)
        #expect(onString?.message == "invalid route name '2': it must start with a letter or '_'")
        #expect(preferences.writes == 0)
        #expect(preferences.document.dictionary == Self.preferences)
    }

    /// `--format` naming a navigator format takes no integer: refused as a value not in it.
    @Test func aForcedNavigatorFormatRefusesAnInteger() throws {
        let preferences = MemoryPreferences(Self.preferences)
        let store = PreferenceKeyStore(preferences, key: PreferenceKey("tab", formats: try #require(FormatTable.standard.narrowed(to: "routectl"))))
        let error = #expect(throws: NavigatorError.self) { try store.readState() }
        #expect(error?.kind == .invalidFile)
        #expect(error?.detail?.isEqual(to: FormatFact.notInFormat(format: "routectl")) == true)
        #expect(error?.message.hasPrefix("'memory' key 'tab' is not in the format 'routectl'") == true, "\(error?.message ?? "")")
        #expect(throws: NavigatorError.self) { try perform(store, .setInteger(1)) }
        #expect(preferences.writes == 0)
    }

    /// Past `Int64.max` no `Int`-backed enum's raw value: refused as a value that holds no
    /// route (65), naming the keys that could, and removed only by recover (`reset --force`).
    @Test func anIntegerNoIntHoldsIsRefusedAndRemovedOnlyByRecover() throws {
        for settingOnly in [false, true] {
            let preferences = MemoryPreferences(Self.preferences)
            let error = #expect(throws: NavigatorError.self) { try store(preferences, "big", settingOnly: settingOnly).readState() }
            #expect(error?.kind == .invalidFile)
            #expect(throws: NavigatorError.self) { try perform(store(preferences, "big", settingOnly: settingOnly), .setInteger(1)) }
            #expect(preferences.writes == 0)
            if !settingOnly {
                #expect(error?.message == "'memory' key 'big' holds the integer 18446744073709551615, which is past the largest raw value an Int-backed enum can have (9223372036854775807)")
                #expect(error?.detail as? PreferencesFact == .keyHoldsNoRoute(candidates: ["route"]))
            }
            let outcome = try store(preferences, "big", settingOnly: settingOnly).updateState(recover: true) { try $0.perform(.reset, at: stamp) }
            #expect(outcome.changed && preferences.document.dictionary == Self.preferences.removing("big"))
        }
    }
}
