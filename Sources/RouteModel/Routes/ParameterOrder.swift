/// The order a route's parameters print in (stub).
public struct ParameterOrder: Sendable {
    public var declared: [String: [String]]

    public init(declared: [String: [String]] = [:]) {
        self.declared = declared
    }

    public func parameters(of route: Route) -> [Route.Parameter] {
        route.parameters
    }
}
