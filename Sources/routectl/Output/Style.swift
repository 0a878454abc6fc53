/// ANSI styles for terminal output.
enum Style {
    /// `text` in bold.
    static func bold(_ text: String) -> String { "\u{1B}[1m" + text + "\u{1B}[0m" }
}
