import RouteCodecs
import RouteModel
import RouteSchema

/// How a change meets the app's schema (the project file's `routes` and `types`): the routes a
/// command names are converted and checked before any store is read, and every route the
/// change brings into the state (a link's, say) is checked before anything is written. Routes
/// already in the state are `check`'s to report, so that a change can still take one away.
enum SchemaCheck {
    /// `operation` with its routes converted by the schema; with `words` (a positional value),
    /// its route made from them, which only a schema can place.
    static func conform(_ operation: NavigationOperation, words: [String]?, _ context: Context) throws -> NavigationOperation {
        guard let schema = context.schema else {
            // Without a schema a positional word is what it always was: no key=value.
            if let words { _ = try Route(name: words[0], arguments: Array(words.dropFirst())) }
            return operation
        }
        var operation = operation
        if let words {
            var route = try schema.route(name: words[0], words: Array(words.dropFirst()))
            if let type = context.options.elementType { route = GivenElementType.route(route, ofType: type) }
            switch operation {
            case .set: operation = .set(route)
            case .push: operation = .push(route)
            case .present(_, let style, let withNavigation): operation = .present(route, style, withNavigation: withNavigation)
            default: break
            }
        }
        // A route named as a type is (`Recipe`) may be a NavigationPath's plain value: checked
        // once the state, and so its format, is read (``checkNewRoutes(before:after:_:)``).
        return try schema.conform(operation) { isNamedAsAType($0, schema) }
    }

    /// Whether `route` is one the schema's routes lack, named as a Swift type is (an uppercase
    /// ASCII letter first: `Recipe`, `Int`): in a format that writes each element's type
    /// (SwiftUI's `NavigationPath`), a plain value of that type, which the schema does not
    /// describe.
    static func isNamedAsAType(_ route: Route, _ schema: Schema) -> Bool {
        guard let first = route.name.utf8.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) else { return false }
        return schema.routes[route.name] == nil
    }

    /// `operation` on a route setting whose routes have raw values: `set <name>` of a case is
    /// `set <integer>` for an `Int`-backed enum, and `set <raw value>` for a `String`-backed one
    /// whose raw value is not its name (`home = "start"`).
    static func rawValue(_ operation: NavigationOperation, in state: StoredState, _ context: Context) throws -> NavigationOperation {
        guard let schema = context.schema, case .set(let route) = operation, case .setting(let setting) = state,
              let raw = schema.routes[route.name]?.rawValue else { return operation }
        switch (raw, setting) {
        case (.int(let value), .integer), (.int(let value), .unset):
            return .setInteger(Int64(value))
        case (.string(let text), .value), (.string(let text), .unset):
            guard text != route.name else { return operation }
            guard Route.isValidName(text) else {
                throw NavigatorError(
                    .invalidInput,
                    "the raw value of '\(route.name)' is \(NavigatorError.quote(text)), which routectl cannot write as a route setting (it takes route names)")
            }
            return .set(try Route(text))
        default:
            return operation
        }
    }

    /// The name of the case whose raw value `setting` holds, when the schema's routes have raw
    /// values and one case has this one; `nil` otherwise (no schema, unset, a value no case has).
    static func caseName(of setting: RouteSetting, _ schema: Schema?) -> String? {
        guard let schema else { return nil }
        switch (setting, schema.routes.rawKind) {
        case (.integer(let value), .int?):
            return Int(exactly: value).flatMap { schema.routes.case(rawValue: .int($0))?.name }
        case (.value(let text), .string?):
            return schema.routes.case(rawValue: .string(text))?.name
        default:
            return nil
        }
    }

    /// Why the app's `@AppStorage` would not read `setting` as a route of the schema: a raw
    /// value no case has (the routes' own raw values when they have them, else their names).
    static func problem(with setting: RouteSetting, _ schema: Schema) -> String? {
        switch (setting, schema.routes.rawKind) {
        case (.unset, _): return nil
        case (.integer(let value), .int?):
            guard let raw = Int(exactly: value), schema.routes.case(rawValue: .int(raw)) != nil else {
                // The first few cases: an app of many tabs would make a line of every one.
                let cases = schema.routes.cases
                let shown = cases.prefix(5).map { "\($0.name) = \($0.rawValue!)" }.joined(separator: ", ")
                return "\(value) is the raw value of no route of the schema (\(shown)\(cases.count > 5 ? ", … (\(cases.count) in all)" : ""))"
            }
            return nil
        case (.integer(let value), _):
            return "\(value) is an integer, and the schema's routes have no Int raw values (declare them as home = 0)"
        case (.value(let text), .string?):
            guard schema.routes.case(rawValue: .string(text)) != nil else {
                return "\(NavigatorError.quote(text)) is the raw value of no route of the schema"
            }
            return nil
        case (.value(let text), .int?):
            return "\(NavigatorError.quote(text)) is text, and the schema's routes are raw integers"
        case (.value(let text), nil):
            guard let signature = schema.routes[text] else {
                return "\(NavigatorError.quote(text)) is not a route of the schema"
                    + (Suggestion.closest(to: text, among: schema.routeNames).map { "; did you mean '\($0)'?" } ?? "")
            }
            return signature.values.isEmpty ? nil : "'\(text)' takes values, and a setting holds a name alone"
        }
    }

    /// Throws (exit 64) for the first route of `after` that `before` did not hold and the schema
    /// does not take.
    static func checkNewRoutes(before: StoredState, after: StoredState, _ schema: Schema) throws {
        switch (before, after) {
        case (.navigator(let old), .navigator(let new)):
            let known = Set(old.tree.allRoutes)
            let plainValues = FormatTable.standard.format(named: new.formatName)?.namesElementTypes == true
            for route in new.tree.allRoutes where !route.name.isEmpty && !known.contains(route) {
                if plainValues && isNamedAsAType(route, schema) { continue }
                try schema.check(route)
            }
        case (_, .setting(let setting)):
            if let problem = problem(with: setting, schema) { throw NavigatorError(.invalidInput, problem) }
        default:
            return
        }
    }
}
