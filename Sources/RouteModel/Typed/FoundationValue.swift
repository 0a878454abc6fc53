import JSONText

/// Foundation's types that `JSONEncoder` writes apart from their own `Codable`: a `URL` as its
/// string (its own `Codable` writes `{"relative":...}`), `Data` as its Base64 text (its own
/// writes an array of bytes). The typed-route coders treat them as `JSONEncoder` and
/// `JSONDecoder` do, so a route holds what an app's library writes, without importing
/// Foundation: a type is known by its name, and the value goes through its own `Codable`,
/// translated. (`Date` needs nothing: `JSONEncoder`'s default writes it as its own `Codable`
/// does. `Decimal` is written as its own `Codable` writes it, which `JSONEncoder` does not.)
enum FoundationValue {
    case url
    case data

    /// The kind of `type`, when it is Foundation's `URL` or `Data`.
    init?<T>(_ type: T.Type) {
        switch String(reflecting: type) {
        case "Foundation.URL", "FoundationEssentials.URL": self = .url
        case "Foundation.Data", "FoundationEssentials.Data": self = .data
        default: return nil
        }
    }

    /// `own`, the value as its own `Codable` wrote it, as `JSONEncoder` writes it.
    func json(_ own: JSONValue, at codingPath: [any CodingKey]) throws -> JSONValue {
        switch self {
        case .url:
            guard case .object(let members) = own, members.count == 1, members[0].key == "relative",
                case .string(let text) = members[0].value
            else {
                throw EncodingError.invalidValue(
                    own, EncodingError.Context(codingPath: codingPath, debugDescription: "a URL relative to a base URL is not written here; give its absoluteURL"))
            }
            return .string(text)
        case .data:
            guard case .array(let elements) = own else { return own }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(elements.count)
            for element in elements {
                guard case .number(let text) = element, let byte = UInt8(text) else { return own }
                bytes.append(byte)
            }
            return .string(Base64.encode(bytes))
        }
    }

    /// `json`, as `JSONEncoder` writes such a value, as the value's own `Codable` reads it.
    func own(_ json: JSONValue, at codingPath: [any CodingKey]) throws -> JSONValue {
        switch (self, json) {
        case (.url, .string(let text)):
            return .object([JSONValue.Member("relative", .string(text))])
        case (.data, .string(let text)):
            guard let bytes = Base64.decode(text) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: codingPath, debugDescription: "expected Data (Base64 text), found \(found(json))"))
            }
            return .array(bytes.map { .number(String($0)) })
        case (.url, _):
            throw json.mismatchOrMissing(URL.self, codingPath)
        case (.data, _):
            throw json.mismatchOrMissing(Data.self, codingPath)
        }
    }

    /// Stand-ins named as Foundation's types, for messages (`expected URL`).
    private enum URL {}
    private enum Data {}
}

/// Base64 with the standard alphabet and padding, as `Data.base64EncodedString()` writes and
/// `Data(base64Encoded:)` reads (anything else refused).
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            for place in 0..<4 {
                out.append(place <= count ? alphabet[Int((group >> UInt32(18 - 6 * place)) & 63)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(input.count / 4 * 3)
        var index = 0
        while index < input.count {
            var group: UInt32 = 0
            var padding = 0
            for place in 0..<4 {
                let byte = input[index + place]
                let value: UInt32
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
                case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
                case UInt8(ascii: "+"): value = 62
                case UInt8(ascii: "/"): value = 63
                case UInt8(ascii: "=") where place >= 2 && index + 4 == input.count:
                    padding += 1
                    value = 0
                default: return nil
                }
                // Nothing but padding after padding.
                if padding > 0, byte != UInt8(ascii: "=") { return nil }
                group = group << 6 | value
            }
            out.append(UInt8(group >> 16))
            if padding < 2 { out.append(UInt8(group >> 8 & 0xFF)) }
            if padding < 1 { out.append(UInt8(group & 0xFF)) }
            index += 4
        }
        return out
    }
}
