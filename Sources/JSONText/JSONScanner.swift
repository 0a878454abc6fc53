/// A strict, pull-style JSON reader over UTF-8 bytes (RFC 8259, nothing more).
///
/// The caller walks the document: ``readObject(depth:_:)`` and ``readArray(depth:_:)`` call back
/// for each member or element, and ``skipValue(depth:)`` checks a value without building it, so
/// a reader decodes only what it needs. Nesting deeper than ``maxDepth`` is refused before it
/// can exhaust the stack. Every string is checked to be valid UTF-8 as it is scanned, and any
/// other byte outside ASCII is a syntax error, so a document that scans is valid UTF-8.
///
/// The path a reader runs per member (containers, keys, strings, integers) is `@inlinable`, so
/// that readers in other modules (RouteCodecs' history reader, per entry) get it inlined and
/// specialized for their closures. For a `package` declaration that takes `@usableFromInline`
/// on the type and on everything those bodies touch: without it the compiler accepts
/// `@inlinable` but still calls the function across the module boundary.
@usableFromInline
package struct JSONScanner {
    /// The deepest nesting of arrays and objects accepted.
    @usableFromInline
    package static let maxDepth = 64

    @usableFromInline
    package let bytes: [UInt8]
    /// The offset of the next byte to read.
    @usableFromInline
    package var position = 0

    /// A scanner over `bytes`, from the start.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// An object key as it stands in the input: its range (quotes included) and whether it
    /// holds escapes.
    @usableFromInline
    package struct JSONKey {
        @usableFromInline
        package var range: Range<Int>
        @usableFromInline
        package var escaped: Bool

        @inlinable
        package init(range: Range<Int>, escaped: Bool) {
            self.range = range
            self.escaped = escaped
        }
    }

    @inlinable
    package func error(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(reason: reason, offset: offset ?? position)
    }

    /// Skips spaces, tabs, carriage returns and newlines.
    @inlinable @inline(__always)
    package mutating func skipWhitespace() {
        if position < bytes.count, bytes[position] > 0x20 { return }
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// The next byte after white space, without consuming it; `nil` at the end.
    @inlinable @inline(__always)
    package mutating func peek() -> UInt8? {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : nil
    }

    /// Consumes `byte` after white space, or throws naming `expected`.
    @inlinable @inline(__always)
    package mutating func expect(_ byte: UInt8, _ expected: String) throws {
        guard peek() == byte else { throw error("expected \(expected)") }
        position += 1
    }

    /// Throws unless only white space is left.
    package mutating func expectEnd() throws {
        if peek() != nil { throw error("unexpected data after the end of the document") }
    }

    // MARK: Containers

    /// Reads an object, calling `member` with each key; `member` must consume the value.
    @inlinable
    package mutating func readObject(depth: Int, _ member: (inout JSONScanner, String) throws -> Void) throws {
        try readObjectKeys(depth: depth) { scanner, key in
            try member(&scanner, scanner.text(of: key))
        }
    }

    /// Reads an object without decoding its keys: `member` gets each key's bytes to match with
    /// ``key(_:is:)``, which saves building a string per key in long arrays of small objects.
    @inlinable
    package mutating func readObjectKeys(depth: Int, _ member: (inout JSONScanner, JSONKey) throws -> Void) throws {
        try checkDepth(depth)
        try expect(UInt8(ascii: "{"), "'{'")
        if peek() == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let (range, escaped) = try scanString()
            try expect(UInt8(ascii: ":"), "':'")
            try member(&self, JSONKey(range: range, escaped: escaped))
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; return
            default: throw error("expected ',' or '}'")
            }
        }
    }

    /// The decoded text of an object key.
    @usableFromInline
    package func text(of key: JSONKey) throws -> String {
        let content = bytes[(key.range.lowerBound + 1)..<(key.range.upperBound - 1)]
        return key.escaped ? try unescape(content) : String(decoding: content, as: UTF8.self)
    }

    /// A key of up to eight plain ASCII bytes packed into an integer (see ``packed(_:)``), for
    /// matching keys in hot loops with one comparison; `nil` for longer or escaped keys.
    @inlinable @inline(__always)
    package func packedKey(_ key: JSONKey) -> UInt64? {
        let length = key.range.count - 2
        guard !key.escaped, length <= 8 else { return nil }
        var value: UInt64 = 0
        for index in (key.range.lowerBound + 1)..<(key.range.upperBound - 1) {
            value = value << 8 | UInt64(bytes[index])
        }
        return value
    }

    /// `name` (up to eight ASCII bytes) packed the way ``packedKey(_:)`` packs a key.
    package static func packed(_ name: StaticString) -> UInt64 {
        var value: UInt64 = 0
        for byte in UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount) {
            value = value << 8 | UInt64(byte)
        }
        return value
    }

    /// Reads an array, calling `element` for each element; `element` must consume it.
    @inlinable
    package mutating func readArray(depth: Int, _ element: (inout JSONScanner) throws -> Void) throws {
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
    package mutating func skipValue(depth: Int) throws -> Range<Int> {
        guard let byte = peek() else { throw error("expected a value") }
        let start = position
        switch byte {
        case UInt8(ascii: "{"):
            // No string made for a key: a key that scans always decodes (see checkEscape).
            try readObjectKeys(depth: depth) { scanner, _ in _ = try scanner.skipValue(depth: depth + 1) }
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
    package mutating func skipNull() throws -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        try expectLiteral("null")
        return true
    }

    @inlinable
    func checkDepth(_ depth: Int) throws {
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
    @inlinable
    package mutating func readInt() throws -> Int {
        guard let first = peek(), first == UInt8(ascii: "-") || isDigit(first) else { throw error("expected a number") }
        if let value = readShortInt() { return value }
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

    /// The common integer in one pass: 1 to 18 digits (so it cannot overflow), not starting with
    /// 0, with no fraction or exponent after it. Anything else is `nil`, with nothing consumed,
    /// for ``readInt()`` to read by the full grammar.
    @inlinable
    mutating func readShortInt() -> Int? {
        let start = position
        guard let (value, end) = bytes.withUnsafeBufferPointer({ JSONScanner.shortInt($0, at: start) }) else {
            return nil
        }
        position = end
        return value
    }

    /// ``readShortInt()``'s integer at `start` (a minus sign or a digit) and the index after it.
    @inlinable @inline(__always)
    package static func shortInt(_ buffer: UnsafeBufferPointer<UInt8>, at start: Int) -> (Int, Int)? {
        let negative = buffer[start] == UInt8(ascii: "-")
        let digitsStart = negative ? start + 1 : start
        guard digitsStart < buffer.count, buffer[digitsStart] != UInt8(ascii: "0") else { return nil }
        let limit = min(buffer.count, digitsStart + 18)
        var index = digitsStart
        var value = 0
        while index < limit {
            let digit = buffer[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ Int(digit)
            index += 1
        }
        guard index > digitsStart else { return nil }
        if index < buffer.count {
            let next = buffer[index]
            guard next &- UInt8(ascii: "0") >= 10, next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e") else {
                return nil
            }
        }
        return (negative ? -value : value, index)
    }

    /// Reads a JSON scalar: a string (its decoded text), a number (its text as written),
    /// `true`, `false` or `null` (their text).
    package mutating func readScalar() throws -> (JSONScalarKind, String) {
        guard let byte = peek() else { throw error("expected a value") }
        let start = position
        switch byte {
        case UInt8(ascii: "\""):
            return (.string, try readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let (range, _) = try scanNumber()
            return (.number, String(decoding: bytes[range], as: UTF8.self))
        case UInt8(ascii: "t"): try expectLiteral("true")
        case UInt8(ascii: "f"): try expectLiteral("false")
        case UInt8(ascii: "n"): try expectLiteral("null")
        default: throw error("expected a string, number, true, false or null")
        }
        return (byte == UInt8(ascii: "n") ? .null : .boolean, String(decoding: bytes[start..<position], as: UTF8.self))
    }

    /// Scans a number by the JSON grammar; reports its range and whether it is an integer.
    @inlinable
    mutating func scanNumber() throws -> (Range<Int>, isInteger: Bool) {
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

    @inlinable
    mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    @inlinable
    func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // MARK: Strings

    /// Reads a string and returns its decoded text.
    package mutating func readString() throws -> String {
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a string") }
        let (range, escaped) = try scanString()
        let content = bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]
        guard escaped else { return String(decoding: content, as: UTF8.self) }
        return try unescape(content)
    }

    /// Checks a string without decoding it: escapes well formed, no raw control characters,
    /// valid UTF-8. Returns the range including both quotes and whether it holds escapes.
    @inlinable @inline(__always)
    package mutating func scanString() throws -> (Range<Int>, escaped: Bool) {
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a string") }
        let start = position
        let (end, escaped) = try bytes.withUnsafeBufferPointer { try JSONScanner.scanString($0, from: start) }
        position = end
        return (start..<end, escaped)
    }

    /// Checks the string whose opening quote is at `start`; returns the index after its closing
    /// quote and whether it holds escapes.
    @inlinable
    package static func scanString(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) throws -> (Int, Bool) {
        var escaped = false
        var index = start + 1
        while index < buffer.count {
            index = skipPlainBytes(buffer, from: index)
            guard index < buffer.count else { break }
            let byte = buffer[index]
            if byte == UInt8(ascii: "\"") {
                return (index + 1, escaped)
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
                // `\"` and `\\`, the usual escapes (JSON text inside a string), without a call.
                if index + 1 < buffer.count, buffer[index + 1] == UInt8(ascii: "\"") || buffer[index + 1] == UInt8(ascii: "\\") {
                    index += 2
                } else {
                    index = try checkEscape(buffer, at: index)
                }
            } else if byte < 0x20 {
                throw JSONSyntaxError(reason: "control character in string", offset: index)
            } else {
                index = try checkUTF8(buffer, at: index)
            }
        }
        throw JSONSyntaxError(reason: "unterminated string", offset: start)
    }

    /// The first index at or after `index` whose byte needs a closer look inside a string: a
    /// quote, a backslash, a control character or a byte outside ASCII. Tests sixteen, then
    /// eight bytes at a time (``specialBytes(_:)``); exact, never a false "all plain".
    @inlinable @inline(__always)
    package static func skipPlainBytes(_ buffer: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var index = index
        let raw = UnsafeRawPointer(buffer.baseAddress!)
        // The last index a whole word can be loaded from; `&+=` below cannot overflow, as
        // `index + 8 <= buffer.count` there.
        let lastWord = buffer.count - 8
        while index <= lastWord &- 8 {
            let first = specialBytes(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            let second = specialBytes(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self)))
            if first | second != 0 {
                return first != 0
                    ? index &+ (first.trailingZeroBitCount >> 3) : index &+ 8 &+ (second.trailingZeroBitCount >> 3)
            }
            index &+= 16
        }
        while index <= lastWord {
            let special = specialBytes(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            if special != 0 {
                return index &+ (special.trailingZeroBitCount >> 3)
            }
            index &+= 8
        }
        while index < buffer.count {
            let byte = buffer[index]
            if byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
            index += 1
        }
        return index
    }

    /// The high bit of each byte of `word` (little-endian) that needs a closer look inside a
    /// string, exact for the lowest such byte (a higher one may be marked too): the "has a byte
    /// less than n" and "has a zero byte" bit tricks. A byte below 0x80 minus 0x20, or a quote or
    /// backslash (made zero by the xor) minus one, has its high bit set only when it is such a
    /// byte; and a subtraction borrows from the next byte only where it has set that bit, so the
    /// lowest mark is never a borrow's. A byte of 0x80 or more is marked by its own high bit.
    @inlinable @inline(__always)
    package static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        return (word | (word &- ones &* 0x20) | (quotes &- ones) | (backslashes &- ones)) & (ones &* 0x80)
    }

    /// Checks the escape at `index` (a backslash) and returns the index after it. A `\u` escape
    /// of a UTF-16 surrogate must be a high one followed by a low one, as ``unescape(_:)``
    /// needs: a string that scans always decodes.
    @usableFromInline
    static func checkEscape(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) throws -> Int {
        guard index + 1 < buffer.count else { throw JSONSyntaxError(reason: "unterminated string", offset: index) }
        switch buffer[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return index + 2
        case UInt8(ascii: "u"):
            guard let unit = codeUnit(buffer, at: index) else {
                throw JSONSyntaxError(reason: "invalid \\u escape", offset: index)
            }
            switch unit {
            case 0xD800..<0xDC00:
                guard let low = codeUnit(buffer, at: index + 6), (0xDC00..<0xE000).contains(low) else {
                    throw JSONSyntaxError(reason: "unpaired surrogate in string", offset: index)
                }
                return index + 12
            case 0xDC00..<0xE000:
                throw JSONSyntaxError(reason: "unpaired surrogate in string", offset: index)
            default:
                return index + 6
            }
        default:
            throw JSONSyntaxError(reason: "invalid escape in string", offset: index)
        }
    }

    /// The value of the `\uXXXX` escape at `index`, or `nil` when there is none.
    private static func codeUnit(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
        guard index + 6 <= buffer.count, buffer[index] == UInt8(ascii: "\\"), buffer[index + 1] == UInt8(ascii: "u") else {
            return nil
        }
        var value: UInt32 = 0
        for offset in 2..<6 {
            guard let digit = hexValue(buffer[index + offset]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Checks the UTF-8 sequence starting at `index` (a byte >= 0x80) by the Unicode standard's
    /// table of well-formed sequences, and returns the index after it.
    @usableFromInline
    package static func checkUTF8(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) throws -> Int {
        let lead = buffer[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw JSONSyntaxError(reason: "invalid UTF-8 in string", offset: index)
        }
        guard index + length <= buffer.count else { throw JSONSyntaxError(reason: "invalid UTF-8 in string", offset: index) }
        let second = buffer[index + 1]
        guard second >= low, second <= high else { throw JSONSyntaxError(reason: "invalid UTF-8 in string", offset: index) }
        for offset in 2..<length where buffer[index + offset] & 0xC0 != 0x80 {
            throw JSONSyntaxError(reason: "invalid UTF-8 in string", offset: index)
        }
        return index + length
    }

    /// The decoded UTF-8 of the string token at `range` (quotes included), which
    /// ``scanString()`` scanned and found to hold escapes when `escaped`: no `String` is built.
    package func decodedBytes(_ range: Range<Int>, escaped: Bool) throws -> [UInt8] {
        let content = bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]
        return escaped ? try unescapedBytes(content) : Array(content)
    }

    private func unescape(_ content: ArraySlice<UInt8>) throws -> String {
        String(decoding: try unescapedBytes(content), as: UTF8.self)
    }

    private func unescapedBytes(_ content: ArraySlice<UInt8>) throws -> [UInt8] {
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
        return out
    }

    private func hex4(_ content: ArraySlice<UInt8>, _ index: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            value = value << 4 | UInt32(JSONScanner.hexValue(content[index + offset]) ?? 0)
        }
        return value
    }

    /// The value of a hexadecimal digit (either case), or `nil` for any other byte.
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
