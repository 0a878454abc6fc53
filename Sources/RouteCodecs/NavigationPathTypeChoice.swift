import RouteModel
import PlainText

/// How a new element of SwiftUI's `NavigationPath` gets its type, when the command named none
/// (``GivenElementType``), and how its value is written (``shape(of:type:)``).
///
/// In order: the schema's type (``NavigationPathCodec/schemaType``); the one type whose
/// elements already in the path show under the route's name (`details` beside other `details`
/// of `MyApp.Screen`, `Recipe` beside values of `MyApp.Recipe`). Nothing else tells a type the
/// app decodes the route as: a name no element shows (a typo, a struct's name on a path of
/// the app's enum) may be no case of any type there, and routectl cannot know the cases
/// without the app's routes. A private type's name is never chosen. Otherwise the type is
/// needed: `invalidInput` (exit 64) with ``ElementTypeNeeded``.
struct NavigationPathTypeChoice {
    private let document: NavigationPathCodec.Document
    private let schemaType: (@Sendable (Route) -> String?)?
    /// The schema as the codec knows it, for the refusal to say why (``NavigationPathCodec/schema``).
    private let schema: NavigationPathCodec.SchemaInfo?
    /// The types of the elements read, in the order first seen from the top.
    private var types: [NavigationPathTypeName] = []
    /// The shapes seen of each type's values.
    private var shapes: [NavigationPathTypeName: Set<NavigationPathElement.Shape>] = [:]
    /// The types whose elements show under each route name, in the order first seen.
    private var byName: [String: [NavigationPathTypeName]] = [:]
    /// The pairs of ``byName``, to keep each list free of repeats in linear time.
    private var named: Set<NameAndType> = []

    private struct NameAndType: Hashable {
        let name: String
        let type: NavigationPathTypeName
    }
    private var indexed = false

    init(document: NavigationPathCodec.Document, schemaType: (@Sendable (Route) -> String?)?, schema: NavigationPathCodec.SchemaInfo? = nil) {
        self.document = document
        self.schemaType = schemaType
        self.schema = schema
    }

    /// Learns the document's types, once, when a new element first needs them.
    private mutating func index() {
        guard !indexed else { return }
        indexed = true
        for element in document.elements.reversed() {
            if shapes[element.type] == nil { types.append(element.type) }
            shapes[element.type, default: []].insert(element.shape)
            if named.insert(NameAndType(name: element.route.name, type: element.type)).inserted {
                byName[element.route.name, default: []].append(element.type)
            }
        }
    }

    /// The type of the new element `route`.
    ///
    /// - Throws: `invalidInput` when none can be told, or when the schema's is not one routectl
    ///   writes (``NavigationPathTypeName/checkWritable(_:)``).
    mutating func type(for route: Route) throws -> String {
        if let type = schemaType?(route) {
            do {
                try NavigationPathTypeName.checkWritable(type)
            } catch let error as NavigatorError {
                throw error.about("the schema's type \(quoted(type)) for \(quoted(route.description)):")
            }
            return type
        }
        queries += 1
        if !indexed, queries <= Self.scansBeforeIndex, let found = scan(for: route) {
            return found
        }
        index()
        let named = byName[route.name] ?? []
        if named.count == 1, !named[0].isPrivate {
            return named[0].text
        }
        throw needed(route, named: named)
    }

    /// How many new elements find their type by a scan of the elements before the index is
    /// built: a push needs one, which a scan finds without hashing every element; a `go` to a
    /// long path needs many, which the index keeps linear.
    private static let scansBeforeIndex = 4
    private var queries = 0

    /// ``type(for:)`` by one pass over the elements, with no index: the type when one is told,
    /// `nil` otherwise (the index then says why).
    private func scan(for route: Route) -> String? {
        var scan = Scan()
        for element in document.elements {
            scan.add(element.type, element.shape, showsUnderName: element.route.name == route.name)
        }
        return scan.type
    }

    /// What ``scan(for:)`` learns of the elements, one at a time, in any order: the type of
    /// those that show under the new route's name.
    struct Scan {
        private var named: NavigationPathTypeName?
        private var several = false

        /// Learns an element of `type` and `shape`; `showsUnderName`: whether it shows under the
        /// new route's name.
        mutating func add(_ type: NavigationPathTypeName, _ shape: NavigationPathElement.Shape, showsUnderName: Bool) {
            guard showsUnderName else { return }
            if named == nil { named = type } else if named != type { several = true }
        }

        /// The type a new element takes, when the elements learnt tell one: that of those
        /// showing under its name; `nil` when they tell none (or a private type's).
        var type: String? {
            guard let named, !several, !named.isPrivate else { return nil }
            return named.text
        }
    }

    /// The refusal of `route`, whose type cannot be told; `named` are the types whose
    /// elements show under its name.
    private func needed(_ route: Route, named: [NavigationPathTypeName]) -> NavigatorError {
        let enumTypes = types.filter { !$0.isPrivate && (shapes[$0]?.contains(.enumValue) ?? false) }
        let routeType = schema?.routeType
        let looksLikeAType = route.name.utf8.first.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) } ?? false
        let why: String
        if named.count > 1 {
            why = "values of \(list(named)) show as \(quoted(route.name))"
        } else if let only = named.first {
            why = "the values that show as \(quoted(route.name)) are of the private type \(quoted(only.text)), whose name holds a memory address of one run of the app: routectl never writes it anew"
        } else if let schema, looksLikeAType {
            why = "the schema declares no route \(quoted(route.name))\(schema.routeType.map { " for \(quoted($0))" } ?? ""), and no value in the path shows as it: a value of another type (a struct's) needs its type named"
        } else if schema != nil {
            why = "no value in the path shows as \(quoted(route.name)), and routectl.json names no type for the schema's routes (\"store\": {\"type\": \"MyApp.Screen\"})"
        } else if types.isEmpty {
            why = "the path holds no value to take it from"
        } else if enumTypes.isEmpty {
            why = "no value in the path shows as \(quoted(route.name)), and it holds no enum values, only \(list(types))"
        } else {
            why = "no value in the path shows as \(quoted(route.name)), and without the app's routes (routectl.json) routectl cannot know the cases of \(list(enumTypes))"
        }
        // The types a whole command can offer: those that could hold the route.
        var fitting: [String]
        if named.count > 1 {
            fitting = named.filter { !$0.isPrivate }.map(\.text)
        } else if looksLikeAType {
            // A struct's value, most likely in the module of the app's own types.
            let known: NavigationPathTypeName? = routeType.map { NavigationPathTypeName($0) }
            let module = (known ?? enumTypes.first ?? types.first(where: { !$0.isPrivate && $0.module != "Swift" }))?.module
            fitting = module.map { ["\($0).\(route.name)"] } ?? []
        } else {
            fitting = enumTypes.map(\.text)
        }
        if let routeType, !looksLikeAType, named.isEmpty { fitting = [routeType] + fitting.filter { $0 != routeType } }
        // The names the app's enum values show, for a did-you-mean: a few dozen are plenty.
        var names: [String] = []
        var seen: Set<String> = []
        for element in document.elements where element.shape == .enumValue && seen.insert(element.route.name).inserted {
            names.append(element.route.name)
            if names.count == 64 { break }
        }
        return NavigatorError(
            .invalidInput, "cannot tell the type of the new element \(quoted(route.description)): \(why); name it with --type",
            detail: ElementTypeNeeded(route: route.arguments, types: fitting, names: schema == nil ? names : []))
    }

    private func list(_ types: [NavigationPathTypeName]) -> String {
        types.prefix(5).map { quoted($0.text) }.joined(separator: ", ") + (types.count > 5 ? ", …" : "")
    }

    /// How `route` is written as a value of `type`: an enum value, unless the values of
    /// `type` in the path are plain values, or (for a type the path does not hold) the route
    /// is named after the type (`Recipe` of `MyApp.Recipe`); a plain value is an object of the
    /// route's parameters, or its `_0` alone when that is what the type's values are (or, for a
    /// type the path does not hold, when `_0` is its only parameter).
    ///
    /// - Throws: `invalidInput` for a route a plain value of `type` cannot be: named otherwise
    ///   than the type, or (for one value) with parameters other than `_0`.
    mutating func shape(of route: Route, type: NavigationPathTypeName) throws -> NavigationPathElement.Shape {
        let seen: Set<NavigationPathElement.Shape>
        if indexed {
            seen = shapes[type] ?? []
        } else {
            var found: Set<NavigationPathElement.Shape> = []
            for element in document.elements where element.type == type { found.insert(element.shape) }
            seen = found
        }
        return try Self.shape(of: route, type: type, seen: seen)
    }

    /// ``shape(of:type:)`` when the values of `type` in the path have the shapes `seen`.
    static func shape(of route: Route, type: NavigationPathTypeName, seen: Set<NavigationPathElement.Shape>) throws -> NavigationPathElement.Shape {
        // The standard library's Int, String, Bool...: one scalar of its kind, whatever the path holds.
        if StandardScalar(typeName: type.text) != nil, let name = type.routeName {
            try StandardScalar.check(route, typeName: type.text, name: name)
            return .single
        }
        let plain: Bool
        if seen.isEmpty || (seen.contains(.enumValue) && seen.count > 1) {
            plain = route.name == type.routeName
        } else {
            plain = !seen.contains(.enumValue)
        }
        guard plain else { return .enumValue }
        guard let name = type.routeName, route.name == name else {
            throw NavigatorError(
                .invalidInput,
                "the values of \(quoted(type.text)) in the path are no enum values: each shows as a route named after the type, \(type.routeName.map { quoted($0) } ?? "which has no name routectl takes"), not \(quoted(route.name))")
        }
        let single = route.parameters.count == 1 && route.parameters[0].key == "_0"
        let object = seen.subtracting([.enumValue])
        if object == [.single] || (object.count != 1 && single) {
            guard single else {
                throw NavigatorError(
                    .invalidInput,
                    "a value of \(quoted(type.text)) is one value, given as _0 (such as \(name) _0:=7), not \(quoted(route.description))")
            }
            return .single
        }
        return .object
    }
}
