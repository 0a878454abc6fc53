import PlainText
import RouteModel

/// What `migrate` does to a saved state after the app's routes changed: routes renamed
/// (`details=detail`), parameters renamed (`details._0=id`), and routes dropped where they stand
/// (popped, or dismissed with everything above them). Pure: a tree, or a path, in and out.
public struct Migration: Sendable, Equatable {
    /// New names of routes, by old name.
    public private(set) var routeRenames: [String: String] = [:]
    /// New keys of parameters, by route (its old name) and old key.
    public private(set) var parameterRenames: [String: [String: String]] = [:]
    /// The routes to drop (by old name).
    public private(set) var drops: Set<String> = []

    /// A migration of `renames` (`old=new`, `route.old=new`) and `drops` (route names).
    ///
    /// - Throws: `invalidInput` for a word that is neither, a name that is not one, a route
    ///   renamed twice or both renamed and dropped.
    public init(renames: [String], drops: [String]) throws {
        for word in renames {
            guard let equals = word.firstIndex(of: "=") else {
                throw NavigatorError(.invalidInput, "invalid rename \(quoted(word)): expected <old>=<new> (a route) or <route>.<old>=<new> (a parameter)")
            }
            let old = String(word[..<equals])
            let new = String(word[word.index(after: equals)...])
            try Route.validateName(new, what: "new name")
            // A route name may hold '.', but a parameter's rename names its route first.
            if let dot = old.lastIndex(of: "."), !old.hasPrefix(".") {
                let route = String(old[..<dot])
                let key = String(old[old.index(after: dot)...])
                try Route.validateName(route, what: "route name")
                try Route.validateName(key, what: "parameter key")
                guard parameterRenames[route]?[key] == nil else {
                    throw NavigatorError(.invalidInput, "the parameter \(quoted(old)) is renamed twice")
                }
                parameterRenames[route, default: [:]][key] = new
            } else {
                try Route.validateName(old, what: "route name")
                guard routeRenames[old] == nil else { throw NavigatorError(.invalidInput, "the route \(quoted(old)) is renamed twice") }
                routeRenames[old] = new
            }
        }
        for name in drops {
            try Route.validateName(name, what: "route name")
            guard routeRenames[name] == nil else {
                throw NavigatorError(.invalidInput, "the route \(quoted(name)) is both renamed and dropped: keep one")
            }
            self.drops.insert(name)
        }
    }

    /// Whether the migration does anything at all.
    public var isEmpty: Bool { routeRenames.isEmpty && parameterRenames.isEmpty && drops.isEmpty }

    /// `route` renamed as asked (its parameters renamed by its old name); unchanged otherwise.
    ///
    /// - Throws: `invalidInput` when a renamed parameter's new key is one the route has already.
    public func renamed(_ route: Route) throws -> Route {
        let keys = parameterRenames[route.name]
        let name = routeRenames[route.name]
        guard name != nil || keys != nil && route.parameters.contains(where: { keys?[$0.key] != nil }) else { return route }
        let parameters = try route.parameters.map { parameter -> Route.Parameter in
            guard let key = keys?[parameter.key] else { return parameter }
            return parameter.type == .string
                ? try Route.Parameter(key: key, value: parameter.value)
                : try Route.Parameter(key: key, json: parameter.value)
        }
        var result = try Route(name ?? route.name, parameters: parameters)
        result.preserved = route.preserved
        return result
    }

    /// `tree` with every route renamed, and every dropped route popped (with what is pushed
    /// above it) or dismissed (with what is presented above it), where it stands.
    ///
    /// - Throws: `cannotApply` for a dropped route that is a root nothing can pop (the state's
    ///   or a tab's): name what to rename it to instead.
    public func apply(to tree: NavigationTree) throws -> NavigationTree {
        var tree = tree
        let hasRoot = tree.hasRoot
        tree.chain = try apply(to: tree.chain, rootIsFixed: hasRoot, what: "the root")
        if var tabs = tree.tabs {
            for index in tabs.all.indices {
                tabs.all[index].chain = try apply(to: tabs.all[index].chain, rootIsFixed: true, what: "the root of the tab \(quoted(tabs.all[index].name))")
            }
            tree.tabs = tabs
        }
        return tree
    }

    private func apply(to chain: NavigationChain, rootIsFixed: Bool, what: String) throws -> NavigationChain {
        var chain = chain
        if rootIsFixed {
            if drops.contains(chain.base.root.name) {
                throw NavigatorError(
                    .cannotApply,
                    "cannot drop \(quoted(chain.base.root.name)): it is \(what), which nothing pops; rename it to a route the app has (--rename \(chain.base.root.name)=<route>)")
            }
            chain.base.root = try renamed(chain.base.root)
        }
        if let cut = chain.base.pushed.firstIndex(where: { drops.contains($0.name) }) {
            chain.base.pushed.removeSubrange(cut...)
            chain.presented = []
        }
        chain.base.pushed = try chain.base.pushed.map(renamed)
        for index in chain.presented.indices {
            let flow = chain.presented[index].flow
            if drops.contains(flow.root.name) {
                chain.presented.removeSubrange(index...)
                break
            }
            if let cut = flow.pushed.firstIndex(where: { drops.contains($0.name) }) {
                chain.presented[index].flow.pushed.removeSubrange(cut...)
                chain.presented.removeSubrange((index + 1)...)
                break
            }
        }
        for index in chain.presented.indices {
            chain.presented[index].flow.root = try renamed(chain.presented[index].flow.root)
            chain.presented[index].flow.pushed = try chain.presented[index].flow.pushed.map(renamed)
        }
        return chain
    }

    /// A path (a history entry's) renamed, and cut before the first dropped route; `nil` when
    /// the first route is dropped (the entry then goes) or the path does not parse (kept as is
    /// by the caller).
    public func apply(toPath text: String) throws -> String? {
        guard var path = try? RoutePath(parsing: text) else { return text }
        for index in path.segments.indices {
            switch path.segments[index] {
            case .route(let route), .presented(_, let route):
                if drops.contains(route.name) {
                    if index == 0 && !path.withoutRoot { return nil }
                    path.segments.removeSubrange(index...)
                    // A cut that leaves a dangling tab selection keeps the tab, at its root.
                    return path.description
                }
            case .tab: continue
            }
            switch path.segments[index] {
            case .route(let route): path.segments[index] = .route(try renamed(route))
            case .presented(let style, let route): path.segments[index] = .presented(style, try renamed(route))
            case .tab: continue
            }
        }
        return path.description
    }
}
