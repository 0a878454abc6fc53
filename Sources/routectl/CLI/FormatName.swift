import RouteCodecs
import RoutePreferences

/// The names `--format` takes: the formats of the standard table, then a route setting's.
enum FormatName {
    static let all = FormatTable.standard.names + [PreferenceKey.settingFormatName]

    /// `text` when it names a format; otherwise the list, and a guess when one is close.
    static func parse(_ text: String) throws -> String {
        guard all.contains(text) else {
            throw InvalidValue(
                expected: "expected one of the formats " + all.joined(separator: ", "),
                hint: Suggestion.closest(to: text, among: all).map { "did you mean '\($0)'?" })
        }
        return text
    }
}
