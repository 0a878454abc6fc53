import JSONText
import PlainText
import RouteModel

/// What `migrate` does to a saved state after the app's routes changed: routes renamed
/// (`details=detail`), parameters renamed (`details._0=id`), cases and stored properties of
/// types the schema declares renamed wherever a value of the type stands (`Feature.more=extra`,
/// see ``resolved(with:)``), and routes dropped where they stand (popped, or dismissed with
/// everything above them). Pure: a tree, or a path, in and out.
public struct Migration: Sendable, Equatable {
    /// New names of routes, by old name.
    public private(set) var routeRenames: [String: String] = [:]
    /// New keys of parameters, by route (its old name) and old key.
    public private(set) var parameterRenames: [String: [String: String]] = [:]
    /// The routes to drop (by old name).
    public private(set) var drops: Set<String> = []
    /// New names of cases (an enum's) or stored properties (a struct's) of types declared under
    /// `types`, by type and old name.
    public private(set) var typeRenames: [String: [String: String]] = [:]
    /// The schema that places values of those types (the app's new one).
    private var schema: Schema?

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
    public var isEmpty: Bool { routeRenames.isEmpty && parameterRenames.isEmpty && drops.isEmpty && typeRenames.isEmpty }

    /// The migration with every `<name>.<old>=<new>` whose `<name>` is a type `schema` declares
    /// under `types`, and no route of it, renaming a case of that enum (or a stored property of
    /// that struct) instead of a route's parameter: wherever a value of the type stands, in
    /// routes' values, nested in other types' values, at any depth, found by the types `schema`
    /// gives them (the app's routes after the change; a value the schema does not place is
    /// left as it is).
    public func resolved(with schema: Schema?) -> Migration {
        guard let schema else { return self }
        var result = self
        result.schema = schema
        for (name, keys) in parameterRenames where schema.declares(type: name) && schema.routes[name] == nil {
            result.parameterRenames[name] = nil
            result.typeRenames[name] = keys
        }
        return result
    }

    /// `route` renamed as asked (its parameters renamed by its old name); unchanged otherwise.
    ///
    /// - Throws: `invalidInput` when a renamed parameter's new key is one the route has already.
    public func renamed(_ route: Route) throws -> Route {
        let keys = parameterRenames[route.name]
        let name = routeRenames[route.name]
        guard name != nil || !typeRenames.isEmpty || keys != nil && route.parameters.contains(where: { keys?[$0.key] != nil }) else { return route }
        let newName = name ?? route.name
        var changed = name != nil
        let parameters = try route.parameters.map { parameter -> Route.Parameter in
            let key = keys?[parameter.key] ?? parameter.key
            if let type = valueType(route: newName, key: key), let value = parameterJSON(parameter) {
                let renamed = try renamedValue(value, type, depth: 0)
                if renamed != value {
                    changed = true
                    return try Route.Parameter(key: key, json: renamed.text)
                }
            }
            guard key != parameter.key else { return parameter }
            changed = true
            return parameter.type == .string
                ? try Route.Parameter(key: key, value: parameter.value)
                : try Route.Parameter(key: key, json: parameter.value)
        }
        guard changed else { return route }
        var result = try Route(newName, parameters: parameters)
        result.preserved = route.preserved
        return result
    }

    /// The type the schema gives the value `key` of the route `route` (its new names): a value
    /// of the route enum's case, or a stored property of a declared struct shown as a route
    /// named after it (a NavigationPath's plain value); `nil` when no type is renamed in.
    private func valueType(route: String, key: String) -> SchemaType? {
        guard !typeRenames.isEmpty, let schema else { return nil }
        if let signature = schema.routes[route] { return signature.value(forKey: key)?.type }
        return schema.structures[route]?.member(named: key)?.type
    }

    private func parameterJSON(_ parameter: Route.Parameter) -> JSONValue? {
        parameter.type == .string ? .string(parameter.value) : try? JSONValue(parsing: Array(parameter.value.utf8))
    }

    /// `value`, a `type`, with the cases and stored properties of ``typeRenames`` renamed.
    ///
    /// - Throws: `invalidInput` when a struct's property is renamed onto one the value has.
    private func renamedValue(_ value: JSONValue, _ type: SchemaType, depth: Int) throws -> JSONValue {
        guard let schema, depth < Schema.maxCheckDepth else { return value }
        switch (type, value) {
        case (.optional(let wrapped), _):
            return value == .null ? value : try renamedValue(value, wrapped, depth: depth + 1)
        case (.array(let element), .array(let elements)):
            return .array(try elements.map { try renamedValue($0, element, depth: depth + 1) })
        case (.dictionary(let element), .object(let members)):
            return .object(try members.map { JSONValue.Member($0.key, try renamedValue($0.value, element, depth: depth + 1)) })
        case (.named(let name), .object(let members)):
            let renames = typeRenames[name] ?? [:]
            if let structure = schema.structures[name] {
                return .object(try members.map { member in
                    let key = renames[member.key] ?? member.key
                    if key != member.key, members.contains(where: { $0.key == key }) {
                        throw NavigatorError(
                            .invalidInput,
                            "cannot rename \(quoted(member.key)) of \(name) to \(quoted(key)): a value of it has \(quoted(key)) already")
                    }
                    guard let declared = structure.member(named: key) else { return JSONValue.Member(key, member.value) }
                    return JSONValue.Member(key, try renamedValue(member.value, declared.type, depth: depth + 1))
                })
            }
            // An enum value: one member, its case, holding its values.
            guard let enumeration = schema.types[name], enumeration.rawKind == nil, members.count == 1 else { return value }
            let key = renames[members[0].key] ?? members[0].key
            guard case .object(let payload) = members[0].value, let signature = enumeration[key] else {
                return .object([JSONValue.Member(key, members[0].value)])
            }
            return .object([JSONValue.Member(key, .object(try payload.map { member in
                guard let declared = signature.value(forKey: member.key) else { return member }
                return JSONValue.Member(member.key, try renamedValue(member.value, declared.type, depth: depth + 1))
            }))])
        case (.named(let name), .string(let text)):
            // A String-backed enum whose raw values are its case names: the stored name renamed.
            guard let new = typeRenames[name]?[text], let enumeration = schema.types[name], enumeration.rawKind == .string,
                  enumeration[text] == nil, enumeration[new]?.rawValue == .string(new) else { return value }
            return .string(new)
        default:
            return value
        }
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
