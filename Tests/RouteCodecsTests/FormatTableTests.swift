import Testing
import TestSupport
import RouteModel
import RouteCodecs

/// ``FormatTable`` narrowed by `--format` to one format, and what a codec says of itself: its
/// summary, whether a state can start in it from nothing, whether it keeps history.
@Suite(.tags(.unit)) struct FormatTableTests {
    /// A format that exists only here: `line:` then a path. It cannot start from nothing and
    /// keeps no history, as another library's format.
    struct LineCodec: NavigatorCodec {
        var name: String { "line" }
        var maxBytes: Int { 1024 }
        var summary: String? { "'line:' then a path" }

        func recognizes(_ bytes: [UInt8]) -> Bool { bytes.starts(with: Array("line:".utf8)) }

        func decode(_ bytes: [UInt8]) throws -> NavigatorState {
            let routes = try RoutePath.plainRoutes(String(decoding: bytes.dropFirst(5), as: UTF8.self))
            var state = NavigatorState()
            state.flow = RouteStack(root: routes[0], pushed: Array(routes.dropFirst()))
            return state
        }

        func checkWritable(_ state: NavigatorState) throws {}

        func encode(_ state: inout NavigatorState) throws -> EncodedState {
            EncodedState(bytes: Array(("line:" + state.path).utf8))
        }
    }

    static let table = FormatTable.standard.adding(LineCodec())
    static let own = Array(#"{"format": 1, "initial": {"name": "root"}, "stack": [{"name": "home"}]}"#.utf8)
    static let line = Array("line:home/details".utf8)

    /// Found by the stack-array libFuzzer target: a duplicate key holding a newline made a
    /// two-line error in the formats read as whole JSON values.
    @Test(arguments: [#"[{"a\nb":{},"a\nb":{}}]"#, #"{"a\nb":1,"a\nb":2}"#])
    func aDuplicateKeyIsRefusedOnOneLineByEveryFormat(_ text: String) {
        for codec in FormatTable.standard.formats {
            let error = #expect(throws: NavigatorError.self, "\(codec.name)") { try codec.decode(Array(text.utf8)) }
            #expect(error?.kind == .invalidFile, "\(codec.name)")
            #expect(error?.message.contains("\n") == false, "\(codec.name): \(error?.message ?? "")")
        }
    }

    @Test func narrowingGivesAForcedTableOfThatOneFormat() throws {
        let forced = try #require(Self.table.narrowed(to: "line"))
        #expect(forced.isForced && forced.names == ["line"])
        #expect(!Self.table.isForced)
        #expect(Self.table.narrowed(to: "nope") == nil)
        #expect(forced.wrappingDefault { $0 }.isForced, "a check in front keeps the table forced")
    }

    @Test func aForcedTableRefusesWhatItsFormatDoesNotRecognize() throws {
        let forced = try #require(Self.table.narrowed(to: "routectl"))
        let error = #expect(throws: NavigatorError.self) { try forced.detect(Self.line) }
        #expect(error?.kind == .invalidFile)
        #expect(error?.message == #"is not in the format 'routectl' (expected routectl's navigator JSON, an object with a "format" member)"#)
        #expect(error?.detail?.isEqual(to: FormatFact.notInFormat(format: "routectl")) == true)
        #expect(throws: NavigatorError.self) { try forced.recognizing(Self.line) }
        // Unforced, the same bytes are simply not recognized by that row.
        #expect(try FormatTable.standard.recognizing(Self.line) == nil)
    }

    @Test func aForcedTableReadsItsFormatAndTheStateRecordsIt() throws {
        let forced = try #require(Self.table.narrowed(to: "line"))
        let (state, codec) = try forced.decode(Self.line)
        #expect(codec.name == "line" && state.path == "home/details")
        #expect(state.formatName == "line" && !state.keepsHistory)
        let (own, ownCodec) = try Self.table.decode(Self.own)
        #expect(ownCodec.name == "routectl" && own.formatName == "routectl" && own.keepsHistory)
    }

    @Test func aFormatThatCannotStartFromNothingRefusesANewState() throws {
        let forced = try #require(Self.table.narrowed(to: "line"))
        let error = #expect(throws: NavigatorError.self) { try forced.newState() }
        #expect(error?.kind == .cannotApply)
        #expect(error?.message == "holds no state, and the format 'line' cannot start from nothing: the app writes its first state")
        #expect(error?.detail?.isEqual(to: FormatFact.cannotStartFromNothing(format: "line")) == true)
        let fresh = try FormatTable.standard.narrowed(to: "routectl")!.newState(NavigatorState(initial: Route("start")))
        #expect(fresh.path == "start" && fresh.formatName == "routectl")
    }

    @Test func routectlsOwnFormatStartsFromNothingAndKeepsHistoryAndOthersDoNotByDefault() {
        let own = NavigatorFileCodec()
        #expect(own.name == NavigatorState.ownFormatName && own.canCreate && own.keepsHistory && own.summary != nil)
        let line = LineCodec()
        #expect(!line.canCreate && !line.keepsHistory)
    }
}
