import RouteModel
import RouteCodecs
import PropertyListCodec
import PlainText

/// One key of an app's preferences (a property-list dictionary) and how routectl reads and
/// writes what it holds:
///
/// - a string is a ``RouteSetting`` (the raw value of the app's route enum), unless one of the
///   ``formats`` recognizes it (routectl's navigator JSON starts with `{`);
/// - data is a state in one of the ``formats`` (as an app stores a `Codable` value), by
///   default routectl's navigator JSON;
/// - no value is an unset setting, so the app's default applies;
/// - any other type holds no route.
///
/// A navigator state is written back in the form it was read in (data or string); a new one is
/// data. A setting is a string, and unsetting it removes the key.
public struct PreferenceKey: Sendable, CustomStringConvertible {
    /// The key.
    public let name: String
    /// The formats a state under the key may be in.
    public let formats: FormatTable

    /// The key called `name`, holding a state in one of `formats`.
    public init(_ name: String, formats: FormatTable = .standard) {
        self.name = name
        self.formats = formats
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
            let bytes = Array(text.utf8)
            if let format = try naming({ try formats.recognizing(bytes) }) {
                return .navigator(try naming { try format.decode(bytes) })
            }
            guard FormatTable.startsWithObject(bytes) else { return .setting(.value(text)) }
            throw notARoute("holds JSON that is not routectl's navigator state (it has no \"format\" member)", in: dictionary)
        case .data(let bytes):
            guard let format = try naming({ try formats.recognizing(bytes) }) else {
                let what = FormatTable.startsWithObject(bytes) ? "JSON" : "data"
                throw notARoute("holds \(what) that is not routectl's navigator state (it has no \"format\" member)", in: dictionary)
            }
            return .navigator(try naming { try format.decode(bytes) })
        default:
            throw notARoute(
                "holds \(value.kindPhrase), not a route: routectl reads a string (a route name, or its navigator JSON) or data (its navigator JSON)",
                in: dictionary)
        }
    }

    /// `dictionary` with `state` under the key: a setting as a string, or removed when unset;
    /// a navigator state in the format and form (string or data) of the state the key holds,
    /// or as data in the default format. The oldest history entries of a navigator state are
    /// dropped when it would not fit in its format's limit; returns how many were.
    ///
    /// - Throws: `cannotApply` when a navigator state does not fit even so.
    public func storing(_ state: inout StoredState, in dictionary: PropertyListDictionary) throws -> (dictionary: PropertyListDictionary, droppedHistory: Int) {
        switch state {
        case .setting(.unset):
            return (dictionary.removing(name), 0)
        case .setting(.value(let text)):
            return (dictionary.replacing(name, with: .string(text)), 0)
        case .navigator(var navigator):
            let encoded = try format(in: dictionary).encode(&navigator)
            state = .navigator(navigator)
            let value: PropertyListValue
            if case .string(let old)? = dictionary[name], (try? formats.recognizing(Array(old.utf8))) != nil {
                value = .string(String(decoding: encoded.bytes, as: UTF8.self))
            } else {
                value = .data(encoded.bytes)
            }
            return (dictionary.replacing(name, with: value), encoded.droppedHistory)
        }
    }

    /// The format of the state the key holds in `dictionary`, or the default when it holds
    /// none.
    public func format(in dictionary: PropertyListDictionary) throws -> any NavigatorCodec {
        switch dictionary[name] {
        case .string(let text)?: return try formats.recognizing(Array(text.utf8)) ?? formats.defaultFormat
        case .data(let bytes)?: return try formats.recognizing(bytes) ?? formats.defaultFormat
        default: return formats.defaultFormat
        }
    }

    /// The keys of `dictionary` whose values could hold a route, in order: strings that are
    /// valid route names or that one of `formats` recognizes, and data that one recognizes.
    /// (Whether such a value decodes is not checked.)
    public static func candidates(in dictionary: PropertyListDictionary, formats: FormatTable = .standard) -> [String] {
        func recognized(_ bytes: [UInt8]) -> Bool { formats.formats.contains { $0.recognizes(bytes) } }
        return dictionary.entries.compactMap { entry in
            switch entry.value {
            case .string(let text) where recognized(Array(text.utf8)) || (try? Route(text)) != nil: return entry.key
            case .data(let bytes) where recognized(bytes): return entry.key
            default: return nil
            }
        }
    }

    /// The refusal of a value that is not a state routectl reads, naming the other keys that
    /// could hold a route (the likely cause is the wrong key).
    private func notARoute(_ reason: String, in dictionary: PropertyListDictionary) -> NavigatorError {
        NavigatorError(
            .invalidFile, reason,
            detail: PreferencesFact.keyHoldsNoRoute(candidates: Self.candidates(in: dictionary, formats: formats).filter { $0 != name }),
            subject: [description])
    }

    /// Runs `body`, naming the key in its errors about the value.
    private func naming<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as NavigatorError where error.kind == .invalidFile || error.kind == .newerFormat {
            throw error.about(description)
        }
    }
}
