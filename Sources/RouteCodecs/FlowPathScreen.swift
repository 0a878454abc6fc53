import JSONText
import RouteModel

/// A screen of FlowStacks' `FlowPath.CodableRepresentation`: its type's mangled name and its
/// JSON text, and the route it shows as, as for SwiftUI's `NavigationPath`:
///
/// - an enum value (an object with one member, its case, holding an object) is that route
///   (``Route/init(codableValue:)``): `5MyApp6ScreenO` `{"details":{"_0":42}}` is
///   `details?_0:=42`;
/// - any other value is a plain value: a route named after its type (``SwiftTypeName``),
///   whose parameters are an object's members (`5MyApp6RecipeV` `{"id":42}` is
///   `Recipe?id:=42`) or, for anything else, the value as `_0` (`Si` `7` is `Int?_0:=7`).
enum FlowPathScreen {
    /// What a screen's JSON is.
    enum Shape: Hashable, Sendable {
        /// An enum value: the route is its case.
        case enumValue
        /// A plain value that is an object: the route's parameters are its members.
        case object
        /// A plain value that is no object: the route's one parameter `_0`.
        case single
    }

    /// The type name of a screen read, kept in its route's ``Route/preserved``.
    struct ReadType: Sendable {
        let name: String
    }

    /// The route a screen of the type `typeName` whose JSON is `json` shows as, and its shape.
    ///
    /// - Throws: `invalidInput` for a value no route holds, or a plain value of a type whose
    ///   name gives no route name; the reason without a place.
    static func route(typeName: String, json: JSONValue) throws -> (Route, Shape) {
        if case .object(let cases) = json, cases.count == 1, case .object = cases[0].value {
            return (try Route(codableValue: json), .enumValue)
        }
        guard let name = SwiftTypeName.shortName(typeName) else {
            throw NavigatorError(
                .invalidInput,
                "a value of \(NavigatorError.quote(typeName)), which is no enum value, shows as a route named after its type, and that name gives none routectl takes")
        }
        if case .object(let members) = json {
            return (try Route(name, parameters: members.map(parameter)), .object)
        }
        return (try Route(name, parameters: [parameter(JSONValue.Member("_0", json))]), .single)
    }

    /// A member as a route parameter: a string is text, anything else a typed value.
    private static func parameter(_ member: JSONValue.Member) throws -> Route.Parameter {
        if case .string(let text) = member.value { return try Route.Parameter(key: member.key, value: text) }
        return try Route.Parameter(key: member.key, json: member.value.text)
    }

    /// The JSON text of `route` as a value of the shape `shape`.
    static func json(of route: Route, shape: Shape) -> [UInt8] {
        var writer = JSONWriter(capacity: 64)
        switch shape {
        case .enumValue:
            writer.value(route.codableValue)
        case .object, .single:
            guard case .object(let cases) = route.codableValue, case .object(let members) = cases[0].value else { break }
            if shape == .object { writer.value(.object(members)) } else { writer.value(members.first?.value ?? .null) }
        }
        return writer.bytes
    }
}

/// The type name and JSON text of each screen written in FlowPath's triples: those of a screen
/// read that shows as the same route, kept as they were; else a new one's, whose type is the
/// one whose screens read show under the route's name, else (for a route the schema declares)
/// the one type whose screens read are enum values. A name no screen shows, without a schema,
/// may be no case of any type there (a typo, a struct's name): routectl cannot know the cases.
struct FlowPathScreenText {
    private let old: FlowStacksCodec.Read
    private let schemaDeclares: (@Sendable (Route) -> Bool)?
    /// Where the first route read with each screen is.
    private var places: [Route: Int] = [:]
    /// The types of the screens read, in the order first seen, and the shapes of their values.
    private var types: [String] = []
    private var shapes: [String: Set<FlowPathScreen.Shape>] = [:]
    /// The types whose screens read show under each route name.
    private var byName: [String: [String]] = [:]

    init(_ old: FlowStacksCodec.Read, schemaDeclares: (@Sendable (Route) -> Bool)? = nil) {
        self.old = old
        self.schemaDeclares = schemaDeclares
        for (index, route) in old.routes.enumerated() {
            if places[route.screen] == nil { places[route.screen] = index }
            let type = old.typeNames[index]
            if shapes[type] == nil { types.append(type) }
            shapes[type, default: []].insert(old.shapes[index])
            if !(byName[route.screen.name]?.contains(type) ?? false) { byName[route.screen.name, default: []].append(type) }
        }
    }

    /// The elements of `screen`'s type name and JSON text.
    ///
    /// - Throws: `invalidInput` when it is new and its type cannot be told.
    func text(of screen: Route) throws -> [JSONArrayText.Element] {
        let given = (screen.preserved?.payload as? GivenElementType)?.name
        if given == nil, let index = places[screen] {
            let start = old.start(of: index)
            return [.old(start + 1), .old(start + 2)]
        }
        let type: String
        if let given {
            do {
                // Readable (MyApp.Screen) or mangled, written mangled (``MangledTypeName``).
                type = try MangledTypeName.stored(
                    given, mangled: true, known: types, enumValue: screen.name != SwiftTypeName.shortName(given))
            } catch let error as NavigatorError {
                throw error.about("cannot write \(NavigatorError.quote(screen.description)) as a value of \(NavigatorError.quote(given)):")
            }
        } else if let read = screen.preserved?.payload as? FlowPathScreen.ReadType {
            // A screen read whose route changed (migrate --rename): a value of its own type.
            type = read.name
        } else {
            type = try self.type(of: screen)
        }
        let seen = shapes[type] ?? []
        let single = screen.parameters.count == 1 && screen.parameters[0].key == "_0"
        let shape: FlowPathScreen.Shape
        if StandardScalar(typeName: type) != nil, let name = SwiftTypeName.shortName(type) {
            // The standard library's Int, String, Bool...: one scalar of its kind.
            try StandardScalar.check(screen, typeName: type, name: name)
            shape = .single
        } else if seen.isEmpty {
            // A type the routes do not hold (--type): a plain value when named after the type.
            shape = screen.name != SwiftTypeName.shortName(type) ? .enumValue : single ? .single : .object
        } else if seen.contains(.enumValue) && (seen.count == 1 || screen.name != SwiftTypeName.shortName(type)) {
            shape = .enumValue
        } else if seen.contains(.single) && single {
            shape = .single
        } else {
            shape = .object
        }
        var name = JSONWriter(capacity: 32)
        name.string(type)
        var json = JSONWriter(capacity: 64)
        json.string(String(decoding: FlowPathScreen.json(of: screen, shape: shape), as: UTF8.self))
        return [.new(name.bytes), .new(json.bytes)]
    }

    /// The type of the new screen `screen`.
    private func type(of screen: Route) throws -> String {
        let named = byName[screen.name] ?? []
        if named.count == 1 { return named[0] }
        // A plain value shows under its type's name only: a route named otherwise is an enum value.
        let enumTypes = types.filter { shapes[$0]?.contains(.enumValue) ?? false }
        if named.isEmpty, enumTypes.count == 1, schemaDeclares?(screen) == true { return enumTypes[0] }
        let why: String
        if named.count > 1 {
            why = "screens of \(list(named)) show as \(NavigatorError.quote(screen.name))"
        } else if types.isEmpty {
            why = "the routes hold no screen to take it from"
        } else if schemaDeclares != nil {
            why = "no screen shows as \(NavigatorError.quote(screen.name)), and the routes hold screens of \(list(types))"
        } else if enumTypes.isEmpty {
            why = "no screen shows as \(NavigatorError.quote(screen.name)), and the routes hold no enum values, only screens of \(list(types))"
        } else {
            why = "no screen shows as \(NavigatorError.quote(screen.name)), and without the app's routes (routectl.json) routectl cannot know the cases of \(list(enumTypes))"
        }
        // The names the app's enum values show, for a did-you-mean: a few dozen are plenty.
        var names: [String] = []
        var seen: Set<String> = []
        for (index, route) in old.routes.enumerated() where old.shapes[index] == .enumValue && seen.insert(route.screen.name).inserted {
            names.append(route.screen.name)
            if names.count == 64 { break }
        }
        throw NavigatorError(
            .invalidInput,
            "cannot tell the type of the new screen \(NavigatorError.quote(screen.description)): FlowStacks' FlowPath names each screen's type (mangled, such as 5MyApp6ScreenO): \(why); name it with --type",
            detail: ElementTypeNeeded(
                route: screen.arguments, types: named.count > 1 ? named : looksLikeAType(screen.name) ? [] : enumTypes,
                names: schemaDeclares == nil ? names : [], mangled: true))
    }

    /// Whether `name` is spelt as a Swift type is (an uppercase ASCII letter first): a struct's
    /// value, whose mangled name routectl does not make up.
    private func looksLikeAType(_ name: String) -> Bool {
        name.utf8.first.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) } ?? false
    }

    private func list(_ types: [String]) -> String {
        types.prefix(5).map { NavigatorError.quote($0) }.joined(separator: ", ") + (types.count > 5 ? ", …" : "")
    }
}
