import RouteModel
import RouteProject

/// The project file's `tabs` and `links`, for stores that cannot hold declarations (a route
/// setting, another library's format) and for navigator files that declare none.
///
/// The rule (docs/contract.md, "The project file"): a navigator file's own declarations win,
/// member by member. When the state declares tab containers, the project's `tabs` are not
/// used; when it declares none, the project's are used, and are written into a navigator file
/// only when the state comes to need them (a declared container at the root). Likewise for
/// links, which are never written: `link add` declares a link in the file.
extension Context {
    /// `state` with the project's declarations where it has none of its own.
    func declaring(_ state: NavigatorState) -> NavigatorState {
        guard let project = project?.project else { return state }
        var state = state
        if state.tabContainers.isEmpty { state.tabContainers = project.tabContainers }
        if state.links.isEmpty { state.links = project.linkTable }
        return state
    }

    /// `state` read from a store, with the project's declarations (see ``declaring(_:)``).
    func declaring(_ state: StoredState) -> StoredState {
        guard case .navigator(let navigator) = state else { return state }
        return .navigator(declaring(navigator))
    }

    /// Performs `operation` on `stored` with the project's declarations, then takes back those
    /// the state does not need, so that nothing the command did not ask for is written.
    func perform(_ operation: NavigationOperation, on stored: inout StoredState, at timestamp: String) throws -> Bool {
        guard let project = project?.project else { return try stored.perform(operation, at: timestamp) }
        switch stored {
        case .setting:
            // A route setting is one root route: a deep link opens it through the project's
            // links, as `go` with the path the link gives.
            if case .open(let url) = operation, !project.links.isEmpty {
                return try stored.perform(.go(try project.linkTable.open(url).path), at: timestamp)
            }
            return try stored.perform(operation, at: timestamp)
        case .navigator(let original):
            var state = declaring(original)
            let changed = try state.perform(operation, at: timestamp)
            if original.tabContainers.isEmpty, !usesDeclaredContainer(state) { state.tabContainers = original.tabContainers }
            if original.links.isEmpty { state.links = original.links }
            stored = .navigator(state)
            return changed
        }
    }

    /// Whether the state's root is a declared tab container (whose declaration its file must
    /// then hold), anywhere in its history included.
    private func usesDeclaredContainer(_ state: NavigatorState) -> Bool {
        guard state.tree.tabs != nil, let root = state.tree.rootRoute else { return false }
        return state.tabContainers.contains { $0.name == root.name }
    }
}
