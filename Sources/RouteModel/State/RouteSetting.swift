import PlainText

/// A root route kept as an app's own setting: the raw value of a `String`-backed enum under a
/// preferences key, as `@AppStorage("route") var route: Route = .onboarding` keeps it, or of an
/// `Int`-backed enum (a selected tab, say), an integer.
///
/// It is a raw value and nothing more: no parameters, no pushed routes, no presentations, no
/// history. Unset, the app's own default applies, which routectl cannot know. A string is kept
/// as the app wrote it, even when it is no route name routectl would write (the app's enum may
/// allow more); ``route`` is then `nil`. An integer names no route without the app's schema: it
/// is shown and set as the integer it is.
public enum RouteSetting: Equatable, Sendable {
    /// No value: the app's own default applies.
    case unset
    /// The raw value of a `String`-backed enum, as stored.
    case value(String)
    /// The raw value of an `Int`-backed enum.
    case integer(Int64)

    /// The route the value names; `nil` when unset, an integer, or not a valid route name.
    public var route: Route? {
        guard case .value(let raw) = self else { return nil }
        return try? Route(raw)
    }

    /// Applies `operation`. Only `set` of a route without parameters (or `go` to one) on a
    /// string or unset setting, `set` of an integer (``NavigationOperation/setInteger(_:)``) on
    /// an integer or unset one, and `reset` (which unsets the value, so the app's default
    /// applies) can change a setting; operations that would find nothing to do (`pop --root`,
    /// `dismiss --all`, `pop --to` or `dismiss --to` the current route) change nothing.
    /// Returns whether anything changed.
    ///
    /// - Throws: `cannotApply` with the fact ``NavigatorError/Fact/onlyARootRoute(operation:route:)``
    ///   (``NavigatorError/Fact/onlyAnInteger(operation:value:)`` when it holds an integer)
    ///   for every other operation; the message starts with "holds only", for the caller to
    ///   name what holds the setting. `invalidInput` for an integer on a string setting: it
    ///   takes route names, and an integer is none.
    @discardableResult
    public mutating func perform(_ operation: NavigationOperation) throws -> Bool {
        switch operation {
        case .set(let route):
            return try make(route, operation)
        case .setInteger(let value):
            if case .value = self {
                // Refused as `set 2` always was: a string setting takes route names.
                try Route.validateName(String(value), what: "route name")
            }
            guard self != .integer(value) else { return false }
            self = .integer(value)
            return true
        case .go(let path):
            guard path.segments.count == 1, case .route(let route) = path.segments[0] else {
                throw refusal(operation, "the path \(quoted(path.description)) needs a whole navigator state")
            }
            return try make(route, operation)
        case .reset:
            guard self != .unset else { return false }
            self = .unset
            return true
        case .popToRoot, .dismissAll:
            return false
        case .popTo(let name), .dismissTo(let name):
            guard case .value(name) = self else {
                throw refusal(operation, "\(quoted(name)) is not the route it holds")
            }
            return false
        case .push: throw refusal(operation, "nothing can be pushed on it")
        case .present: throw refusal(operation, "nothing can be presented over it")
        case .pop: throw refusal(operation, "there is nothing to pop")
        case .dismiss: throw refusal(operation, "nothing is presented")
        case .selectTab: throw refusal(operation, "it has no tabs")
        case .undo, .redo: throw refusal(operation, "routectl keeps no history for it")
        case .open: throw refusal(operation, "it declares no links")
        }
    }

    private mutating func make(_ route: Route, _ operation: NavigationOperation) throws -> Bool {
        if case .integer = self {
            throw refusal(operation, "\(quoted(route.description)) is no integer; set takes one")
        }
        guard route.parameters.isEmpty else {
            throw refusal(operation, "the parameters of \(quoted(route.name)) have nowhere to go")
        }
        guard self != .value(route.name) else { return false }
        self = .value(route.name)
        return true
    }

    /// What it holds, for messages: `a root route (a string)`, or `an integer (the raw value of
    /// an Int-backed enum)`.
    public var holding: String {
        guard case .integer = self else { return "a root route (a string)" }
        return "an integer (the raw value of an Int-backed enum)"
    }

    /// The refusal of `operation` (a command's name), which needs more than the setting holds:
    /// `cannotApply`, "holds only <holding>" then `reason` (which starts with its own
    /// punctuation), with the fact ``NavigatorError/Fact/onlyARootRoute(operation:route:)``, or
    /// ``NavigatorError/Fact/onlyAnInteger(operation:value:)`` when it holds an integer.
    public func refusal(_ operation: String, route: String? = nil, _ reason: String) -> NavigatorError {
        let fact: NavigatorError.Fact
        if case .integer(let value) = self {
            fact = .onlyAnInteger(operation: operation, value: value)
        } else {
            fact = .onlyARootRoute(operation: operation, route: route)
        }
        return NavigatorError(.cannotApply, "holds only \(holding)\(reason)", fact: fact)
    }

    private func refusal(_ operation: NavigationOperation, _ reason: String) -> NavigatorError {
        let route: String?
        switch operation {
        case .set(let named), .push(let named), .present(let named, _): route = named.name
        default: route = nil
        }
        return refusal(operation.name, route: route, ": " + reason)
    }
}
