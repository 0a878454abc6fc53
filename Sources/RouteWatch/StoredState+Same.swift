import RouteModel

extension StoredState {
    /// Whether `other` shows the same as this state to an app: the same flows, declarations and
    /// history (its length and last number: every recorded change adds one entry with a new
    /// number). A reload that reads what the navigator already has (its own write coming back)
    /// changes nothing an observer sees.
    package func isSame(as other: StoredState) -> Bool {
        switch (self, other) {
        case (.setting(let a), .setting(let b)):
            return a == b
        case (.navigator(let a), .navigator(let b)):
            return a.tree == b.tree && a.initial == b.initial && a.routes == b.routes
                && a.tabContainers == b.tabContainers && a.links == b.links && a.historyLimit == b.historyLimit
                && a.formatName == b.formatName && a.format == b.format && a.keepsHistory == b.keepsHistory
                && a.resetRule == b.resetRule
                && a.history.count == b.history.count && a.history.lastSeq == b.history.lastSeq
                && a.history.start == b.history.start
        default:
            return false
        }
    }
}
