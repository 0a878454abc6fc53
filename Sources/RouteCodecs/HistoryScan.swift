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
        guard let scan = bytes.withUnsafeBufferPointer({ buffer -> HistoryScan? in
            var cursor = Cursor(buffer: buffer, index: start)
            return cursor.history()
        }) else { return nil }
        self = scan
    }

    private init() {}

    /// A key as routectl writes it, quote to space (`"seq": `), as a little-endian word and the
    /// mask of its bytes (a test checks them against the text). Computed, so that they are
    /// constants in the code rather than globals initialized on first use.
    package enum Layout {
        package static var seq: (word: UInt64, mask: UInt64, length: Int) { (0x0020_3A22_7165_7322, 0x00FF_FFFF_FFFF_FFFF, 7) }
        package static var at: (word: UInt64, mask: UInt64, length: Int) { (0x0000_203A_2274_6122, 0x0000_FFFF_FFFF_FFFF, 6) }
        package static var op: (word: UInt64, mask: UInt64, length: Int) { (0x0000_203A_2270_6F22, 0x0000_FFFF_FFFF_FFFF, 6) }
        package static var args: (word: UInt64, mask: UInt64, length: Int) { (0x203A_2273_6772_6122, ~0, 8) }
        package static var path: (word: UInt64, mask: UInt64, length: Int) { (0x203A_2268_7461_7022, ~0, 8) }

        /// The text between an entry's values as routectl writes it (`{"seq": 1, "at": "...",
        /// "op": "...", "args": [...], "path": "..."}`), up to 16 bytes as two little-endian
        /// words and the second's mask (a test checks them against the text).
        package static var entryStart: (first: UInt64, second: UInt64, mask: UInt64, length: Int) {
            (0x203A_2271_6573_227B, 0, 0, 8)  // {"seq": 
        }
        package static var beforeAt: (first: UInt64, second: UInt64, mask: UInt64, length: Int) {
            (0x203A_2274_6122_202C, 0x22, 0xFF, 9)  // , "at": "
        }
        package static var beforeOp: (first: UInt64, second: UInt64, mask: UInt64, length: Int) {
            (0x3A22_706F_2220_2C22, 0x2220, 0xFFFF, 10)  // ", "op": "
        }
        package static var beforeArgs: (first: UInt64, second: UInt64, mask: UInt64, length: Int) {
            (0x7367_7261_2220_2C22, 0x5B20_3A22, 0xFFFF_FFFF, 12)  // ", "args": [
        }
        package static var beforePath: (first: UInt64, second: UInt64, mask: UInt64, length: Int) {
            (0x2268_7461_7022_202C, 0x22_203A, 0xFF_FFFF, 11)  // , "path": "
        }
    }

    /// The scan's place in the bytes. (A struct with mutating methods, not local functions
    /// capturing the index, which the compiler checks for exclusive access at run time.)
    private struct Cursor {
        let buffer: UnsafeBufferPointer<UInt8>
        var index: Int

        /// The next byte after white space (`index` moved to it), or 0 at the end.
        @inline(__always)
        mutating func next() -> UInt8 {
            let count = buffer.count
            // Most tokens follow one space, or none.
            if index < count, buffer[index] > 0x20 { return buffer[index] }
            if index &+ 1 < count, buffer[index] == 0x20, buffer[index &+ 1] > 0x20 {
                index &+= 1
                return buffer[index]
            }
            return skipWhiteSpace()
        }

        /// ``next()`` past a longer run of white space (a pretty-printed file's line end and
        /// indentation): spaces a word at a time.
        mutating func skipWhiteSpace() -> UInt8 {
            let count = buffer.count
            let raw = UnsafeRawPointer(buffer.baseAddress!)
            while true {
                while index &+ 8 <= count {
                    let notSpaces = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ 0x2020_2020_2020_2020
                    if notSpaces == 0 {
                        index &+= 8
                        continue
                    }
                    // The first byte that is not a space (the lowest one set, little-endian).
                    index &+= notSpaces.trailingZeroBitCount >> 3
                    break
                }
                guard index < count else { return 0 }
                let byte = buffer[index]
                guard byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D else { return byte }
                index &+= 1
            }
        }

        /// Checks the string whose quote is at `index` and moves past it.
        @inline(__always)
        mutating func string() -> Bool {
            // Plain ASCII to the closing quote, most often; else the full check.
            let end = JSONScanner.skipPlainBytes(buffer, from: index &+ 1)
            if end < buffer.count, buffer[end] == UInt8(ascii: "\"") {
                index = end &+ 1
                return true
            }
            guard let (end, _) = try? JSONScanner.scanString(buffer, from: index) else { return false }
            index = end
            return true
        }

        /// Checks an array of strings at `index` and moves past it.
        mutating func strings() -> Bool {
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

        /// Moves past `layout` when the bytes at `index` are it.
        @inline(__always)
        mutating func skip(_ word: UInt64, _ layout: (word: UInt64, mask: UInt64, length: Int)) -> Bool {
            guard word & layout.mask == layout.word else { return false }
            index &+= layout.length
            return true
        }

        /// The key whose quote is at `index`, packed as JSONScanner.packedKey packs it, with
        /// the index moved past its colon; `nil` for a key not of plain ASCII or of more than
        /// eight bytes.
        @inline(__always)
        mutating func key() -> UInt64? {
            let count = buffer.count
            if index &+ 8 <= count {
                // A known key written as routectl writes it, in one comparison each.
                let word = UInt64(littleEndian: UnsafeRawPointer(buffer.baseAddress!).loadUnaligned(fromByteOffset: index, as: UInt64.self))
                if skip(word, Layout.seq) { return HistoryKey.seq }
                if skip(word, Layout.at) { return HistoryKey.at }
                if skip(word, Layout.op) { return HistoryKey.op }
                if skip(word, Layout.args) { return HistoryKey.args }
                if skip(word, Layout.path) { return HistoryKey.path }
            }
            let keyStart = index &+ 1
            let keyEnd = JSONScanner.skipPlainBytes(buffer, from: keyStart)
            guard keyEnd < count, buffer[keyEnd] == UInt8(ascii: "\""), keyEnd - keyStart <= 8 else { return nil }
            var key: UInt64 = 0
            for keyIndex in keyStart..<keyEnd { key = key << 8 | UInt64(buffer[keyIndex]) }
            index = keyEnd &+ 1
            guard next() == UInt8(ascii: ":") else { return nil }
            index &+= 1
            return key
        }

        /// A lone `0` at `index` (not `0.5` or `01`), moved past.
        mutating func zero() -> Bool {
            index &+= 1
            guard index < buffer.count else { return true }
            let after = buffer[index]
            return (after &- UInt8(ascii: "0")) >= 10 && after != UInt8(ascii: ".") && after | 0x20 != UInt8(ascii: "e")
        }

        /// Moves past `literal` when the bytes at `index` are it (16 bytes must follow).
        @inline(__always)
        mutating func literal(_ literal: (first: UInt64, second: UInt64, mask: UInt64, length: Int)) -> Bool {
            guard index &+ 16 <= buffer.count else { return false }
            let raw = UnsafeRawPointer(buffer.baseAddress!)
            guard UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) == literal.first,
                  UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self)) & literal.mask == literal.second
            else { return false }
            index &+= literal.length
            return true
        }

        /// Moves to the closing quote of a string of plain ASCII whose content starts at `index`.
        @inline(__always)
        mutating func plainString() -> Bool {
            let end = JSONScanner.skipPlainBytes(buffer, from: index)
            guard end < buffer.count, buffer[end] == UInt8(ascii: "\"") else { return false }
            index = end
            return true
        }

        /// The entry whose `{` is at `index`, when it is laid out exactly as routectl writes one
        /// (its five members in order, strings of plain ASCII): its `seq`, with `index` moved past
        /// its `}`. Otherwise `nil`, `index` unchanged, for the member-by-member reading below,
        /// which accepts the same entries (and others).
        mutating func writtenEntry() -> Int? {
            let start = index
            guard literal(Layout.entryStart) else { return nil }
            // 1 to 18 digits, the first not 0 (so at least 1): what the member loop's short
            // integer takes, since the `,` matched next is neither a digit, `.` nor `e`.
            var seq = 0
            let digits = index
            while index < buffer.count, index &- digits < 18 {
                let digit = buffer[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                seq = seq &* 10 &+ Int(digit)
                index &+= 1
            }
            guard index > digits, buffer[digits] != UInt8(ascii: "0"), literal(Layout.beforeAt), plainString(),
                  literal(Layout.beforeOp), plainString(), literal(Layout.beforeArgs), writtenArguments(),
                  literal(Layout.beforePath), plainString(),
                  index &+ 1 < buffer.count, buffer[index &+ 1] == UInt8(ascii: "}") else {
                index = start
                return nil
            }
            index &+= 2
            return seq
        }

        /// The arguments after `"args": [` as routectl writes them (`]`, or `"a", "b"]`), moved
        /// past.
        @inline(__always)
        mutating func writtenArguments() -> Bool {
            guard index < buffer.count else { return false }
            if buffer[index] == UInt8(ascii: "]") {
                index &+= 1
                return true
            }
            guard buffer[index] == UInt8(ascii: "\"") else { return false }
            while true {
                index &+= 1
                guard plainString(), index &+ 3 < buffer.count else { return false }
                if buffer[index &+ 1] == UInt8(ascii: "]") {
                    index &+= 2
                    return true
                }
                guard buffer[index &+ 1] == UInt8(ascii: ","), buffer[index &+ 2] == 0x20, buffer[index &+ 3] == UInt8(ascii: "\"") else {
                    return false
                }
                index &+= 3
            }
        }

        mutating func history() -> HistoryScan? {
            var scan = HistoryScan()
            scan.bounds.reserveCapacity(buffer.count / 80)  // a typical entry is 150-200 bytes
            guard next() == UInt8(ascii: "[") else { return nil }
            index &+= 1
            if next() == UInt8(ascii: "]") { return nil }  // empty: the full reader's case, and cheap
            while true {
                guard next() == UInt8(ascii: "{") else { return nil }
                let entryStart = index
                if let seq = writtenEntry() {
                    scan.bounds.append(entryStart)
                    scan.bounds.append(index)
                    scan.lastSeq = max(scan.lastSeq, seq)
                    switch next() {
                    case UInt8(ascii: ","): index &+= 1; continue
                    case UInt8(ascii: "]"):
                        scan.end = index &+ 1
                        return scan
                    default: return nil
                    }
                }
                index &+= 1
                var seq = 0
                var found = 0
                if next() == UInt8(ascii: "}") { return nil }
                while true {
                    guard next() == UInt8(ascii: "\""), let key = key() else { return nil }
                    let value = next()
                    switch key {
                    case HistoryKey.seq:
                        guard (value &- UInt8(ascii: "0")) < 10, let (number, end) = JSONScanner.shortInt(buffer, at: index), number >= 1
                        else { return nil }
                        seq = number
                        index = end
                        found |= 1
                    case HistoryKey.at:
                        guard value == UInt8(ascii: "\""), string() else { return nil }
                        found |= 2
                    case HistoryKey.op:
                        guard value == UInt8(ascii: "\""), string() else { return nil }
                        found |= 4
                    case HistoryKey.path:
                        guard value == UInt8(ascii: "\""), string() else { return nil }
                        found |= 16
                    case HistoryKey.args:
                        guard strings() else { return nil }
                        found |= 8
                    case HistoryKey.tabs:
                        guard strings() else { return nil }
                    default:
                        // Another member (undo's `to`): a string or a short integer, else the
                        // full reader's case.
                        if value == UInt8(ascii: "\"") {
                            guard string() else { return nil }
                        } else if value == UInt8(ascii: "0") {
                            guard zero() else { return nil }
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
}
