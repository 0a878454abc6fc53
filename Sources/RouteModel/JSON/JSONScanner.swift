/// A strict, pull-style JSON reader over UTF-8 bytes (RFC 8259, nothing more).
///
/// The caller walks the document: ``readObject(depth:_:)`` and ``readArray(depth:_:)`` call back
/// for each member or element, and ``skipValue(depth:)`` checks a value without building it, so
/// a reader decodes only what it needs. Nesting deeper than ``maxDepth`` is refused before it
/// can exhaust the stack. The input must already be valid UTF-8 (see ``init(_:)``).
struct JSONScanner {
    /// The deepest nesting of arrays and objects accepted.
    static let maxDepth = 64

    let bytes: [UInt8]
    /// The offset of the next byte to read.
    var position = 0

    /// A scanner over `bytes`, which the caller has checked to be valid UTF-8.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    func error(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(reason: reason, offset: offset ?? position)
    }

    /// Skips spaces, tabs, carriage returns and newlines.
    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// The next byte after white space, without consuming it; `nil` at the end.
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : nil
    }

    /// Consumes `byte` after white space, or throws naming `expected`.
    mutating func expect(_ byte: UInt8, _ expected: String) throws {
        guard peek() == byte else { throw error("expected \(expected)") }
        position += 1
    }

    /// Throws unless only white space is left.
    mutating func expectEnd() throws {
        if peek() != nil { throw error("unexpected data after the end of the document") }
    }

    // MARK: Containers

    /// Reads an object, calling `member` with each key; `member` must consume the value.
    mutating func readObject(depth: Int, _ member: (inout JSONScanner, String) throws -> Void) throws {
        try checkDepth(depth)
        try expect(UInt8(ascii: "{"), "'{'")
        if peek() == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let key = try readString()
            try expect(UInt8(ascii: ":"), "':'")
            try member(&self, key)
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; return
            default: throw error("expected ',' or '}'")
            }
        }
    }

    /// Reads an array, calling `element` for each element; `element` must consume it.
    mutating func readArray(depth: Int, _ element: (inout JSONScanner) throws -> Void) throws {
        try checkDepth(depth)
        try expect(UInt8(ascii: "["), "'['")
        if peek() == UInt8(ascii: "]") {
            position += 1
            return
        }
        while true {
            try element(&self)
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): position += 1; return
            default: throw error("expected ',' or ']'")
            }
        }
    }

    /// Checks the next value without building it and returns the range of its bytes.
    @discardableResult
    mutating func skipValue(depth: Int) throws -> Range<Int> {
        guard let byte = peek() else { throw error("expected a value") }
        let start = position
        switch byte {
        case UInt8(ascii: "{"):
            try readObject(depth: depth) { scanner, _ in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            try readArray(depth: depth) { scanner in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""):
            _ = try scanString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try scanNumber()
        case UInt8(ascii: "t"): try expectLiteral("true")
        case UInt8(ascii: "f"): try expectLiteral("false")
        case UInt8(ascii: "n"): try expectLiteral("null")
        default: throw error("expected a value")
        }
        return start..<position
    }

    /// Consumes `null` if it is next and reports whether it was.
    mutating func skipNull() throws -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        try expectLiteral("null")
        return true
    }

    private func checkDepth(_ depth: Int) throws {
        if depth > JSONScanner.maxDepth {
            throw error("nested deeper than \(JSONScanner.maxDepth) levels")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws {
        let start = position
        for expected in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
            guard position < bytes.count, bytes[position] == expected else {
                throw error("invalid literal", at: start)
            }
            position += 1
        }
    }

    // MARK: Numbers

    /// Reads an integer (no fraction or exponent) that fits in `Int`.
    mutating func readInt() throws -> Int {
        guard let first = peek(), first == UInt8(ascii: "-") || isDigit(first) else { throw error("expected a number") }
        let start = position
        let (range, isInteger) = try scanNumber()
        guard isInteger else { throw error("expected a whole number", at: start) }
        var value = 0
        let negative = bytes[range.lowerBound] == UInt8(ascii: "-")
        for index in (negative ? range.lowerBound + 1 : range.lowerBound)..<range.upperBound {
            let digit = Int(bytes[index] - UInt8(ascii: "0"))
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { throw error("number out of range", at: start) }
            value = sum
        }
        return value
    }

    /// Scans a number by the JSON grammar; reports its range and whether it is an integer.
    private mutating func scanNumber() throws -> (Range<Int>, isInteger: Bool) {
        let start = position
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number", at: start) }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            skipDigits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number", at: start) }
            skipDigits()
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number", at: start) }
            skipDigits()
        }
        return (start..<position, isInteger)
    }

    private mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // MARK: Strings

    /// Reads a string and returns its decoded text.
    mutating func readString() throws -> String {
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a string") }
        let (range, escaped) = try scanString()
        let content = bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]
        guard escaped else { return String(decoding: content, as: UTF8.self) }
        return try unescape(content)
    }

    /// Checks a string without decoding it. Returns the range including both quotes and whether
    /// the string holds escapes.
    mutating func scanString() throws -> (Range<Int>, escaped: Bool) {
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a string") }
        let start = position
        position += 1
        var escaped = false
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return (start..<position, escaped)
            case UInt8(ascii: "\\"):
                escaped = true
                position += 1
                guard position < bytes.count else { break }
                switch bytes[position] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    position += 1
                case UInt8(ascii: "u"):
                    position += 1
                    for _ in 0..<4 {
                        guard position < bytes.count, hexValue(bytes[position]) != nil else {
                            throw error("invalid \\u escape")
                        }
                        position += 1
                    }
                default:
                    throw error("invalid escape in string")
                }
            case 0x00..<0x20:
                throw error("control character in string")
            default:
                position += 1
            }
        }
        throw error("unterminated string", at: start)
    }

    private func unescape(_ content: ArraySlice<UInt8>) throws -> String {
        var out: [UInt8] = []
        out.reserveCapacity(content.count)
        var index = content.startIndex
        while index < content.endIndex {
            let byte = content[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                continue
            }
            let kind = content[index]
            index += 1
            switch kind {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(content, index)
                index += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    guard index + 6 <= content.endIndex, content[index] == UInt8(ascii: "\\"),
                        content[index + 1] == UInt8(ascii: "u")
                    else { throw error("unpaired surrogate in string", at: index) }
                    let low = hex4(content, index + 2)
                    guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in string", at: index) }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw error("unpaired surrogate in string", at: index) }
                out.append(contentsOf: String(Character(unicode)).utf8)
            default: out.append(kind)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private func hex4(_ content: ArraySlice<UInt8>, _ index: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            value = value << 4 | UInt32(hexValue(content[index + offset]) ?? 0)
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
