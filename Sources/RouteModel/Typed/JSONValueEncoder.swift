import JSONText

/// An `Encoder` that makes a ``JSONValue`` of any `Encodable` value, as `JSONEncoder` would
/// write it (default options): integers as their digits, a `Double` or `Float` as its shortest
/// text without a trailing `.0`, a non-finite one refused, a value that asks for no container an
/// empty object, a key encoded twice keeping its last value. Unlike `JSONEncoder`, object
/// members keep the order they were encoded in (synthesized `Codable` encodes in declaration
/// order), so `profile(id: 7, name: "Ann")` is `profile?id:=7&name=Ann`.
///
/// Containers write into a shared tree of ``EncodedNode``s, as `JSONEncoder`'s do into its
/// references, so a nested container or a super encoder handed out earlier still writes into
/// its parent. Misuse that `JSONEncoder` stops the program for (a second container of another
/// kind at one place, two values through one single-value container) is recorded instead and
/// thrown when encoding ends: an app's mistake is an error, never a crash.
struct JSONValueEncoder {
    /// The JSON value of `value`.
    ///
    /// - Throws: `EncodingError.invalidValue` for a non-finite number or a container misused,
    ///   with the coding path where it happened.
    static func encode<Value: Encodable>(_ value: Value) throws -> JSONValue {
        let root = EncodedNode()
        let context = EncodingContext()
        try NodeEncoder(node: root, codingPath: [], context: context).encodeValue(value)
        if let error = context.firstError { throw error }
        return root.json
    }
}

/// A value being encoded: nothing yet, a scalar, an object or an array whose members are nodes
/// of their own (which nested containers keep writing into).
final class EncodedNode {
    enum Content {
        case empty
        case scalar(JSONValue)
        /// Members in the order first encoded; `index` finds a key's place.
        case object([(key: String, node: EncodedNode)], index: [String: Int])
        case array([EncodedNode])
    }

    var content = Content.empty

    /// The finished value; a node nothing was encoded into is an empty object, as in
    /// `JSONEncoder`.
    var json: JSONValue {
        switch content {
        case .empty: return .object([])
        case .scalar(let value): return value
        case .object(let members, _): return .object(members.map { JSONValue.Member($0.key, $0.node.json) })
        case .array(let elements): return .array(elements.map(\.json))
        }
    }

    /// The node of the member `key` of this object, new and empty (a key encoded twice keeps
    /// its first place and its last value).
    func member(_ key: String) -> EncodedNode {
        guard case .object(var members, var index) = content else { preconditionFailure("member of a non-object") }
        let node = EncodedNode()
        content = .empty
        if let place = index[key] {
            members[place].node = node
        } else {
            index[key] = members.count
            members.append((key, node))
        }
        content = .object(members, index: index)
        return node
    }

    /// A new, empty node inserted at `position` of this array (appended when `position` is
    /// `nil`).
    func element(at position: Int? = nil) -> EncodedNode {
        guard case .array(var elements) = content else { preconditionFailure("element of a non-array") }
        let node = EncodedNode()
        content = .empty
        elements.insert(node, at: min(position ?? elements.count, elements.count))
        content = .array(elements)
        return node
    }

    var count: Int {
        switch content {
        case .array(let elements): return elements.count
        case .object(let members, _): return members.count
        case .empty, .scalar: return 0
        }
    }
}

/// What every encoder and container of one encoding shares: the first misuse seen.
final class EncodingContext {
    var firstError: EncodingError?

    func record(_ message: String, _ codingPath: [any CodingKey]) {
        guard firstError == nil else { return }
        firstError = .invalidValue((), EncodingError.Context(codingPath: codingPath, debugDescription: message))
    }
}

/// The key of an array element (`[2]`) or of a super encoder (`super`) in a coding path.
struct ElementKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) { self.init(index: intValue) }

    static let `super` = ElementKey(stringValue: "super")
}

/// How deep a value may nest: far more than a route holds (a typed value nests at most
/// ``JSONText/JSONScanner/maxDepth`` levels), and far less than exhausts a thread's stack.
let maxEncodingDepth = 256

/// Throws for a value at `codingPath` deeper than ``maxEncodingDepth``.
func checkDepth<T>(_ value: T, _ codingPath: [any CodingKey]) throws {
    guard codingPath.count > maxEncodingDepth else { return }
    throw EncodingError.invalidValue(
        value, EncodingError.Context(codingPath: codingPath, debugDescription: "the value is nested deeper than \(maxEncodingDepth) levels"))
}

/// The text of `value` as `JSONEncoder` writes a floating-point number (`1` for `1.0`).
///
/// - Throws: `EncodingError.invalidValue` for infinity or NaN, which JSON cannot hold.
func jsonNumber<Number: BinaryFloatingPoint & CustomStringConvertible>(_ value: Number, at codingPath: [any CodingKey]) throws -> JSONValue {
    guard value.isFinite else {
        throw EncodingError.invalidValue(
            value, EncodingError.Context(codingPath: codingPath, debugDescription: "\(Number.self) \(value) cannot be written as JSON"))
    }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return .number(text)
}

struct NodeEncoder: Encoder {
    let node: EncodedNode
    let codingPath: [any CodingKey]
    let context: EncodingContext
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        switch node.content {
        case .empty: node.content = .object([], index: [:])
        case .object: break
        case .scalar, .array:
            context.record("a keyed container was asked for where a value of another kind is already encoded", codingPath)
            return KeyedEncodingContainer(KeyedNodeEncoder(node: EncodedNode.object(), codingPath: codingPath, context: context))
        }
        return KeyedEncodingContainer(KeyedNodeEncoder(node: node, codingPath: codingPath, context: context))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        switch node.content {
        case .empty: node.content = .array([])
        case .array: break
        case .scalar, .object:
            context.record("an unkeyed container was asked for where a value of another kind is already encoded", codingPath)
            let spare = EncodedNode()
            spare.content = .array([])
            return UnkeyedNodeEncoder(node: spare, codingPath: codingPath, context: context)
        }
        return UnkeyedNodeEncoder(node: node, codingPath: codingPath, context: context)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// Encodes `value` into this encoder's node, Foundation's `URL` and `Data` as
    /// `JSONEncoder` writes them (``FoundationValue``).
    func encodeValue<T: Encodable>(_ value: T) throws {
        guard let foundation = FoundationValue(T.self) else { return try value.encode(to: self) }
        let own = EncodedNode()
        try value.encode(to: NodeEncoder(node: own, codingPath: codingPath, context: context))
        node.content = .scalar(try foundation.json(own.json, at: codingPath))
    }
}

extension EncodedNode {
    /// A new node holding an empty object.
    static func object() -> EncodedNode {
        let node = EncodedNode()
        node.content = .object([], index: [:])
        return node
    }
}

extension NodeEncoder: SingleValueEncodingContainer, ScalarContainer {
    var scalarPath: [any CodingKey] { codingPath }

    fileprivate func put(_ value: JSONValue) {
        guard case .empty = node.content else {
            context.record("a second value was encoded through one single-value container", codingPath)
            return
        }
        node.content = .scalar(value)
    }


    func encode<T: Encodable>(_ value: T) throws {
        guard case .empty = node.content else {
            context.record("a second value was encoded through one single-value container", codingPath)
            return
        }
        try encodeValue(value)
    }
}

struct KeyedNodeEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodedNode
    let codingPath: [any CodingKey]
    let context: EncodingContext

    private func put(_ value: JSONValue, _ key: Key) { node.member(key.stringValue).content = .scalar(value) }

    func encodeNil(forKey key: Key) throws { put(.null, key) }
    func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    func encode(_ value: Double, forKey key: Key) throws { put(try jsonNumber(value, at: codingPath + [key]), key) }
    func encode(_ value: Float, forKey key: Key) throws { put(try jsonNumber(value, at: codingPath + [key]), key) }
    func encode(_ value: Int, forKey key: Key) throws { put(.number(String(value)), key) }
    func encode(_ value: Int8, forKey key: Key) throws { put(.number(String(value)), key) }
    func encode(_ value: Int16, forKey key: Key) throws { put(.number(String(value)), key) }
    func encode(_ value: Int32, forKey key: Key) throws { put(.number(String(value)), key) }
    func encode(_ value: Int64, forKey key: Key) throws { put(.number(String(value)), key) }
    func encode(_ value: UInt, forKey key: Key) throws { put(.number(String(value)), key) }
    func encode(_ value: UInt8, forKey key: Key) throws { put(.number(String(value)), key) }
    func encode(_ value: UInt16, forKey key: Key) throws { put(.number(String(value)), key) }
    func encode(_ value: UInt32, forKey key: Key) throws { put(.number(String(value)), key) }
    func encode(_ value: UInt64, forKey key: Key) throws { put(.number(String(value)), key) }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try checkDepth(value, codingPath + [key])
        try NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key], context: context).encodeValue(value)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = node.member(key.stringValue)
        nested.content = .object([], index: [:])
        return KeyedEncodingContainer(KeyedNodeEncoder<NestedKey>(node: nested, codingPath: codingPath + [key], context: context))
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = node.member(key.stringValue)
        nested.content = .array([])
        return UnkeyedNodeEncoder(node: nested, codingPath: codingPath + [key], context: context)
    }

    func superEncoder() -> any Encoder {
        NodeEncoder(node: node.member(ElementKey.super.stringValue), codingPath: codingPath + [ElementKey.super], context: context)
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key], context: context)
    }
}

struct UnkeyedNodeEncoder: UnkeyedEncodingContainer, ScalarContainer {
    let node: EncodedNode
    let codingPath: [any CodingKey]
    let context: EncodingContext
    var count: Int { node.count }

    fileprivate func put(_ value: JSONValue) { node.element().content = .scalar(value) }
    private var nextPath: [any CodingKey] { codingPath + [ElementKey(index: count)] }
    var scalarPath: [any CodingKey] { nextPath }


    func encode<T: Encodable>(_ value: T) throws {
        let path = nextPath
        try checkDepth(value, path)
        let element = node.element()
        do {
            try NodeEncoder(node: element, codingPath: path, context: context).encodeValue(value)
        } catch {
            // As `JSONEncoder`: an element that failed leaves nothing behind.
            if case .array(var elements) = node.content, let last = elements.indices.last, elements[last] === element {
                elements.removeLast()
                node.content = .array(elements)
            }
            throw error
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        let nested = node.element()
        nested.content = .object([], index: [:])
        return KeyedEncodingContainer(KeyedNodeEncoder<NestedKey>(node: nested, codingPath: path, context: context))
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        let nested = node.element()
        nested.content = .array([])
        return UnkeyedNodeEncoder(node: nested, codingPath: path, context: context)
    }

    func superEncoder() -> any Encoder {
        let path = nextPath
        return NodeEncoder(node: node.element(), codingPath: path, context: context)
    }
}

/// A container that takes one scalar at a time (a single value, or an array's next element):
/// the scalar `encode` overloads of both, written once.
private protocol ScalarContainer {
    /// Stores `value` where the next scalar goes.
    func put(_ value: JSONValue)
    /// The coding path a number JSON cannot hold is reported at.
    var scalarPath: [any CodingKey] { get }
}

extension ScalarContainer {
    func encodeNil() throws { put(.null) }
    func encode(_ value: Bool) throws { put(.bool(value)) }
    func encode(_ value: String) throws { put(.string(value)) }
    func encode(_ value: Double) throws { put(try jsonNumber(value, at: scalarPath)) }
    func encode(_ value: Float) throws { put(try jsonNumber(value, at: scalarPath)) }
    func encode(_ value: Int) throws { put(.number(String(value))) }
    func encode(_ value: Int8) throws { put(.number(String(value))) }
    func encode(_ value: Int16) throws { put(.number(String(value))) }
    func encode(_ value: Int32) throws { put(.number(String(value))) }
    func encode(_ value: Int64) throws { put(.number(String(value))) }
    func encode(_ value: UInt) throws { put(.number(String(value))) }
    func encode(_ value: UInt8) throws { put(.number(String(value))) }
    func encode(_ value: UInt16) throws { put(.number(String(value))) }
    func encode(_ value: UInt32) throws { put(.number(String(value))) }
    func encode(_ value: UInt64) throws { put(.number(String(value))) }
}
