import JSONText
import RouteModel
import PlainText

/// One element of SwiftUI's `NavigationPath` and the route it shows as: a type name, and the
/// element's JSON text as the app's encoder wrote it.
///
/// - An enum value (an object with one member, its case, holding an object) is that route,
///   as synthesized `Codable` writes it (``Route/init(codableValue:)``): `MyApp.Screen`
///   `{"details":{"_0":42}}` is `details?_0:=42`.
/// - Any other value is a **plain value**: a route named after its type
///   (``NavigationPathTypeName/routeName``), whose parameters are an object's members
///   (`MyApp.Recipe` `{"id":42}` is `Recipe?id:=42`) or, for anything else, the value as `_0`
///   (`Swift.Int` `7` is `Int?_0:=7`, `Swift.String` `"\"a\""` is `String?_0=a`).
///
/// As read, an element keeps its bytes (``typeToken`` and ``itemToken``, the two JSON strings
/// as they stand in the document), which are written back unchanged while the element's route
/// is the same; a route it rides on carries it in ``Route/preserved``.
struct NavigationPathElement: Sendable {
    /// What an element's JSON is.
    enum Shape: Sendable, Equatable {
        /// An enum value: the route is its case.
        case enumValue
        /// A plain value that is an object: the route's parameters are its members.
        case object
        /// A plain value that is no object: the route's one parameter `_0`.
        case single
    }

    let type: NavigationPathTypeName
    let shape: Shape
    /// The route the element shows as (without ``Route/preserved``).
    let route: Route
    /// The document the element was read from, and the ranges of its two JSON strings there.
    let document: [UInt8]
    let typeToken: Range<Int>
    let itemToken: Range<Int>
    /// The element's place in the document: 0 for the first pair (the top of the stack).
    let pair: Int

    /// The route an element of `type` whose JSON text is `text` shows as, and its shape.
    ///
    /// - Throws: `invalidInput` for JSON that does not parse, or a value no route holds (a
    ///   case or member name that is no route name, text with control characters, more than
    ///   1024 bytes of text or 65,536 of JSON), or a plain value of a type whose name gives
    ///   no route name; the reason without a place.
    static func route(type: NavigationPathTypeName, text: String) throws -> (Route, Shape) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: Array(text.utf8))
        } catch let error as JSONSyntaxError {
            throw NavigatorError(.invalidInput, "the JSON text of the \(quoted(type.text)) value does not parse: \(error.reason)")
        }
        if case .object(let cases) = value, cases.count == 1, case .object = cases[0].value {
            return (try Route(codableValue: value), .enumValue)
        }
        guard let name = type.routeName else {
            throw NavigatorError(
                .invalidInput,
                "a value of \(quoted(type.text)), which is no enum value, shows as a route named after its type, and that name gives none routectl takes (letters, digits, '_', '.', '-')")
        }
        if case .object(let members) = value {
            return (try Route(name, parameters: members.map(parameter)), .object)
        }
        return (try Route(name, parameters: [parameter(JSONValue.Member("_0", value))]), .single)
    }

    /// A member as a route parameter: a string is text, anything else a typed value.
    private static func parameter(_ member: JSONValue.Member) throws -> Route.Parameter {
        if case .string(let text) = member.value { return try Route.Parameter(key: member.key, value: text) }
        return try Route.Parameter(key: member.key, json: member.value.text)
    }

    /// The JSON text of `route` as an element of the shape `shape`: its enum value, or a plain
    /// value (its parameters as an object's members, or its `_0` alone).
    static func text(of route: Route, shape: Shape) -> String {
        switch shape {
        case .enumValue:
            return route.codableValue.text
        case .object:
            guard case .object(let cases) = route.codableValue, case .object(let members)? = cases.first?.value else { return "{}" }
            return JSONValue.object(members).text
        case .single:
            guard case .object(let cases) = route.codableValue, case .object(let members)? = cases.first?.value, let value = members.first?.value else {
                return "null"
            }
            return value.text
        }
    }
}
