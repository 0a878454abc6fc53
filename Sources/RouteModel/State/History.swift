/// The bounded log of recorded changes, oldest first.
///
/// Entries read from a file stay in the codec's form (a ``StoredHistory``) until someone asks
/// for them; entries recorded since are kept decoded after them.
public struct History: Sendable {
    /// The entries read from a file, if any.
    public private(set) var stored: (any StoredHistory)?
    /// How many of the oldest stored entries have been dropped since they were read.
    public private(set) var storedDropped = 0
    /// The entries recorded since the file was read, oldest first.
    public private(set) var recorded: [HistoryEntry] = []

    /// The highest `seq` recorded so far, or 0 when nothing has been.
    public private(set) var lastSeq: Int

    /// Whether ``lastSeq`` is held by no kept entry (see ``givenSeq``).
    private var lastSeqIsGiven = false

    /// The `seq` last given when no kept entry holds it (a `migrate` removed the newest
    /// entries): kept in the file as `historyLastSeq`, so that the next change does not take a
    /// removed entry's number; `nil` once a change is recorded after it.
    public var givenSeq: Int? { lastSeqIsGiven ? lastSeq : nil }

    /// Remembers that `seq` was given, when it is above every `seq` known: the next change
    /// takes the number after it.
    public mutating func keepGiven(_ seq: Int) {
        guard seq > lastSeq else { return }
        lastSeq = seq
        lastSeqIsGiven = true
    }

    /// The state before the oldest kept entry, once older ones were dropped (see
    /// ``HistoryStart``); it may be stale (see ``validStart``).
    public var start: HistoryStart?

    /// ``start`` when it stands before the oldest kept entry.
    public var validStart: HistoryStart? {
        guard let start, let oldest = try? oldest(), oldest.seq == start.next else { return nil }
        return start
    }

    /// An empty history.
    public init() {
        lastSeq = 0
    }

    /// A history holding `entries`, oldest first.
    public init(_ entries: [HistoryEntry]) {
        recorded = entries
        lastSeq = entries.map(\.seq).max() ?? 0
    }

    /// A history of entries a codec read, kept in its form.
    public init(stored: any StoredHistory) {
        self.stored = stored
        lastSeq = stored.lastSeq
    }

    /// How many stored entries are still kept.
    public var storedCount: Int { (stored?.count ?? 0) - storedDropped }

    /// How many entries are kept.
    public var count: Int { storedCount + recorded.count }

    /// The kept entries, oldest first. Pass `last` to get only the newest ones.
    ///
    /// - Throws: `invalidFile` when a stored entry does not decode.
    public func entries(last: Int? = nil) throws -> [HistoryEntry] {
        let first = max(0, count - max(0, last ?? count))
        var entries: [HistoryEntry] = []
        entries.reserveCapacity(count - first)
        if let stored {
            for index in (storedDropped + first)..<max(stored.count, storedDropped + first) {
                entries.append(try stored.entry(at: index))
            }
        }
        entries.append(contentsOf: recorded.suffix(count - first - entries.count))
        return entries
    }

    /// The oldest kept entry, if any.
    ///
    /// - Throws: `invalidFile` when it does not decode.
    public func oldest() throws -> HistoryEntry? {
        if let stored, storedDropped < stored.count {
            return try stored.entry(at: storedDropped)
        }
        return recorded.first
    }

    /// The kept entry at `index` (0 is the oldest).
    ///
    /// - Throws: `invalidFile` when a stored entry does not decode.
    public func entry(at index: Int) throws -> HistoryEntry {
        index < storedCount ? try stored!.entry(at: storedDropped + index) : recorded[index - storedCount]
    }

    /// Appends an entry with the next `seq`, then drops the oldest entries beyond `limit`.
    package mutating func append(at: String, op: String, args: [String], path: String, tabs: [String]?, to: Int? = nil, limit: Int) {
        lastSeq += 1
        lastSeqIsGiven = false
        recorded.append(HistoryEntry(seq: lastSeq, at: at, op: op, args: args, path: path, tabs: tabs, to: to))
        if count > limit {
            dropOldest(count - max(0, limit))
        }
    }

    /// Drops the `count` oldest entries; `lastSeq` stays, so `seq` never repeats. The state the
    /// last dropped entry recorded becomes ``start``, so that undo still reaches it.
    public mutating func dropOldest(_ count: Int) {
        guard count > 0 else { return }
        if count < self.count, let last = try? entry(at: count - 1), let next = try? entry(at: count) {
            start = HistoryStart(next: next.seq, seq: UndoTimeline.place(of: last), path: last.path, tabs: last.tabs)
        } else {
            start = nil
        }
        let fromStored = min(count, storedCount)
        storedDropped += fromStored
        recorded.removeFirst(min(count - fromStored, recorded.count))
    }
}
