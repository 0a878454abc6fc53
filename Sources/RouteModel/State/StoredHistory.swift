/// History entries as a codec read them, kept in the codec's own form until someone asks for
/// one, so that a command that only appends an entry neither decodes nor re-encodes the others.
public protocol StoredHistory: Sendable {
    /// How many entries there are.
    var count: Int { get }
    /// The highest `seq` among them (0 when there are none).
    var lastSeq: Int { get }
    /// The entry at `index` (0 is the oldest), decoded.
    ///
    /// - Throws: `invalidFile` when the entry does not decode.
    func entry(at index: Int) throws -> HistoryEntry
}
