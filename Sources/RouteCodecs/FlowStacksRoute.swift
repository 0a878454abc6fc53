import JSONText
import RouteModel

/// One of FlowStacks' routes (`Route<Screen>`): how it is shown and its screen, a value of the
/// app's `Screen` enum as a ``Route``.
///
/// Its synthesized `Codable` form is `{"push":{"_0":<screen>}}`,
/// `{"sheet":{"_0":<screen>,"withNavigation":true}}` or `{"cover":{...}}`; its style alone
/// (`RouteStyle`, in `FlowPath.CodableRepresentation`) is `{"push":{}}` or
/// `{"sheet":{"withNavigation":true}}`.
struct FlowStacksRoute: Hashable, Sendable {
    /// `push`, `sheet` or `cover`: how the screen is shown.
    enum Style: String, Sendable {
        case push, sheet, cover
    }

    var style: Style
    /// Whether a sheet or cover wraps its screen in navigation to push on; `false` for a push
    /// (as the library's `withNavigation` says).
    var withNavigation: Bool
    var screen: Route

    init(_ style: Style, withNavigation: Bool, screen: Route) {
        self.style = style
        self.withNavigation = style == .push ? false : withNavigation
        self.screen = screen
    }

    /// The route `value` is as synthesized `Codable` writes `Route<Screen>`, at `path` (for
    /// messages, such as `[2]`).
    ///
    /// - Throws: what ``FlowStacksCodec/invalid(_:at:)`` makes, naming where.
    init(_ value: JSONValue, at path: String) throws {
        let (style, payload) = try Self.styleAndPayload(value, at: path)
        guard let screen = payload.first(where: { $0.key == "_0" })?.value else {
            throw FlowStacksCodec.invalid("no '_0' (the screen), which the library requires", at: "\(path).\(style.rawValue)")
        }
        let withNavigation = try Self.withNavigation(style, payload, at: "\(path).\(style.rawValue)")
        do {
            self.init(style, withNavigation: withNavigation, screen: try Route(codableValue: screen))
        } catch let error as NavigatorError {
            // A value the app reads that routectl cannot hold is never said to be rejected by it.
            throw FlowStacksCodec.invalid(error.reason, at: "\(path).\(style.rawValue)._0", appRejects: !(error.detail is ValueBeyondRoutectl))
        }
    }

    /// The style (`RouteStyle`) `value` is, and its `withNavigation`, at `path`.
    static func style(_ value: JSONValue, at path: String) throws -> (Style, withNavigation: Bool) {
        let (style, payload) = try styleAndPayload(value, at: path)
        return (style, try withNavigation(style, payload, at: "\(path).\(style.rawValue)"))
    }

    /// The case of a route or style and its associated values.
    private static func styleAndPayload(_ value: JSONValue, at path: String) throws -> (Style, [JSONValue.Member]) {
        guard case .object(let cases) = value, cases.count == 1, let style = Style(rawValue: cases[0].key) else {
            throw FlowStacksCodec.invalid("not a FlowStacks route: an object with one member, push, sheet or cover", at: path)
        }
        guard case .object(let payload) = cases[0].value else {
            throw FlowStacksCodec.invalid("the case holds \(cases[0].value.text), not an object of its associated values", at: "\(path).\(style.rawValue)")
        }
        return (style, payload)
    }

    /// A sheet's or cover's `withNavigation`, which the library requires; `false` for a push.
    private static func withNavigation(_ style: Style, _ payload: [JSONValue.Member], at path: String) throws -> Bool {
        guard style != .push else { return false }
        switch payload.first(where: { $0.key == "withNavigation" })?.value {
        case .bool(let flag)?: return flag
        case nil: throw FlowStacksCodec.invalid("no 'withNavigation', which the library requires", at: path)
        case let other?: throw FlowStacksCodec.invalid("withNavigation is \(other.text), not true or false", at: "\(path).withNavigation")
        }
    }

    /// The route as synthesized `Codable` writes it, with `screen` the screen's JSON text.
    func text(screen: [UInt8]) -> [UInt8] {
        var bytes = Array("{\"\(style.rawValue)\":{\"_0\":".utf8) + screen
        if style != .push { bytes += Array(",\"withNavigation\":\(withNavigation)".utf8) }
        return bytes + Array("}}".utf8)
    }

    /// The style as `RouteStyle`'s synthesized `Codable` writes it.
    var styleText: [UInt8] {
        Array((style == .push ? "{\"push\":{}}" : "{\"\(style.rawValue)\":{\"withNavigation\":\(withNavigation)}}").utf8)
    }

    // MARK: The tree

    /// The tree `routes` (bottom first) show: pushes on the flow on top, each sheet or cover
    /// a flow presented over it, rooted at its screen.
    static func tree(_ routes: [FlowStacksRoute]) -> NavigationTree {
        var stack: [Route] = []
        var presented: [Presentation] = []
        for route in routes {
            switch route.style {
            case .push:
                if presented.isEmpty { stack.append(route.screen) } else { presented[presented.count - 1].flow.push(route.screen) }
            case .sheet, .cover:
                presented.append(Presentation(route.style == .sheet ? .sheet : .cover, RouteStack(root: route.screen), withNavigation: route.withNavigation))
            }
        }
        return NavigationTree(stack: stack, presented: presented)
    }

    /// The routes, bottom first, that show `chain` (the chain of a stack without a root).
    static func routes(_ chain: NavigationChain) -> [FlowStacksRoute] {
        var routes = chain.base.pushed.map { FlowStacksRoute(.push, withNavigation: false, screen: $0) }
        for presentation in chain.presented {
            routes.append(FlowStacksRoute(presentation.style == .sheet ? .sheet : .cover, withNavigation: presentation.withNavigation, screen: presentation.flow.root))
            routes += presentation.flow.pushed.map { FlowStacksRoute(.push, withNavigation: false, screen: $0) }
        }
        return routes
    }
}
