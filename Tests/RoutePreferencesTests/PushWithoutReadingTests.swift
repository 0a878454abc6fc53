import Testing
import RouteModel
import RoutePreferences
import RouteStore
import RouteCodecs
import PropertyListCodec
import TestSupport

/// A push onto a NavigationPath under a key, written straight into the value's bytes
/// (``PreferenceKeyStore/updateDocument(applying:_:)``): the preferences it writes are those
/// the change read whole writes, in the same form (data or string); any other value is changed
/// the full way, in the same read.
@Suite(.tags(.unit)) struct PushWithoutReadingTests {
    static let path = NavigationPathFixtures.Path.mixed.json()
    let stamp = "2026-11-24T10:00:00Z"

    /// The preferences and outcome after pushing `route` onto `value`, the quick way (`quick`)
    /// or the full way.
    /// The outcome is `nil` where the push was written without reading the state.
    func pushed(_ route: Route, onto value: PropertyListValue, quick: Bool) throws -> (PropertyListDictionary, ChangeOutcome<StoredState>?, writes: Int) {
        let preferences = MemoryPreferences(["launches": 7, "nav": value, "zone": "x"])
        let store = PreferenceKeyStore(preferences, key: PreferenceKey("nav"))
        let change = { (state: inout StoredState) throws -> Bool in try state.perform(.push(route), at: stamp) }
        let outcome = quick ? try store.updateDocument(applying: .push(route), change) : try store.updateState(recover: false, change)
        return (preferences.document.dictionary, outcome, preferences.writes)
    }

    @Test func aNavigationPathIsPushedOntoWithoutReadingItsState() throws {
        let route = try Route("details", parameters: [Route.Parameter(key: "_0", json: "5")])
        for value: PropertyListValue in [.data(Self.path), .string(String(decoding: Self.path, as: UTF8.self))] {
            let quick = try pushed(route, onto: value, quick: true)
            let full = try pushed(route, onto: value, quick: false)
            #expect(quick.1 == nil, "\(value.kindPhrase): read whole")
            #expect(quick.writes == 1)
            #expect(quick.0 == full.0, "\(value.kindPhrase): the preferences the full way writes")
            #expect(quick.0.keys == ["launches", "nav", "zone"])
        }
    }

    @Test func anyOtherValueIsChangedTheFullWayInTheSameRead() throws {
        let route = try Route("details", parameters: [Route.Parameter(key: "_0", json: "5")])
        // routectl's own navigator JSON (its history stamped the same); a path whose new
        // element's type the elements do not tell (refused, as the full way refuses it).
        let own = PropertyListValue.data(NavigatorFile.encode(NavigatorState(initial: try Route("home"))))
        let quick = try pushed(route, onto: own, quick: true)
        #expect(quick.1?.changed == true && quick.writes == 1, "read whole")
        #expect(quick.0 == (try pushed(route, onto: own, quick: false)).0)
        let screens = PropertyListValue.data(Array(#"["MyApp.Screen","{\"home\":{}}","Swift.Int","7"]"#.utf8))
        let error = #expect(throws: NavigatorError.self) { try pushed(try Route("settings"), onto: screens, quick: true) }
        #expect(error?.message.contains("cannot tell the type of the new element") == true, "\(error?.message ?? "")")
    }
}
