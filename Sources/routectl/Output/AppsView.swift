import JSONText
import RouteDefaults

/// A simulator's apps as `apps` prints them: `BUNDLE ID  NAME`, one a row, or a JSON array of
/// `{"bundleId": ..., "name": ...}`.
struct AppsView {
    var apps: [InstalledApp]

    func table(color: Bool, width: Int? = nil) -> String {
        Table(header: ["BUNDLE ID", "NAME"], rows: apps.map { [$0.bundleID, $0.name] }).render(color: color, width: width)
    }

    func json() -> String {
        var writer = JSONWriter(capacity: 80 * apps.count + 4)
        writer.lines(apps, indent: "  ") { writer, app in
            writer.raw("{\"bundleId\": ")
            writer.string(app.bundleID)
            writer.raw(", \"name\": ")
            writer.string(app.name)
            writer.raw("}")
        }
        writer.raw("\n")
        return writer.text  // escaped for the terminal as every --json output is (main)
    }
}

/// The keys of an app's preferences that hold navigation state, as `keys` prints them:
/// `KEY  FORMAT  PATH`, one a row, or a JSON array of `{"key": ..., "format": ..., "path": ...}`.
struct KeysView {
    struct Row {
        var key: String
        var format: String
        /// What `show --path` prints, or `nil` when the value does not read in its format.
        var path: String?
    }

    var rows: [Row]

    func table(color: Bool, width: Int? = nil) -> String {
        Table(header: ["KEY", "FORMAT", "PATH"], rows: rows.map { [$0.key, $0.format, $0.path ?? ""] }).render(color: color, width: width)
    }

    func json() -> String {
        var writer = JSONWriter(capacity: 80 * rows.count + 4)
        writer.lines(rows, indent: "  ") { writer, row in
            writer.raw("{\"key\": ")
            writer.string(row.key)
            writer.raw(", \"format\": ")
            writer.string(row.format)
            writer.raw(", \"path\": ")
            if let path = row.path { writer.string(path) } else { writer.raw("null") }
            writer.raw("}")
        }
        writer.raw("\n")
        return writer.text  // escaped for the terminal as every --json output is (main)
    }
}
