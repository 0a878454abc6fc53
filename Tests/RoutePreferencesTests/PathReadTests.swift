import Testing
import RouteModel
import RoutePreferences
import RouteStore
import RouteCodecs
import PropertyListCodec
import TestSupport

/// `show --path` on a key: a NavigationPath's path is said by the document its format's reader
/// reads of the value's bytes (``PreferenceKeyStore/readDocument()``), the same path the state
/// read whole gives; any other value is read whole, as `show` reads it, refusals included.
@Suite(.tags(.unit)) struct PathReadTests {
    static let path = NavigationPathFixtures.Path.mixed.json()

    func readDocument(_ value: PropertyListValue?, key: PreferenceKey = PreferenceKey("nav")) throws -> StoredDocument {
        var dictionary: PropertyListDictionary = ["launches": 7]
        if let value { dictionary = dictionary.replacing("nav", with: value) }
        return try PreferenceKeyStore(MemoryPreferences(dictionary), key: key).readDocument()
    }

    /// The path the document read of `value` says; `nil` for a value read whole.
    func said(_ value: PropertyListValue?) throws -> String? {
        guard case .document(let document) = try readDocument(value) else { return nil }
        return try document.path(order: ParameterOrder())
    }

    func state(_ value: PropertyListValue) throws -> StoredState {
        try PreferenceKeyStore(MemoryPreferences(["launches": 7, "nav": value]), key: PreferenceKey("nav")).readState()
    }

    @Test func aNavigationPathAsDataOrAsAStringIsSaidWithoutReadingItsState() throws {
        for value: PropertyListValue in [.data(Self.path), .string(String(decoding: Self.path, as: UTF8.self))] {
            guard let path = try said(value) else {
                Issue.record("\(value.kindPhrase): read whole")
                continue
            }
            guard case .navigator(let navigator) = try state(value) else { throw NavigatorError(.invalidFile, "no navigator") }
            #expect(path == navigator.path)
            #expect(path == "/home/Int?_0:=7/Recipe?id:=42/String?_0=hello/Bool?_0:=true/details?_0:=3")
        }
    }

    @Test func anyOtherValueIsReadWholeAsShowReadsIt() throws {
        guard case .state(.setting(.value("home")), nil) = try readDocument("home") else { throw NavigatorError(.invalidFile, "a setting") }
        guard case .state(.setting(.unset), nil) = try readDocument(nil) else { throw NavigatorError(.invalidFile, "unset") }
        guard case .document(let values) = try readDocument(.data(NavigationPathFixtures.Path.values.json())) else {
            throw NavigatorError(.invalidFile, "nested values")
        }
        #expect(try values.state().stack.count == NavigationPathFixtures.Path.values.elements.count)
        #expect(try values.path(order: ParameterOrder()) == (try values.state()).path)
        // --format setting: the value is a setting's or refused, never a path.
        #expect(throws: NavigatorError.self) { try readDocument(.data(Self.path), key: PreferenceKey("nav", settingOnly: true)) }
        // A refusal is the whole reading's: a path SwiftUI would not restore.
        let broken = Array(#"["MyApp.Screen","{\"details\":{\"_0\":1}}","Swift.Int"]"#.utf8)
        let error = #expect(throws: NavigatorError.self) { try said(.data(broken)) }
        #expect(error?.message.contains("an odd number of strings") == true, "\(error?.message ?? "")")
    }

    @Test func aPrefixFindsTheKeyAndThePathIsItsState() throws {
        let preferences = MemoryPreferences(["launches": 7, "navScene1": .data(Self.path)])
        guard case .document(let document) = try PreferenceKeyStore(preferences, key: PreferenceKey("nav")).readDocument() else {
            throw NavigatorError(.invalidFile, "read whole")
        }
        let path = try document.path(order: ParameterOrder())
        #expect(path.hasPrefix("/home/Int?_0:=7"))
    }
}
