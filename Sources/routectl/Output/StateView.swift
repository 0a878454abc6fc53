import RouteModel

/// The navigation state as `show` prints it: a table for people, JSON for scripts. Changing
/// commands with `--json` print the same JSON, so the two never disagree.
struct StateView {
    var file: String
    var state: NavigatorState

    /// The table: file, initial route, path (and routes, when declared), then one row a route.
    func table(color: Bool, width: Int? = nil) -> String {
        var facts = [["file", file], ["initial", state.initial.description], ["path", state.path]]
        if let routes = state.routes {
            facts.append(["routes", routes.joined(separator: ", ")])
        }
        let factLines = Table(header: facts[0], rows: Array(facts.dropFirst())).render(color: false, width: width)
        let routes = [state.root] + state.stack
        let rows = routes.enumerated().map { depth, route in
            [String(depth), route.name, route.parameters.map { ShellWord.quote($0.argument) }.joined(separator: " ")]
        }
        return factLines + "\n" + Table(header: ["DEPTH", "ROUTE", "PARAMS"], rows: rows).render(color: color, width: width)
    }

    /// The JSON object: `file`, `initial`, `root`, `stack`, `path` and, when declared, `routes`.
    func json() -> String {
        var writer = JSONWriter()
        writer.raw("{\n  \"file\": ")
        writer.string(file)
        writer.routeMembers(of: state)
        writer.raw(",\n  \"path\": ")
        writer.string(state.path)
        writer.routeList(of: state)
        writer.raw("\n}\n")
        return writer.text
    }
}
