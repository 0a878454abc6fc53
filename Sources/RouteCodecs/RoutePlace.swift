import RouteModel

/// A route of a state and where it stands, in the terms of the format that holds it: a coding
/// path such as `tabs[1].destinations[0]` for VAPersistentNavigator's tree, `[3]` for an array,
/// or, for routectl's own file, the state's path up to the route (`home/details/sheet:edit`).
/// `check` names each problem so.
public struct RoutePlace: Sendable, Equatable {
    /// Where the route stands.
    public var path: String
    /// The route.
    public var route: Route

    public init(_ path: String, _ route: Route) {
        self.path = path
        self.route = route
    }

    /// Every route of `state`'s tree, named by the state's path up to it, names only
    /// (`home/details/sheet:edit`; `/details` in a stack without a root of its own;
    /// `home/tab:feed/more` in a tab; `tab:first/main` when the tabs' container is no route).
    public static func pathPlaces(_ tree: NavigationTree) -> [RoutePlace] {
        var places: [RoutePlace] = []
        let base = tree.hasRoot ? tree.root.name : ""
        if tree.hasRoot { places.append(RoutePlace(base, tree.root)) }
        chain(tree.chain, skippingRoot: true, prefix: base, into: &places)
        for tab in tree.tabs?.all ?? [] {
            let prefix = (tree.hasRoot ? base + "/" : "") + "tab:" + tab.name
            // A declared container's tab is based on the route named like it; a tab of a
            // container that is no route has a root of its own.
            let root = tree.hasRoot ? prefix : prefix + "/" + tab.chain.base.root.name
            places.append(RoutePlace(root, tab.chain.base.root))
            chain(tab.chain, skippingRoot: true, prefix: root, into: &places)
        }
        return places
    }

    private static func chain(_ chain: NavigationChain, skippingRoot: Bool, prefix: String, into places: inout [RoutePlace]) {
        var prefix = prefix
        for route in chain.base.pushed {
            prefix += "/" + route.name
            places.append(RoutePlace(prefix, route))
        }
        for presentation in chain.presented {
            prefix += "/\(presentation.style.rawValue):" + presentation.flow.root.name
            places.append(RoutePlace(prefix, presentation.flow.root))
            for route in presentation.flow.pushed {
                prefix += "/" + route.name
                places.append(RoutePlace(prefix, route))
            }
        }
    }

    /// Every route a path names, each at `member` and the path up to it (none when the path does
    /// not parse: reading the file refuses such a path first).
    package static func places(inPath text: String, member: String) -> [RoutePlace] {
        guard let path = try? RoutePath(parsing: text) else { return [] }
        var places: [RoutePlace] = []
        var prefix = path.withoutRoot ? "" : nil as String?
        for segment in path.segments {
            let route: Route
            let word: String
            switch segment {
            case .route(let found):
                route = found
                word = found.name
            case .presented(let style, let found):
                route = found
                word = "\(style.rawValue):" + found.name
            case .tab(let name):
                prefix = (prefix.map { $0 + "/" } ?? "") + "tab:" + name
                continue
            }
            prefix = (prefix.map { $0 + "/" } ?? "") + word
            places.append(RoutePlace("\(member) \(prefix!)", route))
        }
        return places
    }
}

extension NavigatorCodec {
    /// Every route of `state`, as the state's path up to it (``RoutePlace/pathPlaces(_:)``):
    /// the default for a format without coding paths of its own.
    public func routePlaces(in state: NavigatorState) -> [RoutePlace] {
        RoutePlace.pathPlaces(state.tree)
    }
}
