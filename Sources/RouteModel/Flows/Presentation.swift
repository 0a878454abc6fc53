/// A flow shown modally over another, with its style.
public struct Presentation: Hashable, Sendable {
    /// Sheet or cover.
    public var style: PresentationStyle
    /// The presented flow: its root and the routes pushed on it.
    public var flow: RouteStack
    /// Whether the presented flow has navigation of its own to push on (a `NavigationStack`
    /// around its root); `false` for a screen presented alone, as FlowStacks' `sheet(_,
    /// withNavigation: false)` shows it, where nothing can be pushed.
    public var withNavigation: Bool
    /// What the codec that read this presentation keeps for writing it back (such as members
    /// this build does not know). It takes no part in equality.
    public var preserved: Preserved?

    /// A presentation of `flow` as `style`, with navigation of its own unless `withNavigation`
    /// is `false`.
    public init(_ style: PresentationStyle, _ flow: RouteStack, withNavigation: Bool = true) {
        self.style = style
        self.flow = flow
        self.withNavigation = withNavigation
    }

    public static func == (lhs: Presentation, rhs: Presentation) -> Bool {
        lhs.style == rhs.style && lhs.flow == rhs.flow && lhs.withNavigation == rhs.withNavigation
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(style)
        hasher.combine(flow)
        hasher.combine(withNavigation)
    }
}
