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

    /// The changes, oldest first.
    package var changes: [Change] = []
    /// How many of ``changes`` are in effect: those after it were undone (and can be redone).
    package var place = 0
    /// The number of the first change (changes are numbered from 1, and keep their number when
    /// older ones are dropped).
    package var firstSeq = 1

    package init() {}

    /// How many bytes of values the journal keeps at most (the newest change is kept whatever
    /// its size): 50 changes of a large file would otherwise make a journal too large to read.
    package static let valueBudget = 24 << 20

    /// Records `change`, made where the journal's place is: the undone changes after it can no
    /// longer be redone, and only the last ``limit`` are kept, fewer when their values come to
    /// more than `budget` bytes.
    package mutating func record(_ change: Change, limit: Int = ChangeJournal.limit, budget: Int = ChangeJournal.valueBudget) {
        changes.removeSubrange(place...)
        changes.append(change)
        var dropped = max(0, changes.count - limit)
        var size = changes.dropFirst(dropped).reduce(0) { $0 + ($1.before?.count ?? 0) + ($1.after?.count ?? 0) }
        while size > budget, dropped < changes.count - 1 {
            size -= (changes[dropped].before?.count ?? 0) + (changes[dropped].after?.count ?? 0)
            dropped += 1
        }
        changes.removeFirst(dropped)
        firstSeq += dropped
        place = changes.count
    }

    /// What undoing `count` changes needs: the store must hold `expected` (what routectl last
    /// wrote), and then gets `restored`. `nil` when fewer than `count` changes are in effect.
    package func undoStep(_ count: Int) -> (expected: [UInt8]?, restored: [UInt8]?)? {
        guard count >= 1, count <= place else { return nil }
        return (changes[place - 1].after, changes[place - count].before)
    }

    /// What redoing `count` undone changes needs, as ``undoStep(_:)``: `nil` when fewer than
    /// `count` were undone since the last change.
    package func redoStep(_ count: Int) -> (expected: [UInt8]?, restored: [UInt8]?)? {
        guard count >= 1, place + count <= changes.count else { return nil }
        return (changes[place].before, changes[place + count - 1].after)
    }

    /// The changes in effect, each with its number, oldest first.
    package var inEffect: [(seq: Int, change: Change)] {
        changes.prefix(place).enumerated().map { (firstSeq + $0.offset, $0.element) }
    }

    // MARK: Text

    /// The journal as text: a header line, then one line per change, every field base64 (so
    /// that no byte of a value or a word can break a line), `-` for a missing value.
    package var text: [UInt8] {
        var lines = ["\(Self.magic) \(place) \(firstSeq) \(changes.count)"]
        for change in changes {
            let fields: [[UInt8]?] = [
                Array(change.at.utf8), Array(change.op.utf8), Array(change.path.utf8),
                change.before, change.after,
            ]
            let args = change.args.map { Base64.encode(Array($0.utf8)) }.joined(separator: ",")
            lines.append(fields.map { $0.map(Base64.encode) ?? "-" }.joined(separator: " ") + " " + (args.isEmpty ? "." : args))
        }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// The first word of a journal's text, with its version.
    static let magic = "routectl-journal-1"

    /// The journal `bytes` hold; `nil` when they are not one (damaged, another version, or
    /// planted): the caller ignores it, with a warning.
    package init?(text bytes: [UInt8]) {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard lines.count >= 2, lines.last?.isEmpty == true else { return nil }
        let header = lines[0].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
        guard header.count == 4, header[0] == Self.magic, let place = Int(header[1]), let first = Int(header[2]), let count = Int(header[3]),
            count == lines.count - 2, count <= Self.limit, place >= 0, place <= count, first >= 1, first < Int.max - Self.limit
        else { return nil }
        var changes: [Change] = []
        for line in lines.dropFirst().dropLast() {
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
            changes.append(Change(at: at, op: op, args: args, path: path, before: before, after: after))
        }
        self.changes = changes
        self.place = place
        self.firstSeq = first
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
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let b0 = bytes[index]
            let b1 = index + 1 < bytes.count ? bytes[index + 1] : 0
            let b2 = index + 2 < bytes.count ? bytes[index + 2] : 0
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
            out.append(index + 1 < bytes.count ? alphabet[Int((b1 & 0x0F) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            out.append(index + 2 < bytes.count ? alphabet[Int(b2 & 0x3F)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes `text` encodes; `nil` for anything that is not base64 with padding.
    package static func decode<Text: Collection>(_ text: Text) -> [UInt8]? where Text.Element == UInt8 {
        let text = Array(text)
        guard text.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 4 * 3)
        var index = 0
        while index < text.count {
            var sextets: [UInt8] = []
            var padding = 0
            for byte in text[index..<index + 4] {
                if byte == UInt8(ascii: "=") {
                    padding += 1
                    sextets.append(0)
                    continue
                }
                guard padding == 0, let value = sextet(byte) else { return nil }
                sextets.append(value)
            }
            guard padding <= 2, padding == 0 || index + 4 == text.count else { return nil }
            let triple = [sextets[0] << 2 | sextets[1] >> 4, sextets[1] << 4 | sextets[2] >> 2, sextets[2] << 6 | sextets[3]]
            out.append(contentsOf: triple.prefix(3 - padding))
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
