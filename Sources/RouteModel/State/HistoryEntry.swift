/// One recorded change: its sequence number, when it happened, the operation with its
/// arguments, and the state it led to (its path and, when the root is a tab container, every
/// tab; together the whole tree, which is what `undo` goes back to).
public struct HistoryEntry: Equatable, Sendable {
    /// Grows by one per change, starting at 1, and never repeats.
    public var seq: Int
    /// When the change happened, in UTC ISO 8601 (`2026-11-22T10:00:00Z`).
    public var at: String
    /// The operation's name: the command's, such as `push` or `dismiss`.
    public var op: String
    /// The operation's arguments as command-line words, such as `["details", "id=42"]`.
    public var args: [String]
    /// The state's path after the change.
    public var path: String
    /// Every tab after the change, when the root is a tab container (the path shows only the
    /// selected one): each tab's chain as a path that starts with the tab's name, such as
    /// `feed/details?id=42/sheet:compose`, in declared order; `nil` otherwise.
    public var tabs: [String]?
    /// For an `undo` or `redo`: the `seq` of the change whose state it restored (0: the fresh
    /// state before the first change), so that undo and redo move along the changes rather
    /// than undo the undo; `nil` for every other change (and for an older build's undo, which
    /// is then a change like any other).
    public var to: Int?

    /// Creates an entry.
    public init(seq: Int, at: String, op: String, args: [String], path: String, tabs: [String]? = nil, to: Int? = nil) {
        self.tabs = tabs
        self.to = to
        self.seq = seq
        self.at = at
        self.op = op
        self.args = args
        self.path = path
    }
}
