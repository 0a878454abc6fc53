/// The changes `undo` steps back through and `redo` forward again, read from history.
///
/// Every state the history records has a place: the `seq` of the change that made it (0 for
/// the fresh state before the first change). A change's entry is at its own place, and the
/// state before it is the place of the entry before it (or, for the oldest kept entry, the
/// ``HistoryStart``, or the fresh state while `seq` 1 is kept). An `undo` or `redo` entry says
/// which place it went to (``HistoryEntry/to``), so it is not a change of its own: `undo; undo`
/// steps back two changes. `redo` goes back down the path from the newest change to where
/// undo left off; another change ends it. Nothing but the entries is stored, so older builds
/// read, keep and extend the history as before (their undo entries have no `to` and are
/// changes like any other).
package struct UndoTimeline {
    /// A place of the timeline and where its state is recorded.
    package struct Point {
        enum Where: Equatable {
            /// Recorded by the kept entry at this index.
            case entry(Int)
            /// The fresh state: the initial route, with tabs at their roots.
            case fresh
            /// The history's start, before the oldest kept entry.
            case start
            /// Where the undo or redo entry at this index went, a place no kept entry records
            /// (dropped from history): its state is that entry's, what came before it is not known.
            case orphan(Int)
        }
        /// The place: the `seq` of the change that made the state (0: fresh).
        var seq: Int
        var location: Where
    }

    package let history: History
    package let start: HistoryStart?

    package init(_ history: History) {
        self.history = history
        start = history.validStart
    }

    /// The place of the state after `entry`: where an undo or redo went, else its own seq.
    package static func place(of entry: HistoryEntry) -> Int {
        isMove(entry) ? entry.to! : entry.seq
    }

    /// Whether `entry` is an undo or redo that says where it went.
    package static func isMove(_ entry: HistoryEntry) -> Bool {
        entry.to != nil && (entry.op == "undo" || entry.op == "redo")
    }

    /// Where the current state is, as the newest entry left it; nil without history.
    package func current() throws -> Point? {
        history.count == 0 ? nil : try point(after: history.count - 1)
    }

    /// The point of the state after the kept entry at `index`.
    package func point(after index: Int) throws -> Point {
        let entry = try history.entry(at: index)
        guard Self.isMove(entry), let to = entry.to else { return Point(seq: entry.seq, location: .entry(index)) }
        if to == 0 { return Point(seq: 0, location: .fresh) }
        if let found = try self.index(of: to, before: index), !Self.isMove(try history.entry(at: found)) {
            return Point(seq: to, location: .entry(found))
        }
        if let start, start.seq == to { return Point(seq: to, location: .start) }
        return Point(seq: to, location: .orphan(index))
    }

    /// The point before `point`: the state its change started from; nil when not known.
    package func before(_ point: Point) throws -> Point? {
        guard case .entry(let index) = point.location else { return nil }
        if index > 0 { return try self.point(after: index - 1) }
        if let start { return Point(seq: start.seq, location: start.seq == 0 ? .fresh : .start) }
        return try history.entry(at: 0).seq == 1 ? Point(seq: 0, location: .fresh) : nil
    }

    /// The kept index, below `limit`, of the entry whose `seq` is `seq` (entries are in `seq`
    /// order, so a binary search).
    private func index(of seq: Int, before limit: Int) throws -> Int? {
        var low = 0
        var high = limit
        while low < high {
            let middle = (low + high) / 2
            let found = try history.entry(at: middle).seq
            if found == seq { return middle }
            if found < seq { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The point `count` changes back from the current one, and how far back history reaches
    /// when it is less than `count` (then the point is nil).
    package func back(_ count: Int) throws -> (point: Point?, available: Int) {
        guard var point = try current() else { return (nil, 0) }
        for step in 0..<count {
            guard let previous = try before(point) else { return (nil, step) }
            point = previous
        }
        return (point, count)
    }

    /// The points redo takes forward to, nearest first: from the current point up to the
    /// newest change, when only undo and redo came after that change.
    package func forward() throws -> [Point] {
        guard let current = try current(), history.count > 0 else { return [] }
        var head = history.count - 1
        while head >= 0, Self.isMove(try history.entry(at: head)) { head -= 1 }
        guard head >= 0, head < history.count - 1 else { return [] }
        var path: [Point] = []
        var point: Point? = try self.point(after: head)
        while let reached = point, path.count <= history.count + 1 {
            if reached.seq == current.seq { return path.reversed() }
            path.append(reached)
            point = try before(reached)
        }
        return []
    }

    /// The tree the state at `point` had, for a state `state`.
    package func tree(at point: Point, of state: NavigatorState) throws -> NavigationTree {
        switch point.location {
        case .entry(let index), .orphan(let index): return try state.tree(recordedBy: try history.entry(at: index))
        case .fresh: return state.startingTree(state.initial)
        case .start: return try state.tree(recordedBy: start!.entry)
        }
    }
}
