import Testing
import RouteCodecs
import RouteModel
import JSONText
import TestSupport

/// VAPersistentNavigator's tree read and written as pure transformations of bytes, with the
/// documents of the format notes (`shared/notes/app-storage-formats.md` 1.3) as fixtures. End
/// to end, with the library's own decoder (a mirror), in routectlTests.
@Suite(.tags(.unit)) struct VAPNCodecTests {
    let codec = VAPNCodec()

    static let flow = #"{"root":{"main":{}},"destinations":[{"details":{"_0":42}}],"kind":{"flow":{}},"id":"6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11","tabs":[],"presentation":{"sheet":{}}}"#
    static let tabs = #"{"destinations":[],"selectedTab":{"second":{}},"kind":{"tabView":{}},"id":"0A8E5B52-1C3D-4E6F-8A9B-0C1D2E3F4A5B","tabs":[{"root":{"main":{}},"destinations":[{"details":{"_0":42}}],"tabItem":{"first":{}},"kind":{"flow":{}},"id":"1B9F6C63-2D4E-4F70-9BAC-1D2E3F4A5B6C","tabs":[],"presentation":{"sheet":{}}},{"root":{"settings":{}},"destinations":[{"details":{"_0":7}}],"tabItem":{"second":{}},"kind":{"flow":{}},"id":"2CA07D74-3E5F-4081-ACBD-2E3F4A5B6C7D","tabs":[],"presentation":{"sheet":{}}}],"presentation":{"sheet":{}}}"#
    static let sheetTagCover = #"{"root":{"main":{}},"destinations":[],"navigator":{"root":{"settings":{}},"destinations":[{"details":{"_0":7}}],"navigator":{"root":{"main":{}},"destinations":[],"kind":{"singleView":{}},"id":"4EC29F96-5071-42A3-8EDF-4A5B6C7D8E9F","tabs":[],"presentation":{"fullScreenCover":{}}},"kind":{"flow":{}},"id":"3DB18E85-4F60-4192-BDCE-3F4A5B6C7D8E","tabs":[],"presentation":{"sheet":{"tag":{"first":{}}}},"extra":[1,{"x":null}]},"kind":{"flow":{}},"id":"6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11","tabs":[],"presentation":{"sheet":{}}}"#

    func decode(_ text: String) throws -> NavigatorState {
        try codec.decode(Array(text.utf8))
    }

    func encode(_ state: NavigatorState) throws -> JSONValue {
        var state = state
        return try JSONValue(parsing: codec.encode(&state).bytes)
    }

    func value(_ text: String) throws -> JSONValue {
        try JSONValue(parsing: Array(text.utf8))
    }

    func apply(_ state: inout NavigatorState, _ operation: NavigationOperation) throws {
        try state.apply(operation)
    }

    @Test func theNotesDocumentsReadAsTheirTrees() throws {
        #expect(try decode(Self.flow).path == "main/details?_0:=42")
        let tabs = try decode(Self.tabs)
        #expect(tabs.path == "tab:second/settings/details?_0:=7")
        #expect(tabs.tree.tabs?.names == ["first", "second"])
        #expect(tabs.tree.rootRoute == nil)
        #expect(tabs.resetRule == .closeToRoots)
        #expect(try decode(Self.sheetTagCover).path == "main/sheet:settings/details?_0:=7/cover:main")
    }

    /// Two trees that differ only in the order of an enum value's members (its app's encoder
    /// chooses it anew in each process) are one state: what `show --watch` compares.
    @Test func theMemberOrderOfAValueMakesNoTreeDiffer() throws {
        let a = try decode(Self.flow.replacingOccurrences(of: #"{"details":{"_0":42}}"#, with: #"{"profile":{"id":7,"name":"Ann","box":{"b":1,"a":2}}}"#))
        let b = try decode(Self.flow.replacingOccurrences(of: #"{"details":{"_0":42}}"#, with: #"{"profile":{"box":{"a":2,"b":1},"name":"Ann","id":7}}"#))
        #expect(a.tree == b.tree)
        #expect(a.path == b.path)
        #expect(a.path == "main/profile?box:=%7B%22a%22%3A2%2C%22b%22%3A1%7D&id:=7&name=Ann")
    }

    /// A presentation over the tab view is none the library shows: routectl's commands act on
    /// the selected tab, and a change that would present over the tab view is refused.
    @Test func nothingIsPresentedOverTheTabView() throws {
        var state = try decode(Self.tabs)
        try apply(&state, .present(try Route("main"), .sheet))
        #expect(state.tree.chain.presented.isEmpty)
        #expect(state.path == "tab:second/settings/details?_0:=7/sheet:main")
        let error = #expect(throws: NavigatorError.self) {
            try state.apply(.go(try RoutePath(parsing: "cover:main/tab:first/main")))
        }
        #expect(error?.kind == .cannotApply)
        #expect(error?.fact == .nothingOverTabs(path: "tab:first/main/cover:main"))
        #expect(state.path == "tab:second/settings/details?_0:=7/sheet:main", "a refused change changes nothing")
    }

    @Test func unchangedTreesAreWrittenBackAsTheSameValue() throws {
        for text in [Self.flow, Self.tabs, Self.sheetTagCover] {
            #expect(try encode(decode(text)) == value(text), "\(text)")
            var state = try decode(text)
            #expect(String(decoding: try codec.encode(&state).bytes, as: UTF8.self) == text, "compact, in the order read")
        }
    }

    @Test func aPushKeepsEveryIdAndAddsOnlyTheRoute() throws {
        var state = try decode(Self.tabs)
        try apply(&state, .push(Route(name: "details", arguments: ["_0:=8"])))
        let expected = Self.tabs.replacingOccurrences(#"[{"details":{"_0":7}}]"#, #"[{"details":{"_0":7}},{"details":{"_0":8}}]"#)
        #expect(try encode(state) == value(expected))
    }

    @Test func aNewPresentationGetsWhatTheDecoderRequiresAndAFreshId() throws {
        var state = try decode(Self.flow)
        try apply(&state, .present(Route("settings"), .cover))
        let written = try encode(state)
        guard case .object(let child)? = written["navigator"] else {
            Issue.record("no navigator in \(written.text)")
            return
        }
        #expect(child.map(\.key) == ["root", "destinations", "kind", "id", "tabs", "presentation"], "the library's order")
        #expect(written["navigator"]?["presentation"] == (try value(#"{"fullScreenCover":{}}"#)))
        guard case .string(let id)? = written["navigator"]?["id"] else { return }
        #expect(id.utf8.count == 36 && id == id.uppercased() && id != "6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11", "\(id)")
        let version = Array(id.utf8)[14]
        #expect(version == UInt8(ascii: "4"), "a random UUID")
        #expect(written["id"] == .string("6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11"), "the root keeps its id")
    }

    @Test func aSheetKeepsItsTagAndMembersThisBuildDoesNotKnow() throws {
        var state = try decode(Self.sheetTagCover)
        try apply(&state, .dismiss)
        try apply(&state, .push(Route("more")))
        let written = try encode(state)
        let sheet = written["navigator"]
        #expect(sheet?["presentation"] == (try value(#"{"sheet":{"tag":{"first":{}}}}"#)))
        #expect(sheet?["extra"] == (try value(#"[1,{"x":null}]"#)))
        #expect(sheet?["navigator"] == nil, "the cover is gone")
        #expect(sheet?["id"] == .string("3DB18E85-4F60-4192-BDCE-3F4A5B6C7D8E"))
    }

    @Test func aSingleViewIsNeverPushedOn() throws {
        var state = try decode(Self.sheetTagCover)
        try apply(&state, .push(Route("more")))
        let error = #expect(throws: NavigatorError.self) { _ = try codec.encode(&state) }
        #expect(error?.kind == .cannotApply)
        #expect(error?.message.contains("singleView") == true, "\(error?.message ?? "")")
    }

    @Test func theSelectedTabFollowsTheLibrarysRules() throws {
        // nil: the first tab without an item; when every tab has one, the first.
        let none = Self.tabs.replacingOccurrences(#""selectedTab":{"second":{}},"#, "")
        #expect(try decode(none).tree.tabs?.selectedIndex == 0)
        let nullSelected = Self.tabs.replacingOccurrences(#""selectedTab":{"second":{}}"#, #""selectedTab":null"#)
        #expect(try decode(nullSelected).tree.tabs?.selectedIndex == 0)
        let secondHasNoItem = none.replacingOccurrences(#""tabItem":{"second":{}},"#, "")
        #expect(try decode(secondHasNoItem).tree.tabs?.selectedIndex == 1)
        #expect(try decode(secondHasNoItem).tree.tabs?.names == ["first", "_1"])
        let noMatch = Self.tabs.replacingOccurrences(#""selectedTab":{"second":{}}"#, #""selectedTab":{"third":{}}"#)
        #expect(try decode(noMatch).tree.tabs?.selectedIndex == 0)
        // Writing: the value read stays while it still selects the tab; else the tab's item.
        var state = try decode(none)
        #expect(try encode(state)["selectedTab"] == nil)
        try apply(&state, .selectTab("second"))
        #expect(try encode(state)["selectedTab"] == (try value(#"{"second":{}}"#)))
    }

    @Test func resetClosesEverythingAndSetMakesAFlow() throws {
        var state = try decode(Self.tabs)
        try apply(&state, .reset)
        #expect(state.path == "tab:second/settings")
        try apply(&state, .set(Route("main")))
        let written = try encode(state)
        #expect(written["kind"] == (try value(#"{"flow":{}}"#)))
        #expect(written["tabs"] == .array([]))
        #expect(written["selectedTab"] == nil)
        #expect(written["root"] == (try value(#"{"main":{}}"#)))
        #expect(written["id"] == .string("0A8E5B52-1C3D-4E6F-8A9B-0C1D2E3F4A5B"))
    }

    @Test(arguments: [
        (#"{"root":{"main":{}},"destinations":[],"kind":{"flow":{}},"id":"6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11","presentation":{"sheet":{}}}"#, "no 'tabs'"),
        (#"{"destinations":[],"kind":{"tabView":{}},"id":"0A8E5B52-1C3D-4E6F-8A9B-0C1D2E3F4A5B","tabs":[{"root":{"main":{}},"destinations":[],"kind":{"flow":{}},"id":"1B9F6C63-2D4E-4F70-9BAC-1D2E3F4A5B6C","presentation":{"sheet":{}}}],"presentation":{"sheet":{}}}"#, "at tabs[0], no 'tabs'"),
        (#"{"root":{"main":{}},"destinations":[],"kind":{"flow":{}},"id":"not-a-uuid","tabs":[],"presentation":{"sheet":{}}}"#, "at id, the id is not a UUID"),
        (#"{"root":{"main":{}},"destinations":[],"kind":{"stack":{}},"id":"6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11","tabs":[],"presentation":{"sheet":{}}}"#, "at kind"),
        (#"{"root":{"main":{}},"destinations":[],"kind":{"flow":{}},"id":"6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11","tabs":[],"presentation":{"popover":{}}}"#, "at presentation"),
        (#"{"root":{"main":{},"x":{}},"destinations":[],"kind":{"flow":{}},"id":"6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11","tabs":[],"presentation":{"sheet":{}}}"#, "at root, not an enum value"),
        (#"{"root":{"main":{}},"destinations":[{"details":42}],"kind":{"flow":{}},"id":"6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11","tabs":[],"presentation":{"sheet":{}}}"#, "at destinations[0]"),
        (#"{"root":{"main":{}},"destinations":[],"kind":{"flow":{}},"id":"6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11","tabs":[],"presentation":{"sheet":{}},"navigator":{"destinations":[],"kind":{"tabView":{}},"id":"0A8E5B52-1C3D-4E6F-8A9B-0C1D2E3F4A5B","tabs":[],"presentation":{"sheet":{}}}}"#, "routectl cannot show yet: at navigator, a tab view presented as a sheet (the app shows it"),
        (#"{"root":{"main":{}}"#, "is not VAPersistentNavigator's state"),
    ])
    func treesTheLibraryOrRoutectlCannotReadAreRefusedSayingWhere(_ text: String, _ reason: String) {
        let error = #expect(throws: NavigatorError.self) { try decode(text) }
        #expect(error?.kind == .invalidFile)
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "")")
    }

    /// A kind's case and a sheet's tag are enum values: the library's decoder refuses a case
    /// holding anything but an object, and a tag that is no enum value; so does routectl.
    @Test(arguments: [
        (#""kind":{"flow":1}"#, "at kind"),
        (#""kind":{"flow":null}"#, "at kind"),
        (#""kind":{"singleView":[]}"#, "at kind"),
        (#""kind":{"flow":{}},"presentation":{"sheet":{"tag":"first"}}"#, "at presentation"),
        (#""kind":{"flow":{}},"presentation":{"sheet":{"tag":{"first":1}}}"#, "at presentation"),
    ])
    func kindsAndSheetTagsTheLibraryRefusesAreRefused(_ members: String, _ reason: String) throws {
        let text = #"{"root":{"main":{}},"destinations":[],"id":"6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11","tabs":[],"# + members
            + (members.contains("presentation") ? "}" : #","presentation":{"sheet":{}}}"#)
        #expect(throws: (any Error).self, "the library refuses it") { try VAPNFixtures.decode(Array(text.utf8)) }
        let error = #expect(throws: NavigatorError.self) { try decode(text) }
        #expect(error?.kind == .invalidFile)
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "")")
    }

    @Test func nullOptionalsLowercaseIdsAndUnknownMembersAreRead() throws {
        let text = #"{"root":{"main":{}},"destinations":[],"navigator":null,"tabItem":null,"selectedTab":null,"kind":{"flow":{}},"id":"6f1c2e4a-0b7d-4c55-9e2a-3d8b1f0a9c11","tabs":[],"presentation":{"sheet":{}},"future":true}"#
        var state = try decode(text)
        #expect(state.path == "main")
        try apply(&state, .push(Route("a")))
        let written = try encode(state)
        #expect(written["future"] == .bool(true))
        #expect(written["id"] == .string("6f1c2e4a-0b7d-4c55-9e2a-3d8b1f0a9c11"), "an id is kept as it was written")
    }

    /// A tree that lacks one member the library requires is still the library's tree: it is
    /// found as one and refused naming that member, not read as a corrupt file of routectl's
    /// (whose hint would move the app's file aside).
    @Test(arguments: ["kind", "id", "destinations", "tabs", "presentation"])
    func aTreeLackingOneRequiredMemberIsRefusedNamingIt(_ member: String) throws {
        var object = try #require({ if case .object(let members) = try value(Self.flow) { return members } else { return nil } }())
        object.removeAll { $0.key == member }
        var writer = JSONWriter(capacity: 256)
        writer.value(.object(object))
        let error = #expect(throws: NavigatorError.self) { try FormatTable.standard.decode(writer.bytes) }
        #expect(error?.message.contains("no '\(member)', which the library requires") == true, "\(error?.message ?? "")")
    }

    @Test func onlyVAPNTreesAreRecognized() {
        #expect(codec.recognizes(Array(Self.flow.utf8)))
        #expect(codec.recognizes(Array(Self.tabs.utf8)))
        #expect(!codec.recognizes(Array(#"{"format": 2, "initial": {"name": "a"}}"#.utf8)))
        #expect(!codec.recognizes(Array(#"{"kind": 1, "id": 2}"#.utf8)))
        #expect(!codec.recognizes(Array(#"[{"main":{}}]"#.utf8)))
        #expect(!NavigatorFileCodec().recognizes(Array(Self.flow.utf8)))
        #expect(FormatTable.standard.names == ["routectl", "vapn", "codable-array", "flowstacks", "navigation-path"])
    }
}

extension String {
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
