import JSONText
import RouteProject

/// The project file's named states as `states` prints them: `NAME  PATH`, one a row in declared
/// order, or a JSON array of `{"name": ..., "path": ...}`.
struct StatesView {
    var states: [ProjectFile.NamedState]

    func table(color: Bool, width: Int? = nil) -> String {
        Table(header: ["NAME", "PATH"], rows: states.map { ["@" + $0.name, $0.path.description] }).render(color: color, width: width)
    }

    func json() -> String {
        var writer = JSONWriter(capacity: 60 * states.count)
        writer.lines(states, indent: "  ") { writer, state in
            writer.raw("{\"name\": ")
            writer.string(state.name)
            writer.raw(", \"path\": ")
            writer.string(state.path.description)
            writer.raw("}")
        }
        writer.raw("\n")
        return writer.text
    }
}
