/// Where the navigator file lives when no path is given.
enum FileLocation {
    /// The file's path: `explicit` when given (a `--file` option), then `$ROUTECTL_FILE`, then
    /// `$XDG_STATE_HOME/routectl/navigator.json`, then `$HOME/.local/state/routectl/navigator.json`;
    /// `nil` when none of them is set (rather than a path under the file system's root).
    ///
    /// - Parameters:
    ///   - explicit: a path the user named, which wins.
    ///   - environment: looks up an environment variable; empty values count as unset, and so
    ///     does a relative `XDG_STATE_HOME`, as the XDG specification asks, and a relative `HOME`.
    static func resolve(explicit: String?, environment: (String) -> String?) -> String? {
        func value(_ name: String) -> String? {
            guard let text = environment(name), !text.isEmpty else { return nil }
            return text
        }
        if let explicit { return explicit }
        if let file = value("ROUTECTL_FILE") { return file }
        if let state = value("XDG_STATE_HOME"), state.hasPrefix("/") {
            return state + "/routectl/navigator.json"
        }
        // A relative HOME (`~`, a quoting slip) would put the file under the working folder.
        guard let home = value("HOME"), home.hasPrefix("/") else { return nil }
        return home + "/.local/state/routectl/navigator.json"
    }
}
