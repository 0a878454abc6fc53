/// The bounded log of recorded changes, oldest first.
///
/// Entries read from a file stay as their original bytes until someone asks for them, so a
/// command that only appends one entry neither decodes nor re-encodes the others.
public struct History: Sendable {
    enum Item: Sendable {
        /// Where an entry's JSON stands in ``buffer`` (already checked to be a valid entry), and
        /// its `seq`.
        case encoded(Range<Int>, seq: Int)
        /// An entry made in this process (boxed, so encoded items stay small).
        indirect case decoded(HistoryEntry)
    }

    var items: [Item]
    /// The bytes of the file the encoded entries were read from.
    let buffer: [UInt8]

    /// The highest `seq` recorded so far, or 0 when nothing has been.
    public private(set) var lastSeq: Int

    /// An empty history.
    public init() {
        self.init(items: [], lastSeq: 0, buffer: [])
    }

    /// A history holding `entries`, oldest first.
    public init(_ entries: [HistoryEntry]) {
        self.init(items: entries.map(Item.decoded), lastSeq: entries.map(\.seq).max() ?? 0, buffer: [])
    }

    init(items: [Item], lastSeq: Int, buffer: [UInt8]) {
        self.items = items
        self.lastSeq = lastSeq
        self.buffer = buffer
    }

    /// How many entries are kept.
    public var count: Int { items.count }

    /// The kept entries, oldest first. Pass `last` to get only the newest ones.
    public func entries(last: Int? = nil) throws -> [HistoryEntry] {
        let kept = last.map { items.suffix(max(0, $0)) } ?? items[...]
        return try kept.map { item in
            switch item {
            case .decoded(let entry): return entry
            case .encoded(let range, _): return try NavigatorFile.decodeEntry(buffer[range])
            }
        }
    }

    /// Appends an entry with the next `seq`, then drops the oldest entries beyond `limit`.
    mutating func append(at: String, op: String, args: [String], path: String, limit: Int) {
        lastSeq += 1
        items.append(.decoded(HistoryEntry(seq: lastSeq, at: at, op: op, args: args, path: path)))
        if items.count > limit {
            items.removeFirst(items.count - max(0, limit))
        }
    }

    /// Drops the `count` oldest entries; `lastSeq` stays, so `seq` never repeats.
    mutating func dropOldest(_ count: Int) {
        items.removeFirst(min(count, items.count))
    }
}
