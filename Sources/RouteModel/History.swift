/// The bounded log of recorded changes, oldest first.
///
/// Entries read from a file stay as their original bytes until someone asks for them, so a
/// command that only appends one entry neither decodes nor re-encodes the others. A reader that
/// needs no history at all can skip it (see ``NavigatorFile/decode(_:readingHistory:)``); it is
/// then read, strictly, the first time its entries are asked for.
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
    /// Where the history array stands in ``buffer`` when it was skipped rather than read.
    let skipped: Range<Int>?

    /// The highest `seq` recorded so far, or 0 when nothing has been (or the history was skipped).
    public private(set) var lastSeq: Int

    /// An empty history.
    public init() {
        self.init(items: [], lastSeq: 0, buffer: [])
    }

    /// A history holding `entries`, oldest first.
    public init(_ entries: [HistoryEntry]) {
        self.init(items: entries.map(Item.decoded), lastSeq: entries.map(\.seq).max() ?? 0, buffer: [])
    }

    init(items: [Item], lastSeq: Int, buffer: [UInt8], skipped: Range<Int>? = nil) {
        self.items = items
        self.lastSeq = lastSeq
        self.buffer = buffer
        self.skipped = skipped
    }

    /// How many entries are kept (0 when a skipped history turns out not to be valid).
    public var count: Int { (try? read().items.count) ?? 0 }

    /// The kept entries, oldest first. Pass `last` to get only the newest ones.
    ///
    /// - Throws: `invalidFile` when a skipped history, read now, is not valid.
    public func entries(last: Int? = nil) throws -> [HistoryEntry] {
        let history = try read()
        let kept = last.map { history.items.suffix(max(0, $0)) } ?? history.items[...]
        return try kept.map { item in
            switch item {
            case .decoded(let entry): return entry
            case .encoded(let range, _): return try NavigatorFile.decodeEntry(buffer[range])
            }
        }
    }

    /// This history with its entries read, reading a skipped one now.
    func read() throws -> History {
        guard let skipped else { return self }
        return try NavigatorFile.decodeHistory(buffer, at: skipped)
    }

    /// Appends an entry with the next `seq`, then drops the oldest entries beyond `limit`.
    mutating func append(at: String, op: String, args: [String], path: String, limit: Int) {
        if skipped != nil, let history = try? read() {
            self = history
        }
        lastSeq += 1
        items.append(.decoded(HistoryEntry(seq: lastSeq, at: at, op: op, args: args, path: path)))
        if items.count > limit {
            items.removeFirst(items.count - max(0, limit))
        }
    }
}
