/// A change to the navigation state, as a value: what `set`, `push`, `pop` and `reset` do.
public enum NavigationOperation: Equatable, Sendable {
    /// Makes the route the root and clears the stack.
    case set(Route)
    /// Pushes the route on top of the stack.
    case push(Route)
    /// Pops this many routes (at least 1) off the top of the stack.
    case pop(Int)
    /// Pops until the nearest route with this name, counting the root, is on top.
    case popTo(String)
    /// Pops everything above the root.
    case popToRoot
    /// Makes the initial route the root and clears the stack.
    case reset

    /// The name recorded in history: `set`, `push`, `pop` or `reset`.
    public var name: String {
        switch self {
        case .set: return "set"
        case .push: return "push"
        case .pop, .popTo, .popToRoot: return "pop"
        case .reset: return "reset"
        }
    }

    /// The arguments recorded in history, as command-line words.
    public var arguments: [String] {
        switch self {
        case .set(let route), .push(let route): return route.arguments
        case .pop(let count): return [String(count)]
        case .popTo(let name): return ["--to", name]
        case .popToRoot: return ["--root"]
        case .reset: return []
        }
    }

    /// The route names this operation refers to, which a declared route list must allow.
    var referencedNames: [String] {
        switch self {
        case .set(let route), .push(let route): return [route.name]
        case .popTo(let name): return [name]
        case .pop, .popToRoot, .reset: return []
        }
    }
}
