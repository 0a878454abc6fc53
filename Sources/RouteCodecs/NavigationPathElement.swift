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
/// is the same; a route it rides on carries it in ``Route/preserved``. (A class: one word in
/// the route's ``Preserved``, no box of its own, copied and cast as one reference.)
package final class NavigationPathElement: Sendable {
    /// What an element's JSON is.
    package enum Shape: Sendable, Equatable {
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

    init(
        type: NavigationPathTypeName, shape: Shape, route: Route, document: [UInt8], typeToken: Range<Int>,
        itemToken: Range<Int>, pair: Int
    ) {
        self.type = type
        self.shape = shape
        self.route = route
        self.document = document
        self.typeToken = typeToken
        self.itemToken = itemToken
        self.pair = pair
    }

    /// The route an element of `type` whose JSON text is `text` shows as, and its shape.
    ///
    /// - Throws: `invalidInput` for JSON that does not parse, or a value no route holds (a
    ///   case or member name that is no route name, text with control characters, more than
    ///   1024 bytes of text or 65,536 of JSON), or a plain value of a type whose name gives
    ///   no route name; the reason without a place.
    package static func route(type: NavigationPathTypeName, text: String) throws -> (Route, Shape) {
        try route(type: type, bytes: Array(text.utf8))
    }

    /// ``route(type:text:)`` of the text's UTF-8 `bytes` (valid UTF-8), as a document's
    /// string decodes to: read straight from them, and only when that does not take them by
    /// way of their JSON value.
    package static func route(type: NavigationPathTypeName, bytes: [UInt8]) throws -> (Route, Shape) {
        if let quick = quickRoute(type: type, bytes: bytes) { return quick }
        return try routeByValue(type: type, text: String(decoding: bytes, as: UTF8.self))
    }

    /// ``route(type:text:)`` by way of the text's JSON value: the reading that defines it, and
    /// the one that names what is wrong.
    package static func routeByValue(type: NavigationPathTypeName, text: String) throws -> (Route, Shape) {
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

    /// What ``route(type:text:)`` gives, read straight from the text without building its
    /// JSON value (which the typed parameters check again): `nil` for anything this does not
    /// read, or reads as invalid, so that the full reading gives the same route or names what
    /// is wrong. (A path of 1,000 screens is read in a third fewer instructions.)
    private static func quickRoute(type: NavigationPathTypeName, bytes: [UInt8]) -> (Route, Shape)? {
        var scanner = JSONScanner(bytes)
        do {
            guard scanner.peek() == UInt8(ascii: "{") else {
                guard let name = type.routeName else { return nil }
                let parameter = try self.parameter("_0", &scanner, depth: 0)
                try scanner.expectEnd()
                return (try Route(name, parameters: [parameter]), .single)
            }
            // An object of one member holding an object is an enum value: its case and payload.
            var members: [Route.Parameter] = []
            var first: (key: String, range: Range<Int>, payload: [Route.Parameter])?
            try scanner.readObject(depth: 0) { scanner, key in
                if let held = first {
                    // A second member: a plain object after all, whose first member is an object.
                    members.append(try Route.Parameter(key: held.key, json: String(decoding: scanner.bytes[held.range], as: UTF8.self)))
                    first = nil
                }
                if members.isEmpty, scanner.peek() == UInt8(ascii: "{") {
                    let start = scanner.position
                    var payload: [Route.Parameter] = []
                    try scanner.readObject(depth: 1) { scanner, member in
                        payload.append(try self.parameter(member, &scanner, depth: 2))
                    }
                    first = (key, start..<scanner.position, payload)
                } else {
                    members.append(try self.parameter(key, &scanner, depth: 1))
                }
            }
            try scanner.expectEnd()
            if let first {
                return (try Route(first.key, parameters: first.payload), .enumValue)
            }
            guard let name = type.routeName else { return nil }
            return (try Route(name, parameters: members), .object)
        } catch {
            return nil
        }
    }

    /// The next value of `scanner` as the parameter `key`: a string is text, anything else a
    /// typed value.
    private static func parameter(_ key: String, _ scanner: inout JSONScanner, depth: Int) throws -> Route.Parameter {
        if scanner.peek() == UInt8(ascii: "\"") { return try Route.Parameter(key: key, value: scanner.readString()) }
        let range = try scanner.skipValue(depth: depth)
        return try Route.Parameter(key: key, json: String(decoding: scanner.bytes[range], as: UTF8.self))
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
