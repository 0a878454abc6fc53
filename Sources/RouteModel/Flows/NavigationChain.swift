import PlainText

/// A base flow and the flows presented over it as sheets or covers, bottom first.
///
/// The **top flow** is the last presentation's, or the base when nothing is presented; push and
/// pop act on it. Like ``RouteStack``'s, every operation is a pure transition that says
/// whether anything changed, and one that cannot apply throws and changes nothing.
public struct NavigationChain: Hashable, Sendable {
    /// The flow at the bottom: the root of the state (or of a tab) and the routes pushed on it.
    public var base: RouteStack
    /// The presented flows, bottom first.
    public var presented: [Presentation]

    /// A chain showing `base` with `presented` over it.
    public init(base: RouteStack, presented: [Presentation] = []) {
        self.base = base
        self.presented = presented
    }

    /// A chain of one flow holding `root` alone.
    public init(root: Route) {
        self.init(base: RouteStack(root: root))
    }

    /// The flow push and pop act on: the last presentation's, or the base.
    public var topFlow: RouteStack {
        get { presented.last?.flow ?? base }
        // In place: a copy out and back would copy the flow's routes on every push, making a
        // path of n segments cost n² steps.
        _modify {
            if presented.isEmpty {
                yield &base
            } else {
                yield &presented[presented.count - 1].flow
            }
        }
    }

    /// The route on screen: the top flow's top.
    public var top: Route { topFlow.top }

    /// Every flow, the base first.
    public var flows: [RouteStack] { [base] + presented.map(\.flow) }

    /// Whether anything is presented over the base.
    public var isPresenting: Bool { !presented.isEmpty }

    /// Pushes `route` on the top flow. Always a change.
    public mutating func push(_ route: Route) {
        topFlow.push(route)
    }

    /// Pops the top `count` routes of the top flow; its root is never popped.
    ///
    /// - Throws: `cannotApply` when the top flow holds fewer pushed routes (its fact says
    ///   whether that flow is presented, where dismissing would help).
    public mutating func pop(_ count: Int) throws {
        do {
            try topFlow.pop(count)
        } catch var error as NavigatorError {
            let style = presented.last?.style
            switch error.fact {
            case .nothingToPop(let path, _)?:
                error.fact = .nothingToPop(path: path, presentation: style)
                if let style { error.reason = "nothing to pop: the \(style) shows its root" }
            case .popPastRoot(let requested, let pushed, _)?:
                error.fact = .popPastRoot(requested: requested, pushed: pushed, presentation: style)
                if let style { error.reason = "cannot pop \(requested) routes: the \(style) holds \(pushed) above its root" }
            default:
                break
            }
            throw error
        }
    }

    /// Pops the top flow until the nearest route named `name` from its top is on top (its root
    /// counts). Returns `false` when that route is already on top.
    ///
    /// - Throws: `cannotApply` when the top flow holds no route of that name.
    public mutating func pop(to name: String) throws -> Bool {
        do {
            return try topFlow.pop(to: name)
        } catch var error as NavigatorError {
            if let style = presented.last?.style {
                error.reason = "route \(quoted(name)) is not in the \(style) on top"
            }
            throw error
        }
    }

    /// Pops everything above the top flow's root. Returns `false` when nothing was pushed.
    public mutating func popToRoot() -> Bool {
        topFlow.popToRoot()
    }

    /// Presents a new flow rooted at `route` over the top flow, with navigation of its own
    /// unless `withNavigation` is `false`. Always a change.
    public mutating func present(_ route: Route, as style: PresentationStyle, withNavigation: Bool = true) {
        presented.append(Presentation(style, RouteStack(root: route), withNavigation: withNavigation))
    }

    /// Removes the top presentation.
    ///
    /// - Throws: `cannotApply` when nothing is presented.
    public mutating func dismiss() throws {
        guard !presented.isEmpty else {
            throw NavigatorError(.cannotApply, "nothing to dismiss: no sheet or cover is presented", fact: .nothingPresented(path: ""))
        }
        presented.removeLast()
    }

    /// Removes every presentation. Returns `false` when nothing was presented.
    public mutating func dismissAll() -> Bool {
        guard !presented.isEmpty else { return false }
        presented = []
        return true
    }

    /// Removes presentations until the top flow holds a route named `name`, as its root or
    /// pushed (the base counts). Returns `false` when the top flow already holds it.
    ///
    /// - Throws: `cannotApply` when no flow of the chain holds such a route.
    public mutating func dismiss(to name: String) throws -> Bool {
        let holding = flows.lastIndex { flow in flow.routes.contains { $0.name == name } }
        guard let holding else {
            throw NavigatorError(
                .cannotApply, "route \(quoted(name)) is in no flow on screen, presented or not",
                fact: .notInChain(name: name, path: ""))
        }
        guard holding < presented.count else { return false }
        presented.removeSubrange(holding...)
        return true
    }

    /// Keeps what a codec read with each presentation of `old` (such as a node's id), and
    /// whether it has navigation of its own (which a path does not say), on the presentation
    /// at the same place here when it is still that presentation: the same style over the same
    /// root, every one below it the same too.
    public mutating func keepPresentations(of old: NavigationChain) {
        for index in presented.indices where index < old.presented.count {
            guard presented[index].style == old.presented[index].style,
                presented[index].flow.root == old.presented[index].flow.root
            else { return }
            presented[index].preserved = old.presented[index].preserved
            presented[index].withNavigation = old.presented[index].withNavigation
        }
    }
}
