import JSONText
import PlainText

/// An app's own route enum, with synthesized `Codable`, as routes: `try Route(Screen.details(42))`
/// is `details?_0:=42`, and `try Screen(route)` is the enum value again, or an error naming what
/// did not fit.
///
/// ```swift
/// enum Screen: TypedRoute, Hashable {
///     case home
///     case details(Int)
///     case profile(id: Int, name: String?)
/// }
/// ```
///
/// The mapping is the one every format of enum values uses (SE-0295, as `JSONEncoder` writes
/// it): the case name is the route's name; each associated value is a parameter named by its
/// label, or `_0`, `_1`... unlabelled; a `String` is a text parameter (`name=Ann`), anything
/// else a typed one (`id:=7`, `_0:={"item":{"_0":3}}`); an optional that is `nil` is no
/// parameter at all. Conforming adds nothing to the type but these two conversions; any
/// `Codable` value converts with ``Route/init(_:)`` and ``Route/decode(as:)`` too.
public protocol TypedRoute: Codable {}

extension TypedRoute {
    /// The enum value `route` stands for.
    ///
    /// - Throws: ``NavigatorError`` (`invalidInput`) naming what did not fit: a route that is
    ///   no case of the type, a parameter missing, of the wrong type, or one the case does not
    ///   take (see ``Route/decode(as:)``).
    public init(_ route: Route) throws {
        self = try route.decode(as: Self.self)
    }
}

extension Route {
    /// The route an enum value stands for, by the mapping ``TypedRoute`` describes.
    ///
    /// - Throws: ``NavigatorError`` (`invalidInput`) for a value that is no enum case (a value
    ///   that does not encode as an object of one member holding an object), a case name that
    ///   is no valid route name, a text value no route holds (a control character, over 1,024
    ///   bytes), or a number JSON cannot hold (infinity, NaN); the message names the type and
    ///   the case.
    public init<Value: Encodable>(_ value: Value) throws {
        let json: JSONValue
        do {
            json = try JSONValueEncoder.encode(value)
        } catch let error as EncodingError {
            guard case .invalidValue(_, let context) = error else { throw error }
            throw NavigatorError(
                .invalidInput, "\(Value.self) cannot be a route: at \(codingPathText(context.codingPath)), \(oneLine(context.debugDescription))")
        }
        do {
            try self.init(codableValue: json)
        } catch let error as NavigatorError {
            // A case named by the app's CodingKeys may be no route name (a space, a newline):
            // quoted then, so that the message stays one line.
            let caseName = json.onlyMemberKey.map { "." + (Route.isValidName($0) ? $0 : quoted($0, limit: 40)) } ?? ""
            throw error.about("\(Value.self)\(caseName) cannot be a route:")
        }
    }

    /// The value of the app's type `Value` this route stands for (such as its route enum), by
    /// the mapping ``TypedRoute`` describes.
    ///
    /// - Throws: ``NavigatorError`` (`invalidInput`), naming the route, the type, and what did
    ///   not fit: `route 'settings' is not a case of Screen`; `route 'details' does not fit
    ///   Screen: at _0, expected Int, found 'abc'`; `... at _0, expected Int, found nothing`
    ///   (missing); `... the case takes no parameter 'extra'` (a parameter the case does not
    ///   read, which would be lost on the way back).
    public func decode<Value: Decodable>(as type: Value.Type = Value.self) throws -> Value {
        let decoded: (Value, payloadKeys: Set<String>?)
        do {
            decoded = try JSONValueDecoder.decode(type, from: codableValue)
        } catch let error as DecodingError {
            throw refusal(error, type)
        } catch let error as NavigatorError {
            throw error
        } catch {
            throw NavigatorError(.invalidInput, "route \(quoted(name)) does not fit \(Value.self): \(oneLine("\(error)"))")
        }
        let taken = decoded.payloadKeys ?? []
        if let extra = parameters.first(where: { !taken.contains($0.key) }) {
            throw NavigatorError(
                .invalidInput, "route \(quoted(name)) does not fit \(Value.self): the case takes no parameter \(quoted(extra.key))")
        }
        return decoded.0
    }

    /// The message for a decoding error: the route is no case of the type (the error is about
    /// the whole value), or a value inside it does not fit (the error is about a parameter).
    private func refusal<Value>(_ error: DecodingError, _ type: Value.Type) -> NavigatorError {
        let path: [any CodingKey]
        let words: String
        switch error {
        case .keyNotFound(let key, let context):
            path = context.codingPath + [key]
            words = context.debugDescription
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
            words = context.debugDescription
        @unknown default:
            return NavigatorError(.invalidInput, "route \(quoted(name)) does not fit \(Value.self): \(oneLine("\(error)"))")
        }
        guard path.count > 1 else {
            return NavigatorError(.invalidInput, "route \(quoted(name)) is not a case of \(Value.self)")
        }
        return NavigatorError(
            .invalidInput, "route \(quoted(name)) does not fit \(Value.self): at \(codingPathText(Array(path.dropFirst()))), \(oneLine(words))")
    }
}

/// A coding path as a message writes it: `_0`, `filter.page`, `tags[1]`, a key that is no
/// plain name quoted (`_0.'a b'`: keys of a typed value come from the file); `the top` when
/// empty; a path of more than 12 keys cut in the middle (`…`), so that a message stays short.
func codingPathText(_ path: [any CodingKey]) -> String {
    guard !path.isEmpty else { return "the top" }
    var text = ""
    for (place, key) in path.enumerated() {
        if path.count > 12, place >= 6, place < path.count - 4 {
            if place == 6 { text += ".…" }
            continue
        }
        if let index = key.intValue, key is ElementKey {
            text += "[\(index)]"
        } else {
            let name = Route.isValidName(key.stringValue) ? key.stringValue : quoted(key.stringValue, limit: 40)
            text += (text.isEmpty ? "" : ".") + name
        }
    }
    return text
}

/// Words from an error's description (an app's own, or the decoder's) for a one-line message:
/// control characters escaped, cut after 160 characters.
func oneLine(_ words: String) -> String {
    let quotedWords = quoted(words, limit: 160)
    return String(quotedWords.dropFirst().dropLast())
}

extension JSONValue {
    /// The key of an object of one member (an enum value's case), else `nil`.
    fileprivate var onlyMemberKey: String? {
        guard case .object(let members) = self, members.count == 1 else { return nil }
        return members[0].key
    }
}
