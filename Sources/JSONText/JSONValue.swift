import PlainText

/// A JSON value, as the codecs of other libraries' formats read and write whole documents.
///
/// Numbers keep their text as written (`7`, `-2.5e3`), so that reading and writing a value
/// gives the same text back; objects keep their members in order, duplicates refused.
package indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number, as its JSON text.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// An object's members, in order.
    case object([Member])

    /// One member of an object.
    package struct Member: Hashable, Sendable {
        package var key: String
        package var value: JSONValue

        package init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value of the whole document `bytes`.
    ///
    /// - Throws: ``JSONSyntaxError`` for text that is not one JSON value (nesting deeper than
    ///   ``JSONScanner/maxDepth``, or an object with a key twice, included).
    package init(parsing bytes: [UInt8]) throws {
        var scanner = JSONScanner(bytes)
        self = try JSONValue(&scanner, depth: 0)
        try scanner.expectEnd()
    }

    /// Whether `bytes` are refused only for nesting past ``JSONScanner/maxDepth``: JSON an
    /// app's decoder reads (Foundation reads to 512 levels).
    package static func nestsTooDeep(_ bytes: [UInt8]) -> Bool {
        do {
            _ = try JSONValue(parsing: bytes)
            return false
        } catch let error as JSONSyntaxError {
            return error.isTooDeep
        } catch {
            return false
        }
    }

    /// Reads the next value of `scanner`.
    package init(_ scanner: inout JSONScanner, depth: Int) throws {
        guard let byte = scanner.peek() else { throw scanner.error("expected a value") }
        switch byte {
        case UInt8(ascii: "{"):
            var members: [Member] = []
            // Few members are compared in turn; a set of keys is made only for many (making one
            // costs more than comparing a handful of short strings).
            var keys: Set<String>? = nil
            try scanner.readObject(depth: depth) { scanner, key in
                let start = scanner.position
                if keys == nil, members.count >= 16 { keys = Set(members.map(\.key)) }
                let duplicate = keys != nil ? !keys!.insert(key).inserted : members.contains { $0.key == key }
                guard !duplicate else { throw scanner.error("duplicate key \(quoted(key))", at: start) }
                members.append(Member(key, try JSONValue(&scanner, depth: depth + 1)))
            }
            self = .object(members)
        case UInt8(ascii: "["):
            var elements: [JSONValue] = []
            try scanner.readArray(depth: depth) { scanner in elements.append(try JSONValue(&scanner, depth: depth + 1)) }
            self = .array(elements)
        default:
            let (kind, text) = try scanner.readScalar()
            switch kind {
            case .string: self = .string(text)
            case .number: self = .number(text)
            case .boolean: self = .bool(text == "true")
            case .null: self = .null
            }
        }
    }

    /// The value of the member `key` of an object; `nil` for a missing member or another kind
    /// of value.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The compact JSON text: no white space, members in order.
    package var text: String {
        var writer = JSONWriter()
        writer.value(self)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

extension JSONWriter {
    /// Appends `value` compactly.
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let flag): raw(flag ? "true" : "false")
        case .number(let text): raw(text)
        case .string(let text): string(text)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                self.value(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                string(member.key)
                bytes.append(UInt8(ascii: ":"))
                self.value(member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }
}
