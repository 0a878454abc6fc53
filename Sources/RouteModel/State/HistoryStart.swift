/// The state before the oldest kept history entry, kept once older entries are dropped, so that
/// `undo` reaches back every change `history` lists (issue 17, item 15).
///
/// It describes the state the dropped entry before `next` left, as an entry does: its `path`
/// and, when the root was a tab container, every tab as a path. `seq` is that state's place
/// in the undo timeline: the `seq` of the change that made it (0: the fresh state). An older
/// build keeps the member as it is while it drops more entries; it then no longer stands
/// before the oldest entry (`next` differs) and is ignored.
public struct HistoryStart: Equatable, Sendable {
    /// The `seq` of the oldest kept entry, which this state came before.
    public var next: Int
    /// The `seq` of the change that made this state (0: the fresh state).
    public var seq: Int
    /// The state's path.
    public var path: String
    /// Every tab's chain as a path, when the root was a tab container.
    public var tabs: [String]?

    public init(next: Int, seq: Int, path: String, tabs: [String]? = nil) {
        self.next = next
        self.seq = seq
        self.path = path
        self.tabs = tabs
    }

    /// The state as an entry would record it, for ``NavigatorState/tree(recordedBy:)``.
    package var entry: HistoryEntry {
        HistoryEntry(seq: seq, at: "", op: "", args: [], path: path, tabs: tabs)
    }
}
