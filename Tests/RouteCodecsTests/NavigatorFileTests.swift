import Testing
import RouteModel
import RouteCodecs
import JSONText
import TestSupport

@Suite(.tags(.unit)) struct NavigatorFileTests {
    static let specExample = """
        {
          "format": 1,
          "initial": {"name": "onboarding"},
          "root": {"name": "home"},
          "stack": [{"name": "details", "params": {"id": "42"}}],
          "routes": ["onboarding", "home", "details"],
          "historyLimit": 1000,
          "history": [
            {"seq": 7, "at": "2026-11-22T10:00:00Z", "op": "push", "args": ["details", "id=42"], "path": "home/details?id=42"}
          ]
        }

        """

    func decode(_ text: String) throws -> NavigatorState {
        try NavigatorFile.decode(Array(text.utf8))
    }

    func decodeError(_ text: String) -> NavigatorError? {
        #expect(throws: NavigatorError.self) { try decode(text) }
    }

    func decodeError(bytes: [UInt8]) -> NavigatorError? {
        #expect(throws: NavigatorError.self) { try NavigatorFile.decode(bytes) }
    }

    @Test func readsTheSpecExample() throws {
        let state = try decode(Self.specExample)
        #expect(state.initial.name == "onboarding")
        #expect(state.path == "home/details?id=42")
        #expect(state.routes == ["onboarding", "home", "details"])
        #expect(state.historyLimit == 1000)
        #expect(state.history.lastSeq == 7)
        #expect(try state.history.entries() == [
            HistoryEntry(seq: 7, at: "2026-11-22T10:00:00Z", op: "push", args: ["details", "id=42"], path: "home/details?id=42")
        ])
    }

    @Test func writesTheSpecExampleByteForByte() throws {
        let state = try decode(Self.specExample)
        #expect(String(decoding: NavigatorFile.encode(state), as: UTF8.self) == Self.specExample)
    }

    @Test func roundTripsAfterChanges() throws {
        var state = try decode(Self.specExample)
        _ = try state.perform(.push(Route(name: "details", arguments: ["id=7", "q=a \"b\"\\é"])), at: "2026-11-22T11:00:00Z")
        let again = try NavigatorFile.decode(NavigatorFile.encode(state))
        #expect(again.path == state.path)
        #expect(try again.history.entries() == state.history.entries())
        #expect(again.history.lastSeq == 8)
    }

    @Test func keepsUnknownMembersEverywhere() throws {
        let text = """
            {"format": 1, "app": {"theme": [1, 2.5e3, null, true]}, "initial": {"name": "a", "title": "A"},
             "root": {"name": "b", "x": {"y": "z"}}, "stack": [],
             "history": [{"seq": 1, "at": "t", "op": "set", "args": ["b"], "path": "b", "by": "ci"}], "zz": -0.5}
            """
        var state = try decode(text)
        _ = try state.perform(.push(Route("c")), at: "t2")
        let written = String(decoding: NavigatorFile.encode(state), as: UTF8.self)
        #expect(written.contains(#""app": {"theme": [1, 2.5e3, null, true]}"#))
        #expect(written.contains(#""zz": -0.5"#))
        #expect(written.contains(#"{"name": "a", "title": "A"}"#))
        #expect(written.contains(#"{"name": "b", "x": {"y": "z"}}"#))
        #expect(written.contains(#""by": "ci"}"#))
        #expect(try NavigatorFile.decode(Array(written.utf8)).history.lastSeq == 2)
    }

    @Test func minimalFileDefaultsTheRest() throws {
        let state = try decode(#"{"format": 1, "initial": {"name": "start"}}"#)
        #expect(state.path == "start")
        #expect(state.historyLimit == 1000)
        #expect(state.routes == nil)
    }

    @Test func newerFormatReadsWhereItCanAndSaysSo() throws {
        let state = try decode(#"{"format": 3, "initial": {"name": "a"}, "root": {"name": "b"}, "modals": []}"#)
        #expect(state.format == 3)
        #expect(state.path == "b")
    }

    @Test func newerFormatOfAnotherShapeIsANewerFormatError() {
        let error = decodeError(#"{"root": ["tabs"], "format": 3, "initial": {"name": "a"}}"#)
        #expect(error?.kind == .newerFormat)
        #expect(error?.message.contains("format 3") == true)
    }

    @Test(arguments: [
        ("", "expected a JSON object"),
        ("[]", "expected a JSON object"),
        ("{}", "no \"format\" member"),
        (#"{"format": 1}"#, "no \"initial\" member"),
        (#"{"format": 1, "initial": {"name": "a"}, "format": 1}"#, "duplicate key 'format'"),
        (#"{"format": 0, "initial": {"name": "a"}}"#, "format must be a whole number >= 1"),
        (#"{"format": "1", "initial": {"name": "a"}}"#, "expected a number"),
        (#"{"format": 1.0, "initial": {"name": "a"}}"#, "expected a whole number"),
        (#"{"format": 99999999999999999999, "initial": {"name": "a"}}"#, "number out of range"),
        (#"{"format": 1, "initial": {"name": "9a"}}"#, "invalid route name '9a'"),
        (#"{"format": 1, "initial": {}}"#, "route without a \"name\""),
        (#"{"format": 1, "initial": {"name": "a", "params": {"k": [1]}}}"#, "typed parameter values (not strings) need format 2"),
        (#"{"format": 2, "initial": {"name": "a", "params": {"k": [1e999]}}}"#, "invalid typed value"),
        (#"{"format": 2, "initial": {"name": "a"}, "tabs": []}"#, "\"tabs\" without \"selectedTab\""),
        (#"{"format": 2, "initial": {"name": "a"}, "presented": [{"style": "popover", "root": {"name": "b"}}]}"#, "neither \"sheet\" nor \"cover\""),
        (#"{"format": 2, "initial": {"name": "a"}, "presented": [{"style": "sheet"}]}"#, "a presentation needs \"style\" and \"root\""),
        (#"{"format": 2, "initial": {"name": "h"}, "tabContainers": {"h": ["x"]}}"#, "is a tab container but the state has no tabs"),
        (#"{"format": 2, "initial": {"name": "h"}, "tabs": [{"name": "x"}], "selectedTab": "x"}"#, "has tabs but its root 'h' is no tab container"),
        (#"{"format": 2, "initial": {"name": "h"}, "tabContainers": {"h": ["x", "y"]}, "tabs": [{"name": "y"}, {"name": "x"}], "selectedTab": "x"}"#, "are not those declared"),
        (#"{"format": 2, "initial": {"name": "h"}, "tabContainers": {"h": ["x"]}, "tabs": [{"name": "x"}], "selectedTab": "z"}"#, "the selected tab 'z' is not one of the tabs"),
        (#"{"format": 2, "initial": {"name": "h"}, "stack": [{"name": "s"}], "tabContainers": {"h": ["x"]}, "tabs": [{"name": "x"}], "selectedTab": "x"}"#, "nothing is pushed on it"),
        (#"{"format": 2, "initial": {"name": "h"}, "tabContainers": {"h": []}}"#, "declares no tab"),
        (#"{"format": 2, "initial": {"name": "a", "params": {"n": 01}}}"#, "expected ','"),
        (#"{"format": 1, "initial": {"name": "a", "params": {"k": "\u0001"}}}"#, "control character"),
        (#"{"format": 1, "initial": {"name": "a", "params": {"k": "1", "k": "2"}}}"#, "duplicate parameter 'k'"),
        (#"{"format": 1, "initial": {"name": "a"}, "stack": {}}"#, "expected '['"),
        (#"{"format": 1, "initial": {"name": "a"}, "routes": ["a", "a"]}"#, "duplicate route 'a'"),
        (#"{"format": 1, "initial": {"name": "a"}, "historyLimit": 0}"#, "historyLimit must be"),
        (#"{"format": 1, "initial": {"name": "a"}, "history": [{"seq": 1}]}"#, "history entry needs"),
        (#"{"format": 1, "initial": {"name": "a"}, "history": [{"seq": 0, "at": "", "op": "", "args": [], "path": ""}]}"#, "seq must be"),
        (#"{"format": 1, "initial": {"name": "a"}} x"#, "unexpected data after the end"),
        (#"{"format": 1, "initial": {"name": "a"},}"#, "expected a string key"),
        (#"{"format": 1, "initial": {"name": "a\x"}}"#, "invalid escape"),
        (#"{"format": 1, "initial": {"name": "a", "params": {"k": "\ud800"}}}"#, "unpaired surrogate"),
        (#"{"format": 1, "initial": {"name": "a"}, "z": tru}"#, "invalid literal"),
        (#"{"format": 1, "initial": {"name": "a"}, "z": 01}"#, "expected ',' or '}'"),
        (#"{"format": 1, "initial": {"name": "a"}, "z": "a"#, "unterminated string"),
    ])
    func refusesCorruptFiles(_ text: String, _ reason: String) {
        let error = decodeError(text)
        #expect(error?.kind == .invalidFile)
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "no error")")
    }

    /// History entries are copied as they stood, in runs where they were separated as routectl
    /// writes them; whatever separated them otherwise, they are written one a line.
    @Test func historyEntriesAreWrittenOneALineWhateverSeparatedThem() throws {
        let entry = { (seq: Int) in #"{"seq": \#(seq), "at": "t", "op": "set", "args": ["a"], "path": "a"}"# }
        let head = "{\n  \"format\": 1,\n  \"initial\": {\"name\": \"a\"},\n  \"root\": {\"name\": \"a\"},\n  \"stack\": [],\n  \"historyLimit\": 1000,\n  \"history\": ["
        let written = head + (1...5).map { "\n    " + entry($0) }.joined(separator: ",") + "\n  ]\n}\n"
        #expect(NavigatorFile.encode(try decode(written)) == Array(written.utf8))
        let odd = head + entry(1) + ",\n    " + entry(2) + "," + entry(3) + " ,\n\t" + entry(4) + ",\n    " + entry(5) + "]}"
        #expect(NavigatorFile.encode(try decode(odd)) == Array(written.utf8))
    }

    /// History entries read from a file are written as a slice of the bytes read, beside the
    /// few new bytes: a change copies none of them (issue 23).
    @Test func historyEntriesReadAreWrittenAsASliceOfTheFileNotACopy() throws {
        let entry = { (seq: Int) in #"{"seq": \#(seq), "at": "t", "op": "set", "args": ["a"], "path": "a"}"# }
        let head = "{\n  \"format\": 1,\n  \"initial\": {\"name\": \"a\"},\n  \"root\": {\"name\": \"a\"},\n  \"stack\": [],\n  \"historyLimit\": 1000,\n  \"history\": ["
        let file = Array((head + (1...200).map { "\n    " + entry($0) }.joined(separator: ",") + "\n  ]\n}\n").utf8)
        var state = try NavigatorFile.decode(file)
        _ = try state.perform(.push(Route("b")), at: "2026-11-24T10:00:00Z")
        let pieces = NavigatorFile.encodePieces(state)
        #expect(Array(pieces.joined()) == NavigatorFile.encode(state))
        let start = file.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let read = pieces.filter { piece in piece.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) &- start < UInt(file.count) } }
        #expect(read.count == 1 && read[0].count > file.count - head.utf8.count - 32, "the 200 entries are one slice of the file")
        #expect(pieces.reduce(0) { $0 + $1.count } - read[0].count < 600, "only the new state and entry are new bytes")
    }

    /// History entries separated otherwise than routectl writes them (a file compacted with
    /// `jq -c`, or edited by hand) are copied into the new bytes, not handed over a piece each:
    /// a piece per entry cost a buffer of its own and a write(2) each (a push to a compact file
    /// of 200,000 entries, 15 MB: 400,001 writes and 141 MB of memory).
    @Test func historyEntriesSeparatedOtherwiseAreNotAPieceEach() throws {
        let entry = { (seq: Int) in #"{"seq":\#(seq),"at":"t","op":"set","args":["a"],"path":"a"}"# }
        let head = "{\n  \"format\": 1,\n  \"initial\": {\"name\": \"a\"},\n  \"root\": {\"name\": \"a\"},\n  \"stack\": [],\n  \"historyLimit\": 1000,\n  \"history\": ["
        let compact = head + (1...1000).map(entry).joined(separator: ",") + "]}"
        var state = try decode(compact)
        _ = try state.perform(.push(Route("b")), at: "2026-11-24T10:00:00Z")
        let pieces = NavigatorFile.encodePieces(state)
        #expect(Array(pieces.joined()) == NavigatorFile.encode(state))
        #expect(try NavigatorFile.decode(Array(pieces.joined())).history.count == 1000)
        #expect(pieces.count <= 3, "\(pieces.count) pieces for 1,000 entries")
    }

    /// A duplicate top-level key is refused however many keys come before it (the keys seen are
    /// kept in a list while few, in a set beyond).
    @Test(arguments: [0, 5, 31, 32, 33, 100])
    func refusesADuplicateKeyAfterManyOthers(_ others: Int) {
        let members = (0..<others).map { "\"k\($0)\": \($0)" }
        let plain = "{\"format\": 1, \"initial\": {\"name\": \"a\"}" + members.map { ", " + $0 }.joined() + "}"
        #expect((try? decode(plain)) != nil)
        let repeated = members.isEmpty ? "\"format\": 1" : members[others / 2]
        let error = decodeError(String(plain.dropLast()) + ", " + repeated + "}")
        #expect(error?.message.contains("duplicate key") == true, "\(error?.message ?? "no error")")
    }

    @Test func errorsSayWhereTheProblemIs() {
        let error = decodeError("{\n  \"format\": 1,\n  \"initial\": {\"name\": \"a\"}\n  \"root\": 1}")
        #expect(error?.message == "is not a valid navigator file: expected ',' or '}' at line 4, column 3")
    }

    @Test func refusesInvalidUTF8() {
        let bytes = Array(#"{"format": 1, "initial": {"name": "a"}, "z": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(decodeError(bytes: bytes)?.message == "is not a valid navigator file: invalid UTF-8 in string at line 1, column 47")
        for bad: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF]] {
            let text = Array(#"{"format": 1, "initial": {"name": "a"}, "z": ""#.utf8) + bad + Array(#""}"#.utf8)
            #expect(decodeError(bytes: text)?.message.contains("invalid UTF-8 in string") == true, "\(bad)")
        }
        let good = Array(#"{"format": 1, "initial": {"name": "a"}, "z": "é€😀"}"#.utf8)
        #expect(throws: Never.self) { try NavigatorFile.decode(good) }
        let outside = Array(#"{"format": 1, "initial": {"name": "a"}, "z": "#.utf8) + [0xC3, 0xA9] + Array("}".utf8)
        #expect(decodeError(bytes: outside)?.kind == .invalidFile)
    }

    @Test func refusesNestingDeeperThan64() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = decodeError(#"{"format": 1, "initial": {"name": "a"}, "z": "# + deep + "}")
        #expect(error?.message.contains("nested deeper than 64 levels") == true)
        let ok = String(repeating: "[", count: 62) + String(repeating: "]", count: 62)
        #expect(throws: Never.self) { try decode(#"{"format": 1, "initial": {"name": "a"}, "z": "# + ok + "}") }
    }

    @Test func refusesFilesOver16MiB() {
        let bytes = [UInt8](repeating: 0x20, count: NavigatorFile.maxBytes + 1)
        #expect(decodeError(bytes: bytes)?.message.contains("larger than 16 MiB") == true)
    }

    @Test func decodesEscapesInStrings() throws {
        let state = try decode(#"{"format": 1, "initial": {"name": "a", "params": {"k": "\"\\\/ \u00e9\ud83d\ude00"}}}"#)
        #expect(state.initial["k"] == "\"\\/ é😀")
    }

    @Test func packedHistoryKeysMatchTheirNames() {
        #expect(HistoryKey.seq == JSONScanner.packed("seq"))
        #expect(HistoryKey.at == JSONScanner.packed("at"))
        #expect(HistoryKey.op == JSONScanner.packed("op"))
        #expect(HistoryKey.args == JSONScanner.packed("args"))
        #expect(HistoryKey.path == JSONScanner.packed("path"))
        #expect(HistoryKey.tabs == JSONScanner.packed("tabs"))
    }
}

/// Format 2's members in a format-1 file are what they were to 1.0: members it did not know,
/// kept as they are and not read.
@Suite(.tags(.unit)) struct FormatTwoMembersInFormatOneTests {
    @Test(arguments: [
        #""tabs": {"x": 1}"#, #""presented": "none""#, #""selectedTab": 3"#, #""tabContainers": [1]"#,
        #""presented": [{"style": "sheet", "root": {"name": "s"}}]"#,
    ])
    func areKeptAsUnknownMembers(_ member: String) throws {
        let text = #"{"format": 1, "initial": {"name": "home"}, "# + member + #", "x": 1}"#
        var state = try NavigatorFile.decode(Array(text.utf8))
        #expect(state.path == "home", "a format-1 file is a chain without presentations")
        _ = try state.perform(.push(Route("a")), at: "2026-11-22T10:00:00Z")
        let written = String(decoding: NavigatorFile.encode(state), as: UTF8.self)
        #expect(written.contains("\n  " + member + ",\n  \"x\": 1\n}"), "\(written)")
        #expect(written.hasPrefix("{\n  \"format\": 1,"))
    }

    @Test func aHistoryEntrysTabsInAFormatOneFileAreNotRead() throws {
        let text = #"{"format": 1, "initial": {"name": "a"}, "history": [{"seq": 1, "at": "t", "op": "push", "args": ["b"], "path": "a/b", "tabs": true}]}"#
        let state = try NavigatorFile.decode(Array(text.utf8))
        #expect(try state.history.entries().first?.tabs == nil)
        let formatTwo = text.replacingOccurrences(of: #""format": 1"#, with: #""format": 2"#)
        #expect(throws: NavigatorError.self) { try NavigatorFile.decode(Array(formatTwo.utf8)) }
    }

    @Test func typedValuesNeedFormatTwo() throws {
        let text = #"{"format": 1, "initial": {"name": "a", "params": {"n": 7}}}"#
        let error = #expect(throws: NavigatorError.self) { try NavigatorFile.decode(Array(text.utf8)) }
        #expect(error?.message == "is not a valid navigator file: typed parameter values (not strings) need format 2")
        #expect(try NavigatorFile.decode(Array(text.replacingOccurrences(of: "1,", with: "2,").utf8)).initial.parameters.first?.type == .number)
    }
}
