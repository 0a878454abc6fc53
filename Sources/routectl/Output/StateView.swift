import RouteModel
import RouteCodecs
import PropertyListCodec
import JSONText

/// The navigation state as `show` prints it: a table for people, JSON for scripts. Changing
/// commands with `--json` print the same JSON, so the two never disagree.
struct StateView {
    /// Where the state is: `file`, or `domain` (and `simulator`), then `key` when a key of
    /// preferences holds it.
    var location: [(name: String, value: String)]
    var state: NavigatorState
    /// The order routes' parameters print in (``ParameterOrder``).
    var order = ParameterOrder()

    /// The table: file (or domain, simulator), key, format, initial route, path (the tabs, with the selected one marked, the routes,
    /// when declared, and the URL, when links are declared), then one row a route on screen. A state with sheets, covers or
    /// tabs gets a WHERE column saying where each route sits; any other keeps 1.0's table.
    func table(color: Bool, width: Int? = nil) -> String {
        var facts = location.map { [$0.name, $0.value] }
        facts.append(["format", state.formatName])
        if state.resetRule == .initialRoute {
            facts.append(["initial", state.initial.description])
        }
        facts.append(["path", state.path(order: order)])
        if let tabs = state.tree.tabs {
            facts.append(["tabs", tabs.all.enumerated().map { $0 == tabs.selectedIndex ? "[\($1.name)]" : $1.name }.joined(separator: " ")])
        }
        if let routes = state.routes {
            facts.append(["routes", routes.joined(separator: ", ")])
        }
        if !state.links.isEmpty {
            facts.append(["url", (try? state.url().description) ?? "(no declared link gives one)"])
        }
        let factLines = Table(header: facts[0], rows: Array(facts.dropFirst())).render(color: false, width: width)
        let placed = routesOnScreen()
        let showsWhere = state.tree.tabs != nil || state.tree.chain.isPresenting
        let rows = placed.enumerated().map { depth, item in
            let params = order.parameters(of: item.route).map { ShellWord.quote($0.argument) }.joined(separator: " ")
            return showsWhere ? [String(depth), item.place, item.route.name, params] : [String(depth), item.route.name, params]
        }
        let header = showsWhere ? ["DEPTH", "WHERE", "ROUTE", "PARAMS"] : ["DEPTH", "ROUTE", "PARAMS"]
        return factLines + "\n" + Table(header: header, rows: rows).render(color: color, width: width)
    }

    /// The routes on screen, bottom first, each with where it sits: `base` (the root and its
    /// stack), `tab <name>` (the selected tab's base flow), `sheet` or `cover` (`sheet without
    /// navigation` for one that has none of its own, as FlowStacks shows it: see
    /// ``Presentation/withNavigation``).
    private func routesOnScreen() -> [(place: String, route: Route)] {
        // Only a tree without tabs holds presentations without navigation (FlowStacks').
        let alone = state.tree.tabs == nil ? state.tree.chain.presented.map { !$0.withNavigation } : []
        return state.tree.flowsOnScreen.enumerated().flatMap { index, flow in
            let place = index > 0 && index <= alone.count && alone[index - 1]
                ? flow.place.description + " without navigation" : flow.place.description
            return flow.routes.map { (place, $0) }
        }
    }

    /// The JSON object: `file` (or `domain`, `simulator`), `key`, `format`, `initial`, `root`, `stack`, `presented`, then `tabs` and
    /// `selectedTab` when the root is a tab container, `top`, `path`, and `routes`,
    /// `tabContainers` and `links` when declared.
    func json() -> String {
        var writer = JSONWriter()
        writer.locationMembers(location)
        writer.formatMember(state.formatName)
        writer.routeMembers(of: state)
        writer.treeMembers(of: state)
        writer.raw(",\n  \"top\": ")
        if state.top == Route.noRoute { writer.raw("null") } else { writer.route(state.top) }
        writer.raw(",\n  \"path\": ")
        writer.string(state.path(order: order))
        writer.routeList(of: state)
        writer.tabContainers(of: state)
        writer.links(of: state)
        writer.raw("\n}\n")
        return writer.text
    }
}
