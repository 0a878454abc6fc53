#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The changes routectl made to a store whose format keeps no history (another library's state,
/// a route setting under a key): for each, the value it replaced and the value it wrote, as the
/// store holds them (a file's bytes, a key's value), the command's words and a time. `undo` and
/// `redo` restore those values only while the store still holds exactly what routectl last
/// wrote (see ``undoStep(_:)``). Kept in routectl's state folder (``JournalFile``), the last
/// ``limit`` per store.
///
/// Pure: what it is and how it reads and writes as text; ``JournalFile`` keeps it on disk.
package struct ChangeJournal: Equatable, Sendable {
    /// One recorded change.
    package struct Change: Equatable, Sendable {
        /// When it was made (``WallClock/now()``).
        package var at: String
        /// The command's name and its arguments, as the in-file history records them.
        package var op: String
        package var args: [String]
        /// The path of the state after it, as `show --path` prints it.
        package var path: String
        /// What the store held before (`nil`: nothing, no file or no key) and after.
        package var before: [UInt8]?
        package var after: [UInt8]?

        package init(at: String, op: String, args: [String], path: String, before: [UInt8]?, after: [UInt8]?) {
            self.at = at
            self.op = op
            self.args = args
            self.path = path
            self.before = before
            self.after = after
        }
    }

    /// How many changes are kept per store: the oldest go first.
    package static let limit = 50

    /// The changes as the journal holds them, oldest first: built (recorded by this run), or
    /// the line of the journal's text they were read from, decoded only when asked for: a
    /// change records the journal again without decoding (or encoding again) the changes
    /// before it, so that its cost is that of the change, not of the 50 kept.
    private var entries: [Entry] = []

    private enum Entry: Sendable {
        case built(Change)
        case line(ArraySlice<UInt8>)

        /// The change, decoded from its line when read; `nil` for a line that does not decode.
        var change: Change? {
            switch self {
            case .built(let change): return change
            case .line(let line): return Change(line: line)
            }
        }

        /// The bytes of values it keeps (for a line, at most: base64 holds 3 bytes in 4).
        var valueSize: Int {
            switch self {
            case .built(let change): return (change.before?.count ?? 0) + (change.after?.count ?? 0)
            case .line(let line): return line.count / 4 * 3
            }
        }
    }

    /// The changes, oldest first (a line that does not decode is left out).
    package var changes: [Change] {
        get { entries.compactMap(\.change) }
        set { entries = newValue.map { .built($0) } }
    }
    /// How many changes the journal holds (a line that does not decode included, which
    /// ``changes`` leaves out).
    package var recorded: Int { entries.count }
    /// How many of ``changes`` are in effect: those after it were undone (and can be redone).
    package var place = 0
    /// The number of the first change (changes are numbered from 1, and keep their number when
    /// older ones are dropped).
    package var firstSeq = 1

    package init() {}

    package static func == (a: ChangeJournal, b: ChangeJournal) -> Bool {
        a.place == b.place && a.firstSeq == b.firstSeq && a.entries.count == b.entries.count && a.changes == b.changes
    }

    /// How many bytes of values the journal keeps at most (the newest change is kept whatever
    /// its size): 50 changes of a large file would otherwise make a journal too large to read.
    package static let valueBudget = 24 << 20

    /// Records `change`, made where the journal's place is: the undone changes after it can no
    /// longer be redone, and only the last ``limit`` are kept, fewer when their values come to
    /// more than `budget` bytes.
    package mutating func record(_ change: Change, limit: Int = ChangeJournal.limit, budget: Int = ChangeJournal.valueBudget) {
        entries.removeSubrange(min(place, entries.count)...)
        entries.append(.built(change))
        var dropped = max(0, entries.count - limit)
        var size = entries.dropFirst(dropped).reduce(0) { $0 + $1.valueSize }
        while size > budget, dropped < entries.count - 1 {
            size -= entries[dropped].valueSize
            dropped += 1
        }
        entries.removeFirst(dropped)
        firstSeq += dropped
        place = entries.count
    }

    /// What undoing `count` changes needs: the store must hold `expected` (what routectl last
    /// wrote), and then gets `restored`. `nil` when fewer than `count` changes are in effect
    /// (or one of the two does not decode: nothing is restored from a damaged record).
    package func undoStep(_ count: Int) -> (expected: [UInt8]?, restored: [UInt8]?)? {
        guard count >= 1, count <= place, let last = entries[place - 1].change, let first = entries[place - count].change else { return nil }
        return (last.after, first.before)
    }

    /// What redoing `count` undone changes needs, as ``undoStep(_:)``: `nil` when fewer than
    /// `count` were undone since the last change.
    package func redoStep(_ count: Int) -> (expected: [UInt8]?, restored: [UInt8]?)? {
        guard count >= 1, place + count <= entries.count, let first = entries[place].change, let last = entries[place + count - 1].change else { return nil }
        return (first.before, last.after)
    }

    /// The changes in effect, each with its number, oldest first.
    package var inEffect: [(seq: Int, change: Change)] {
        entries.prefix(place).enumerated().compactMap { item in item.element.change.map { (firstSeq + item.offset, $0) } }
    }

    // MARK: Text

    /// The journal as text: a header line, then one line per change, every field base64 (so
    /// that no byte of a value or a word can break a line), `-` for a missing value. As pieces:
    /// the lines read are handed over as they were, not copied.
    package var pieces: [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = [Array("\(Self.magic) \(place) \(firstSeq) \(entries.count)\n".utf8)[...]]
        let newline: ArraySlice<UInt8> = [UInt8(ascii: "\n")]
        for entry in entries {
            switch entry {
            case .line(let line): pieces.append(line)
            case .built(let change): pieces.append(change.line[...])
            }
            pieces.append(newline)
        }
        return pieces
    }

    /// ``pieces`` in one array.
    package var text: [UInt8] { pieces.flatMap { $0 } }

    /// The first word of a journal's text, with its version.
    static let magic = "routectl-journal-1"

    /// The journal `bytes` hold; `nil` when they are not one (damaged, another version, or
    /// planted): the caller ignores it, with a warning. The header and the lines are checked
    /// here; a change's fields when it is asked for (``changes``, ``undoStep(_:)``).
    package init?(text bytes: [UInt8]) {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        let ends = bytes.withUnsafeBufferPointer { buffer in
            // memchr: the values' lines are megabytes of base64, looked at only to find their ends.
            var ends: [Int] = []
            var at = 0
            while at < buffer.count, let found = memchr(buffer.baseAddress! + at, 0x0A, buffer.count - at) {
                let end = UnsafeRawPointer(found) - UnsafeRawPointer(buffer.baseAddress!)
                ends.append(end)
                at = end + 1
            }
            return ends
        }
        for end in ends {
            lines.append(bytes[start..<end])
            start = end + 1
        }
        guard start == bytes.count else { return nil }  // no final newline
        guard let headerLine = lines.first else { return nil }
        let header = headerLine.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
        guard header.count == 4, header[0] == Self.magic, let place = Int(header[1]), let first = Int(header[2]), let count = Int(header[3]),
            count == lines.count - 1, count <= Self.limit, place >= 0, place <= count, first >= 1, first < Int.max - Self.limit,
            lines.dropFirst().allSatisfy({ !$0.isEmpty })
        else { return nil }
        entries = lines.dropFirst().map { .line($0) }
        self.place = place
        self.firstSeq = first
    }
}

extension ChangeJournal.Change {
    /// The change as a line of the journal's text (without its newline).
    fileprivate var line: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(((before?.count ?? 0) + (after?.count ?? 0) + path.utf8.count) / 3 * 4 + 64)
        for (index, field) in [Array(at.utf8), Array(op.utf8), Array(path.utf8), before, after].enumerated() {
            if index > 0 { out.append(UInt8(ascii: " ")) }
            if let field { Base64.encode(field, into: &out) } else { out.append(UInt8(ascii: "-")) }
        }
        out.append(UInt8(ascii: " "))
        if args.isEmpty { out.append(UInt8(ascii: ".")) }
        for (index, arg) in args.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            Base64.encode(Array(arg.utf8), into: &out)
        }
        return out
    }

    /// The change a line of the journal's text holds; `nil` when it holds none.
    fileprivate init?(line: ArraySlice<UInt8>) {
        let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard fields.count == 6 else { return nil }
        func value(_ field: ArraySlice<UInt8>) -> [UInt8]?? {
            field.elementsEqual("-".utf8) ? .some(nil) : Base64.decode(field).map { .some($0) }
        }
        func text(_ field: ArraySlice<UInt8>) -> String? {
            Base64.decode(field).flatMap { String(validating: $0) }
        }
        guard let at = text(fields[0]), let op = text(fields[1]), let path = text(fields[2]),
            let before = value(fields[3]), let after = value(fields[4])
        else { return nil }
        var args: [String] = []
        if !fields[5].elementsEqual(".".utf8) {
            for word in fields[5].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
                guard let arg = text(word) else { return nil }
                args.append(arg)
            }
        }
        self.init(at: at, op: op, args: args, path: path, before: before, after: after)
    }
}

extension String {
    /// `bytes` as text when they are valid UTF-8 (the standard library's `String(validating:)`
    /// is newer than macOS 14).
    fileprivate init?(validating bytes: [UInt8]) {
        var decoded = ""
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): decoded.unicodeScalars.append(scalar)
            case .emptyInput: break loop
            case .error: return nil
            }
        }
        self = decoded
    }
}

/// Standard base64 (RFC 4648, with padding), for the journal's text.
package enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    package static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        encode(bytes, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `bytes` in base64 to `out`.
    package static func encode(_ bytes: [UInt8], into out: inout [UInt8]) {
        let count = (bytes.count + 2) / 3 * 4
        let encoded = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            alphabet.withUnsafeBufferPointer { alphabet in
                bytes.withUnsafeBufferPointer { bytes in
                    var index = 0
                    var at = 0
                    while index + 3 <= bytes.count {
                        let b0 = bytes[index], b1 = bytes[index + 1], b2 = bytes[index + 2]
                        buffer[at] = alphabet[Int(b0 >> 2)]
                        buffer[at + 1] = alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)]
                        buffer[at + 2] = alphabet[Int((b1 & 0x0F) << 2 | b2 >> 6)]
                        buffer[at + 3] = alphabet[Int(b2 & 0x3F)]
                        index += 3
                        at += 4
                    }
                    let left = bytes.count - index
                    if left > 0 {
                        let b0 = bytes[index], b1 = left == 2 ? bytes[index + 1] : 0
                        buffer[at] = alphabet[Int(b0 >> 2)]
                        buffer[at + 1] = alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)]
                        buffer[at + 2] = left == 2 ? alphabet[Int((b1 & 0x0F) << 2)] : UInt8(ascii: "=")
                        buffer[at + 3] = UInt8(ascii: "=")
                    }
                }
            }
            initialized = count
        }
        out.append(contentsOf: encoded)
    }

    /// The bytes `text` encodes; `nil` for anything that is not base64 with padding.
    package static func decode<Text: Collection>(_ text: Text) -> [UInt8]? where Text.Element == UInt8 {
        let text = Array(text)
        guard text.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 4 * 3)
        var index = 0
        while index < text.count {
            let last = index + 4 == text.count
            let padding = last ? (text[index + 3] == UInt8(ascii: "=") ? (text[index + 2] == UInt8(ascii: "=") ? 2 : 1) : 0) : 0
            guard let s0 = sextet(text[index]), let s1 = sextet(text[index + 1]) else { return nil }
            let s2 = padding == 2 ? 0 : sextet(text[index + 2])
            let s3 = padding >= 1 ? 0 : sextet(text[index + 3])
            guard let s2, let s3 else { return nil }
            out.append(s0 << 2 | s1 >> 4)
            if padding < 2 { out.append(s1 << 4 | s2 >> 2) }
            if padding < 1 { out.append(s2 << 6 | s3) }
            index += 4
        }
        return out
    }

    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}
