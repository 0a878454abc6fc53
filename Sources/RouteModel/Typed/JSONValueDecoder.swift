import JSONText

/// A `Decoder` that makes any `Decodable` value of a ``JSONValue``, as `JSONDecoder` would read
/// that JSON (default options): an integer of any width from a number that holds it exactly
/// (`42`, `42.0` or `4.2e1`, never `42.5` or one out of range), a `Double` or `Float` from any
/// finite number, `null` as an absent optional, a missing key as `decodeIfPresent`'s `nil`.
///
/// Errors are `DecodingError`s with the coding path, and words that name the value found
/// (`expected Int, found "abc"`), for ``TypedRoute``'s messages. The decoder also records which
/// keys of a route's payload (the object at depth 1) the type asked for, so that a parameter no
/// case takes is refused rather than dropped.
struct JSONValueDecoder {
    /// `Value` decoded from `json`; `payloadKeys` receives the keys of the route's payload the
    /// type asked for (`nil` when it never opened the payload as a keyed container).
    static func decode<Value: Decodable>(_ type: Value.Type, from json: JSONValue) throws -> (Value, payloadKeys: Set<String>?) {
        let context = DecodingContext()
        let value = try ValueDecoder(value: json, codingPath: [], context: context).decodeValue(type)
        return (value, context.payloadKeys)
    }
}

/// What the decoders of one decoding share: the payload keys asked for.
final class DecodingContext {
    var payloadKeys: Set<String>?

    func asked(_ key: String, depth: Int) {
        guard depth == 1 else { return }
        if payloadKeys == nil { payloadKeys = [] }
        payloadKeys!.insert(key)
    }

    func opened(depth: Int) {
        if depth == 1, payloadKeys == nil { payloadKeys = [] }
    }
}

/// `value` in a few words for a message: a string quoted, other scalars as their JSON text, a
/// container by its kind.
func found(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let text): return text.count > 40 ? "a number" : text
    case .string(let text): return NavigatorError.quote(text, limit: 40)
    case .array: return "an array"
    case .object: return "an object"
    }
}

func typeMismatch(_ type: Any.Type, _ value: JSONValue, _ codingPath: [any CodingKey]) -> DecodingError {
    .typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(type), found \(found(value))"))
}

/// Reads one JSON value as each kind of scalar, as `JSONDecoder` does.
extension JSONValue {
    func decodeBool(_ codingPath: [any CodingKey]) throws -> Bool {
        guard case .bool(let flag) = self else { throw mismatchOrMissing(Bool.self, codingPath) }
        return flag
    }

    func decodeString(_ codingPath: [any CodingKey]) throws -> String {
        guard case .string(let text) = self else { throw mismatchOrMissing(String.self, codingPath) }
        return text
    }

    func decodeInteger<Integer: FixedWidthInteger>(_ type: Integer.Type, _ codingPath: [any CodingKey]) throws -> Integer {
        guard case .number(let text) = self else { throw mismatchOrMissing(type, codingPath) }
        if let exact = Integer(text) { return exact }
        // As JSONDecoder: "42.0" and "4.2e1" are 42; the double must hold the integer exactly.
        if let double = Double(text), double.magnitude < 9_007_199_254_740_992, let exact = Integer(exactly: double) {
            return exact
        }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(type), found \(found(self)), which \(type) does not hold"))
    }

    func decodeFloat<Number: BinaryFloatingPoint & LosslessStringConvertible>(_ type: Number.Type, _ codingPath: [any CodingKey]) throws -> Number {
        guard case .number(let text) = self else { throw mismatchOrMissing(type, codingPath) }
        guard let number = Number(text), number.isFinite else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(type), found \(found(self)), which \(type) does not hold"))
        }
        return number
    }

    /// `valueNotFound` for `null` (as `JSONDecoder` says), `typeMismatch` for anything else.
    func mismatchOrMissing(_ type: Any.Type, _ codingPath: [any CodingKey]) -> DecodingError {
        if self == .null {
            return .valueNotFound(type, DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(type), found null"))
        }
        return typeMismatch(type, self, codingPath)
    }
}

struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let context: DecodingContext
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw value.mismatchOrMissing([String: Any].self, codingPath)
        }
        context.opened(depth: codingPath.count)
        return KeyedDecodingContainer(KeyedValueDecoder<Key>(members: members, codingPath: codingPath, context: context))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw value.mismatchOrMissing([Any].self, codingPath)
        }
        return UnkeyedValueDecoder(elements: elements, codingPath: codingPath, context: context)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// Decodes a `T` from this decoder's value, Foundation's `URL` and `Data` as `JSONDecoder`
    /// reads them (``FoundationValue``).
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        guard let foundation = FoundationValue(type) else { return try T(from: self) }
        return try T(from: ValueDecoder(value: foundation.own(value, at: codingPath), codingPath: codingPath, context: context))
    }
}

extension ValueDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { value == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try value.decodeBool(codingPath) }
    func decode(_ type: String.Type) throws -> String { try value.decodeString(codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try value.decodeFloat(type, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try value.decodeFloat(type, codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try value.decodeInteger(type, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try value.decodeInteger(type, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try value.decodeInteger(type, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try value.decodeInteger(type, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try value.decodeInteger(type, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try value.decodeInteger(type, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try value.decodeInteger(type, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try value.decodeInteger(type, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try value.decodeInteger(type, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try value.decodeInteger(type, codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }
}

struct KeyedValueDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [JSONValue.Member]
    let codingPath: [any CodingKey]
    let context: DecodingContext
    /// Where each key stands (a dictionary of many keys is read in linear time, not quadratic).
    private let index: [String: Int]

    init(members: [JSONValue.Member], codingPath: [any CodingKey], context: DecodingContext) {
        self.members = members
        self.codingPath = codingPath
        self.context = context
        // JSONValue refuses duplicate keys, so each key has one place.
        self.index = Dictionary(members.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    var allKeys: [Key] {
        members.compactMap { member in
            let key = Key(stringValue: member.key)
            if key != nil { context.asked(member.key, depth: codingPath.count) }
            return key
        }
    }

    func contains(_ key: Key) -> Bool {
        context.asked(key.stringValue, depth: codingPath.count)
        return index[key.stringValue] != nil
    }

    /// The value of `key`, or `keyNotFound` naming the type that was expected there.
    private func value(_ key: Key, _ type: Any.Type) throws -> JSONValue {
        context.asked(key.stringValue, depth: codingPath.count)
        guard let place = index[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(type), found nothing"))
        }
        return members[place].value
    }

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key, Any?.self) == .null }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key, type).decodeBool(path(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key, type).decodeString(path(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key, type).decodeFloat(type, path(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key, type).decodeFloat(type, path(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key, type).decodeInteger(type, path(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key, type).decodeInteger(type, path(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key, type).decodeInteger(type, path(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key, type).decodeInteger(type, path(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key, type).decodeInteger(type, path(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key, type).decodeInteger(type, path(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key, type).decodeInteger(type, path(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key, type).decodeInteger(type, path(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key, type).decodeInteger(type, path(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key, type).decodeInteger(type, path(key)) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try ValueDecoder(value: value(key, type), codingPath: path(key), context: context).decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(value: value(key, [String: Any].self), codingPath: path(key), context: context).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: value(key, [Any].self), codingPath: path(key), context: context).unkeyedContainer()
    }

    /// As `JSONDecoder`: a missing key gives a decoder of `null`.
    func superDecoder() throws -> any Decoder {
        let value = index[ElementKey.super.stringValue].map { members[$0].value } ?? .null
        return ValueDecoder(value: value, codingPath: codingPath + [ElementKey.super], context: context)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        context.asked(key.stringValue, depth: codingPath.count)
        let value = index[key.stringValue].map { members[$0].value } ?? .null
        return ValueDecoder(value: value, codingPath: path(key), context: context)
    }
}

struct UnkeyedValueDecoder: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    let context: DecodingContext
    private(set) var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey], context: DecodingContext) {
        self.elements = elements
        self.codingPath = codingPath
        self.context = context
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }
    private var path: [any CodingKey] { codingPath + [ElementKey(index: currentIndex)] }

    /// What reading past the end throws, as `JSONDecoder` does.
    private func atEnd(_ type: Any.Type) -> DecodingError {
        .valueNotFound(type, DecodingError.Context(codingPath: path, debugDescription: "expected \(type), found the end of the array"))
    }

    private mutating func scalar<T>(_ type: Any.Type, _ read: (JSONValue, [any CodingKey]) throws -> T) throws -> T {
        guard !isAtEnd else { throw atEnd(type) }
        // As JSONDecoder: an element that does not fit is not moved past.
        let result = try read(elements[currentIndex], path)
        currentIndex += 1
        return result
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw atEnd(Any?.self) }
        guard elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar(type) { try $0.decodeBool($1) } }
    mutating func decode(_ type: String.Type) throws -> String { try scalar(type) { try $0.decodeString($1) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try scalar(type) { try $0.decodeFloat(type, $1) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try scalar(type) { try $0.decodeFloat(type, $1) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try scalar(type) { try $0.decodeInteger(type, $1) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try scalar(type) { try $0.decodeInteger(type, $1) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try scalar(type) { try $0.decodeInteger(type, $1) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try scalar(type) { try $0.decodeInteger(type, $1) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try scalar(type) { try $0.decodeInteger(type, $1) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try scalar(type) { try $0.decodeInteger(type, $1) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(type) { try $0.decodeInteger(type, $1) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(type) { try $0.decodeInteger(type, $1) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(type) { try $0.decodeInteger(type, $1) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(type) { try $0.decodeInteger(type, $1) } }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let context = self.context
        return try scalar(type) { try ValueDecoder(value: $0, codingPath: $1, context: context).decodeValue(type) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let context = self.context
        return try scalar([String: Any].self) { try ValueDecoder(value: $0, codingPath: $1, context: context).container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let context = self.context
        return try scalar([Any].self) { try ValueDecoder(value: $0, codingPath: $1, context: context).unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        let context = self.context
        return try scalar(Any.self) { ValueDecoder(value: $0, codingPath: $1, context: context) }
    }
}
