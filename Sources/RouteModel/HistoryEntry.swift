/// One recorded change: its sequence number, when it happened, the operation with its
/// arguments, and the path it led to.
public struct HistoryEntry: Equatable, Sendable {
    /// Grows by one per change, starting at 1, and never repeats.
    public var seq: Int
    /// When the change happened, in UTC ISO 8601 (`2026-11-22T10:00:00Z`).
    public var at: String
    /// The operation's name: `set`, `push`, `pop` or `reset`.
    public var op: String
    /// The operation's arguments as command-line words, such as `["details", "id=42"]`.
    public var args: [String]
    /// The state's path after the change.
    public var path: String

    /// Creates an entry.
    public init(seq: Int, at: String, op: String, args: [String], path: String) {
        self.seq = seq
        self.at = at
        self.op = op
        self.args = args
        self.path = path
    }
}
