import RouteModel
import RouteCodecs
import PropertyListCodec
import PlainText

/// One key of an app's preferences (a property-list dictionary) and how routectl reads and
/// writes what it holds:
///
/// - a string is a ``RouteSetting`` (the raw value of the app's route enum), unless one of the
///   ``formats`` recognizes it (routectl's navigator JSON starts with `{`);
/// - an integer is a ``RouteSetting`` too (the raw value of an `Int`-backed enum), when it is
///   one an `Int` holds (-2⁶³...2⁶³-1);
/// - data is a state in one of the ``formats`` (as an app stores a `Codable` value), by
///   default routectl's navigator JSON;
/// - an array of strings, each one JSON value, is sindresorhus/Defaults' `Key<[Route]>`, read
///   as format `codable-array` and written back as such an array (``DefaultsArray``); a string
///   that no format reads and that is one enum value's JSON is its `Key<Route>`, a one-route
///   setting (``CodableValueCodec``);
/// - no value is an unset setting, so the app's default applies;
/// - any other type holds no route.
///
/// A navigator state is written back in the form it was read in (data or string); a new one is
/// data. A setting is a string, or an integer in the width it had in a binary plist when the
/// new value fits there (else the narrowest), and unsetting it removes the key.
///
/// `--format` narrows this: a forced table (``FormatTable/isForced``) takes a value in its one
/// format only, and a missing key starts a state in it; ``holdsSettingOnly`` takes a route
/// setting only.
public struct PreferenceKey: Sendable, CustomStringConvertible {
    /// The name of the format of a route setting, as `--format` and `show` give it.
    public static let settingFormatName = "setting"
    /// The format of a route setting in a few words, for a message saying a value is not in it.
    public static let settingSummary = "a string or an integer, the raw value of the app's route enum"

    /// The key.
    public let name: String
    /// The formats a state under the key may be in.
    public let formats: FormatTable
    /// Whether the key is read as a route setting only (`--format setting`): a string that none
    /// of ``formats`` recognizes and that does not start as JSON does (`{` or `[`), or an
    /// integer an `Int` holds; any other value is refused as not in the format `setting`, and no
    /// navigator state is written under the key.
    public let holdsSettingOnly: Bool

    /// The key called `name`, holding a state in one of `formats`, or only a route setting when
    /// `settingOnly`.
    public init(_ name: String, formats: FormatTable = .standard, settingOnly: Bool = false) {
        self.name = name
        self.formats = formats
        self.holdsSettingOnly = settingOnly
    }

    /// The key that holds the state in `dictionary`: this one when it is there; else, when
    /// exactly one key that starts with ``name`` holds a value one of ``formats`` recognizes
    /// (as `com.vandrj.navigator` starts VAPersistentNavigator's key, followed by a scene id),
    /// that key; else this one, missing. A route setting is never found by a prefix: the
    /// fallback of every format, it is recognized by none.
    ///
    /// - Throws: `invalidInput` with the detail ``PreferencesFact/keyPrefixMatchesSeveral(keys:)``
    ///   when several keys that start with ``name`` hold one.
    public func resolved(in dictionary: PropertyListDictionary) throws -> PreferenceKey {
        guard dictionary[name] == nil, !holdsSettingOnly else { return self }
        // Scalar for scalar, as keys match (no Unicode normalization).
        let found = dictionary.entries.filter { Self.starts($0.key, with: name) && holdsState($0.value) }.map(\.key)
        guard found.count <= 1 else {
            let shown = found.prefix(10).map { quoted($0) }.joined(separator: ", ")
            let more = found.count > 10 ? ", … (\(found.count) in all)" : ""
            throw NavigatorError(
                .invalidInput, "has no \(self), and \(found.count) keys that start with it hold a state: \(shown)\(more)",
                detail: PreferencesFact.keyPrefixMatchesSeveral(keys: found))
        }
        return found.first.map { PreferenceKey($0, formats: formats, settingOnly: holdsSettingOnly) } ?? self
    }

    /// Whether `key` starts with `prefix`, byte for byte: over an app's thousands of keys, a
    /// length check and a comparison of contiguous bytes, not a generic walk of each key.
    private static func starts(_ key: String, with prefix: String) -> Bool {
        guard key.utf8.count >= prefix.utf8.count else { return false }
        var key = key
        var prefix = prefix
        return key.withUTF8 { key in prefix.withUTF8 { prefix in key.prefix(prefix.count).elementsEqual(prefix) } }
    }

    /// Whether `value` holds a state one of ``formats`` recognizes (a string or data).
    private func holdsState(_ value: PropertyListValue) -> Bool {
        switch value {
        case .string(let text): return formats.formats.contains { $0.recognizes(Array(text.utf8)) }
        case .data(let bytes): return formats.formats.contains { $0.recognizes(bytes) }
        default: return false
        }
    }

    /// `key '<name>'`, quoted for messages.
    public var description: String { "key " + quoted(name) }

    /// What the key holds in `dictionary`; a missing key holds ``missingState()``.
    ///
    /// - Throws: `invalidFile` for a value of another type, data that is not routectl's
    ///   navigator JSON, or navigator JSON that does not decode, and for a value not in the
    ///   format `--format` named (``FormatFact/notInFormat(format:)``); `newerFormat` for
    ///   navigator JSON of a later format; `cannotApply` as ``missingState()``. Messages start
    ///   with ``description``.
    public func state(in dictionary: PropertyListDictionary) throws -> StoredState {
        try read(in: dictionary).state
    }

    /// ``state(in:)``, and, when the value holds a navigator state, ``format(in:)`` of
    /// `dictionary`: the format that recognized the value (or the forced one), found without
    /// looking at the value again; `nil` for anything else (a missing key's state included).
    ///
    /// - Throws: as ``state(in:)``.
    package func read(in dictionary: PropertyListDictionary) throws -> (state: StoredState, format: (any NavigatorCodec)?) {
        /// As ``format(in:)`` gives it for a value `codec` recognized.
        func format(_ codec: any NavigatorCodec) -> any NavigatorCodec { formats.isForced ? formats.defaultFormat : codec }
        guard let value = dictionary[name] else { return (try missingState(), nil) }
        if holdsSettingOnly { return (try setting(value), nil) }
        switch value {
        case .string(let text):
            let bytes = Array(text.utf8)
            if let read = try naming({ try formats.read(recognized: bytes) }) {
                return (.navigator(read.state), format(read.codec))
            }
            guard FormatTable.startsWithJSONContainer(bytes) else { return (.setting(.value(text)), nil) }
            // sindresorhus/Defaults' Key<Route>: one enum value as JSON (a one-route setting).
            if !formats.isForced, Self.codableValue.recognizes(bytes) {
                return (.navigator(try naming { try Self.codableValue.read(bytes) }), Self.codableValue)
            }
            throw notARoute("holds JSON in none of the formats routectl reads (\(formats.names.joined(separator: ", ")))", in: dictionary)
        case .data(let bytes):
            guard let read = try naming({ try formats.read(recognized: bytes) }) else {
                let what = FormatTable.startsWithJSONContainer(bytes) ? "JSON" : "data"
                throw notARoute("holds \(what) in none of the formats routectl reads (\(formats.names.joined(separator: ", ")))", in: dictionary)
            }
            return (.navigator(read.state), format(read.codec))
        case .array(let elements):
            // sindresorhus/Defaults' Key<[Route]>: each element's JSON, a string each.
            guard let strings = Self.strings(elements), let bytes = DefaultsArray.joined(strings),
                  let codec = formats.format(named: Self.arrayFormatName)
            else {
                if formats.isForced { throw FormatTable.notInFormat(formats.defaultFormat.name, summary: formats.defaultFormat.summary).about(description) }
                throw notARoute(
                    "holds an array that is not one of JSON strings (sindresorhus/Defaults' [Route], format '\(Self.arrayFormatName)'), so no route routectl reads",
                    in: dictionary)
            }
            return (.navigator(try naming { try codec.read(bytes) }), codec)
        case .integer(let integer):
            if formats.isForced {
                // --format named a navigator format, which no integer is.
                throw FormatTable.notInFormat(formats.defaultFormat.name, summary: formats.defaultFormat.summary).about(description)
            }
            guard let raw = integer.int64 else {
                throw notARoute("holds the integer \(integer), which is past the largest raw value an Int-backed enum can have (\(Int64.max))", in: dictionary)
            }
            return (.setting(.integer(raw)), nil)
        default:
            throw notARoute(
                "holds \(value.kindPhrase), not a route: routectl reads a string (a route name, or its navigator JSON), an integer (an Int-backed enum's raw value) or data (its navigator JSON)",
                in: dictionary)
        }
    }

    /// The navigator state the key holds in `dictionary`, as its format's reader reads the
    /// value's bytes (``FormatTable/document(recognized:)``), and whether the value is a string;
    /// `nil` for anything else (no format recognizes them, a route setting, another type of
    /// value), for ``state(in:)`` to read.
    package func document(in dictionary: PropertyListDictionary) -> (document: any NavigatorDocument, isString: Bool)? {
        guard let (bytes, isString) = stateBytes(in: dictionary), let found = try? formats.document(recognized: bytes) else { return nil }
        return (found.document, isString)
    }

    /// The value the key holds in `dictionary` after `operation`, when its document writes it
    /// straight into the value's bytes (``NavigatorDocument/applying(_:)``): what
    /// ``state(in:)``, the operation and ``storing(_:in:format:)`` give, in the same form
    /// (string or data). `nil` for anything else, for the full way to write (or refuse) it.
    package func applying(_ operation: NavigationOperation, in dictionary: PropertyListDictionary) -> PropertyListValue? {
        guard let (document, isString) = document(in: dictionary), let changed = document.applying(operation) else { return nil }
        return isString ? .string(String(decoding: changed, as: UTF8.self)) : .data(changed)
    }

    /// The bytes of the value the key holds in `dictionary` when it may be a navigator state
    /// read without decoding it (a string's UTF-8, or data), and whether it is a string; `nil`
    /// for anything else, or for a key that holds a route setting only.
    private func stateBytes(in dictionary: PropertyListDictionary) -> (bytes: [UInt8], isString: Bool)? {
        guard !holdsSettingOnly else { return nil }
        switch dictionary[name] {
        case .string(let text)?: return (Array(text.utf8), true)
        case .data(let bytes)?: return (bytes, false)
        default: return nil
        }
    }

    /// What a missing key holds: an unset route setting, so the app's default applies; or, when
    /// `--format` named a format (``FormatTable/isForced``), a new state in it.
    ///
    /// - Throws: `cannotApply` when that format cannot start from nothing.
    public func missingState() throws -> StoredState {
        guard formats.isForced else { return .setting(.unset) }
        do {
            return .navigator(try formats.newState())
        } catch let error as NavigatorError {
            throw error.about(description)
        }
    }

    /// The format of an array of JSON strings (sindresorhus/Defaults' `Key<[Route]>`).
    static let arrayFormatName = "codable-array"
    /// The format of one enum value kept as a JSON string (Defaults' `Key<Route>`).
    static let codableValue = CodableValueCodec()

    /// The strings of a plist array that holds strings only; `nil` for any other.
    private static func strings(_ elements: [PropertyListValue]) -> [String]? {
        var strings: [String] = []
        strings.reserveCapacity(elements.count)
        for element in elements {
            guard case .string(let text) = element else { return nil }
            strings.append(text)
        }
        return strings
    }

    /// `value` as a route setting (``holdsSettingOnly``).
    private func setting(_ value: PropertyListValue) throws -> StoredState {
        if case .integer(let integer) = value, let raw = integer.int64 {
            return .setting(.integer(raw))
        }
        if case .string(let text) = value {
            let bytes = Array(text.utf8)
            // JSON (an object or an array) is some library's state, never a route enum's raw value.
            let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
            if first != UInt8(ascii: "{"), first != UInt8(ascii: "["), !formats.formats.contains(where: { $0.recognizes(bytes) }) {
                return .setting(.value(text))
            }
        }
        throw FormatTable.notInFormat(Self.settingFormatName, summary: Self.settingSummary).about(description)
    }

    /// `dictionary` with `state` under the key: a setting as a string, or as an integer in the
    /// width of the integer the key held (see ``PropertyListInteger/keepingWidth(of:)``), or
    /// removed when unset; a navigator state in the format and form (string or data) of the
    /// state the key holds, or as data in the default format. The oldest history entries of a navigator state are
    /// dropped when it would not fit in its format's limit; returns how many were. `format`,
    /// when given, is ``format(in:)`` of `dictionary`, found before (a change asks for it first,
    /// to check that the state is writable).
    ///
    /// - Throws: `cannotApply` when a navigator state does not fit even so.
    public func storing(_ state: inout StoredState, in dictionary: PropertyListDictionary, format: (any NavigatorCodec)? = nil) throws -> (dictionary: PropertyListDictionary, droppedHistory: Int) {
        switch state {
        case .setting(.unset):
            return (dictionary.removing(name), 0)
        case .setting(.value(let text)):
            return (dictionary.replacing(name, with: .string(text)), 0)
        case .setting(.integer(let raw)):
            var integer = PropertyListInteger(raw)
            if case .integer(let old)? = dictionary[name] { integer = integer.keepingWidth(of: old) }
            return (dictionary.replacing(name, with: .integer(integer)), 0)
        case .navigator(var navigator):
            let codec = try format ?? self.format(in: dictionary)
            let encoded = try codec.encode(&navigator)
            state = .navigator(navigator)
            let value: PropertyListValue
            if case .array(let old)? = dictionary[name], codec.name == Self.arrayFormatName, let strings = Self.strings(old) {
                // Defaults' array, written back as one: a JSON string an element.
                value = .array(try DefaultsArray.strings(encoded.bytes, old: strings).map { .string($0) })
            } else if codec is CodableValueCodec {
                value = .string(String(decoding: encoded.bytes, as: UTF8.self))
            } else if case .string(let old)? = dictionary[name], (try? formats.recognizing(Array(old.utf8))) != nil {
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
        // A forced table has one format: what the key held is refused or replaced (`--force`).
        guard !formats.isForced else { return formats.defaultFormat }
        switch dictionary[name] {
        case .string(let text)?:
            let bytes = Array(text.utf8)
            if let found = try formats.recognizing(bytes) { return found }
            return Self.codableValue.recognizes(bytes) ? Self.codableValue : formats.defaultFormat
        case .data(let bytes)?: return try formats.recognizing(bytes) ?? formats.defaultFormat
        case .array(let elements)?:
            if Self.strings(elements) != nil, let codec = formats.format(named: Self.arrayFormatName) { return codec }
            return formats.defaultFormat
        default: return formats.defaultFormat
        }
    }

    /// The keys of `dictionary` whose values could hold a route, in order: strings that are
    /// valid route names or that one of `formats` recognizes, data that one recognizes, and
    /// arrays of JSON strings that one recognizes as an array (Defaults' `Key<[Route]>`, not
    /// empty). (Whether such a value decodes is not checked.)
    public static func candidates(in dictionary: PropertyListDictionary, formats: FormatTable = .standard) -> [String] {
        func recognized(_ bytes: [UInt8]) -> Bool { formats.formats.contains { $0.recognizes(bytes) } }
        return dictionary.entries.compactMap { entry in
            switch entry.value {
            case .string(let text) where recognized(Array(text.utf8)) || (try? Route(text)) != nil: return entry.key
            case .data(let bytes) where recognized(bytes): return entry.key
            // Not an empty array: many keys hold one, few of them a stack.
            case .array(let elements) where !elements.isEmpty && strings(elements).flatMap(DefaultsArray.joined).map(recognized) == true: return entry.key
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
