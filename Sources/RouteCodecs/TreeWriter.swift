import JSONText
import RouteModel

/// The JSON shapes of a navigation tree, as the navigator file and `show --json` write them.
extension JSONWriter {
    /// Appends a route as `{"name": "...", "params": {...}}`, leaving `params` out when empty
    /// and keeping members this build does not know after the known ones.
    package mutating func route(_ route: Route) {
        raw("{\"name\": ")
        string(route.name)
        if !route.parameters.isEmpty {
            raw(", \"params\": {")
            for (index, parameter) in route.parameters.enumerated() {
                if index > 0 { raw(", ") }
                string(parameter.key)
                raw(": ")
                if parameter.type == .string {
                    string(parameter.value)
                } else {
                    raw(parameter.value)  // a typed value's text is its JSON
                }
            }
            raw("}")
        }
        preserved(route.preserved)
        raw("}")
    }

    /// Appends `[route, route]`.
    package mutating func routeArray(_ routes: [Route]) {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in routes.enumerated() {
            if index > 0 { raw(", ") }
            route(element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends a history entry on one line, keys in the order `seq`, `at`, `op`, `args`, `path`.
    package mutating func historyEntry(_ entry: HistoryEntry) {
        raw("{\"seq\": ")
        integer(entry.seq)
        raw(", \"at\": ")
        string(entry.at)
        raw(", \"op\": ")
        string(entry.op)
        raw(", \"args\": ")
        stringArray(entry.args)
        raw(", \"path\": ")
        string(entry.path)
        if let tabs = entry.tabs {
            raw(", \"tabs\": ")
            stringArray(tabs)
        }
        if let to = entry.to {
            raw(", \"to\": ")
            integer(to)
        }
        raw("}")
    }

    /// Appends the members the file and `show --json` share, each after `,` on a line of its
    /// own at the top level: `initial`, `root` and `stack`.
    package mutating func routeMembers(of state: NavigatorState) {
        if state.resetRule == .initialRoute {
            // Other libraries' formats keep no initial route.
            raw(",\n  \"initial\": ")
            route(state.initial)
        }
        raw(",\n  \"root\": ")
        if let root = state.tree.rootRoute { route(root) } else { raw("null") }
        raw(",\n  \"stack\": ")
        routeArray(state.stack)
    }

    /// Appends the members of a navigator tree beyond the root and its stack, each after `,` on
    /// a line of its own at the top level: `presented` (the base chain's), then, when the root
    /// is a tab container, `tabs` (one a line) and `selectedTab`.
    package mutating func treeMembers(of state: NavigatorState) {
        raw(",\n  \"presented\": ")
        presentations(state.tree.chain.presented)
        if let tabs = state.tree.tabs {
            raw(",\n  \"tabs\": ")
            tabList(tabs.all, indent: "    ", withRoots: !state.tree.hasRoot)
            raw(",\n  \"selectedTab\": ")
            string(tabs.selected.name)
        }
    }

    /// Appends `[{"style": "sheet", "root": {...}, "stack": [...]}, ...]`, with
    /// `"withNavigation": false` in a presentation that has no navigation of its own (which
    /// only `show --json` writes: routectl's file refuses one).
    package mutating func presentations(_ presented: [Presentation]) {
        bytes.append(UInt8(ascii: "["))
        for (index, presentation) in presented.enumerated() {
            if index > 0 { raw(", ") }
            raw("{\"style\": ")
            string(presentation.style.rawValue)
            raw(", \"root\": ")
            route(presentation.flow.root)
            raw(", \"stack\": ")
            routeArray(presentation.flow.pushed)
            if !presentation.withNavigation { raw(", \"withNavigation\": false") }
            preserved(presentation.preserved)
            raw("}")
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends `[{"name": "feed", "stack": [...], "presented": [...]}, ...]`, each tab on a line
    /// of its own indented by `indent`; `withRoots`, each with its `root` after its name (the
    /// tabs of a container that is no route).
    package mutating func tabList(_ tabs: [RouteTab], indent: String, withRoots: Bool = false) {
        lines(tabs, indent: indent) { writer, tab in
            writer.raw("{\"name\": ")
            writer.string(tab.name)
            if withRoots {
                writer.raw(", \"root\": ")
                writer.route(tab.chain.base.root)
            }
            writer.raw(", \"stack\": ")
            writer.routeArray(tab.chain.base.pushed)
            writer.raw(", \"presented\": ")
            writer.presentations(tab.chain.presented)
            writer.preserved(tab.preserved)
            writer.raw("}")
        }
    }

    /// Appends `,` and the `tabContainers` member when the state declares tab containers.
    package mutating func tabContainers(of state: NavigatorState) {
        guard !state.tabContainers.isEmpty else { return }
        raw(",\n  \"tabContainers\": {")
        for (index, container) in state.tabContainers.enumerated() {
            if index > 0 { raw(", ") }
            string(container.name)
            raw(": ")
            stringArray(container.tabs)
        }
        raw("}")
    }

    /// Appends `,` and the `links` member when the state declares links: one
    /// `{"url": ..., "path": ...}` a line, in declared order, each pattern in its normal form.
    package mutating func links(of state: NavigatorState) {
        guard !state.links.isEmpty else { return }
        raw(",\n  \"links\": ")
        lines(state.links.links, indent: "    ") { $0.link($1) }
    }

    /// Appends `{"url": "...", "path": "..."}`, each pattern in its normal form, and the members
    /// this build does not know.
    package mutating func link(_ link: DeepLink) {
        raw("{\"url\": ")
        string(link.url.description)
        raw(", \"path\": ")
        string(link.path.description)
        preserved(link.preserved)
        raw("}")
    }

    /// Appends the members a codec kept for a value (those this build does not know).
    private mutating func preserved(_ preserved: Preserved?) {
        for member in (preserved?.payload as? [JSONMember]) ?? [] {
            raw(", ")
            string(member.key)
            raw(": ")
            raw(member.value)
        }
    }

    /// Appends `,` and the `routes` member when the state declares routes.
    package mutating func routeList(of state: NavigatorState) {
        guard let routes = state.routes else { return }
        raw(",\n  \"routes\": ")
        stringArray(routes)
    }
}

extension JSONWriter {
    /// Appends `start` as one JSON object on one line.
    package mutating func historyStart(_ start: HistoryStart) {
        raw("{\"next\": ")
        integer(start.next)
        raw(", \"seq\": ")
        integer(start.seq)
        raw(", \"path\": ")
        string(start.path)
        if let tabs = start.tabs {
            raw(", \"tabs\": ")
            stringArray(tabs)
        }
        raw("}")
    }
}
