/// Builds JSON text as UTF-8 bytes, in exactly the order and layout its caller writes it.
///
/// There is no reflection and no sorting: the caller decides key order, which keeps every
/// document routectl writes in a fixed, documented order.
public struct JSONWriter: Sendable {
    /// The text written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty writer, with room for about `capacity` bytes.
    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far, as a string.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends text as it is: punctuation, white space or already-encoded JSON.
    public mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends already-encoded JSON bytes.
    mutating func raw(_ encoded: ArraySlice<UInt8>) {
        bytes.append(contentsOf: encoded)
    }

    /// Appends a quoted, escaped JSON string.
    public mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a whole number.
    public mutating func integer(_ value: Int) {
        raw(String(value))
    }

    /// Appends `["a", "b"]`.
    public mutating func stringArray(_ values: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { raw(", ") }
            string(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends a route as `{"name": "...", "params": {...}}`, leaving `params` out when empty
    /// and keeping members this build does not know after the known ones.
    public mutating func route(_ route: Route) {
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
    public mutating func routeArray(_ routes: [Route]) {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in routes.enumerated() {
            if index > 0 { raw(", ") }
            route(element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends a history entry on one line, keys in the order `seq`, `at`, `op`, `args`, `path`.
    public mutating func historyEntry(_ entry: HistoryEntry) {
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
    public mutating func routeMembers(of state: NavigatorState) {
        raw(",\n  \"initial\": ")
        route(state.initial)
        raw(",\n  \"root\": ")
        route(state.root)
        raw(",\n  \"stack\": ")
        routeArray(state.stack)
    }

    /// Appends the members of a navigator tree beyond the root and its stack, each after `,` on
    /// a line of its own at the top level: `presented` (the base chain's), then, when the root
    /// is a tab container, `tabs` (one a line) and `selectedTab`.
    public mutating func treeMembers(of state: NavigatorState) {
        raw(",\n  \"presented\": ")
        presentations(state.tree.chain.presented)
        if let tabs = state.tree.tabs {
            raw(",\n  \"tabs\": ")
            tabList(tabs.all, indent: "    ")
            raw(",\n  \"selectedTab\": ")
            string(tabs.selected.name)
        }
    }

    /// Appends `[{"style": "sheet", "root": {...}, "stack": [...]}, ...]`.
    public mutating func presentations(_ presented: [Presentation]) {
        bytes.append(UInt8(ascii: "["))
        for (index, presentation) in presented.enumerated() {
            if index > 0 { raw(", ") }
            raw("{\"style\": ")
            string(presentation.style.rawValue)
            raw(", \"root\": ")
            route(presentation.flow.root)
            raw(", \"stack\": ")
            routeArray(presentation.flow.pushed)
            preserved(presentation.preserved)
            raw("}")
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends `[{"name": "feed", "stack": [...], "presented": [...]}, ...]`, each tab on a line
    /// of its own indented by `indent`.
    public mutating func tabList(_ tabs: [Tab], indent: String) {
        lines(tabs, indent: indent) { writer, tab in
            writer.raw("{\"name\": ")
            writer.string(tab.name)
            writer.raw(", \"stack\": ")
            writer.routeArray(tab.chain.base.pushed)
            writer.raw(", \"presented\": ")
            writer.presentations(tab.chain.presented)
            writer.preserved(tab.preserved)
            writer.raw("}")
        }
    }

    /// Appends `[]`, or `[` and each element on a line of its own indented by `indent` (the
    /// closing `]` two spaces less), as `element` writes it.
    public mutating func lines<Element>(_ elements: [Element], indent: String, _ element: (inout JSONWriter, Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (index, item) in elements.enumerated() {
            raw(index == 0 ? "\n" + indent : ",\n" + indent)
            element(&self, item)
        }
        if !elements.isEmpty { raw("\n" + indent.dropLast(2)) }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends `,` and the `tabContainers` member when the state declares tab containers.
    public mutating func tabContainers(of state: NavigatorState) {
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
    public mutating func links(of state: NavigatorState) {
        guard !state.links.isEmpty else { return }
        raw(",\n  \"links\": ")
        lines(state.links.links, indent: "    ") { $0.link($1) }
    }

    /// Appends `{"url": "...", "path": "..."}`, each pattern in its normal form, and the members
    /// this build does not know.
    public mutating func link(_ link: DeepLink) {
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
    public mutating func routeList(of state: NavigatorState) {
        guard let routes = state.routes else { return }
        raw(",\n  \"routes\": ")
        stringArray(routes)
    }
}
