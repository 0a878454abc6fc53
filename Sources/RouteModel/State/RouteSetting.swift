import PlainText

/// A root route kept as an app's own setting: the raw value of a `String`-backed enum under a
/// preferences key, as `@AppStorage("route") var route: Route = .onboarding` keeps it.
///
/// It is a route name and nothing more: no parameters, no pushed routes, no presentations, no
/// history. Unset, the app's own default applies, which routectl cannot know. The value is kept
/// as the app wrote it, even when it is no route name routectl would write (the app's enum may
/// allow more); ``route`` is then `nil`.
public enum RouteSetting: Equatable, Sendable {
    /// No value: the app's own default applies.
    case unset
    /// The raw value, as stored.
    case value(String)

    /// The route the value names; `nil` when unset or when the value is not a valid route name.
    public var route: Route? {
        guard case .value(let raw) = self else { return nil }
        return try? Route(raw)
    }

    /// Applies `operation`. Only `set` of a route without parameters (or `go` to one), and
    /// `reset` (which unsets the value, so the app's default applies) can change a setting;
    /// operations that would find nothing to do (`pop --root`, `dismiss --all`, `pop --to` or
    /// `dismiss --to` the current route) change nothing. Returns whether anything changed.
    ///
    /// - Throws: `cannotApply` with the fact ``NavigatorError/Fact/onlyARootRoute(operation:route:)``
    ///   for every other operation; the message starts with "holds only", for the caller to
    ///   name what holds the setting.
    @discardableResult
    public mutating func perform(_ operation: NavigationOperation) throws -> Bool {
        switch operation {
        case .set(let route):
            return try make(route, operation)
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
        guard route.parameters.isEmpty else {
            throw refusal(operation, "the parameters of \(quoted(route.name)) have nowhere to go")
        }
        guard self != .value(route.name) else { return false }
        self = .value(route.name)
        return true
    }

    private func refusal(_ operation: NavigationOperation, _ reason: String) -> NavigatorError {
        let route: String?
        switch operation {
        case .set(let named), .push(let named), .present(let named, _, _): route = named.name
        default: route = nil
        }
        return NavigatorError(
            .cannotApply, "holds only a root route (a string): \(reason)",
            fact: .onlyARootRoute(operation: operation.name, route: route))
    }
}
