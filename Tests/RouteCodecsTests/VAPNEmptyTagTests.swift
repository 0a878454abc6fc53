import Foundation
import Testing
import RouteCodecs
import RouteModel
import TestSupport

/// VAPersistentNavigator's `EmptyTabItemTag` and `EmptySheetTag` (empty structs, encoded `{}`)
/// in stored trees: read, shown and kept, every write decoded by a mirror of the library's own
/// decoder (``VAPNMirror/EmptyTagNavigator``, trees encoded by Foundation's `JSONEncoder`).
@Suite(.tags(.unit)) struct VAPNEmptyTagTests {
    typealias N = VAPNMirror.EmptyTagNavigator
    let codec = VAPNCodec()
    static let empty = VAPNMirror.EmptyTag()
    static let tabView = UUID(uuidString: "0A8E5B52-1C3D-4E6F-8A9B-0C1D2E3F4A5B")!
    static let firstTab = UUID(uuidString: "1B9F6C63-2D4E-4F70-9BAC-1D2E3F4A5B6C")!
    static let secondTab = UUID(uuidString: "2CA07D74-3E5F-4081-ACBD-2E3F4A5B6C7D")!
    static let sheet = UUID(uuidString: "3DB18E85-4F60-4192-BDCE-3F4A5B6C7D8E")!

    /// Two tabs tagged `{}`, `{}` selected (the first), the first presenting a sheet tagged `{}`.
    static func tabs(first: [VAPNMirror.Destination] = [.details(42)], sheet: [VAPNMirror.Destination] = []) -> N {
        N(id: tabView, kind: .tabView, root: nil, tabs: [
            N(id: firstTab, kind: .flow, root: .main, destinations: first, tabItem: empty,
              navigator: N(id: Self.sheet, kind: .flow, root: .settings, destinations: sheet, presentation: .sheet(tag: empty))),
            N(id: secondTab, kind: .flow, root: .settings, tabItem: empty),
        ], selectedTab: empty)
    }

    func read(_ tree: N) throws -> NavigatorState {
        try codec.decode(tree.json)
    }

    func written(_ state: NavigatorState) throws -> N {
        var state = state
        return try N.decode(codec.encode(&state).bytes)
    }

    @Test func theFixtureHoldsEmptyTags() throws {
        let json = String(decoding: Self.tabs().json, as: UTF8.self)
        #expect(json.contains(#""tabItem":{}"#))
        #expect(json.contains(#""selectedTab":{}"#))
        #expect(json.contains(#""sheet":{"tag":{}}"#))
        #expect(Self.tabs().selectedTabIndex == 0)
    }

    @Test func aTreeWithEmptyTagsIsReadAndShown() throws {
        let state = try read(Self.tabs())
        #expect(state.path == "tab:_0/main/details?_0:=42/sheet:settings")
        #expect(state.tree.tabs?.names == ["_0", "_1"])
    }

    @Test func aPushKeepsEveryEmptyTag() throws {
        var state = try read(Self.tabs())
        try state.apply(.push(Route("details", parameters: [Route.Parameter(key: "_0", json: "7")])))
        #expect(try written(state).outline == Self.tabs(sheet: [.details(7)]).outline)
        let ids = try written(state)
        #expect(ids.id == Self.tabView && ids.tabs[0].navigator?.id == Self.sheet)
    }

    @Test func anUnchangedTreeIsWrittenBackAsTheSameValue() throws {
        let state = try read(Self.tabs())
        #expect(try written(state).outline == Self.tabs().outline)
    }

    /// Every tab's item is `{}`: the library shows the first tab whose item equals the
    /// selected one, always the first; selecting another is refused, not written unseen.
    @Test func aTabThatNoTagSelectsIsRefused() throws {
        var state = try read(Self.tabs())
        let error = #expect(throws: NavigatorError.self) {
            try state.apply(.selectTab("_1"))
            var copy = state
            _ = try codec.encode(&copy)
        }
        #expect(error?.kind == .cannotApply)
        #expect(error?.message.contains("_1") == true, "\(error?.message ?? "")")
    }

    /// A flow app (no tabs) whose sheet is tagged `EmptySheetTag()`.
    @Test func aSheetTaggedWithAnEmptyTagIsDismissedAndPresentedAgain() throws {
        let tree = N(id: Self.tabView, kind: .flow, root: .main, navigator: N(id: Self.sheet, kind: .flow, root: .settings, presentation: .sheet(tag: Self.empty)))
        var state = try read(tree)
        #expect(state.path == "main/sheet:settings")
        try state.apply(.push(Route("details", parameters: [Route.Parameter(key: "_0", json: "1")])))
        #expect(try written(state).outline == N(kind: .flow, root: .main, navigator: N(kind: .flow, root: .settings, destinations: [.details(1)], presentation: .sheet(tag: Self.empty))).outline)
        try state.apply(.dismiss)
        try state.apply(.present(try Route("settings"), .sheet))
        #expect(try written(state).outline == N(kind: .flow, root: .main, navigator: N(kind: .flow, root: .settings)).outline)
    }
}
