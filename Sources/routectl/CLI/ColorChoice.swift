/// When to colour output, as `--color` takes it (the words git, ripgrep and ls use).
enum ColorChoice: String, CaseIterable, Sendable {
    /// Colour when standard output is a terminal (and nothing in the environment says no).
    case auto
    /// Always colour tables, even into a pipe.
    case always
    /// Never colour.
    case never
}
