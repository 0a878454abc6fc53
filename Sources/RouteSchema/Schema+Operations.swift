import RouteModel

extension Schema {
    /// `operation` with the routes it names converted and checked as ``conform(_:)`` does
    /// (`set`, `push`, `present`, and every route of a `go` path); other operations name no new
    /// route, or (`open`) one a link makes, which the state's check after it sees.
    ///
    /// A route the schema lacks passes unchecked when `passing` says so (see
    /// ``conform(_:passing:)``).
    ///
    /// - Throws: as ``check(_:)``, for the first route the schema does not take.
    public func conform(_ operation: NavigationOperation, passing: (Route) -> Bool = { _ in false }) throws -> NavigationOperation {
        func conform(_ route: Route) throws -> Route { try self.conform(route, passing: passing) }
        switch operation {
        case .set(let route): return .set(try conform(route))
        case .push(let route): return .push(try conform(route))
        case .present(let route, let style, let withNavigation): return .present(try conform(route), style, withNavigation: withNavigation)
        case .go(var path):
            for index in path.segments.indices {
                switch path.segments[index] {
                case .route(let route):
                    path.segments[index] = .route(try path.checked(at: index) { try conform(route) })
                case .presented(let style, let route):
                    path.segments[index] = .presented(style, try path.checked(at: index) { try conform(route) })
                case .tab: continue
                }
            }
            return .go(path)
        case .setInteger, .pop, .popTo, .popToRoot, .reset, .dismiss, .dismissAll, .dismissTo, .selectTab, .open, .undo, .redo:
            return operation
        }
    }
}

extension RoutePath {
    /// What `body` returns; an error it throws, about the segment at `index` (its column).
    fileprivate func checked<T>(at index: Int, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as NavigatorError {
            guard source != nil else { throw error }
            throw self.error(at: index, error.message, fact: error.fact)
        }
    }
}
