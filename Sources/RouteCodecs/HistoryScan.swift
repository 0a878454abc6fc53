import JSONText

/// The history array of a navigator file checked in one tight pass over its bytes, for the common
/// case: entries whose keys are plain ASCII, whose `seq` (and any other number) is a short
/// integer, and whose other values are strings or arrays of strings.
///
/// It finds what the full reader (``FileReader``'s `readHistory`, through ``JSONScanner``'s
/// callbacks) finds, where each entry's bytes stand and the highest `seq`, at a fraction of its
/// cost; anything else it does not take on (an escaped key, a nested value, a malformed or
/// unusual entry) makes it give up (`nil`), and the full reader reads the history from the start,
/// so that what is accepted, and every error and its place, stay the full reader's.
package struct HistoryScan {
    /// Where each entry stands in the bytes, oldest first: entry `i` from its `{` at
    /// `bounds[2 * i]` to after its `}` at `bounds[2 * i + 1]`.
    package var bounds: [Int] = []
    /// The highest `seq`.
    package var lastSeq = 0
    /// The index after the array's `]`.
    package var end = 0

    /// Scans the array whose `[` is the first byte after white space at `start`; `nil` when
    /// the bytes there are not the common case (see above).
    package init?(_ bytes: [UInt8], at start: Int) {
        guard let scan = bytes.withUnsafeBufferPointer({ HistoryScan.scan($0, at: start) }) else { return nil }
        self = scan
    }

    private init() {}

    /// A key as routectl writes it, quotes, colon and space (`"seq": `): its bytes as a
    /// little-endian word, the mask of those bytes, their count, and the key packed.
    private struct KeyLayout {
        let word: UInt64
        let mask: UInt64
        let length: Int
        let key: UInt64

        init(_ name: StaticString, _ key: UInt64) {
            var word: UInt64 = 0
            var length = 0
            for byte in [UInt8(ascii: "\"")] + UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount) + Array("\": ".utf8) {
                word |= UInt64(byte) << (8 * UInt64(length))
                length += 1
            }
            self.word = word
            self.mask = length == 8 ? ~0 : (1 << (8 * UInt64(length))) - 1
            self.length = length
            self.key = key
        }
    }

    private static func scan(_ buffer: UnsafeBufferPointer<UInt8>, at start: Int) -> HistoryScan? {
        let layouts = [
            KeyLayout("seq", HistoryKey.seq), KeyLayout("at", HistoryKey.at), KeyLayout("op", HistoryKey.op),
            KeyLayout("args", HistoryKey.args), KeyLayout("path", HistoryKey.path),
        ]
        var scan = HistoryScan()
        scan.bounds.reserveCapacity(buffer.count / 80)  // a typical entry is 150-200 bytes
        let count = buffer.count
        var index = start
        /// The next byte after white space (`index` moved to it), or 0 at the end.
        @inline(__always) func next() -> UInt8 {
            // Most tokens follow one space, or none.
            if index < count, buffer[index] > 0x20 { return buffer[index] }
            if index &+ 1 < count, buffer[index] == 0x20, buffer[index &+ 1] > 0x20 {
                index &+= 1
                return buffer[index]
            }
            while index < count {
                let byte = buffer[index]
                guard byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D else { return byte }
                index &+= 1
            }
            return 0
        }
        /// Checks the string whose quote is at `index` and moves past it.
        @inline(__always) func string() -> Bool {
            // Plain ASCII to the closing quote, most often; else the full check.
            let end = JSONScanner.skipPlainBytes(buffer, from: index &+ 1)
            if end < count, buffer[end] == UInt8(ascii: "\"") {
                index = end &+ 1
                return true
            }
            guard let (end, _) = try? JSONScanner.scanString(buffer, from: index) else { return false }
            index = end
            return true
        }
        /// Checks an array of strings at `index` and moves past it.
        func strings() -> Bool {
            guard next() == UInt8(ascii: "[") else { return false }
            index &+= 1
            if next() == UInt8(ascii: "]") {
                index &+= 1
                return true
            }
            while true {
                guard next() == UInt8(ascii: "\""), string() else { return false }
                switch next() {
                case UInt8(ascii: ","): index &+= 1
                case UInt8(ascii: "]"): index &+= 1; return true
                default: return false
                }
            }
        }
        guard next() == UInt8(ascii: "[") else { return nil }
        index &+= 1
        if next() == UInt8(ascii: "]") { return nil }  // empty: the full reader's case, and cheap
        while true {
            guard next() == UInt8(ascii: "{") else { return nil }
            let entryStart = index
            index &+= 1
            var seq = 0
            var found = 0
            if next() == UInt8(ascii: "}") { return nil }
            while true {
                guard next() == UInt8(ascii: "\"") else { return nil }
                var key: UInt64 = 0
                if index &+ 8 <= count {
                    // A known key written as routectl writes it (`"seq": `), in one comparison.
                    let word = UInt64(littleEndian: UnsafeRawPointer(buffer.baseAddress!).loadUnaligned(fromByteOffset: index, as: UInt64.self))
                    for known in layouts where word & known.mask == known.word {
                        key = known.key
                        index &+= known.length
                        break
                    }
                }
                if key == 0 {
                    // Any other key of plain ASCII, packed as JSONScanner.packedKey packs it.
                    let keyStart = index &+ 1
                    let keyEnd = JSONScanner.skipPlainBytes(buffer, from: keyStart)
                    guard keyEnd < count, buffer[keyEnd] == UInt8(ascii: "\""), keyEnd - keyStart <= 8 else { return nil }
                    for keyIndex in keyStart..<keyEnd { key = key << 8 | UInt64(buffer[keyIndex]) }
                    index = keyEnd &+ 1
                    guard next() == UInt8(ascii: ":") else { return nil }
                    index &+= 1
                }
                let value = next()
                switch key {
                case HistoryKey.seq:
                    guard (value &- UInt8(ascii: "0")) < 10, let (number, end) = JSONScanner.shortInt(buffer, at: index), number >= 1
                    else { return nil }
                    seq = number
                    index = end
                    found |= 1
                case HistoryKey.at, HistoryKey.op, HistoryKey.path:
                    guard value == UInt8(ascii: "\""), string() else { return nil }
                    found |= key == HistoryKey.at ? 2 : key == HistoryKey.op ? 4 : 16
                case HistoryKey.args:
                    guard strings() else { return nil }
                    found |= 8
                case HistoryKey.tabs:
                    guard strings() else { return nil }
                default:
                    // Another member (undo's `to`): a string or a short integer, else the full
                    // reader's case.
                    if value == UInt8(ascii: "\"") {
                        guard string() else { return nil }
                    } else if value == UInt8(ascii: "0") {
                        // A lone 0 (undo's `to` back to the start), not 0.5 or 01.
                        index &+= 1
                        if index < count {
                            let after = buffer[index]
                            guard (after &- UInt8(ascii: "0")) >= 10, after != UInt8(ascii: "."), after | 0x20 != UInt8(ascii: "e")
                            else { return nil }
                        }
                    } else {
                        guard value == UInt8(ascii: "-") || (value &- UInt8(ascii: "0")) < 10,
                            let (_, end) = JSONScanner.shortInt(buffer, at: index)
                        else { return nil }
                        index = end
                    }
                }
                switch next() {
                case UInt8(ascii: ","): index &+= 1; continue
                case UInt8(ascii: "}"): index &+= 1
                default: return nil
                }
                break
            }
            guard found == 31 else { return nil }
            scan.bounds.append(entryStart)
            scan.bounds.append(index)
            scan.lastSeq = max(scan.lastSeq, seq)
            switch next() {
            case UInt8(ascii: ","): index &+= 1
            case UInt8(ascii: "]"):
                scan.end = index &+ 1
                return scan
            default: return nil
            }
        }
    }
}
