import RouteModel
import RouteCodecs
import RoutePreferences
import JSONText

/// A route setting (the raw value of an app's route enum under a preferences key) as `show`
/// prints it: where it is, its format (`setting`), then the route, `not set` when the app's
/// default applies, the raw value marked when it is no route name routectl would write, or the
/// integer an `Int`-backed enum's raw value is. With a schema naming the raw value, the case's
/// name (``caseName``), the raw value beside it in the table.
struct SettingView {
    /// Where the setting is (see ``StateView/location``).
    var location: [(name: String, value: String)]
    var setting: RouteSetting
    /// The schema's name for the raw value (see ``SchemaCheck/caseName(of:_:)``), if any.
    var caseName: String?

    /// What `show --path` prints: the case's name when the schema names the raw value, else
    /// the value as stored, an integer in decimal (`nil` when unset).
    static func path(_ setting: RouteSetting, caseName: String? = nil) -> String? {
        if let caseName { return caseName }
        switch setting {
        case .unset: return nil
        case .value(let raw): return raw
        case .integer(let raw): return String(raw)
        }
    }

    /// The facts, one a line, aligned.
    func table(width: Int? = nil) -> String {
        var route: String
        switch setting {
        case .unset: route = "not set (the app's default applies)"
        case .value(let raw): route = setting.route == nil ? raw + "  (not a route name routectl would write)" : raw
        case .integer(let raw): route = String(raw)
        }
        if let caseName, let raw = SettingView.path(setting), raw != caseName {
            route = caseName + "  (raw value " + raw + ")"
        }
        let facts = location.map { [$0.name, $0.value] } + [["format", PreferenceKey.settingFormatName], ["route", route]]
        return Table(header: facts[0], rows: Array(facts.dropFirst())).render(color: false, width: width)
    }

    /// The JSON object: where, `format` (`setting`), then `value` (the raw string, or the
    /// integer as a JSON number; `null` when unset: always the stored raw value), `root` (the
    /// route: the schema's case when it names the raw value, `null` when unset, an integer or
    /// not a valid name), `stack` (always empty) and `path` (what `show --path` prints, a
    /// string).
    func json() -> String {
        var writer = JSONWriter()
        writer.locationMembers(location)
        writer.formatMember(PreferenceKey.settingFormatName)
        writer.raw(",\n  \"value\": ")
        let raw = SettingView.path(setting)
        if case .integer(let integer) = setting {
            writer.raw(String(integer))
        } else {
            raw.map { writer.string($0) } ?? writer.raw("null")
        }
        writer.raw(",\n  \"root\": ")
        let root = caseName.flatMap { try? Route($0) } ?? setting.route
        root.map { writer.route($0) } ?? writer.raw("null")
        writer.raw(",\n  \"stack\": [],\n  \"path\": ")
        SettingView.path(setting, caseName: caseName).map { writer.string($0) } ?? writer.raw("null")
        writer.raw("\n}\n")
        return writer.text
    }
}

extension JSONWriter {
    /// Opens the object with the members that say where a state is (`file`, or `domain` and
    /// `simulator`, then `key`), one a line.
    mutating func locationMembers(_ location: [(name: String, value: String)]) {
        for (index, member) in location.enumerated() {
            raw(index == 0 ? "{\n  " : ",\n  ")
            string(member.name)
            raw(": ")
            string(member.value)
        }
    }

    /// The `format` member: the name of the format the state was read in.
    mutating func formatMember(_ name: String) {
        raw(",\n  \"format\": ")
        string(name)
    }
}
