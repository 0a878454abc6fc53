import Testing
import RouteModel
import RoutePreferences
import RouteStore
import RouteCodecs
import PropertyListCodec
import TestSupport
import PlainText

/// Preferences held in memory: what ``PreferenceKeyStore`` does to a document, without files
/// or tools. Counts the writes.
final class MemoryPreferences: PreferencesDocument, @unchecked Sendable {
    var document: PropertyListDocument
    var writes = 0

    init(_ dictionary: PropertyListDictionary, format: PropertyListFormat = .binary) {
        document = PropertyListDocument(dictionary, format: format)
    }

    var name: String { "'memory'" }

    func read() throws -> PropertyListDocument { document }

    func update<Result>(_ change: (PropertyListDocument) throws -> (replacement: PropertyListDocument?, result: Result)) throws -> Result {
        let (replacement, result) = try change(document)
        if let replacement {
            document = replacement
            writes += 1
        }
        return result
    }
}

/// ``PreferenceKey`` and ``PreferenceKeyStore``: what a key's value means, what is written
/// back, and that every other key is kept in its place.
@Suite(.tags(.unit)) struct PreferenceKeyStoreTests {
    let stamp = "2026-11-23T10:00:00Z"

    /// Preferences as an app leaves them: a route and other values of every type.
    static let appPreferences: PropertyListDictionary = [
        "launches": 7, "route": "onboarding", "name": "Zoë 😀", "big": .integer(PropertyListInteger(UInt64.max)),
        "ratio": 0.5, "seen": true, "when": .date(700_000_000), "blob": .data([0, 1, 2]),
        "nested": ["a": [1, "b"]],
    ]

    func store(_ preferences: MemoryPreferences, _ key: String = "route") -> PreferenceKeyStore {
        PreferenceKeyStore(preferences, key: PreferenceKey(key))
    }

    func perform(_ store: PreferenceKeyStore, _ operation: NavigationOperation) throws -> ChangeOutcome<StoredState> {
        try store.updateState(recover: false) { try $0.perform(operation, at: stamp) }
    }

    @Test func aStringIsASettingThatSetReplacesInPlace() throws {
        let preferences = MemoryPreferences(Self.appPreferences)
        let outcome = try perform(store(preferences), .set(Route("home")))
        #expect(outcome.changed && outcome.notes.isEmpty)
        #expect(preferences.document.dictionary == Self.appPreferences.replacing("route", with: "home"))
        #expect(preferences.document.dictionary.keys == Self.appPreferences.keys, "the key keeps its place")
        #expect(preferences.writes == 1)
    }

    @Test func resetRemovesTheKeySayingTheAppsDefaultApplies() throws {
        let preferences = MemoryPreferences(Self.appPreferences)
        let outcome = try perform(store(preferences), .reset)
        #expect(preferences.document.dictionary == Self.appPreferences.removing("route"))
        #expect(outcome.notes == ["removed key 'route' from 'memory': the app's own default applies"])
        // Again: nothing to remove, nothing written.
        #expect(try !perform(store(preferences), .reset).changed)
        #expect(preferences.writes == 1)
    }

    @Test func aMissingKeyIsUnsetAndSetAddsItAtTheEnd() throws {
        let preferences = MemoryPreferences(["launches": 7])
        guard case .setting(.unset) = try store(preferences).readState() else { Issue.record("not unset"); return }
        _ = try perform(store(preferences), .set(Route("home")))
        #expect(preferences.document.dictionary == ["launches": 7, "route": "home"])
    }

    @Test func refusalsNameThePreferencesAndTheKeyAndWriteNothing() throws {
        let preferences = MemoryPreferences(Self.appPreferences)
        let error = #expect(throws: NavigatorError.self) { try perform(store(preferences), .push(Route("details"))) }
        #expect(error?.message == "'memory' key 'route' holds only a root route (a string): nothing can be pushed on it")
        #expect(preferences.writes == 0)
    }

    @Test func valuesOfOtherTypesHoldNoRoute() throws {
        // An integer is an Int-backed enum's setting (IntegerSettingKeyTests), unless no Int holds it.
        for (key, kind) in [("big", "the integer 18446744073709551615"), ("nested", "a dictionary"), ("seen", "a boolean"), ("ratio", "a real number"), ("when", "a date")] {
            let preferences = MemoryPreferences(Self.appPreferences)
            let error = #expect(throws: NavigatorError.self) { try store(preferences, key).readState() }
            #expect(error?.kind == .invalidFile)
            #expect(error?.message.hasPrefix("'memory' key '\(key)' holds \(kind), ") == true, "\(error?.message ?? "")")
            #expect(throws: NavigatorError.self) { try perform(store(preferences, key), .set(Route("home"))) }
            #expect(preferences.writes == 0)
        }
        let error = #expect(throws: NavigatorError.self) { try store(MemoryPreferences(Self.appPreferences), "blob").readState() }
        #expect(error?.kind == .invalidFile, "data that is not navigator JSON")
    }

    /// With recover (`reset --force`), an unreadable value is removed, and the note says so.
    @Test func recoverRemovesAnUnreadableValue() throws {
        let preferences = MemoryPreferences(Self.appPreferences)
        let outcome = try store(preferences, "ratio").updateState(recover: true) { try $0.perform(.reset, at: stamp) }
        #expect(preferences.document.dictionary == Self.appPreferences.removing("ratio"))
        #expect(outcome.notes == ["removed the value of key 'ratio' from 'memory', which routectl could not read"])
    }

    /// routectl's navigator JSON as data: every command works, history included, and it is
    /// written back as data, the other keys kept.
    @Test func navigatorJSONAsDataIsAWholeState() throws {
        let preferences = MemoryPreferences(Self.appPreferences)
        let created = try store(preferences, "nav").createState(NavigatorState(initial: Route("home")), replace: false)
        #expect(created.notes.isEmpty)
        guard case .data(let bytes)? = preferences.document.dictionary["nav"] else { Issue.record("not data"); return }
        #expect(bytes.first == UInt8(ascii: "{"))
        _ = try perform(store(preferences, "nav"), .push(Route(name: "details", arguments: ["id=42"])))
        _ = try perform(store(preferences, "nav"), .present(Route("compose"), .sheet))
        _ = try perform(store(preferences, "nav"), .undo(1))
        guard case .navigator(let state) = try store(preferences, "nav").readState() else { Issue.record("not a navigator"); return }
        #expect(state.path == "home/details?id=42")
        #expect(try state.history.entries().map(\.op) == ["push", "present", "undo"])
        #expect(preferences.document.dictionary.removing("nav") == Self.appPreferences)
        guard case .data? = preferences.document.dictionary["nav"] else { Issue.record("not data any more"); return }
    }

    /// Navigator JSON kept as a string (as an app's `RawRepresentable` JSON is) stays a string.
    @Test func navigatorJSONAsAStringStaysAString() throws {
        let json = String(decoding: NavigatorFile.encode(NavigatorState(initial: try Route("home"))), as: UTF8.self)
        let preferences = MemoryPreferences(["nav": .string(json)])
        _ = try perform(store(preferences, "nav"), .push(Route("details")))
        guard case .string(let text)? = preferences.document.dictionary["nav"] else { Issue.record("not a string"); return }
        #expect(text.contains("\"details\""))
    }

    @Test func createRefusesAKeyInUseUnlessReplacing() throws {
        let preferences = MemoryPreferences(Self.appPreferences)
        let error = #expect(throws: NavigatorError.self) { try store(preferences).createState(NavigatorState(), replace: false) }
        #expect(error?.detail as? PreferencesFact == .keyHoldsValue)
        #expect(error?.message == "'memory' key 'route' already holds a value")
        #expect(preferences.writes == 0)
        var replacing = store(preferences)
        let copies = Copies()
        replacing.beforeDiscarding = { value, verb, _ in copies.add(value, verb) }
        let outcome = try replacing.createState(NavigatorState(), replace: true)
        #expect(outcome.notes == [])
        #expect(copies.all == [Copies.Item(value: "onboarding", verb: "replaced")], "the old value is handed over before it goes")
        #expect(preferences.document.dictionary.keys == Self.appPreferences.keys, "the key keeps its place")
    }

    @Test func navigatorJSONThatDoesNotDecodeIsNamed() throws {
        let preferences = MemoryPreferences(["nav": .data(Array("{\"root\": 7}".utf8))])
        let error = #expect(throws: NavigatorError.self) { try store(preferences, "nav").readState() }
        #expect(error?.kind == .invalidFile)
        #expect(error?.message.hasPrefix("'memory' key 'nav' ") == true, "\(error?.message ?? "")")
    }

    /// Navigator JSON of a later format is read but never written back, and the refusal names
    /// the preferences and the key.
    @Test func aNewerFormatUnderAKeyIsReadOnly() throws {
        let json = #"{"format": 9, "initial": {"name": "home"}, "root": {"name": "home"}, "stack": [], "historyLimit": 1000, "history": []}"#
        let preferences = MemoryPreferences(["nav": .data(Array(json.utf8))])
        guard case .navigator = try store(preferences, "nav").readState() else { Issue.record("not read"); return }
        let error = #expect(throws: NavigatorError.self) { try perform(store(preferences, "nav"), .push(Route("details"))) }
        #expect(error?.kind == .newerFormat)
        #expect(error?.message.hasPrefix("'memory' key 'nav' has format 9") == true, "\(error?.message ?? "")")
        #expect(preferences.writes == 0)
    }

    /// JSON that is not routectl's (no top-level "format") is another library's: no candidate
    /// (issue 17, item 14).
    @Test func candidatesAreRouteNamesAndNavigatorJSON() {
        let dictionary: PropertyListDictionary = [
            "route": "home", "title": "Hello there", "nav": .data(Array(" {\"format\": 1, \"x\":1}".utf8)), "count": 3,
            "json": "{\"root\":1, \"format\": 2}", "blob": .data([0xFF]), "foreign": .data(Array("{\"root\":{\"flow\":{}}}".utf8)),
            "foreignText": "{\"formats\": [1]}", "nested": "{\"a\": {\"format\": 1}}",
        ]
        #expect(PreferenceKey.candidates(in: dictionary) == ["route", "nav", "json"])
    }

    /// A file that is a property list, given as a navigator file, is a usage error naming the
    /// keys that could hold the route.
    @Test func thePropertyListSnifferSendsPropertyListsToAKey() throws {
        let bytes = BinaryPropertyList.encode(.dictionary(Self.appPreferences))
        let error = #expect(throws: NavigatorError.self) { try PropertyListSniffer(NavigatorFileCodec()).decode(bytes) }
        #expect(error?.kind == .invalidInput)
        #expect(error?.detail as? PreferencesFact == .propertyListNeedsKey(candidates: ["route"]))
    }

    @Test func documentsWhoseRootIsNoDictionaryAreRefused() throws {
        let error = #expect(throws: NavigatorError.self) {
            try PropertyListDocument.decode(BinaryPropertyList.encode(["a", "b"]), name: "'x.plist'")
        }
        #expect(error?.message == "'x.plist' is a property list whose root is an array, not a dictionary of preferences")
        #expect(error?.detail as? PreferencesFact == .unreadablePropertyList)
        let garbage = #expect(throws: NavigatorError.self) { try PropertyListDocument.decode(Array("hello".utf8), name: "'x.plist'") }
        #expect(garbage?.message == "'x.plist' is not a property list (binary bplist00 or XML)")
    }
}

/// The values a store handed over before discarding them.
final class Copies: @unchecked Sendable {
    struct Item: Equatable {
        var value: PropertyListValue
        var verb: String
    }
    private(set) var all: [Item] = []
    func add(_ value: PropertyListValue, _ verb: String) { all.append(Item(value: value, verb: verb)) }
}

/// Issue 17, items 14 and 16, in the model: the facts a refusal gives and what a store does
/// before it discards a value.
@Suite(.tags(.unit)) struct PreferenceKeyRefusalTests {
    static let preferences: PropertyListDictionary = [
        "route": "home", "ratio": 0.5, "com.vandrj.navigator": .data(Array(#"{"root":{"flow":{}}}"#.utf8)),
    ]

    @Test func aValueThatIsNotRoutectlsNamesTheCandidateKeys() {
        for key in ["ratio", "com.vandrj.navigator"] {
            let error = #expect(throws: NavigatorError.self) { try PreferenceKey(key).state(in: Self.preferences) }
            #expect(error?.kind == .invalidFile)
            #expect(error?.detail as? PreferencesFact == .keyHoldsNoRoute(candidates: ["route"]), "\(key)")
        }
    }

    @Test func routectlsOwnCorruptJSONIsNotAnotherLibrarys() {
        let dictionary: PropertyListDictionary = ["nav": .data(Array(#"{"format": 1, "initial": 7}"#.utf8))]
        let error = #expect(throws: NavigatorError.self) { try PreferenceKey("nav").state(in: dictionary) }
        #expect(error?.kind == .invalidFile)
        #expect(error?.fact == nil)
    }

    @Test func aMissingKeyNearAnotherIsRefusedBeforeAnyChange() throws {
        let preferences = MemoryPreferences(Self.preferences)
        var store = PreferenceKeyStore(preferences, key: PreferenceKey("rotue"))
        store.nearKey = { name, keys in name == "rotue" && keys.contains("route") ? "route" : nil }
        let read = #expect(throws: NavigatorError.self) { try store.readState() }
        #expect(read?.kind == .invalidInput && read?.detail as? PreferencesFact == .missingKeyNear(near: "route"))
        let change = #expect(throws: NavigatorError.self) {
            try store.updateState(recover: false) { try $0.perform(.set(Route("home")), at: "2026-11-22T10:00:00Z") }
        }
        #expect(change?.detail as? PreferencesFact == .missingKeyNear(near: "route"))
        #expect(preferences.writes == 0)
    }

    @Test func recoverHandsOverTheValueBeforeRemovingIt() throws {
        let preferences = MemoryPreferences(Self.preferences)
        var store = PreferenceKeyStore(preferences, key: PreferenceKey("ratio"))
        let copies = Copies()
        store.beforeDiscarding = { value, verb, _ in
            #expect(preferences.writes == 0, "handed over before anything is written")
            copies.add(value, verb)
        }
        _ = try store.updateState(recover: true) { try $0.perform(.reset, at: "2026-11-22T10:00:00Z") }
        #expect(copies.all == [Copies.Item(value: 0.5, verb: "removed")])
        #expect(preferences.document.dictionary["ratio"] == nil)
    }
}
