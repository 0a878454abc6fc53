import JSONText

/// The one order a route's parameters print in (one state, one path): the declared order of
/// the route's values when a schema declares the route, else positional values (`_0`, `_1`...,
/// by number) first, then labels in byte order. A typed value that holds JSON objects prints
/// their members in the same order, at any depth.
///
/// An app's encoder writes an enum value's members in no fixed order (Foundation's
/// `JSONEncoder` chooses it anew in each process), so the order they were read in is no part
/// of the state: two routes that differ only in it are equal (``Route/==(_:_:)``), and print
/// alike. A codec writes a route back in the order it was read.
public struct ParameterOrder: Sendable {
    /// The declared keys of each route, by route name, in declaration order.
    public var declared: [String: [String]]

    /// An order that follows `declared` for the routes it names.
    public init(declared: [String: [String]] = [:]) {
        self.declared = declared
    }

    /// `route`'s parameters in this order, each typed value's objects in canonical order.
    public func parameters(of route: Route) -> [Route.Parameter] {
        let parameters = route.parameters
        if let keys = declared[route.name], !keys.isEmpty {
            let ranked = parameters.map { parameter in (keys.firstIndex(of: parameter.key) ?? keys.count, parameter) }
            return ranked.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : ParameterOrder.precedes($0.1.key, $1.1.key) }.map { $0.1.canonical }
        }
        return route.canonicalParameters
    }

    /// Whether the key `a` prints before `b`: positional keys (`_` and digits only) first, by
    /// number, then every other key, in byte order.
    package static func precedes(_ a: String, _ b: String) -> Bool {
        precedes(a.utf8, b.utf8)
    }

    /// ``precedes(_:_:)`` of two keys' UTF-8 bytes where they stand in a buffer (no copy).
    package static func precedes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        // Neither positional (`_` then digits): byte order, compared where they stand.
        if a.first != UInt8(ascii: "_"), b.first != UInt8(ascii: "_") {
            var index = 0
            while index < a.count, index < b.count {
                if a[index] != b[index] { return a[index] < b[index] }
                index += 1
            }
            return a.count < b.count
        }
        return precedes(a[...], b[...])
    }

    /// ``precedes(_:_:)`` of two keys' UTF-8 bytes, as they stand in a text (no copy).
    package static func precedes<A: BidirectionalCollection<UInt8>, B: BidirectionalCollection<UInt8>>(_ a: A, _ b: B) -> Bool {
        switch (positionalDigits(a), positionalDigits(b)) {
        case (let x?, let y?):
            // By number, without overflow: fewer digits first, then digit by digit.
            let (xCount, yCount) = (x.count, y.count)
            if xCount != yCount { return xCount < yCount }
            return x.lexicographicallyPrecedes(y) || (x.elementsEqual(y) && a.lexicographicallyPrecedes(b))
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return a.lexicographicallyPrecedes(b)
        }
    }

    /// The digits of a positional key (`_12` gives `12`, leading zeros dropped), or `nil`.
    private static func positionalDigits<Key: BidirectionalCollection<UInt8>>(_ key: Key) -> Key.SubSequence? {
        guard key.first == UInt8(ascii: "_") else { return nil }
        let digits = key.dropFirst()
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return digits.drop { $0 == UInt8(ascii: "0") }
    }
}

extension Route {
    /// The parameters in canonical order (``ParameterOrder``), each typed value's objects in
    /// canonical order: the route as it prints without a schema.
    public var canonicalParameters: [Parameter] {
        // Most routes have at most one parameter, and it a scalar: nothing to order.
        if parameters.count <= 1, !(parameters.first?.isStructured ?? false) { return parameters }
        var ordered = parameters
        if !zip(ordered, ordered.dropFirst()).allSatisfy({ ParameterOrder.precedes($0.key, $1.key) }) {
            ordered.sort { ParameterOrder.precedes($0.key, $1.key) }
        }
        return ordered.map(\.canonical)
    }
}

extension Route.Parameter {
    /// Whether the value is a JSON array or object, whose text may list members in any order.
    var isStructured: Bool { type == .array || type == .object }

    /// The value's compact text with every object's members in canonical order
    /// (``ParameterOrder``), at any depth; other values as they are.
    var canonicalValue: String {
        // Always written anew: a codec may keep a value's text as it was stored (with spaces).
        guard isStructured, let value = try? JSONValue(parsing: Array(value.utf8)) else { return value }
        return value.canonical.text
    }

    /// The parameter with ``canonicalValue``.
    var canonical: Route.Parameter {
        guard isStructured else { return self }
        let text = canonicalValue
        return text == value ? self : Route.Parameter(checkedKey: key, value: text, type: type)
    }

    /// Whether `other` holds the same value: the same type and text, or JSON that differs only
    /// in the order of object members.
    func isSame(as other: Route.Parameter) -> Bool {
        guard key == other.key, type == other.type else { return false }
        if value == other.value { return true }
        return isStructured && canonicalValue == other.canonicalValue
    }
}

extension JSONValue {
    /// The value with every object's members in canonical order (``ParameterOrder``), at any
    /// depth; arrays keep their order.
    package var canonical: JSONValue {
        switch self {
        case .object(let members):
            return .object(members.map { JSONValue.Member($0.key, $0.value.canonical) }.sorted { ParameterOrder.precedes($0.key, $1.key) })
        case .array(let elements):
            return .array(elements.map(\.canonical))
        case .null, .bool, .number, .string:
            return self
        }
    }
}
