import RouteModel

extension RoutePath {
    /// The routes of a path that only pushes (a 1.0 path), root first; throws for anything
    /// else, so a test never reads a presentation or a tab as a pushed route.
    public static func plainRoutes(_ text: String) throws -> [Route] {
        try RoutePath(parsing: text).segments.map { segment in
            guard case .route(let route) = segment else {
                throw NavigatorError(.invalidInput, "not a plain path: \(text)")
            }
            return route
        }
    }
}
