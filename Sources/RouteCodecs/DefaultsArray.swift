import JSONText
import RouteModel

/// sindresorhus/Defaults' way to keep a `Codable` value in an app's preferences (9.x, its
/// `CodableBridge` and `ArrayBridge` in Defaults+Bridge.swift): each value is encoded by a
/// `JSONEncoder` whose `outputFormatting` is `.sortedKeys`, and kept as a string;
/// `Defaults.Key<[Route]>` is a plist array of such strings, one an element, bottom first;
/// `Defaults.Key<Route>` is one such string. Its decoder is a plain `JSONDecoder` of each
/// string (an element that does not decode is dropped, the rest kept).
///
/// routectl reads the array as format `codable-array` (the JSON array of the same elements)
/// and the one string as a one-route setting (``CodableRouteSetting``); it writes back the
/// same shape: an array of strings, each element that is still the route it was kept byte
/// for byte, a new one as Defaults writes it (members sorted, `/` escaped as `\/`).
public enum DefaultsArray {
    /// The JSON array whose elements are `strings`, for the `codable-array` codec to read;
    /// `nil` when a string is not one JSON value (not Defaults' array of encoded values).
    public static func joined(_ strings: [String]) -> [UInt8]? {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, string) in strings.enumerated() {
            let element = Array(string.utf8)
            // One value each, so that a string such as `1,2` cannot pass for two elements.
            guard (try? JSONValue(parsing: element)) != nil else { return nil }
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += element
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }

    /// The elements of the JSON array `bytes` (as the `codable-array` codec wrote it) as
    /// Defaults' strings: an element whose text is one of `old` (the strings read) as it was,
    /// any other as Defaults' encoder writes it (``encoded(_:)``).
    ///
    /// - Throws: ``JSONSyntaxError`` when `bytes` are not a JSON array.
    public static func strings(_ bytes: [UInt8], old: [String]) throws -> [String] {
        let text = try JSONArrayText(bytes) { scanner, _ in try scanner.skipValue(depth: 1) }
        // By the text without the white space around it, which the array's element lacks.
        let kept = Dictionary(old.map { (trimmed($0), $0) }, uniquingKeysWith: { first, _ in first })
        return try text.elements.map { range in
            if let element = kept[String(decoding: bytes[range], as: UTF8.self)] { return element }
            return encoded(try JSONValue(parsing: Array(bytes[range])))
        }
    }

    /// `text` without JSON white space at either end.
    private static func trimmed(_ text: String) -> String {
        let space: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]
        let bytes = Array(text.utf8)
        guard let first = bytes.firstIndex(where: { !space.contains($0) }), let last = bytes.lastIndex(where: { !space.contains($0) }) else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    /// `value` as Defaults' `JSONEncoder` (`.sortedKeys`) writes it: compact, each object's
    /// members sorted by key, `/` escaped.
    package static func encoded(_ value: JSONValue) -> String {
        var writer = JSONWriter(capacity: 64)
        writer.value(sorted(value))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(writer.bytes.count)
        // A `/` stands only inside a string in JSON text, where `\/` is the same character.
        for byte in writer.bytes {
            if byte == UInt8(ascii: "/") { bytes.append(UInt8(ascii: "\\")) }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value` with every object's members sorted by key, in the order of the keys' UTF-8 bytes.
    static func sorted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements): return .array(elements.map(sorted))
        case .object(let members):
            return .object(members.map { JSONValue.Member($0.key, sorted($0.value)) }.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) })
        default: return value
        }
    }
}

/// One value of the app's route enum kept as a JSON string (format `codable-value`): what
/// sindresorhus/Defaults keeps of a `Defaults.Key<Route>` (see ``DefaultsArray``), such as
/// `{"details":{"_0":42}}`. A one-route setting: `set` and `go` to a route (parameters
/// included) replace it; nothing is pushed, presented or kept as history; `reset` leaves it
/// (Defaults' own `reset` removes the key, so that the app's default applies: `unset` is the
/// app's). Read only under a key of an app's preferences, as a string that no format of the
/// table recognizes.
public struct CodableValueCodec: NavigatorCodec {
    public init() {}

    public var name: String { "codable-value" }

    public var summary: String? { "one value of the app's route enum as a JSON string (sindresorhus/Defaults' Key<Route>)" }

    public var maxBytes: Int { 1 << 20 }

    /// Whether `bytes` are one JSON object with one member whose value is an object: an enum
    /// value as synthesized `Codable` writes it.
    public func recognizes(_ bytes: [UInt8]) -> Bool {
        guard FormatTable.startsWithObject(bytes), let value = try? JSONValue(parsing: bytes),
              case .object(let cases) = value, cases.count == 1, case .object = cases[0].value else { return false }
        return true
    }

    public func decode(_ bytes: [UInt8]) throws -> NavigatorState {
        let route: Route
        do {
            route = try Route(codableValue: try JSONValue(parsing: bytes))
        } catch let error as NavigatorError {
            throw NavigatorError(
                .invalidFile, "is not a value of the app's route enum routectl can read: \(error.reason)",
                detail: FormatFact.foreignStateUnreadable(format: name, appRejects: !(error.detail is ValueBeyondRoutectl)))
        } catch let error as JSONSyntaxError {
            throw NavigatorError(
                .invalidFile, "is not a value of the app's route enum: \(error.reason)",
                detail: FormatFact.foreignStateUnreadable(format: name, appRejects: !error.isTooDeep))
        }
        var state = NavigatorState()
        state.tree = NavigationTree(chain: NavigationChain(root: route))
        state.initial = route
        state.resetRule = .closeToRoots
        state.preserved = Preserved(Kept(route: route, text: String(decoding: bytes, as: UTF8.self)))
        return state
    }

    /// The route read and its text, written back as it was while it is the route.
    struct Kept: Sendable {
        let route: Route
        let text: String
    }

    public func checkWritable(_ state: NavigatorState) throws {}

    public func encode(_ state: inout NavigatorState) throws -> EncodedState {
        let tree = state.tree
        guard tree.tabs == nil, tree.hasRoot, tree.chain.base.pushed.isEmpty, !tree.chain.isPresenting else {
            throw NavigatorError(
                .cannotApply,
                "holds one value of the app's route enum (format 'codable-value', Defaults' Key<Route>), which has no room for a stack, a sheet or tabs: set <route> replaces it")
        }
        let route = tree.chain.base.root
        if let kept = state.preserved?.payload as? Kept, kept.route == route { return EncodedState(bytes: Array(kept.text.utf8)) }
        return EncodedState(bytes: Array(DefaultsArray.encoded(route.codableValue).utf8))
    }

    /// The route: the whole value.
    public func routePlaces(in state: NavigatorState) -> [RoutePlace] {
        [RoutePlace("value", state.tree.chain.base.root)]
    }
}
