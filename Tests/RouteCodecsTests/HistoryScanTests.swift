import Testing

import JSONText
import RouteCodecs
import TestSupport

/// ``HistoryScan``, the one-pass check of a navigator file's history, against the full reader:
/// whatever it accepts, the full reader accepts with the same entries, `seq` and end; whatever
/// is not the common case it leaves to the full reader.
@Suite(.tags(.unit)) struct HistoryScanTests {
    static let sample = """
        [
            {"seq": 1, "at": "2026-11-22T10:01:05Z", "op": "push", "args": ["help"], "path": "home/help"},
            {"seq": 7, "at": "2026-11-22T10:14:05Z", "op": "undo", "args": [], "path": "home", "to": 0},
            {"path": "a/b\\u00e9", "args": ["x", "y=\\"z\\""], "op": "go", "at": "t", "seq": 3, "tabs": ["a", "b"], "note": "zoë"}
          ]
        """

    /// The scan's finding and the full reader's, as comparable values (`nil` when it refuses).
    static func both(_ text: String) -> (scan: [Int]?, full: [Int]?) { both(Array(text.utf8)) }

    static func both(_ bytes: [UInt8]) -> (scan: [Int]?, full: [Int]?) {
        let scan = HistoryScan(bytes, at: 0).map { [$0.lastSeq, $0.end] + $0.bounds }
        let full = (try? NavigatorFile.readHistoryFully(bytes, at: 0)).map { read in
            [read.history?.lastSeq ?? 0, read.end] + (read.history?.bounds ?? [])
        }
        return (scan, full)
    }

    @Test func theCommonCaseIsScannedAsTheFullReaderReadsIt() throws {
        let (scan, full) = Self.both(Self.sample)
        #expect(scan != nil)
        #expect(scan == full)
        #expect(scan?.first == 7)
    }

    /// White space is skipped a word of spaces at a time: runs of every length around a word's
    /// size, tabs, line ends and a run that reaches the end of the bytes find what the full
    /// reader finds; a byte that is not white space inside a run is still seen.
    @Test func whiteSpaceOfEveryRunIsSkippedAsTheFullReaderSkipsIt() {
        for run in [0, 1, 2, 7, 8, 9, 15, 16, 17, 31] {
            for filler in [" ", "\n", "\t", "\r\n", " \n\t "] {
                let gap = String(repeating: " ", count: run) + filler + String(repeating: " ", count: run / 2)
                let text = "[" + gap + "{" + gap + #""seq": 4,"# + gap + #""at":"# + gap + #""t", "op": "o","#
                    + gap + #""args":"# + gap + "[" + gap + #""a""# + gap + "," + gap + #""b""# + gap + "]" + gap + ","
                    + #""path": "p""# + gap + "}" + gap + "]" + gap
                let (scan, full) = Self.both(text)
                #expect(scan != nil, "run \(run)")
                #expect(scan == full, "run \(run)")
                // A stray byte in the run is no white space.
                let stray = text.replacingOccurrences(of: gap + "}", with: String(repeating: " ", count: run) + "x" + gap + "}")
                #expect(Self.both(stray).scan == nil, "run \(run)")
                #expect(Self.both(stray).full == nil, "run \(run)")
            }
        }
    }

    @Test func keyLayoutsAreTheKeysAsWritten() {
        for (layout, text) in [
            (HistoryScan.Layout.seq, #""seq": "#), (HistoryScan.Layout.at, #""at": "#), (HistoryScan.Layout.op, #""op": "#),
            (HistoryScan.Layout.args, #""args": "#), (HistoryScan.Layout.path, #""path": "#),
        ] {
            let bytes = Array(text.utf8)
            #expect(layout.length == bytes.count)
            #expect(layout.word == bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) })
            #expect(layout.mask == (bytes.count == 8 ? UInt64.max : (UInt64(1) << (8 * UInt64(bytes.count))) - 1))
        }
    }

    @Test func entryLayoutsAreTheTextRoutectlWrites() {
        for (layout, text) in [
            (HistoryScan.Layout.entryStart, #"{"seq": "#), (HistoryScan.Layout.beforeAt, #", "at": ""#),
            (HistoryScan.Layout.beforeOp, #"", "op": ""#), (HistoryScan.Layout.beforeArgs, #"", "args": ["#),
            (HistoryScan.Layout.beforePath, #", "path": ""#),
        ] {
            let bytes = Array(text.utf8)
            func word(_ part: ArraySlice<UInt8>) -> UInt64 {
                part.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            }
            #expect(layout.length == bytes.count, "\(text)")
            #expect(layout.first == word(bytes[..<8]), "\(text)")
            #expect(layout.second == word(bytes[8...]), "\(text)")
            #expect(layout.mask == (bytes.count == 8 ? 0 : (UInt64(1) << (8 * UInt64(bytes.count - 8))) - 1), "\(text)")
        }
    }

    /// Entries as routectl writes them, and each one changed a little away from that layout, are
    /// found as the full reader finds them (the written layout is read in one pass; the others
    /// member by member).
    @Test func writtenEntriesAndTheirNeighboursAreFoundAsTheFullReaderFindsThem() {
        let written = [
            #"{"seq": 12, "at": "2026-11-22T10:01:05Z", "op": "push", "args": ["help"], "path": "home/help"}"#,
            #"{"seq": 3, "at": "t", "op": "pop", "args": [], "path": "home"}"#,
            #"{"seq": 9, "at": "t", "op": "push", "args": ["details", "id=1", "tab=x"], "path": "home/details?id=1"}"#,
        ]
        let variants = [
            #"{"seq": 4, "at": "t", "op": "undo", "args": [], "path": "p", "to": 2}"#,
            #"{"seq": 4, "at": "t", "op": "o", "args": ["a",  "b"], "path": "p"}"#,
            #"{"seq": 4, "at": "t", "op": "o", "args": ["a\"b"], "path": "p"}"#,
            #"{"seq": 4, "at": "tü", "op": "o", "args": [], "path": "p"}"#,
            #"{"seq": 4,"at": "t", "op": "o", "args": [], "path": "p"}"#,
            #"{"seq": 04, "at": "t", "op": "o", "args": [], "path": "p"}"#,
            #"{"seq": 0, "at": "t", "op": "o", "args": [], "path": "p"}"#,
            #"{"seq": 4.5, "at": "t", "op": "o", "args": [], "path": "p"}"#,
            #"{"seq": 123456789012345678, "at": "t", "op": "o", "args": [], "path": "p"}"#,
            #"{"seq": 1234567890123456789, "at": "t", "op": "o", "args": [], "path": "p"}"#,
            #"{"seq": 4e2, "at": "t", "op": "o", "args": [], "path": "p"}"#,
            #"{"seq": -4, "at": "t", "op": "o", "args": [], "path": "p"}"#,
            #"{"seq": 4, "at": "t", "op": "o", "args": ["a"], "path": "p" }"#,
            #"{"seq": 4, "at": "t", "op": "o", "args": ["a",], "path": "p"}"#,
            #"{"seq": 4, "at": "t", "op": "o", "args": [, "path": "p"}"#,
            #"{"seq": 4, "at": "t", "op": "o", "path": "p", "args": []}"#,
            #"{"seq": 4, "at": "t", "op": "o", "args": [], "path": "p", "tabs": ["a"]}"#,
        ]
        for entry in written + variants {
            for text in ["[" + entry + "]", "[\n    " + entry + ",\n    " + written[0] + "\n  ]", "[" + written[1] + ", " + entry + "]"] {
                let (scan, full) = Self.both(text)
                if scan != nil { #expect(scan == full, "\(text)") }
                if written.contains(entry) { #expect(scan != nil, "\(text)") }
            }
        }
    }

    @Test func undoTargetsAreTheCommonCase() {
        for to in ["0", "5", "1234"] {
            let (scan, full) = Self.both("[{\"seq\": 2, \"at\": \"t\", \"op\": \"undo\", \"args\": [], \"path\": \"p\", \"to\": \(to)}]")
            #expect(scan != nil && scan == full)
        }
        for to in ["00", "0.5", "0e1", "-0", "1.5"] {
            #expect(Self.both("[{\"seq\": 2, \"at\": \"t\", \"op\": \"undo\", \"args\": [], \"path\": \"p\", \"to\": \(to)}]").scan == nil)
        }
    }

    @Test func whatIsNotTheCommonCaseIsLeftToTheFullReader() {
        let entry = #""at": "t", "op": "o", "args": [], "path": "p""#
        for text in [
            "[]", "[ ]",
            "[{\"seq\": 0, \(entry)}]",  // seq below 1: the full reader's error
            "[{\"seq\": -1, \(entry)}]",
            "[{\"seq\": 01, \(entry)}]",
            "[{\"seq\": 1.0, \(entry)}]",
            "[{\"seq\": 1e2, \(entry)}]",
            "[{\"seq\": 99999999999999999999, \(entry)}]",
            "[{\"seq\": \"1\", \(entry)}]",
            "[{\"s\\u0065q\": 1, \(entry)}]",  // an escaped known key: the full reader refuses it
            "[{\"seq\": 1, \"at\": \"t\", \"op\": \"o\", \"args\": []}]",  // no path
            "[{\"seq\": 1, \(entry), \"tabs\": [1]}]",
            "[{\"seq\": 1, \(entry), \"to\": {\"a\": 1}}]",
            "[{\"seq\": 1, \(entry), \"longer_than_eight\": 1}]",
            "[{\"seq\": 1, \(entry)},]",
            "[{\"seq\": 1, \(entry)}",
            "[{\"seq\": 1, \(entry)} {\"seq\": 2, \(entry)}]",
            "[{\"seq\": 1, \"at\": \"t\u{1}\", \"op\": \"o\", \"args\": [], \"path\": \"p\"}]",
            "{\"seq\": 1}",
        ] {
            let (scan, full) = Self.both(text)
            #expect(scan == nil, "\(text)")
            if text.hasPrefix("[{\"seq\": 1, \(entry), \"to\"") || text.hasPrefix("[{\"seq\": 1, \(entry), \"longer") {
                #expect(full != nil, "\(text)")
            }
        }
    }

    /// Seeded mutations of the sample (JSON's own bytes put in, taken out, swapped): the scan
    /// never accepts what the full reader refuses, nor reads anything differently.
    @Test func mutationsNeverSplitTheTwoReaders() {
        var random = FuzzRandom(seed: FuzzSettings.seed(for: "HistoryScanTests"))
        let pieces = Array(#"{}[],:" \-019eE.tu"#.utf8) + [0x0A, 0x01, 0xC3, 0xA9, 0xFF]
        let sample = Array(Self.sample.utf8)
        var scanned = 0
        for _ in 0..<FuzzSettings.cases(2_000, factor: 100) {
            var bytes = sample
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[at] = random.pick(pieces)
                case 1: bytes.insert(random.pick(pieces), at: at)
                default: bytes.remove(at: at)
                }
            }
            let (scan, full) = Self.both(bytes)
            if scan != nil {
                scanned += 1
                #expect(scan == full, "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(scanned > 0)
    }
}
