import JSONText
import RouteModel
import PlainText

/// VAPersistentNavigator's saved navigator tree (format `vapn`): the JSON its
/// `TypedViewNavigator` encodes, which an app keeps under the key `com.vandrj.navigator<scene>`
/// or in a file of its own.
///
/// Each node is an object: `root` (an enum value, absent on a tab view), `destinations` (the
/// routes pushed on it), `navigator` (the node presented over it), `tabItem` (a tab's tag),
/// `selectedTab`, `kind` (`{"flow":{}}`, `{"singleView":{}}` or `{"tabView":{}}`), `id` (a
/// UUID), `tabs` and `presentation` (`{"sheet":{}}`, `{"sheet":{"tag":...}}` or
/// `{"fullScreenCover":{}}`). The library's decoder requires `id`, `destinations`,
/// `presentation`, `kind` and `tabs`, takes `null` for the others, and ignores members it does
/// not know.
///
/// Read: a flow node is a flow; its chain of `navigator` children are its presentations; a
/// tab view is a tab container that is no route, its tabs named by their `tabItem`'s case and
/// its own `navigator` chain presented over it. Written: every node the state still has keeps
/// its members (id, kind, tags, members this build does not know) in their order, with only
/// what changed replaced; a new node gets the members the decoder requires and a fresh id.
public struct VAPNCodec: NavigatorCodec {
    /// A codec for VAPersistentNavigator's tree.
    public init() {}

    public var name: String { "vapn" }

    public var summary: String? { "VAPersistentNavigator's navigator tree" }

    /// The key prefix the library's storage writes under, followed by a scene id.
    public static let keyPrefix = "com.vandrj.navigator"

    public var maxBytes: Int { 8 << 20 }

    /// Whether `bytes` are a JSON object whose top level has the members every node has
    /// (`kind`, `id`, `destinations`, `tabs`, `presentation`), all but one at least (a tree
    /// that lacks one is still the library's, refused naming it), and no `format` (routectl's).
    public func recognizes(_ bytes: [UInt8]) -> Bool {
        guard FormatTable.startsWithObject(bytes) else { return false }
        // Stops at routectl's `format` (its first member) or once all five are seen: every read
        // of a routectl file asks this row too, and must not pay for a scan of its history.
        struct Decided: Error { let isTree: Bool }
        var scanner = JSONScanner(bytes)
        var found = 0
        do {
            try scanner.readObject(depth: 1) { scanner, key in
                switch key {
                case "kind", "id", "destinations", "tabs", "presentation":
                    found += 1
                    if found == 5 { throw Decided(isTree: true) }
                case "format": throw Decided(isTree: false)
                default: break
                }
                _ = try scanner.skipValue(depth: 2)
            }
        } catch let decided as Decided {
            return decided.isTree
        } catch {
            return false
        }
        // One required member missing: still the library's tree, refused by name on decode.
        return found >= 4
    }

    public func decode(_ bytes: [UInt8]) throws -> NavigatorState {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: bytes)
        } catch let error as JSONSyntaxError {
            // Valid JSON past routectl's 64 levels is read by the app (Foundation reads 512).
            if error.isTooDeep { throw Self.cannotShow(error.reason, at: "") }
            throw NavigatorError(
                .invalidFile, "is not VAPersistentNavigator's state: \(error.reason)", detail: FormatFact.foreignStateUnreadable(format: "vapn"))
        }
        let root = try Node(document, at: "")
        var state = NavigatorState()
        state.resetRule = .closeToRoots
        state.tabViewPresentsNothing = "VAPersistentNavigator"
        state.preserved = Preserved(root.members)
        if root.kind == .tabView {
            try root.expectNoRoot()
            let tabs = try root.tabNodes.enumerated().map { index, node in
                var tab = RouteTab(name: try node.tabName(index: index), chain: try node.chain())
                tab.preserved = Preserved(node.members)
                return tab
            }
            guard !tabs.isEmpty else { throw root.cannotShow("a tab view without tabs", at: "tabs") }
            var names = UniqueNames()
            for (index, tab) in tabs.enumerated() where !names.insert(tab.name) {
                throw root.cannotShow("two tabs have the tab item \(quoted(tab.name))", at: "tabs[\(index)].tabItem")
            }
            let presented = try root.presentations()
            state.tree = NavigationTree(tabs: Tabs(tabs, selected: try root.selectedTabIndex()), presented: presented)
            state.unshownParts = Self.unshownParts(of: state)
        } else {
            state.tree = NavigationTree(chain: try root.chain())
            state.initial = state.tree.root
        }
        return state
    }

    public func checkWritable(_ state: NavigatorState) throws {}

    public func encode(_ state: inout NavigatorState) throws -> EncodedState {
        guard state.links.isEmpty else {
            throw Self.cannotHold("deep links: the library keeps none, so link add has nowhere to declare one")
        }
        try checkEveryPresentationNavigates(state.tree, description: "VAPersistentNavigator's state")
        let old = state.preserved?.payload as? [JSONValue.Member] ?? []
        let tree = state.tree
        var members: [JSONValue.Member]
        if let tabs = tree.tabs {
            guard !tree.hasRoot else {
                throw Self.cannotHold("a tab container that is a route (its tab view has no root of its own)")
            }
            let tabNodes = try tabs.all.enumerated().map { index, tab in
                try Self.node(
                    chain: tab.chain, old: tab.preserved?.payload as? [JSONValue.Member] ?? [],
                    at: "tabs[\(index)]", tabItem: tab.name)
            }
            members = Self.replacing(old, [
                ("root", nil),
                ("destinations", .array([])),
                ("navigator", try Self.presentedNode(tree.chain.presented, at: "navigator")),
                ("selectedTab", try Self.selectedTab(tabs, old: old, tabNodes: tabNodes)),
                ("kind", Self.kind(.tabView)),
                ("tabs", .array(tabNodes.map { .object($0) })),
            ])
        } else {
            members = try Self.node(chain: tree.chain, old: old, at: "")
        }
        Self.fill(&members, isNew: old.isEmpty)
        var writer = JSONWriter(capacity: 1024)
        writer.value(.object(members))
        // Never write what this codec could not read back: presentations nest.
        var check = JSONScanner(writer.bytes)
        guard (try? check.skipValue(depth: 1)) != nil else {
            throw Self.cannotHold("so many presented flows: their nodes would nest deeper than \(JSONScanner.maxDepth) levels")
        }
        guard writer.bytes.count <= maxBytes else {
            throw NavigatorError(.cannotApply, "the state would be \(writer.bytes.count) bytes of JSON, more than the \(maxBytes) routectl writes for VAPersistentNavigator")
        }
        return EncodedState(bytes: writer.bytes)
    }

    // MARK: Writing

    /// The members of a flow node showing `chain`: its root, pushed routes and presentations,
    /// over `old` (the node as read, or nothing for a new one).
    private static func node(chain: NavigationChain, old: [JSONValue.Member], at path: String, tabItem: String? = nil) throws -> [JSONValue.Member] {
        // A tab view that `set` or `go` made a flow becomes one: the model holds tabs at the top only.
        let wasTabView = Kind(old.value("kind")) == .tabView
        let kind = wasTabView ? .flow : Kind(old.value("kind")) ?? .flow
        if kind == .singleView, !chain.base.pushed.isEmpty {
            throw cannotHold(
                "routes pushed on \(path.isEmpty ? "the root" : path), a singleView flow: the app shows its root alone (VAPersistentNavigator's init(view:))")
        }
        var changes: [(String, JSONValue?)] = [
            ("root", value(of: chain.base.root, old: old.value("root"))),
            ("destinations", values(of: chain.base.pushed, old: old.value("destinations"))),
            ("navigator", try presentedNode(chain.presented, at: join(path, "navigator"))),
            ("kind", Self.kind(kind)),
        ]
        if wasTabView { changes += [("tabs", .array([])), ("selectedTab", nil)] }
        if let tabItem, old.value("tabItem") == nil, !tabItem.hasPrefix("_") {
            changes.append(("tabItem", .object([JSONValue.Member(tabItem, .object([]))])))
        }
        var members = replacing(old, changes)
        fill(&members, isNew: old.isEmpty)
        return members
    }

    /// `route` as an enum value: the value read, `old`, when it is the same route (its bytes
    /// kept, whatever order its members have), else the route's own.
    private static func value(of route: Route, old: JSONValue?) -> JSONValue {
        if let old, let read = try? Route(codableValue: old), read == route { return old }
        return route.codableValue
    }

    /// `routes` as an array of enum values, each the value read at its place in `old` when it
    /// is the same route (``value(of:old:)``).
    private static func values(of routes: [Route], old: JSONValue?) -> JSONValue {
        guard case .array(let read)? = old else { return .array(routes.map(\.codableValue)) }
        return .array(routes.enumerated().map { index, route in value(of: route, old: index < read.count ? read[index] : nil) })
    }

    /// The node presenting `presented[0]`, with the rest presented over it; `nil` for none.
    private static func presentedNode(_ presented: [Presentation], at path: String) throws -> JSONValue? {
        guard let first = presented.first else { return nil }
        let old = first.preserved?.payload as? [JSONValue.Member] ?? []
        let chain = NavigationChain(base: first.flow, presented: Array(presented.dropFirst()))
        var members = try node(chain: chain, old: old, at: path)
        let style = old.value("presentation").flatMap(PresentationStyle.init(vapn:))
        if style != first.style {
            members = replacing(members, [("presentation", first.style == .sheet ? sheet : cover)])
        }
        return .object(members)
    }

    /// The `selectedTab` that makes the library select `tabs.selected`: the value read when it
    /// still does, else the selected tab's `tabItem`.
    private static func selectedTab(_ tabs: Tabs, old: [JSONValue.Member], tabNodes: [[JSONValue.Member]]) throws -> JSONValue? {
        let items = tabNodes.map { $0.value("tabItem").flatMap { $0 == .null ? nil : $0 } }
        let oldValue = old.value("selectedTab").flatMap { $0 == .null ? nil : $0 }
        if selectedIndex(oldValue, items: items) == tabs.selectedIndex { return old.value("selectedTab") }
        if let item = items[tabs.selectedIndex], selectedIndex(item, items: items) == tabs.selectedIndex { return item }
        guard selectedIndex(nil, items: items) == tabs.selectedIndex else {
            // Tabs tagged alike (the library's EmptyTabItemTag, `{}`): it shows the first of them.
            let reason = items[tabs.selectedIndex] == nil ? "which has no tab item to select it by" : "whose tab item an earlier tab has too (the app would show that one)"
            throw cannotHold("selecting tab \(quoted(tabs.selected.name)), \(reason)")
        }
        return nil
    }

    /// `old` with each `(key, value)` of `changes` set: in its place when there, appended when
    /// not; removed for a `nil` value.
    private static func replacing(_ old: [JSONValue.Member], _ changes: [(String, JSONValue?)]) -> [JSONValue.Member] {
        var members = old
        for (key, value) in changes {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let value { members[index].value = value } else { members.remove(at: index) }
            } else if let value {
                members.append(JSONValue.Member(key, value))
            }
        }
        return members
    }

    /// Adds what the library's decoder requires and a node lacks (a new node: a fresh id),
    /// in the library's member order for a new node.
    private static func fill(_ members: inout [JSONValue.Member], isNew: Bool) {
        let required: [(String, () -> JSONValue)] = [
            ("destinations", { .array([]) }), ("kind", { kind(.flow) }), ("id", { .string(freshID()) }),
            ("tabs", { .array([]) }), ("presentation", { sheet }),
        ]
        for (key, make) in required where members.value(key) == nil {
            members.append(JSONValue.Member(key, make()))
        }
        guard isNew else { return }
        let order = ["root", "destinations", "navigator", "tabItem", "selectedTab", "kind", "id", "tabs", "presentation"]
        members.sort { (order.firstIndex(of: $0.key) ?? order.count) < (order.firstIndex(of: $1.key) ?? order.count) }
    }

    private static let sheet = JSONValue.object([JSONValue.Member("sheet", .object([]))])
    private static let cover = JSONValue.object([JSONValue.Member("fullScreenCover", .object([]))])

    private static func kind(_ kind: Kind) -> JSONValue {
        .object([JSONValue.Member(kind.rawValue, .object([]))])
    }

    /// A new node's id: a random (version 4) UUID in upper case, as Foundation's `UUID` writes it.
    private static func freshID() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = Array("0123456789ABCDEF".utf8)
        var text: [UInt8] = []
        for (index, byte) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(index) { text.append(UInt8(ascii: "-")) }
            text += [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func cannotHold(_ what: String) -> NavigatorError {
        NavigatorError(.cannotApply, "VAPersistentNavigator's state cannot hold \(what)")
    }

    // MARK: Reading

    /// A node's kind.
    fileprivate enum Kind: String {
        case flow, singleView, tabView

        init?(_ value: JSONValue?) {
            // A case without associated values still holds an object, as synthesized `Codable` reads it.
            guard case .object(let cases)? = value, cases.count == 1, case .object = cases[0].value,
                let kind = Kind(rawValue: cases[0].key)
            else { return nil }
            self = kind
        }
    }

    /// Whether `value` is `{}`: VAPersistentNavigator's `EmptyTabItemTag` or `EmptySheetTag`, an
    /// empty struct, as synthesized `Codable` writes one.
    fileprivate static func isEmptyTag(_ value: JSONValue) -> Bool {
        value == .object([])
    }

    /// Which tab the library shows for `selected` (a tab item, or `nil`): the first tab whose
    /// item equals it; for `nil`, the first tab without an item; else the first tab.
    fileprivate static func selectedIndex(_ selected: JSONValue?, items: [JSONValue?]) -> Int {
        items.firstIndex { $0 == selected } ?? 0
    }

    /// One node as read, checked as the library's decoder checks it.
    private struct Node {
        /// The node's members, as read.
        let members: [JSONValue.Member]
        /// Its coding path, such as `tabs[1].navigator`; empty for the top node.
        let path: String
        let kind: Kind

        init(_ value: JSONValue, at path: String) throws {
            guard case .object(let members) = value else {
                throw VAPNCodec.invalid("a navigator is an object, not \(value.kindPhrase)", at: path)
            }
            self.members = members
            self.path = path
            for key in ["id", "destinations", "presentation", "kind", "tabs"] where members.value(key) == nil {
                throw VAPNCodec.invalid("no \(quoted(key)), which the library requires", at: path)
            }
            guard case .string(let id)? = members.value("id"), Node.isUUID(id) else {
                throw VAPNCodec.invalid("the id is not a UUID string", at: join(path, "id"))
            }
            guard let kind = Kind(members.value("kind")) else {
                throw VAPNCodec.invalid("the kind is none of {\"flow\":{}}, {\"singleView\":{}}, {\"tabView\":{}}", at: join(path, "kind"))
            }
            self.kind = kind
            guard members.value("presentation").flatMap(PresentationStyle.init(vapn:)) != nil else {
                throw VAPNCodec.invalid(
                    "the presentation is neither {\"sheet\":{...}} (its tag, if any, an enum value) nor {\"fullScreenCover\":{}}",
                    at: join(path, "presentation"))
            }
            guard case .array = members.value("destinations")! else {
                throw VAPNCodec.invalid("destinations is not an array", at: join(path, "destinations"))
            }
            guard case .array = members.value("tabs")! else {
                throw VAPNCodec.invalid("tabs is not an array", at: join(path, "tabs"))
            }
            if let value = optional("root") { try Node.checkEnumValue(value, at: join(path, "root")) }
            // A tag is an enum value, or `{}`: the library's `EmptyTabItemTag`, an empty struct.
            for key in ["tabItem", "selectedTab"] {
                if let value = optional(key), !VAPNCodec.isEmptyTag(value) { try Node.checkEnumValue(value, at: join(path, key)) }
            }
        }

        /// The member `key` unless absent or `null`.
        func optional(_ key: String) -> JSONValue? {
            guard let value = members.value(key), value != .null else { return nil }
            return value
        }

        func invalid(_ reason: String, at member: String) -> NavigatorError {
            VAPNCodec.invalid(reason, at: join(path, member))
        }

        func cannotShow(_ reason: String, at member: String) -> NavigatorError {
            VAPNCodec.cannotShow(reason, at: join(path, member))
        }

        var tabNodes: [Node] {
            get throws {
                guard case .array(let tabs)? = members.value("tabs") else { return [] }
                return try tabs.enumerated().map { try Node($1, at: join(path, "tabs[\($0)]")) }
            }
        }

        func expectNoRoot() throws {
            guard optional("root") == nil else {
                throw cannotShow("a tab view with a root of its own", at: "root")
            }
        }

        /// The tab's name: its tab item's case, or `_<index>` for a tab without one or with the
        /// library's `EmptyTabItemTag` (`{}`, no case to name it by).
        func tabName(index: Int) throws -> String {
            guard let item = optional("tabItem"), !VAPNCodec.isEmptyTag(item) else { return "_\(index)" }
            guard case .object(let cases) = item, Route.isValidName(cases[0].key) else {
                throw cannotShow("the tab item's case is not a name routectl takes (letters, digits, '_', '.', '-')", at: "tabItem")
            }
            return cases[0].key
        }

        /// The index of the tab the library shows (see ``VAPNCodec/selectedIndex(_:items:)``).
        func selectedTabIndex() throws -> Int {
            VAPNCodec.selectedIndex(optional("selectedTab"), items: try tabNodes.map { $0.optional("tabItem") })
        }

        /// This flow node's chain: its flow and its presented children.
        func chain() throws -> NavigationChain {
            NavigationChain(base: try flow(), presented: try presentations())
        }

        /// This flow node's own flow: its root and destinations.
        func flow() throws -> RouteStack {
            guard kind != .tabView, try tabNodes.isEmpty else {
                throw cannotShow("tabs inside a tab or a presented flow", at: "tabs")
            }
            guard let rootValue = optional("root") else {
                throw cannotShow("a \(kind.rawValue) without a root", at: "root")
            }
            let root = try route(rootValue, at: "root")
            guard case .array(let destinations)? = members.value("destinations") else { return RouteStack(root: root) }
            return RouteStack(root: root, pushed: try destinations.enumerated().map { try route($1, at: "destinations[\($0)]") })
        }

        /// The chain of presented children under `navigator`, bottom first.
        func presentations() throws -> [Presentation] {
            var presented: [Presentation] = []
            var node = self
            while let child = node.optional("navigator") {
                let next = try Node(child, at: join(node.path, "navigator"))
                let style = next.members.value("presentation").flatMap(PresentationStyle.init(vapn:)) ?? .sheet
                if next.kind == .tabView {
                    // What the library's `present(.tabs(...))` writes, and shows.
                    throw VAPNCodec.cannotShow(
                        "a tab view presented as a \(style.rawValue) (the app shows it; routectl shows tabs only at the top)", at: next.path)
                }
                var presentation = Presentation(style, try next.flow())
                presentation.preserved = Preserved(next.members)
                presented.append(presentation)
                node = next
            }
            return presented
        }

        func route(_ value: JSONValue, at member: String) throws -> Route {
            do {
                return try Route(codableValue: value)
            } catch let error as NavigatorError {
                // An enum value the app reads whose parameters routectl cannot hold (text with
                // control characters, a value too long) is not one the app rejects.
                if (try? Node.checkEnumValue(value, at: member)) != nil { throw cannotShow(error.reason, at: member) }
                throw invalid(error.reason, at: member)
            }
        }

        /// Checks that `value` is what synthesized `Codable` decodes as an enum value: an object
        /// with one member, whose value is an object.
        static func checkEnumValue(_ value: JSONValue, at path: String) throws {
            guard case .object(let cases) = value, cases.count == 1, case .object = cases[0].value else {
                throw VAPNCodec.invalid("not an enum value (an object with one member, its case, holding an object)", at: path)
            }
        }

        /// Whether `text` is a UUID as Foundation reads one: 8-4-4-4-12 hex digits, either case.
        static func isUUID(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            guard bytes.count == 36 else { return false }
            for (index, byte) in bytes.enumerated() {
                if [8, 13, 18, 23].contains(index) {
                    guard byte == UInt8(ascii: "-") else { return false }
                } else {
                    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20) else { return false }
                }
            }
            return true
        }
    }

    /// The refusal of a tree the app reads but routectl cannot show, naming where: no hint
    /// may say that the app rejects it, nor offer to replace it.
    fileprivate static func cannotShow(_ reason: String, at path: String) -> NavigatorError {
        NavigatorError(
            .invalidFile, "is a VAPersistentNavigator state routectl cannot show yet: \(path.isEmpty ? "" : "at \(path), ")\(reason)",
            detail: FormatFact.foreignStateUnreadable(format: "vapn", appRejects: false))
    }

    /// The refusal of a tree, naming where: `at tabs[1].destinations[0], ...`.
    fileprivate static func invalid(_ reason: String, at path: String) -> NavigatorError {
        NavigatorError(
            .invalidFile, "is not a VAPersistentNavigator state routectl can read: \(path.isEmpty ? "" : "at \(path), ")\(reason)",
            detail: FormatFact.foreignStateUnreadable(format: "vapn"))
    }
}

/// `path.member`, or `member` at the top.
private func join(_ path: String, _ member: String) -> String {
    path.isEmpty ? member : member.hasPrefix("[") ? path + member : path + "." + member
}

extension PresentationStyle {
    /// The style of a VAPersistentNavigator `presentation`: a sheet (with or without a tag, an
    /// enum value when there is one) or a full-screen cover.
    fileprivate init?(vapn value: JSONValue) {
        guard case .object(let cases) = value, cases.count == 1, case .object(let payload) = cases[0].value else { return nil }
        switch cases[0].key {
        case "sheet":
            // A tag is an enum value, or `{}`: the library's `EmptySheetTag`, an empty struct.
            if let tag = payload.value("tag"), tag != .null, !VAPNCodec.isEmptyTag(tag) {
                guard case .object(let tagCases) = tag, tagCases.count == 1, case .object = tagCases[0].value else { return nil }
            }
            self = .sheet
        case "fullScreenCover": self = .cover
        default: return nil
        }
    }
}

extension [JSONValue.Member] {
    /// The value of the member `key`, if any.
    fileprivate func value(_ key: String) -> JSONValue? {
        first { $0.key == key }?.value
    }
}

extension JSONValue {
    /// `an object`, `an array`, `a string`... for messages.
    fileprivate var kindPhrase: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension VAPNCodec {
    /// A child stored over the tab view: the library shows nothing presented over it (its view
    /// factory presents from `flow` and `singleView` nodes only; its `topNavigator` descends
    /// into the selected tab). What a state read records (``NavigatorState/unshownParts``).
    static func unshownParts(of state: NavigatorState) -> [String] {
        guard state.tree.tabs != nil, !state.tree.hasRoot, let over = state.tree.chain.presented.first else { return [] }
        return ["navigator: a \(over.style.rawValue) over the tab view, which VAPersistentNavigator never shows (it presents from a flow only); the app shows the selected tab"]
    }

    /// Every route by its coding path in the tree: `root`, `destinations[0]`,
    /// `navigator.root`, `tabs[1].destinations[0]`, `tabs[0].navigator.navigator.root`.
    public func routePlaces(in state: NavigatorState) -> [RoutePlace] {
        var places: [RoutePlace] = []
        let tree = state.tree
        if let tabs = tree.tabs, !tree.hasRoot {
            for (index, tab) in tabs.all.enumerated() {
                Self.places(tab.chain, at: "tabs[\(index)]", into: &places)
            }
            Self.presented(tree.chain.presented, at: "", into: &places)
        } else {
            Self.places(tree.chain, at: "", into: &places)
        }
        return places
    }

    private static func places(_ chain: NavigationChain, at node: String, into places: inout [RoutePlace]) {
        places.append(RoutePlace(join(node, "root"), chain.base.root))
        for (index, route) in chain.base.pushed.enumerated() {
            places.append(RoutePlace(join(node, "destinations[\(index)]"), route))
        }
        presented(chain.presented, at: node, into: &places)
    }

    private static func presented(_ presented: [Presentation], at node: String, into places: inout [RoutePlace]) {
        var node = node
        for presentation in presented {
            node = join(node, "navigator")
            places.append(RoutePlace(join(node, "root"), presentation.flow.root))
            for (index, route) in presentation.flow.pushed.enumerated() {
                places.append(RoutePlace(join(node, "destinations[\(index)]"), route))
            }
        }
    }
}
