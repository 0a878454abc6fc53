/// A change to the navigation state, as a value: what `set`, `push`, `pop`, `reset`,
/// `present`, `dismiss`, `tab`, `go`, `open` and `undo` do.
public enum NavigationOperation: Equatable, Sendable {
    /// Makes the route the root: its stack cleared, everything dismissed, and when it is a tab
    /// container, every tab at its root with the first selected.
    case set(Route)
    /// Makes a route setting hold this integer, the raw value of an `Int`-backed enum (`set 2`):
    /// only a setting that holds an integer, or none yet, takes one; to anything else it is a
    /// route name that is not valid.
    case setInteger(Int64)
    /// Pushes the route on the top flow.
    case push(Route)
    /// Pops this many routes (at least 1) off the top flow, never its root.
    case pop(Int)
    /// Pops the top flow until the nearest route with this name, counting its root, is on top.
    case popTo(String)
    /// Pops everything above the top flow's root.
    case popToRoot
    /// Makes the initial route the root, as ``set(_:)`` does.
    case reset
    /// Presents a new flow rooted at the route over the top flow.
    case present(Route, PresentationStyle)
    /// Removes the top presentation.
    case dismiss
    /// Removes every presentation of the active chain.
    case dismissAll
    /// Removes presentations until the top flow holds a route with this name.
    case dismissTo(String)
    /// Selects the root's tab with this name.
    case selectTab(String)
    /// Makes the state what the path says.
    case go(RoutePath)
    /// Makes the state the path that the first declared link taking the URL gives, as
    /// ``go(_:)`` does.
    case open(URLText)
    /// Restores the state as it was before this many recorded changes (at least 1), stepping
    /// back from where the last undo or redo left it.
    case undo(Int)
    /// Takes forward again this many changes that undo took back (at least 1), until another
    /// change is made.
    case redo(Int)

    /// The name recorded in history: the command's name.
    public var name: String {
        switch self {
        case .set, .setInteger: return "set"
        case .push: return "push"
        case .pop, .popTo, .popToRoot: return "pop"
        case .reset: return "reset"
        case .present: return "present"
        case .dismiss, .dismissAll, .dismissTo: return "dismiss"
        case .selectTab: return "tab"
        case .go: return "go"
        case .open: return "open"
        case .undo: return "undo"
        case .redo: return "redo"
        }
    }

    /// The arguments recorded in history, as command-line words.
    public var arguments: [String] {
        switch self {
        case .set(let route), .push(let route): return route.arguments
        case .setInteger(let value): return [String(value)]
        case .pop(let count), .undo(let count), .redo(let count): return [String(count)]
        case .popTo(let name): return ["--to", name]
        case .popToRoot: return ["--root"]
        case .reset, .dismiss: return []
        case .present(let route, let style): return route.arguments + (style == .cover ? ["--cover"] : [])
        case .dismissAll: return ["--all"]
        case .dismissTo(let name): return ["--to", name]
        case .selectTab(let name): return [name]
        case .go(let path): return [path.description]
        case .open(let url): return [url.description]
        }
    }

    /// The route names this operation refers to, which a declared route list must allow.
    package var referencedNames: [String] {
        switch self {
        case .set(let route), .push(let route), .present(let route, _): return [route.name]
        case .popTo(let name), .dismissTo(let name): return [name]
        case .go(let path): return path.routeNames
        case .setInteger, .pop, .popToRoot, .reset, .dismiss, .dismissAll, .selectTab, .undo, .redo, .open: return []
        }
    }
}
