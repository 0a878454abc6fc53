import Testing
import RouteCodecs
import RouteModel
import TestSupport

/// Where each route of a state stands, in each format's own terms: what `check` names.
@Suite(.tags(.unit)) struct RoutePlaceTests {
    func places(_ codec: any NavigatorCodec, _ text: String) throws -> [String] {
        let state = try codec.read(Array(text.utf8))
        return codec.routePlaces(in: state).map { "\($0.path) \($0.route)" }
    }

    @Test func vapnNamesCodingPaths() throws {
        #expect(try places(VAPNCodec(), VAPNCodecTests.tabs) == [
            "tabs[0].root main", "tabs[0].destinations[0] details?_0:=42",
            "tabs[1].root settings", "tabs[1].destinations[0] details?_0:=7",
        ])
        #expect(try places(VAPNCodec(), VAPNCodecTests.sheetTagCover) == [
            "root main", "navigator.root settings", "navigator.destinations[0] details?_0:=7", "navigator.navigator.root main",
        ])
    }

    @Test func arraysNameIndexes() throws {
        #expect(try places(CodableArrayCodec(), #"[{"home":{}},{"details":{"_0":42}}]"#) == ["[0] home", "[1] details?_0:=42"])
        #expect(try places(FlowStacksCodec(), #"[{"push":{"_0":{"details":{"_0":42}}}},{"sheet":{"_0":{"home":{}},"withNavigation":true}}]"#)
            == ["[0].push._0 details?_0:=42", "[1].sheet._0 home"])
        // NavigationPath: the last pushed first; the index of each enum value's JSON text.
        #expect(try places(NavigationPathCodec(), #"["MyApp.Screen","{\"details\":{\"_0\":2}}","Swift.Int","7","MyApp.Screen","{\"home\":{}}"]"#)
            == ["[5] home", "[1] details?_0:=2"])
    }

    @Test func routectlsOwnFileNamesPathsHistoryIncluded() throws {
        var state = try NavigatorState.new(initial: try Route("home"), routes: nil, historyLimit: 100)
        _ = try state.perform(.push(try Route(name: "details", arguments: ["_0:=4"])), at: "2026-11-24T00:00:00Z")
        _ = try state.perform(.present(try Route("edit"), .sheet), at: "2026-11-24T00:00:01Z")
        #expect(NavigatorFileCodec().routePlaces(in: state).map { "\($0.path) \($0.route)" } == [
            "home home", "home/details details?_0:=4", "home/details/sheet:edit edit", "initial home",
            "history[0].path home home", "history[0].path home/details details?_0:=4",
            "history[1].path home home", "history[1].path home/details details?_0:=4", "history[1].path home/details/sheet:edit edit",
        ])
    }

    @Test func aPathsPlacesShareItsText() {
        #expect(RoutePlace.places(inPath: "home/tab:feed/details?_0:=1/sheet:edit", member: "states.x").map { "\($0.path) \($0.route)" } == [
            "states.x home home", "states.x home/tab:feed/details details?_0:=1", "states.x home/tab:feed/details/sheet:edit edit",
        ])
        #expect(RoutePlace.places(inPath: "/details?_0:=1/more", member: "m").map(\.path) == ["m /details", "m /details/more"])
        // 60,000 routes: each place's path is the shared text's prefix (n², 3.6 GB, before).
        let long = RoutePlace.places(inPath: "home" + String(repeating: "/a", count: 60_000), member: "m")
        #expect(long.count == 60_001 && long[2].path == "m home/a/a" && long.last!.path.utf8.count == 2 + 4 + 120_000)
        var place = long[1]
        place.path = "elsewhere"
        #expect(place.path == "elsewhere" && place != long[1] && long[1] == RoutePlace("m home/a", long[1].route))
    }
}
