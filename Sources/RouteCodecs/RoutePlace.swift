import RouteModel

/// A route of a state and where it stands, in the terms of the format that holds it: a coding
/// path such as `tabs[1].destinations[0]` for VAPersistentNavigator's tree, `[3]` for an array,
/// or, for routectl's own file, the state's path up to the route (`home/details/sheet:edit`).
/// `check` names each problem so.
public struct RoutePlace: Sendable, Equatable {
    /// A text of which the place's path is the first `length` UTF-8 bytes: the places along one
    /// chain share the chain's whole path, so that a path of n routes costs n, not n² (a
    /// 60,000-route named state took `check` 12 s when each place held its own prefix).
    private var text: String
    private var length: Int
    /// The route.
    public var route: Route

    /// Where the route stands.
    public var path: String {
        get { length == text.utf8.count ? text : String(decoding: text.utf8.prefix(length), as: UTF8.self) }
        set { text = newValue; length = newValue.utf8.count }
    }

    public init(_ path: String, _ route: Route) {
        self.text = path
        self.length = path.utf8.count
        self.route = route
    }

    public static func == (lhs: RoutePlace, rhs: RoutePlace) -> Bool {
        lhs.route == rhs.route && lhs.path == rhs.path
    }

    /// Places along one path, each the text so far: built as one text, then shared.
    private struct Prefixes {
        var text: String
        var ends: [(Int, Route)] = []

        init(_ text: String) { self.text = text }

        /// Adds `word`, after a `/` unless `bare`, and a place for `route` ending there when
        /// there is one.
        mutating func add(_ word: String, _ route: Route?, bare: Bool = false) {
            if !bare { text += "/" }
            text += word
            if let route { ends.append((text.utf8.count, route)) }
        }

        func places(into places: inout [RoutePlace]) {
            for (end, route) in ends {
                var place = RoutePlace(text, route)
                place.length = end
                places.append(place)
            }
        }
    }

    /// Every route of `state`'s tree, named by the state's path up to it, names only
    /// (`home/details/sheet:edit`; `/details` in a stack without a root of its own;
    /// `home/tab:feed/more` in a tab; `tab:first/main` when the tabs' container is no route).
    public static func pathPlaces(_ tree: NavigationTree) -> [RoutePlace] {
        var places: [RoutePlace] = []
        let base = tree.hasRoot ? tree.root.name : ""
        if tree.hasRoot { places.append(RoutePlace(base, tree.root)) }
        chain(tree.chain, prefix: base, into: &places)
        for tab in tree.tabs?.all ?? [] {
            let prefix = (tree.hasRoot ? base + "/" : "") + "tab:" + tab.name
            // A declared container's tab is based on the route named like it; a tab of a
            // container that is no route has a root of its own.
            let root = tree.hasRoot ? prefix : prefix + "/" + tab.chain.base.root.name
            places.append(RoutePlace(root, tab.chain.base.root))
            chain(tab.chain, prefix: root, into: &places)
        }
        return places
    }

    private static func chain(_ chain: NavigationChain, prefix: String, into places: inout [RoutePlace]) {
        var prefixes = Prefixes(prefix)
        for route in chain.base.pushed {
            prefixes.add(route.name, route)
        }
        for presentation in chain.presented {
            prefixes.add("\(presentation.style.rawValue):" + presentation.flow.root.name, presentation.flow.root)
            for route in presentation.flow.pushed {
                prefixes.add(route.name, route)
            }
        }
        prefixes.places(into: &places)
    }

    /// Every route a path names, each at `member` and the path up to it (none when the path does
    /// not parse: reading the file refuses such a path first).
    package static func places(inPath text: String, member: String) -> [RoutePlace] {
        guard let path = try? RoutePath(parsing: text) else { return [] }
        var prefixes = Prefixes(member + " ")
        // The first word follows the member bare, or after a `/` in a stack without a root.
        var first = !path.withoutRoot
        for segment in path.segments {
            switch segment {
            case .route(let found):
                prefixes.add(found.name, found, bare: first)
            case .presented(let style, let found):
                prefixes.add("\(style.rawValue):" + found.name, found, bare: first)
            case .tab(let name):
                prefixes.add("tab:" + name, nil, bare: first)
            }
            first = false
        }
        var places: [RoutePlace] = []
        prefixes.places(into: &places)
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
