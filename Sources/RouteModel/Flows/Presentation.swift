/// A flow shown modally over another, with its style.
public struct Presentation: Hashable, Sendable {
    /// Sheet or cover.
    public var style: PresentationStyle
    /// The presented flow: its root and the routes pushed on it.
    public var flow: RouteStack
    /// What the codec that read this presentation keeps for writing it back (such as members
    /// this build does not know). It takes no part in equality.
    public var preserved: Preserved?

    /// A presentation of `flow` as `style`.
    public init(_ style: PresentationStyle, _ flow: RouteStack) {
        self.style = style
        self.flow = flow
    }

    public static func == (lhs: Presentation, rhs: Presentation) -> Bool {
        lhs.style == rhs.style && lhs.flow == rhs.flow
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(style)
        hasher.combine(flow)
    }
}
