import Testing

import JSONText
import RouteCodecs
import RouteModel
import TestSupport

/// The history of a navigator file as its one reader reads it: each entry checked once, kept as
/// where its bytes stand (the map ``JSONStoredHistory`` holds) with the highest `seq`, and built
/// only when asked for.
@Suite(.tags(.unit)) struct HistoryReaderTests {
    static let sample = """
        [
            {"seq": 1, "at": "2026-11-22T10:01:05Z", "op": "push", "args": ["help"], "path": "home/help"},
            {"seq": 7, "at": "2026-11-22T10:14:05Z", "op": "undo", "args": [], "path": "home", "to": 0},
            {"path": "a/b\\u00e9", "args": ["x", "y=\\"z\\""], "op": "go", "at": "t", "seq": 3, "tabs": ["a", "b"], "note": "zoë"}
          ]
        """

    /// The reader's finding: the highest `seq`, the index after the array, and each entry's
    /// bounds; `nil` when it refuses the bytes.
    static func read(_ text: String) -> [Int]? { read(Array(text.utf8)) }

    static func read(_ bytes: [UInt8]) -> [Int]? {
        (try? NavigatorFile.readHistory(bytes, at: 0)).map { read in
            [read.history?.lastSeq ?? 0, read.end] + (read.history?.bounds ?? [])
        }
    }

    /// Where each entry of a history written on one line per entry stands: from each `{` at the
    /// start of a line (after `[` and white space) to after the line's last `}`.
    static func entryBounds(_ text: String) -> [Int] {
        let bytes = Array(text.utf8)
        var bounds: [Int] = []
        var lineStart = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A || index == bytes.count - 1 {
            let line = bytes[lineStart...index]
            if let open = line.firstIndex(of: UInt8(ascii: "{")), let close = line.lastIndex(of: UInt8(ascii: "}")) {
                bounds += [open, close + 1]
            }
            lineStart = index + 1
        }
        return bounds
    }

    @Test func theSampleIsMappedEntryByEntry() throws {
        let bytes = Array(Self.sample.utf8)
        let (history, end) = try NavigatorFile.readHistory(bytes, at: 0)
        let stored = try #require(history)
        #expect(stored.lastSeq == 7)
        #expect(end == bytes.count)
        #expect(stored.bounds == Self.entryBounds(Self.sample))
        #expect(stored.bytes(at: 0) == Array(#"{"seq": 1, "at": "2026-11-22T10:01:05Z", "op": "push", "args": ["help"], "path": "home/help"}"#.utf8)[...])
    }

    /// Entries are built only when asked for, from the bytes the map points at.
    @Test func entriesAreBuiltFromTheirBytesWhenAsked() throws {
        var stored = try #require(try NavigatorFile.readHistory(Array(Self.sample.utf8), at: 0).history)
        #expect(try stored.entry(at: 0) == HistoryEntry(seq: 1, at: "2026-11-22T10:01:05Z", op: "push", args: ["help"], path: "home/help"))
        #expect(try stored.entry(at: 1).to == 0)
        let third = try stored.entry(at: 2)
        #expect(third.path == "a/bé")
        #expect(third.args == ["x", #"y="z""#])
        #expect(third.seq == 3)
        #expect(third.tabs == ["a", "b"])
        stored.readsTabs = true
        #expect(try stored.entry(at: 2).tabs == ["a", "b"])
    }

    @Test func keyTokensAreTheKeysAsTheyStand() {
        for (token, packed, name) in [
            (HistoryKey.seqToken, HistoryKey.seq, "seq"), (HistoryKey.atToken, HistoryKey.at, "at"), (HistoryKey.opToken, HistoryKey.op, "op"),
            (HistoryKey.argsToken, HistoryKey.args, "args"), (HistoryKey.pathToken, HistoryKey.path, "path"),
            (HistoryKey.tabsToken, HistoryKey.tabs, "tabs"),
        ] {
            let bytes = Array("\"\(name)\"".utf8)
            #expect(token.length == bytes.count, "\(name)")
            #expect(token.word == bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }, "\(name)")
            #expect(packed == bytes.dropFirst().dropLast().reduce(0) { $0 << 8 | UInt64($1) }, "\(name)")
            #expect(HistoryKey.names.contains(name))
        }
    }

    @Test func anEmptyHistoryMapsNothing() throws {
        for text in ["[]", "[ ]", "[\n  ]"] {
            let (history, end) = try NavigatorFile.readHistory(Array(text.utf8), at: 0)
            #expect(history == nil)
            #expect(end == text.utf8.count)
        }
    }

    /// White space of every run length (around a word's size), tabs and line ends, between any
    /// two tokens; a byte that is not white space inside a run is refused.
    @Test func whiteSpaceOfEveryRunIsSkipped() {
        for run in [0, 1, 2, 7, 8, 9, 15, 16, 17, 31] {
            for filler in [" ", "\n", "\t", "\r\n", " \n\t "] {
                let gap = String(repeating: " ", count: run) + filler + String(repeating: " ", count: run / 2)
                let entry = "{" + gap + #""seq": 4,"# + gap + #""at":"# + gap + #""t", "op": "o","#
                    + gap + #""args":"# + gap + "[" + gap + #""a""# + gap + "," + gap + #""b""# + gap + "]" + gap + ","
                    + #""path": "p""# + gap + "}"
                let text = "[" + gap + entry + gap + "]" + gap
                let start = 1 + gap.utf8.count
                #expect(Self.read(text) == [4, text.utf8.count - gap.utf8.count, start, start + entry.utf8.count], "run \(run)")
                let stray = text.replacingOccurrences(of: gap + "}", with: String(repeating: " ", count: run) + "x" + gap + "}")
                #expect(Self.read(stray) == nil, "run \(run)")
            }
        }
    }

    /// Entries as routectl writes them, and entries laid out or ordered otherwise, are all read,
    /// and each maps to its own bytes.
    @Test func entriesOfAnyLayoutAreRead() throws {
        let entries = [
            #"{"seq": 12, "at": "2026-11-22T10:01:05Z", "op": "push", "args": ["help"], "path": "home/help"}"#,
            #"{"seq": 3, "at": "t", "op": "pop", "args": [], "path": "home"}"#,
            #"{"seq": 9, "at": "t", "op": "push", "args": ["details", "id=1", "tab=x"], "path": "home/details?id=1"}"#,
            #"{"seq": 4, "at": "t", "op": "undo", "args": [], "path": "p", "to": 2}"#,
            #"{"seq": 4, "at": "t", "op": "o", "args": ["a",  "b"], "path": "p"}"#,
            #"{"seq": 4, "at": "t", "op": "o", "args": ["a\"b"], "path": "p"}"#,
            #"{"seq": 4, "at": "tü", "op": "o", "args": [], "path": "p"}"#,
            #"{"seq": 4,"at": "t", "op": "o", "args": [], "path": "p"}"#,
            #"{"seq": 123456789012345678, "at": "t", "op": "o", "args": [], "path": "p"}"#,
            #"{"seq": 1234567890123456789, "at": "t", "op": "o", "args": [], "path": "p"}"#,
            #"{"seq": 4, "at": "t", "op": "o", "args": ["a"], "path": "p" }"#,
            #"{"seq": 4, "at": "t", "op": "o", "path": "p", "args": []}"#,
            #"{"seq": 4, "at": "t", "op": "o", "args": [], "path": "p", "tabs": ["a"]}"#,
            #"{"seq": 4, "at": "t", "op": "o", "args": [], "path": "p", "longer_than_eight": {"a": [1, 2.5, null]}}"#,
            #"{"seq": 4, "at": "t", "op": "undo", "args": [], "path": "p", "to": 0.5}"#,
        ]
        for entry in entries {
            let seq = try NavigatorFile.decodeEntry(Array(entry.utf8)[...], readsTabs: true).seq
            for (text, before) in [
                ("[" + entry + "]", 1), ("[\n    " + entry + ",\n    " + entries[1] + "\n  ]", 6), ("[" + entries[1] + ", " + entry + "]", 3 + entries[1].utf8.count),
            ] {
                let read = try #require(Self.read(text), "\(text)")
                #expect(read[0] == max(seq, 3), "\(text)")
                #expect(read[1] == text.utf8.count, "\(text)")
                #expect(read[2...].contains(before) && read[2...].contains(before + entry.utf8.count), "\(text)")
            }
        }
    }

    /// What is not a history is refused with the reason the file's error gives.
    @Test func whatIsNotAHistoryIsRefused() {
        let entry = #""at": "t", "op": "o", "args": [], "path": "p""#
        for (text, reason) in [
            ("[{\"seq\": 0, \(entry)}]", "seq must be a whole number >= 1"),
            ("[{\"seq\": -1, \(entry)}]", "seq must be a whole number >= 1"),
            ("[{\"seq\": 1.0, \(entry)}]", "expected a whole number"),
            ("[{\"seq\": 1e2, \(entry)}]", "expected a whole number"),
            ("[{\"seq\": 99999999999999999999, \(entry)}]", "number out of range"),
            ("[{\"seq\": \"1\", \(entry)}]", "expected a number"),
            ("[{\"s\\u0065q\": 1, \(entry)}]", "history entry key 'seq' is written with escapes"),
            ("[{\"seq\": 1, \"at\": \"t\", \"op\": \"o\", \"args\": []}]", "history entry needs seq, at, op, args and path"),
            ("[{\"seq\": 1, \"at\": \"t\", \"op\": \"o\", \"args\": [1], \"path\": \"p\"}]", "expected a string"),
            ("[{\"seq\": 1, \(entry), \"tabs\": [1]}]", #"a history entry's "tabs" must be an array of paths (strings)"#),
            ("[{\"seq\": 1, \(entry)},]", "expected '{'"),
            ("[{\"seq\": 1, \(entry)}", "expected ',' or ']'"),
            ("[{\"seq\": 1, \(entry)} {\"seq\": 2, \(entry)}]", "expected ',' or ']'"),
            ("[{\"seq\": 1, \"at\": \"t\u{1}\", \"op\": \"o\", \"args\": [], \"path\": \"p\"}]", "control character in string"),
            ("[{\"seq\": 1, \(entry), \"to\": 00}]", "expected ',' or '}'"),
            ("{\"seq\": 1}", "expected '['"),
        ] {
            #expect(throws: JSONSyntaxError.self, "\(text)") { try NavigatorFile.readHistory(Array(text.utf8), at: 0) }
            do {
                _ = try NavigatorFile.readHistory(Array(text.utf8), at: 0)
            } catch let error as JSONSyntaxError {
                #expect(error.reason == reason, "\(text)")
            } catch {
                Issue.record("\(text): \(error)")
            }
        }
    }

    /// A push keeps the stored bytes of every entry it did not change: the new file holds the
    /// old entries' bytes as they stood, however they were laid out, and one new entry.
    @Test func aPushKeepsTheStoredBytesOfTheOtherEntries() throws {
        let file = "{\"format\": 1, \"initial\": {\"name\": \"home\"}, \"history\": \(Self.sample)}"
        var state = try NavigatorFile.decode(Array(file.utf8))
        #expect(try state.perform(.push(Route("pushed")), at: "2026-11-22T11:00:00Z"))
        let written = NavigatorFile.encode(state)
        let text = String(decoding: written, as: UTF8.self)
        for line in Self.sample.split(separator: "\n").dropFirst().dropLast() {
            let entry = line.drop(while: { $0 == " " })
            #expect(text.contains(entry.hasSuffix(",") ? String(entry.dropLast()) : String(entry)), "\(entry)")
        }
        let again = try NavigatorFile.decode(written)
        let entries = try again.history.entries()
        #expect(entries.count == 4)
        #expect(entries.last?.seq == 8)
        #expect(entries.last?.path == "home/pushed")
    }
}

/// The navigator file codec on seeded mutations of a file whose history is the sample's
/// (``CodecRoundTrip``, the scaffold every codec's fuzzing shares): whatever its one reader
/// accepts round-trips, and the history entries it mapped are written back as they read.
@Suite(.tags(.fuzz), .slowLayer) struct HistoryReaderFuzzTests {
    static let file = Array("{\n  \"format\": 1,\n  \"initial\": {\"name\": \"home\"},\n  \"history\": \(HistoryReaderTests.sample)\n}\n".utf8)

    /// Checks one input; the first broken rule, or `nil`.
    static func check(_ bytes: [UInt8]) -> String? {
        // A file of a newer format fails whole (CodecRoundTrip takes `invalidFile` only).
        if case .failure(let error as NavigatorError) = Result(catching: { try NavigatorFile.decode(bytes) }), error.kind == .newerFormat {
            return error.message.contains("\n") ? "multi-line error: \(error.message)" : nil
        }
        let pushed = try! Route("pushed")
        switch CodecRoundTrip.check(bytes, NavigatorFileCodec(), then: [.push(pushed)]) {
        case .broken(let problem): return problem
        case .refused: return nil
        case .written(let state, let encoded):
            guard let entries = try? state.history.entries() else { return "a decoded file's history does not read" }
            guard let again = try? NavigatorFile.decode(encoded), (try? again.history.entries()) == entries else {
                return "the history does not read back as it was"
            }
            return nil
        }
    }

    @Test func theFileRoundTrips() {
        #expect(Self.check(Self.file) == nil)
        #expect((try? NavigatorFile.decode(Self.file).history.count) == 3)
    }

    @Test func mutationsRoundTripThroughTheOneReader() {
        let seed = FuzzSettings.seed(for: "HistoryReaderFuzzTests")
        var random = FuzzRandom(seed: seed)
        let pieces = Array(#"{}[],:" \-019eE.tu"#.utf8) + [0x0A, 0x01, 0xC3, 0xA9, 0xFF]
        var written = 0
        var failures = 0
        for index in 0..<FuzzSettings.cases(2_000, factor: 100) {
            var bytes = Self.file
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[at] = random.pick(pieces)
                case 1: bytes.insert(random.pick(pieces), at: at)
                default: bytes.remove(at: at)
                }
            }
            if (try? NavigatorFile.decode(bytes)) != nil { written += 1 }
            if let problem = Self.check(bytes) {
                Issue.record("seed \(seed), case \(index): \(problem)\n\(String(decoding: bytes, as: UTF8.self).debugDescription)")
                failures += 1
                if failures >= 5 { break }
            }
        }
        #expect(written > 0)
    }
}
