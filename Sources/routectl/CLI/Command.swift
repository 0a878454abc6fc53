/// Every subcommand routectl knows, as a type. A command added here must get a row in
/// ``CommandSpec/all`` and a case in ``Invocation``'s switch, or the build fails.
enum Command: String, CaseIterable, Sendable, CustomStringConvertible {
    case show, set, push, pop, present, dismiss, tab, go, open, undo, redo, reset, history
    case initialize = "init"
    case link, states
    /// The app's schema (issue 21): check a saved state, migrate one after routes changed.
    case check, migrate
    /// Finding the app and its key (issue 38): a simulator's installed apps, and the keys of an
    /// app's preferences that hold navigation state.
    case apps, keys
    case help, completions, man
    /// The hidden helper of the completion scripts (route names, one a line).
    case routes = "__routes"
    /// The hidden helper of the completion scripts (the root's tab names, one a line).
    case tabs = "__tabs"
    /// The hidden helper of the completion scripts (the declared URL patterns' fixed prefixes,
    /// one a line).
    case links = "__links"
    /// The hidden helper of the completion scripts (the labelled parameters the schema gives a
    /// route, each as `label=`, one a line).
    case parameters = "__parameters"
    /// The hidden helper of the completion scripts (the project file's named states, each as
    /// `@<name>`, one a line).
    case stateNames = "__states"

    /// The name as typed.
    var name: String { rawValue }

    /// The name as typed, so that interpolating a command into a message shows what the user
    /// typed (`init`, not the case name).
    var description: String { rawValue }

    /// The command's row in the table.
    var spec: CommandSpec { CommandSpec.all.first { $0.command == self }! }
}
