/// Where the navigator file lives when no path is given.
enum FileLocation {
    /// The file's path: `explicit` when given (a `--file` option), then `$ROUTECTL_FILE`, then
    /// `$XDG_STATE_HOME/routectl/navigator.json`, then `$HOME/.local/state/routectl/navigator.json`;
    /// `nil` when none of them is set (rather than a path under the file system's root).
    ///
    /// - Parameters:
    ///   - explicit: a path the user named, which wins.
    ///   - environment: looks up an environment variable; empty values count as unset, and so
    ///     does a relative `XDG_STATE_HOME` (or one that is not UTF-8), as the XDG specification
    ///     asks, and a relative `HOME`.
    /// - Throws: ``UsageError`` when the path would come from a `ROUTECTL_FILE` or `HOME` that
    ///   is not valid UTF-8.
    static func resolve(explicit: String?, environment: (String) -> EnvironmentValue?) throws -> String? {
        func value(_ name: String) throws -> String? {
            switch environment(name) {
            case .text(let text)?: return text.isEmpty ? nil : text
            case .notUTF8?:
                // XDG_STATE_HOME: not an absolute path, so skipped, as a relative one is.
                if name == "XDG_STATE_HOME" { return nil }
                throw UsageError(
                    "the navigator file's path from ROUTECTL_FILE, XDG_STATE_HOME or HOME is not valid UTF-8",
                    hint: "name the file with --file <path>")
            case nil: return nil
            }
        }
        if let explicit { return explicit }
        if let file = try value("ROUTECTL_FILE") { return file }
        if let state = try value("XDG_STATE_HOME"), state.hasPrefix("/") {
            return state + "/routectl/navigator.json"
        }
        // A relative HOME (`~`, a quoting slip) would put the file under the working folder.
        guard let home = try value("HOME"), home.hasPrefix("/") else { return nil }
        return home + "/.local/state/routectl/navigator.json"
    }
}
