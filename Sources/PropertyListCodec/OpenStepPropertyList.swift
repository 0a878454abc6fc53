import PlainText

/// The old-style (OpenStep, NeXT) property list text that `NSDictionary`'s `description` and
/// tools such as `xcrun simctl listapps` print:
///
///     {
///         "com.example.app" =     {
///             ApplicationType = User;
///             CFBundleDisplayName = "Caf\U00e9";
///             SBAppTags =         (
///                 "watch-companion"
///             );
///         };
///     }
///
/// Read strictly, as CoreFoundation's old-style parser reads it: a dictionary is `{ key = value;
/// ... }` (every entry ends with `;`, keys are strings, a key given twice is refused), an array
/// `( a, b )` (a trailing comma allowed), data `<0fa1 b2>` (hex digits, white space between
/// them), and a string either quoted (`"…"` or `'…'`, with the escapes `\a \b \f \n \r \t \v`,
/// `\\`, `\"`, `\'`, `\` and one to three octal digits up to `\177`, `\U` and one to four hex
/// digits of a UTF-16 unit, a pair of them for a character beyond the BMP, and any other
/// character after `\` standing for itself, `\u` included, as CoreFoundation reads it) or unquoted (letters, digits and `_ $ / : . -`).
/// `//` and `/* */` comments and white space may stand between tokens. Old-style text has no
/// numbers, booleans or dates: `1` is the string "1".
///
/// The input must be UTF-8, hold one value and nothing after it but white space and comments,
/// and nest at most ``maxDepth`` arrays and dictionaries. Everything else is refused with a
/// ``PropertyListError`` naming what and where (a line and column); reading is one pass,
/// linear in the input, and never recursion deeper than ``maxDepth``.
public enum OpenStepPropertyList {
    /// The deepest nesting of arrays and dictionaries accepted, as for XML.
    public static let maxDepth = 512

    /// The value that `bytes` hold.
    ///
    /// - Throws: ``PropertyListError`` when they are not one old-style property list.
    public static func decode(_ bytes: [UInt8]) throws -> PropertyListValue {
        var reader = OpenStepReader(bytes)
        try reader.skipSpace()
        guard reader.offset < bytes.count else { throw reader.error("empty input, where an old-style property list was expected") }
        let value = try reader.value(depth: 0)
        try reader.skipSpace()
        guard reader.offset == bytes.count else {
            throw reader.error("unexpected \(reader.describeHere()) after the property list's end")
        }
        return value
    }
}

/// One pass over old-style text (see ``OpenStepPropertyList``).
private struct OpenStepReader {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The refusal `reason`, at the current offset, with its line and column in the reason.
    func error(_ reason: String, at position: Int? = nil) -> PropertyListError {
        let at = min(position ?? offset, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<at where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return PropertyListError("\(reason) (line \(line), column \(at - lineStart + 1))", at: at)
    }

    /// What stands at the offset, for a message: `'x'`, `byte 0xNN`, or `the end of the input`.
    func describeHere() -> String {
        guard offset < bytes.count else { return "the end of the input" }
        let byte = bytes[offset]
        if byte > 0x20 && byte < 0x7F, byte != UInt8(ascii: "'") { return "'" + String(UnicodeScalar(byte)) + "'" }
        return "byte 0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
    }

    /// Skips white space and comments.
    ///
    /// - Throws: for a `/*` comment that is never closed.
    mutating func skipSpace() throws {
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C {
                offset += 1
            } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "/") {
                offset += 2
                while offset < bytes.count, bytes[offset] != 0x0A, bytes[offset] != 0x0D { offset += 1 }
            } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "*") {
                let start = offset
                offset += 2
                while offset < bytes.count, !(bytes[offset] == UInt8(ascii: "*") && offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "/")) {
                    offset += 1
                }
                guard offset < bytes.count else { throw error("a comment that is never closed (no '*/') starts here", at: start) }
                offset += 2
            } else {
                return
            }
        }
    }

    /// Whether `byte` may stand in an unquoted string.
    static func isUnquoted(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// The value at the offset (white space skipped before it), nested `depth` deep.
    mutating func value(depth: Int) throws -> PropertyListValue {
        guard offset < bytes.count else { throw error("the input ends where a value was expected") }
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            guard depth < OpenStepPropertyList.maxDepth else { throw error("arrays and dictionaries nested deeper than \(OpenStepPropertyList.maxDepth)") }
            return .dictionary(try dictionary(depth: depth + 1))
        case UInt8(ascii: "("):
            guard depth < OpenStepPropertyList.maxDepth else { throw error("arrays and dictionaries nested deeper than \(OpenStepPropertyList.maxDepth)") }
            return .array(try array(depth: depth + 1))
        case UInt8(ascii: "<"):
            return .data(try data())
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return .string(try quoted())
        case let byte where Self.isUnquoted(byte):
            return .string(unquoted())
        default:
            throw error("unexpected \(describeHere()) where a value was expected (a string, '{', '(' or '<')")
        }
    }

    /// A string: quoted or unquoted; anything else is refused as not a key.
    mutating func key() throws -> String {
        guard offset < bytes.count else { throw error("the input ends inside a dictionary (no '}')") }
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return try quoted() }
        if Self.isUnquoted(byte) { return unquoted() }
        throw error("unexpected \(describeHere()) where a dictionary key (a string) or '}' was expected")
    }

    /// `{ key = value; ... }`, the offset at `{`.
    mutating func dictionary(depth: Int) throws -> PropertyListDictionary {
        offset += 1
        var entries: [PropertyListDictionary.Entry] = []
        var seen: Set<String> = []
        while true {
            try skipSpace()
            guard offset < bytes.count else { throw error("the input ends inside a dictionary (no '}')") }
            if bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                return PropertyListDictionary(entries)
            }
            let keyStart = offset
            let key = try self.key()
            try skipSpace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "=") else {
                throw error("expected '=' after the dictionary key \(Self.show(key)), found \(describeHere())")
            }
            offset += 1
            try skipSpace()
            let value = try self.value(depth: depth)
            try skipSpace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ";") else {
                throw error("expected ';' after the value of the dictionary key \(Self.show(key)), found \(describeHere())")
            }
            offset += 1
            guard seen.insert(key).inserted else { throw error("the dictionary key \(Self.show(key)) is given twice", at: keyStart) }
            entries.append(.init(key: key, value: value))
        }
    }

    /// `( a, b )`, the offset at `(`; a comma after the last value is allowed.
    mutating func array(depth: Int) throws -> [PropertyListValue] {
        offset += 1
        var values: [PropertyListValue] = []
        while true {
            try skipSpace()
            guard offset < bytes.count else { throw error("the input ends inside an array (no ')')") }
            if bytes[offset] == UInt8(ascii: ")") {
                offset += 1
                return values
            }
            values.append(try value(depth: depth))
            try skipSpace()
            guard offset < bytes.count else { throw error("the input ends inside an array (no ')')") }
            switch bytes[offset] {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: ")"): break
            default: throw error("expected ',' or ')' after an array's value, found \(describeHere())")
            }
        }
    }

    /// `<hex>`, the offset at `<`.
    mutating func data() throws -> [UInt8] {
        let start = offset
        offset += 1
        var out: [UInt8] = []
        var high: UInt8?
        while true {
            try skipSpace()
            guard offset < bytes.count else { throw error("the input ends inside data (no '>')", at: start) }
            let byte = bytes[offset]
            if byte == UInt8(ascii: ">") {
                guard high == nil else { throw error("data with an odd number of hex digits") }
                offset += 1
                return out
            }
            guard let digit = Self.hexDigit(byte) else { throw error("unexpected \(describeHere()) in data, where a hex digit or '>' was expected") }
            if let first = high {
                out.append(first << 4 | digit)
                high = nil
            } else {
                high = digit
            }
            offset += 1
        }
    }

    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// An unquoted string, the offset at its first character.
    mutating func unquoted() -> String {
        let start = offset
        while offset < bytes.count, Self.isUnquoted(bytes[offset]) { offset += 1 }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// A quoted string, the offset at its opening quote.
    mutating func quoted() throws -> String {
        let start = offset
        let quote = bytes[offset]
        offset += 1
        var units: [UInt8] = []  // UTF-8
        var pendingHigh: UInt16?  // a `\U` high surrogate waiting for its low half
        while true {
            guard offset < bytes.count else { throw error("a quoted string that is never closed (no \(quote == UInt8(ascii: "\"") ? "'\"'" : "\"'\"")) starts here", at: start) }
            let byte = bytes[offset]
            if byte == quote, pendingHigh == nil {
                offset += 1
                break
            }
            if byte == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "U") {
                let escape = offset
                offset += 2
                var unit: UInt16 = 0
                var digits = 0
                while digits < 4, offset < bytes.count, let digit = Self.hexDigit(bytes[offset]) {
                    unit = unit << 4 | UInt16(digit)
                    digits += 1
                    offset += 1
                }
                guard digits > 0 else { throw error("'\\U' without hex digits in a quoted string", at: escape) }
                if let high = pendingHigh {
                    guard unit >= 0xDC00 && unit <= 0xDFFF else { throw error("a '\\U' high surrogate not followed by a low one", at: escape) }
                    let scalar = 0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(unit) - 0xDC00)
                    Self.append(UnicodeScalar(scalar)!, to: &units)
                    pendingHigh = nil
                } else if unit >= 0xD800 && unit <= 0xDBFF {
                    pendingHigh = unit
                } else if unit >= 0xDC00 && unit <= 0xDFFF {
                    throw error("a '\\U' low surrogate without a high one before it", at: escape)
                } else {
                    Self.append(UnicodeScalar(unit)!, to: &units)
                }
                continue
            }
            guard pendingHigh == nil else { throw error("a '\\U' high surrogate not followed by a low one") }
            if byte == UInt8(ascii: "\\") {
                offset += 1
                guard offset < bytes.count else { throw error("a quoted string that is never closed starts here", at: start) }
                let escaped = bytes[offset]
                switch escaped {
                case UInt8(ascii: "a"): units.append(0x07)
                case UInt8(ascii: "b"): units.append(0x08)
                case UInt8(ascii: "f"): units.append(0x0C)
                case UInt8(ascii: "n"): units.append(0x0A)
                case UInt8(ascii: "r"): units.append(0x0D)
                case UInt8(ascii: "t"): units.append(0x09)
                case UInt8(ascii: "v"): units.append(0x0B)
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    let escape = offset - 1
                    var value = 0
                    var digits = 0
                    while digits < 3, offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "7") {
                        value = value * 8 + Int(bytes[offset] - UInt8(ascii: "0"))
                        digits += 1
                        offset += 1
                    }
                    guard value < 0x80 else {
                        throw error("the octal escape \\\(String(value, radix: 8)) stands for a NeXTSTEP character, which routectl does not read; write it as \\U and its UTF-16 code", at: escape)
                    }
                    units.append(UInt8(value))
                    continue
                default:
                    // `\\`, `\"`, `\'`, and any other character standing for itself (all of
                    // its UTF-8 bytes, copied as they come below).
                    units.append(escaped)
                }
                offset += 1
                continue
            }
            units.append(byte)
            offset += 1
        }
        guard let text = validUTF8(units) else {
            throw error("a quoted string that is not valid UTF-8", at: start)
        }
        return text
    }

    static func append(_ scalar: UnicodeScalar, to units: inout [UInt8]) {
        units.append(contentsOf: String(scalar).utf8)
    }

    /// `key` quoted for a message, cut to 80 characters, control characters escaped.
    static func show(_ key: String) -> String {
        var out = "'"
        for scalar in key.unicodeScalars.prefix(80) {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + (key.unicodeScalars.count > 80 ? "…'" : "'")
    }
}
