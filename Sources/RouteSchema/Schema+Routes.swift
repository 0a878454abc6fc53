import JSONText
import PlainText
import RouteModel

extension Schema {
    /// Why `route` is not a value of the app's route enum, in one phrase naming the route, the
    /// value and the type expected (`'details' takes an Int as _0, found "42"`), or `nil`.
    public func problem(with route: Route) -> String? {
        guard let signature = routes[route.name] else {
            return "'\(route.name)' is not a route of the schema"
                + (Schema.nearest(route.name, routes.names).map { "; did you mean '\($0)'?" } ?? "")
        }
        if routes.rawKind != nil, !route.parameters.isEmpty {
            return "'\(route.name)' takes no values: the routes are an enum with raw values"
        }
        guard case .object(let cases) = route.codableValue, case .object(let payload) = cases[0].value else { return nil }
        return payloadMismatch(payload, signature).map { quoteName($0, signature.name) }
    }

    /// As ``problem(with:)``, but exactly as the app's decoder reads a stored route: a member a
    /// declared struct does not have, which the decoder ignores, is no problem; `notes` gets a
    /// line for each (`'detail' _0.drat: DetailFeature.State has no stored property 'drat'; did
    /// you mean 'draft'? (the app's decoder ignores it)`). What `check` uses.
    public func problem(with route: Route, notes: inout [String]) -> String? {
        guard let signature = routes[route.name], routes.rawKind == nil,
              case .object(let cases) = route.codableValue, case .object(let payload) = cases[0].value else { return problem(with: route) }
        var found: [String] = []
        let problem = payloadMismatch(payload, signature, notes: &found).map { quoteName($0, signature.name) }
        notes += found.map { "'\(route.name)' \($0)" }
        return problem
    }

    /// Throws `invalidInput` (a usage error: exit 64) when `route` is not a value of the app's
    /// route enum; an undeclared route carries the route names, for did-you-mean.
    public func check(_ route: Route) throws {
        guard let problem = problem(with: route) else { return }
        if routes[route.name] == nil {
            throw NavigatorError(
                .invalidInput, "route \(quoted(route.name)) is not in the schema's routes",
                fact: .routeNotAllowed(name: route.name, allowed: routes.names))
        }
        throw NavigatorError(.invalidInput, problem)
    }

    /// `route` with each text value the schema types otherwise converted (`_0=42` for an
    /// `Int` is `_0:=42`), then checked.
    ///
    /// A text value becomes the JSON it spells when the type is not `String` and that JSON is
    /// of the type (`42`, `true`, `[1,2]`); for a declared enum without raw values, a case
    /// without values may be named alone (`feature=more` is `{"more":{}}`).
    ///
    /// A route the schema lacks is returned unchecked when `passing` says so (a value of
    /// another type, which the caller checks once it knows the format).
    ///
    /// - Throws: as ``check(_:)``.
    public func conform(_ route: Route, passing: (Route) -> Bool = { _ in false }) throws -> Route {
        guard let signature = routes[route.name] else {
            if passing(route) { return route }
            try check(route)
            return route
        }
        var changed = false
        let parameters: [Route.Parameter] = try route.parameters.map { parameter -> Route.Parameter in
            guard parameter.type == .string, let value = signature.value(forKey: parameter.key),
                  let json = converted(parameter.value, to: value.type) else { return parameter }
            changed = true
            return try Route.Parameter(key: parameter.key, json: json.text)
        }
        var result = route
        if changed {
            result = try Route(route.name, parameters: parameters)
            result.preserved = route.preserved
        }
        result = try withDefaults(result)
        try check(result)
        return result
    }

    /// `route` with every value it leaves out that has a default given it, as Swift's `.case()`
    /// makes the value (the app's decoder does not fill it in); an optional whose default is
    /// `nil` stays out, as the encoder leaves it. Values in the enum's order. What a change
    /// writes and a named state goes to.
    public func withDefaults(_ route: Route) throws -> Route {
        guard let signature = routes[route.name], routes.rawKind == nil else { return route }
        var filled = route.parameters
        for value in signature.values where value.defaultValue != nil && value.defaultValue != .null {
            guard !filled.contains(where: { $0.key == value.key }), let json = defaultJSON(value.defaultValue!, value.type) else { continue }
            filled.append(try Route.Parameter(key: value.key, json: json.text))
        }
        guard filled.count > route.parameters.count else { return route }
        let order = Dictionary(uniqueKeysWithValues: signature.values.map { ($0.key, $0.position) })
        filled.sort { (order[$0.key] ?? Int.max) < (order[$1.key] ?? Int.max) }
        var result = try Route(route.name, parameters: filled)
        result.preserved = route.preserved
        return result
    }

    /// The JSON synthesized `Codable` writes for `value`, a default of a `type`.
    func defaultJSON(_ value: CaseSignature.DefaultValue, _ type: SchemaType) -> JSONValue? {
        switch (value, type) {
        case (_, .optional(let wrapped)): return value == .null ? .null : defaultJSON(value, wrapped)
        case (.number(let text), .int): return Int(text).map { .number(String($0)) }
        case (.number(let text), .double):
            guard let number = Double(text) else { return nil }
            return .number(Int(text).map(String.init) ?? "\(number)")
        case (.string(let text), _): return .string(text)
        case (.bool(let flag), _): return .bool(flag)
        case (.emptyArray, _): return .array([])
        case (.emptyDictionary, _): return .object([])
        case (.enumCase(let name), .named(let typeName)):
            guard let enumeration = types[typeName], let signature = enumeration[name] else { return nil }
            switch signature.rawValue {
            case .int(let raw)?: return .number(String(raw))
            case .string(let text)?: return .string(text)
            case nil: return .object([JSONValue.Member(name, .object([]))])
            }
        default: return nil
        }
    }

    /// `name` with `words` as its values: `key=value` and `key:=<json>` as everywhere, and a word
    /// without `=` filling the next unlabelled value not given by key; converted and checked as
    /// ``conform(_:)`` does.
    public func route(name: String, words: [String]) throws -> Route {
        let named = words.filter { $0.contains("=") }
        let positional = words.filter { !$0.contains("=") }
        var parameters = try named.map(Route.Parameter.init(argument:))
        if !positional.isEmpty {
            guard let signature = routes[name] else {
                _ = try Route(name)
                try check(try Route(name))
                throw NavigatorError(.invalidInput, "invalid parameter \(quoted(positional[0])): expected key=value or key:=<json>", fact: .parameterWithoutValue)
            }
            let given = Set(parameters.map(\.key))
            let open = signature.values.filter { $0.label == nil && !given.contains($0.key) }
            guard positional.count <= open.count else {
                let takes = open.isEmpty ? "no unlabelled value" : open.count == 1 ? "1 unlabelled value" : "\(open.count) unlabelled values"
                let labels = signature.values.compactMap(\.label)
                throw NavigatorError(
                    .invalidInput,
                    "'\(name)' takes \(takes)\(given.isEmpty ? "" : " besides those given"), found \(quoted(positional[open.count], limit: 40))"
                        + (labels.isEmpty ? "" : ": name the value, such as \(labels[0])=\(positional[open.count])"))
            }
            for (word, value) in zip(positional, open) {
                parameters.append(try Route.Parameter(key: value.key, value: word))
            }
            // In the enum's order, as synthesized Codable writes them.
            let order = Dictionary(uniqueKeysWithValues: signature.values.map { ($0.key, $0.position) })
            parameters.sort { (order[$0.key] ?? Int.max) < (order[$1.key] ?? Int.max) }
        }
        return try conform(try Route(name, parameters: parameters))
    }

    /// The JSON `text` spells as a `type`, when it is not already text the type takes.
    private func converted(_ text: String, to type: SchemaType) -> JSONValue? {
        switch type {
        case .string: return nil
        case .optional(let wrapped):
            if text == "null", wrapped != .string { return .null }
            return converted(text, to: wrapped)
        case .named(let name):
            if let enumeration = types[name], enumeration.rawKind == nil, let signature = enumeration[text], signature.values.isEmpty {
                return .object([JSONValue.Member(text, .object([]))])
            }
            if let enumeration = types[name], enumeration.rawKind == .string { return nil }
        case .int, .double, .bool, .array, .dictionary: break
        }
        guard let value = try? JSONValue(parsing: Array(text.utf8)), mismatch(value, type) == nil else { return nil }
        return value
    }

    private func quoteName(_ phrase: String, _ name: String) -> String {
        // payloadMismatch starts with the case's name; a route's is quoted.
        "'\(name)'" + phrase.dropFirst(name.count)
    }
}
