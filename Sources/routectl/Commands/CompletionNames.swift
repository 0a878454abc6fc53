/// What a hidden helper of the completion scripts lists.
enum CompletionNames: Sendable, Equatable {
    /// Route names the file knows (`__routes`).
    case routes
    /// The tabs of the root, when it is a tab container (`__tabs`).
    case tabs
    /// The declared URL patterns' fixed starts, each once (`__links`).
    case links
    /// The labelled parameters the schema gives a route, as `label=` (`__parameters`).
    case parameters(route: String)
    /// The project file's named states, as `@<name>` (`__states`).
    case states
}
