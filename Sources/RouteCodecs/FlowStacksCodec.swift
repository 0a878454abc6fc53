import JSONText
import RouteModel

/// FlowStacks' routes (format `flowstacks`), in either of the library's shapes:
///
/// - `[Route<Screen>]` as synthesized `Codable` writes it, bottom first:
///   `[{"push":{"_0":{"details":{"_0":42}}}},{"sheet":{"_0":{"home":{}},"withNavigation":true}}]`;
/// - `FlowPath.CodableRepresentation`: a flat array of triples, last route first, each its
///   style (`{"push":{}}`, `{"sheet":{"withNavigation":true}}`), its screen's mangled type name
///   (`5MyApp6ScreenO`, `Si`) and its screen's JSON text (`"{\"details\":{\"_0\":42}}"`).
///
/// Read: a stack without a root of its own; `push` routes push on the flow on top, a `sheet`
/// or `cover` presents a flow rooted at its screen, and the routes after it belong to that
/// flow; `withNavigation` is the presentation's ``Presentation/withNavigation``. A FlowPath
/// screen that is no enum value is a plain value (``FlowPathScreen``: `Si` `7` is `Int?_0:=7`).
/// Written: in the shape read (the empty array as `[Route<Screen>]`), every route that is
/// still what it was byte for byte, each screen that stays with its type name and JSON text,
/// a new FlowPath screen with a type ``FlowPathScreenText`` tells. Tabs, a root of its own,
/// and a new push on a flow presented without navigation cannot be held.
public struct FlowStacksCodec: NavigatorCodec {
    /// Whether the project file's schema declares a route, when there is one: a FlowPath's new
    /// screen whose name no screen read shows takes the one type whose screens are enum
    /// values only when the schema declares it (``FlowPathScreenText``). `nil`: no schema.
    public var schemaDeclares: (@Sendable (Route) -> Bool)?

    /// A codec for FlowStacks' routes; `schemaDeclares` as ``schemaDeclares``.
    public init(schemaDeclares: (@Sendable (Route) -> Bool)? = nil) {
        self.schemaDeclares = schemaDeclares
    }

    public var name: String { "flowstacks" }

    public var summary: String? { "FlowStacks' routes: a JSON array of push, sheet and cover routes, or FlowPath's triples" }

    public var maxBytes: Int { 8 << 20 }

    /// Whether `bytes` are a JSON array of FlowStacks routes, FlowPath's triples, or empty
    /// (see ``StackArrayShape``).
    public func recognizes(_ bytes: [UInt8]) -> Bool {
        StackArrayShape(bytes).isFlowStacks
    }

    /// What the codec keeps of the array it read.
    struct Read: Sendable {
        let text: JSONArrayText
        /// Whether it is FlowPath's triples, last first.
        let isFlowPath: Bool
        /// The routes, bottom first.
        let routes: [FlowStacksRoute]
        /// Of FlowPath's triples: each route's type name, bottom first.
        let typeNames: [String]
        /// Of FlowPath's triples: the shape of each route's screen, bottom first.
        let shapes: [FlowPathScreen.Shape]
        /// The tree as read.
        let tree: NavigationTree

        /// Where route `index` (bottom first) starts in the array: its style's element.
        func start(of index: Int) -> Int {
            isFlowPath ? 3 * (routes.count - 1 - index) : index
        }
    }

    public func decode(_ bytes: [UInt8]) throws -> NavigatorState {
        let isFlowPath = StackArrayShape(bytes).isFlowPath
        var values: [JSONValue] = []
        var routes: [FlowStacksRoute] = []
        let text: JSONArrayText
        do {
            text = try JSONArrayText(bytes) { scanner, index in
                let value = try JSONValue(&scanner, depth: 1)
                if isFlowPath { values.append(value) } else { routes.append(try FlowStacksRoute(value, at: "[\(index)]")) }
            }
        } catch let error as JSONSyntaxError {
            throw NavigatorError(
                .invalidFile, "is not FlowStacks' routes: \(error.reason)", detail: FormatFact.foreignStateUnreadable(format: name, appRejects: !error.isTooDeep))
        }
        var typeNames: [String] = []
        var shapes: [FlowPathScreen.Shape] = []
        if isFlowPath {
            (routes, typeNames, shapes) = try Self.triples(values)
        }
        let tree = FlowStacksRoute.tree(routes)
        var state = NavigatorState()
        state.resetRule = .closeToRoots
        state.tree = tree
        let read = Read(text: text, isFlowPath: isFlowPath, routes: routes, typeNames: typeNames, shapes: shapes, tree: tree)
        state.preserved = Preserved(read)
        state.appCannotDecode = Self.unresolvable(in: read)
        return state
    }

    /// The routes of FlowPath's triples `values` (last first), bottom first, with their type
    /// names and the shapes of their screens.
    private static func triples(_ values: [JSONValue]) throws -> (routes: [FlowStacksRoute], typeNames: [String], shapes: [FlowPathScreen.Shape]) {
        guard values.count % 3 == 0 else {
            throw invalid("a route's style, type name and JSON come in threes, and the last is cut short", at: "[\(values.count)]")
        }
        var routes: [FlowStacksRoute] = []
        var typeNames: [String] = []
        var shapes: [FlowPathScreen.Shape] = []
        for start in stride(from: values.count - 3, through: 0, by: -3) {
            let (style, withNavigation) = try FlowStacksRoute.style(values[start], at: "[\(start)]")
            guard case .string(let typeName) = values[start + 1], !typeName.isEmpty else {
                throw invalid("not a type name (a string)", at: "[\(start + 1)]")
            }
            guard case .string(let json) = values[start + 2] else {
                throw invalid("not the screen's JSON text (a string)", at: "[\(start + 2)]")
            }
            let screen: JSONValue
            do {
                screen = try JSONValue(parsing: Array(json.utf8))
            } catch let error as JSONSyntaxError {
                throw invalid("the screen's JSON text does not parse: \(error.reason)", at: "[\(start + 2)]")
            }
            do {
                var (route, shape) = try FlowPathScreen.route(typeName: typeName, json: screen)
                // Its type rides along: a screen renamed (migrate --rename) stays a value of it.
                route.preserved = Preserved(FlowPathScreen.ReadType(name: typeName))
                routes.append(FlowStacksRoute(style, withNavigation: withNavigation, screen: route))
                shapes.append(shape)
            } catch let error as NavigatorError {
                // A value the app reads that routectl cannot hold (long text, a control
                // character) is never said to be rejected by it.
                throw invalid(error.reason, at: "[\(start + 2)]", appRejects: !(error.detail is ValueBeyondRoutectl))
            }
            typeNames.append(typeName)
        }
        return (routes, typeNames, shapes)
    }

    public func checkWritable(_ state: NavigatorState) throws {}

    /// Why the app cannot decode FlowPath's triples read as they stand (``NavigatorState/appCannotDecode``): the first
    /// type name that no run of the app resolves. FlowStacks resolves a screen's type with
    /// `_typeByName`, which takes the mangled names `_mangledTypeName` gives and the standard
    /// library's readable ones (`Swift.Int`), not an app's readable name (`MyApp.Screen`), nor
    /// a private type's name that holds a memory address of one run (`4main13$559efc90c3d8yXZ6HiddenV`,
    /// `MyApp.(unknown context at $…).Hidden`). Checked with Swift 6.3's runtime.
    /// The first (lowest index) mangled type name of FlowPath's triples read that routectl
    /// cannot read (``MangledTypeName``), said; `nil` when none.
    static func unreadable(in read: Read) -> String? {
        guard read.isFlowPath else { return nil }
        for index in read.typeNames.indices.reversed() {
            let name = read.typeNames[index]
            if NavigationPathTypeName.kind(of: name) == .mangled, !MangledTypeName.isReadable(name), !MangledTypeName.isPrivate(name) {
                return MangledTypeName.cannotRead(name, at: read.start(of: index) + 1)
            }
        }
        return nil
    }

    /// Why the app cannot decode `read` (``NavigatorState/appCannotDecode``).
    static func unresolvable(in read: Read) -> String? {
        guard read.isFlowPath else { return nil }
        // The lowest index first: the routes are bottom first, the array top first.
        for index in read.typeNames.indices.reversed() {
            let name = read.typeNames[index]
            let place = "at [\(read.start(of: index) + 1)], \(NavigatorError.quote(name))"
            if name.contains("$") {
                return "\(place) is a private type's name, which holds a memory address of the run of the app that wrote it: no later run resolves it"
            }
            if let module = NavigationPathTypeName(name).module, module != "Swift" {
                return "\(place) is no mangled type name, and FlowStacks resolves an app's types by their mangled names (such as 5MyApp6ScreenO) only"
            }
        }
        // A value of the standard library's Int, String, Bool... of another kind.
        for index in read.typeNames.indices.reversed() {
            let name = read.typeNames[index]
            guard let short = SwiftTypeName.shortName(name),
                let reason = StandardScalar.misfit(read.routes[index].screen, typeName: name, name: short)
            else { continue }
            return "at [\(read.start(of: index) + 2)], \(reason)"
        }
        return nil
    }

    public func encode(_ state: inout NavigatorState) throws -> EncodedState {
        let tree = state.tree
        guard tree.tabs == nil else { throw Self.cannotHold("tabs") }
        guard !tree.hasRoot else {
            throw Self.cannotHold("a root of its own: the app's root view is its code; to show one route, run go /\(tree.root)")
        }
        let old = state.preserved?.payload as? Read
        if let old, old.tree != tree, let reason = Self.unresolvable(in: old) {
            // The app restores none of it: a change would hide that, never mend it.
            throw NavigatorError(
                .invalidFile, "the app cannot decode these routes as they stand: \(reason); routectl changes nothing in them",
                detail: FormatFact.appCannotDecode(format: name))
        }
        if let old, old.tree != tree, let reason = Self.unreadable(in: old) {
            throw MangledTypeName.refusal(reason, format: name)
        }
        try Self.checkPushes(tree, old: old?.tree)
        let routes = FlowStacksRoute.routes(tree.chain)
        let text = try old?.text ?? JSONArrayText(Array("[]".utf8)) { scanner, _ in try scanner.skipValue(depth: 1) }
        var reuse = ElementReuse(old?.routes ?? [])
        var elements: [[JSONArrayText.Element]] = []
        elements.reserveCapacity(routes.count)
        if let old, old.isFlowPath {
            let screens = FlowPathScreenText(old, schemaDeclares: schemaDeclares)
            for (index, route) in routes.enumerated() {
                if let kept = reuse.take(route, at: index) {
                    let start = old.start(of: kept)
                    elements.append([.old(start), .old(start + 1), .old(start + 2)])
                } else {
                    elements.append([.new(route.styleText)] + (try screens.text(of: route.screen)))
                }
            }
            elements.reverse()
        } else {
            for (index, route) in routes.enumerated() {
                if route.screen.preserved?.payload is GivenElementType {
                    throw NavigatorError(
                        .invalidInput,
                        "option '--type' names the type of a new screen of FlowStacks' FlowPath, and these routes are a [Route<Screen>], which names none")
                }
                if let kept = reuse.take(route, at: index) {
                    elements.append([.old(kept)])
                } else {
                    var writer = JSONWriter(capacity: 64)
                    writer.value(route.screen.codableValue)
                    elements.append([.new(route.text(screen: writer.bytes))])
                }
            }
        }
        let bytes = text.written(elements.flatMap { $0 })
        guard bytes.count <= maxBytes else {
            throw NavigatorError(.cannotApply, "the routes would be \(bytes.count) bytes of JSON, more than the \(maxBytes) routectl writes for FlowStacks")
        }
        // Never write what this codec could not read back as the state it shows.
        guard let again = try? decode(bytes), again.tree == tree else {
            throw Self.cannotHold("these routes: they would not read back as the same state (nested too deep?)")
        }
        return EncodedState(bytes: bytes)
    }

    /// Refuses a route pushed on a flow presented without navigation (FlowStacks shows nothing
    /// pushed there) that was not there when the state was read (`old`).
    private static func checkPushes(_ tree: NavigationTree, old: NavigationTree?) throws {
        for (index, presentation) in tree.chain.presented.enumerated() where !presentation.withNavigation && !presentation.flow.pushed.isEmpty {
            let before = old.flatMap { index < $0.chain.presented.count ? $0.chain.presented[index] : nil }
            if let before, !before.withNavigation, before.style == presentation.style, before.flow.root == presentation.flow.root,
                before.flow.pushed.starts(with: presentation.flow.pushed)
            {
                continue  // the app's own, as read
            }
            throw NavigatorError(
                .cannotApply,
                "FlowStacks cannot push on the \(presentation.style) \(NavigatorError.quote(presentation.flow.root.description)), presented without navigation (withNavigation: false): nothing pushed there is shown; dismiss it and present it again without --no-navigation")
        }
    }

    private static func cannotHold(_ what: String) -> NavigatorError {
        NavigatorError(.cannotApply, "FlowStacks' routes (format 'flowstacks') cannot hold \(what)")
    }

    /// The refusal of routes, naming where: `at [2].sheet, ...`; `appRejects`: whether the
    /// app's decoder rejects them too.
    static func invalid(_ reason: String, at path: String, appRejects: Bool = true) -> NavigatorError {
        let reason = reason.count > 300 ? reason.prefix(300) + "…" : reason
        return NavigatorError(
            .invalidFile, "is not FlowStacks' routes as routectl reads them: at \(path), \(reason)",
            detail: FormatFact.foreignStateUnreadable(format: "flowstacks", appRejects: appRejects))
    }
}

extension FlowStacksCodec {
    /// Every screen by its coding path: `[2].push._0` in an array of routes (bottom first); in
    /// FlowPath's triples (last first), the index of the screen's JSON text, `[2]` for the
    /// top. A FlowPath screen that is a plain value, no enum case, is not listed.
    public func routePlaces(in state: NavigatorState) -> [RoutePlace] {
        let routes = FlowStacksRoute.routes(state.tree.chain)
        let old = state.preserved?.payload as? Read
        guard let old, old.isFlowPath else {
            return routes.enumerated().map { RoutePlace("[\($0)].\($1.style.rawValue)._0", $1.screen) }
        }
        return routes.enumerated().compactMap { index, route in
            // The shapes read stand for the routes read, while the routes are those read.
            if index < old.shapes.count, old.tree == state.tree, old.shapes[index] != .enumValue { return nil }
            return RoutePlace("[\(3 * (routes.count - 1 - index) + 2)]", route.screen)
        }
    }
}
