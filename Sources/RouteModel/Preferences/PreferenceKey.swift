/// One key of an app's preferences (a property-list dictionary) and how routectl reads and
/// writes what it holds:
///
/// - a string is a ``RouteSetting`` (the raw value of the app's route enum), unless it is
///   routectl's navigator JSON (it starts with `{`);
/// - data is routectl's navigator JSON (as an app stores a `Codable` value);
/// - no value is an unset setting, so the app's default applies;
/// - any other type holds no route.
///
/// A navigator state is written back in the form it was read in (data or string); a new one is
/// data. A setting is a string, and unsetting it removes the key.
public struct PreferenceKey: Sendable, CustomStringConvertible {
    /// The key.
    public let name: String

    /// The key called `name`.
    public init(_ name: String) {
        self.name = name
    }

    /// `key '<name>'`, quoted for messages.
    public var description: String { "key " + quoted(name) }

    /// What the key holds in `dictionary`.
    ///
    /// - Throws: `invalidFile` for a value of another type, data that is not routectl's
    ///   navigator JSON, or navigator JSON that does not decode; `newerFormat` for navigator
    ///   JSON of a later format. Messages start with ``description``.
    public func state(in dictionary: PropertyListDictionary) throws -> StoredState {
        guard let value = dictionary[name] else { return .setting(.unset) }
        switch value {
        case .string(let text):
            guard Self.looksLikeJSON(text.utf8) else { return .setting(.value(text)) }
            return .navigator(try decode(Array(text.utf8), in: dictionary))
        case .data(let bytes):
            return .navigator(try decode(bytes, in: dictionary))
        default:
            throw notARoute(
                "\(self) holds \(value.kindPhrase), not a route: routectl reads a string (a route name, or its navigator JSON) or data (its navigator JSON)",
                in: dictionary)
        }
    }

    /// `dictionary` with `state` under the key: a setting as a string, or removed when unset;
    /// a navigator state as JSON: a string when the key holds navigator JSON as a string,
    /// else data. The oldest history entries of a navigator state are dropped when it would not
    /// fit in ``NavigatorFile/maxBytes``; returns how many were.
    ///
    /// - Throws: `cannotApply` when a navigator state does not fit even so.
    public func storing(_ state: inout StoredState, in dictionary: PropertyListDictionary) throws -> (dictionary: PropertyListDictionary, droppedHistory: Int) {
        switch state {
        case .setting(.unset):
            return (dictionary.removing(name), 0)
        case .setting(.value(let text)):
            return (dictionary.replacing(name, with: .string(text)), 0)
        case .navigator(var navigator):
            let (bytes, dropped) = try NavigatorFile.encode(&navigator, limit: NavigatorFile.maxBytes)
            state = .navigator(navigator)
            let value: PropertyListValue
            if case .string(let old)? = dictionary[name], Self.looksLikeJSON(old.utf8) {
                value = .string(String(decoding: bytes, as: UTF8.self))
            } else {
                value = .data(bytes)
            }
            return (dictionary.replacing(name, with: value), dropped)
        }
    }

    /// The keys of `dictionary` whose values could hold a route, in order: strings that are
    /// valid route names, and strings or data holding a JSON object with routectl's `format`
    /// member (another library's JSON is no candidate). Whether such JSON decodes is not checked.
    public static func candidates(in dictionary: PropertyListDictionary) -> [String] {
        dictionary.entries.compactMap { entry in
            switch entry.value {
            case .string(let text) where (try? Route(text)) != nil: return entry.key
            case .string(let text) where looksLikeJSON(text.utf8) && hasFormatMember(Array(text.utf8)): return entry.key
            case .data(let bytes) where looksLikeJSON(bytes) && hasFormatMember(bytes): return entry.key
            default: return nil
            }
        }
    }

    /// The refusal of a value that is not routectl's, naming the other keys that could hold a
    /// route (the likely cause is the wrong key).
    private func notARoute(_ message: String, in dictionary: PropertyListDictionary) -> NavigatorError {
        NavigatorError(
            .invalidFile, message,
            fact: .keyHoldsNoRoute(candidates: Self.candidates(in: dictionary).filter { $0 != name }))
    }

    /// Decodes navigator JSON, naming the key in errors. Bytes that are not a JSON object
    /// with routectl's `format` member are another library's, not routectl's.
    private func decode(_ bytes: [UInt8], in dictionary: PropertyListDictionary) throws -> NavigatorState {
        do {
            return try NavigatorFile.decode(bytes)
        } catch var error as NavigatorError where error.kind == .invalidFile || error.kind == .newerFormat {
            if error.kind == .invalidFile, !Self.hasFormatMember(bytes) {
                let what = Self.looksLikeJSON(bytes) ? "JSON" : "data"
                throw notARoute(
                    "\(self) holds \(what) that is not routectl's navigator state (it has no \"format\" member)", in: dictionary)
            }
            error.message = "\(self) " + error.message
            throw error
        }
    }

    /// Whether `bytes` are a JSON object with a `format` member at its top level: routectl's,
    /// however corrupt the rest is.
    static func hasFormatMember(_ bytes: [UInt8]) -> Bool {
        var scanner = JSONScanner(bytes)
        var found = false
        _ = try? scanner.readObject(depth: 1) { scanner, key in
            if key == "format" { found = true }
            _ = try scanner.skipValue(depth: 2)
        }
        return found
    }

    /// Whether `bytes` start, after white space, with `{`.
    private static func looksLikeJSON<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        for byte in bytes where ![0x20, 0x09, 0x0A, 0x0D].contains(byte) {
            return byte == UInt8(ascii: "{")
        }
        return false
    }
}
