/// What a shell should offer for an option's value or a command's arguments.
enum Completion: Equatable, Sendable {
    case none
    /// A file path.
    case file
    /// A route name of the file in use.
    case route
    /// A tab of the root of the file in use.
    case tab
    /// The start of a URL a declared link takes: its URL pattern's text before the first
    /// placeholder.
    case link
    /// A named state of the project file, as `go` takes it: `@<name>`.
    case state
    /// A command name.
    case command
    /// One of these words.
    case choices([String])
}
