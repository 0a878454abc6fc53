/// What `reset` does to a state.
public enum ResetRule: Hashable, Sendable {
    /// The initial route becomes the root, nothing pushed or presented, its tabs (when it is a
    /// tab container) at their roots with the first selected: routectl's own files.
    case initialRoute
    /// Every presentation dismissed and every flow popped to its root; the roots, the tabs and
    /// the selected tab stay (VAPersistentNavigator's `closeToInitial`).
    case closeToRoots
}
