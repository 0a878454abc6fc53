import PlainText

/// One flow of screens, as SwiftUI's `NavigationStack` holds it (named apart from it, so that an app can import both): a root route and the routes
/// pushed on it, bottom first.
///
/// Its operations are pure transitions that say whether anything changed; a pop that cannot be
/// satisfied throws and changes nothing. A ``NavigationChain`` holds one as its base and one
/// per presented sheet or cover.
public struct RouteStack: Hashable, Sendable {
    /// The route at the bottom, which no pop removes.
    public var root: Route
    /// The routes pushed on top of the root, bottom first.
    public var pushed: [Route]

    /// A flow showing `root` with `pushed` on top of it.
    public init(root: Route, pushed: [Route] = []) {
        self.root = root
        self.pushed = pushed
    }

    /// The route on screen: the last pushed one, or the root.
    public var top: Route { pushed.last ?? root }

    /// The root followed by the pushed routes.
    public var routes: [Route] { [root] + pushed }

    /// Pushes `route` on top. Always a change.
    public mutating func push(_ route: Route) {
        pushed.append(route)
    }

    /// Pops the top `count` routes (at least 1).
    ///
    /// - Throws: `invalidInput` for a count below 1; `cannotApply` when fewer than `count` routes
    ///   are pushed (nothing is popped then).
    public mutating func pop(_ count: Int) throws {
        guard count >= 1 else {
            throw NavigatorError(.invalidInput, "invalid count \(count): pop takes a whole number >= 1")
        }
        guard !pushed.isEmpty else {
            throw NavigatorError(
                .cannotApply, "nothing to pop: the stack is empty",
                fact: .nothingToPop(path: RoutePath.render(root: root, stack: pushed), presentation: nil))
        }
        guard count <= pushed.count else {
            throw NavigatorError(
                .cannotApply, "cannot pop \(count) routes: the stack holds \(pushed.count)",
                fact: .popPastRoot(requested: count, pushed: pushed.count, presentation: nil))
        }
        pushed.removeLast(count)
    }

    /// Pops until the nearest route named `name` from the top is on top; the root counts.
    /// Returns `false` when that route is already on top.
    ///
    /// - Throws: `cannotApply` when no route of the flow has that name.
    public mutating func pop(to name: String) throws -> Bool {
        if let index = pushed.lastIndex(where: { $0.name == name }) {
            guard index < pushed.count - 1 else { return false }
            pushed.removeSubrange((index + 1)...)
            return true
        }
        guard root.name == name, root != Route.noRoute else {
            throw NavigatorError(
                .cannotApply, "route \(quoted(name)) is not on the stack",
                fact: .notInFlow(name: name, path: RoutePath.render(root: root, stack: pushed)))
        }
        return popToRoot()
    }

    /// Pops everything above the root. Returns `false` when nothing was pushed.
    public mutating func popToRoot() -> Bool {
        guard !pushed.isEmpty else { return false }
        pushed = []
        return true
    }

    /// Replaces the whole flow with `root` alone. Returns `false` when it already is just that.
    public mutating func replace(root newRoot: Route) -> Bool {
        guard root != newRoot || !pushed.isEmpty else { return false }
        root = newRoot
        pushed = []
        return true
    }
}
