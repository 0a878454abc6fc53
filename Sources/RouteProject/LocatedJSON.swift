import JSONText
import PlainText

/// A JSON value with where it stands: the byte offset of the value and, in an object, of each
/// key. The project file's parser reads the whole (small) document into this once, so that every
/// message can name the line of what it is about.
struct LocatedJSON {
    indirect enum Kind {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array([LocatedJSON])
        case object([Member])
    }

    /// One member of an object, in document order.
    struct Member {
        var key: String
        /// The offset of the key's opening quote.
        var keyOffset: Int
        var value: LocatedJSON
    }

    var kind: Kind
    /// The offset of the value's first byte.
    var offset: Int

    /// The whole document `bytes`.
    ///
    /// - Throws: ``JSONSyntaxError`` for text that is not one JSON value, nested deeper than
    ///   ``JSONScanner/maxDepth``, or an object with a key twice (at the second key).
    init(parsing bytes: [UInt8]) throws {
        var scanner = JSONScanner(bytes)
        self = try LocatedJSON(&scanner, depth: 0)
        try scanner.expectEnd()
    }

    private init(_ scanner: inout JSONScanner, depth: Int) throws {
        guard let byte = scanner.peek() else { throw scanner.error("expected a value") }
        offset = scanner.position
        switch byte {
        case UInt8(ascii: "{"):
            var members: [Member] = []
            // A short object is checked for a repeated key by a scan (cheaper than hashing); a
            // set takes over past 16 members, so that a huge object stays linear.
            var keys: Set<String>?
            try scanner.readObjectKeys(depth: depth) { scanner, key in
                let text = try scanner.text(of: key)
                if keys == nil, members.count == 16 { keys = Set(members.map(\.key)) }
                let repeated = keys?.contains(text) ?? members.contains { $0.key == text }
                keys?.insert(text)
                guard !repeated else {
                    throw scanner.error("duplicate member \(quoted(text))", at: key.range.lowerBound)
                }
                members.append(Member(key: text, keyOffset: key.range.lowerBound, value: try LocatedJSON(&scanner, depth: depth + 1)))
            }
            kind = .object(members)
        case UInt8(ascii: "["):
            var elements: [LocatedJSON] = []
            try scanner.readArray(depth: depth) { scanner in elements.append(try LocatedJSON(&scanner, depth: depth + 1)) }
            kind = .array(elements)
        default:
            let (scalar, text) = try scanner.readScalar()
            switch scalar {
            case .string: kind = .string(text)
            case .number: kind = .number(text)
            case .boolean: kind = .bool(text == "true")
            case .null: kind = .null
            }
        }
    }

    /// What the value is, for a message: `a string`, `an object`, `the number 42`.
    var phrase: String {
        switch kind {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return "the number \(quoted(text, limit: 20))"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
