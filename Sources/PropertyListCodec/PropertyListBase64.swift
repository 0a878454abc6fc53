/// Base64 (RFC 4648, standard alphabet, padded) as XML property lists hold `<data>`: written so,
/// and checked strictly by ``validLength(_:)``, the form the one-pass scan takes (whose bytes
/// Foundation decodes the same). The reader decodes any `<data>` as Foundation does,
/// leniently (``FoundationXMLValues/data(_:from:end:collect:)``).
package enum PropertyListBase64 {
    /// The 64 digits, in order.
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The value of each byte as a digit, or 0xFF for bytes that are not digits.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, digit) in alphabet.enumerated() { table[Int(digit)] = UInt8(value) }
        return table
    }()

    /// `bytes` in base64, padded, on one line.
    package static func encode(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let left = bytes.endIndex - index
            let b0 = bytes[index]
            let b1 = left > 1 ? bytes[index + 1] : 0
            let b2 = left > 2 ? bytes[index + 2] : 0
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
            out.append(left > 1 ? alphabet[Int((b1 & 0x0F) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            out.append(left > 2 ? alphabet[Int(b2 & 0x3F)] : UInt8(ascii: "="))
            index += min(3, left)
        }
        return out
    }

    /// The bytes that the base64 text `text` (starting at byte `base` of the input) spells,
    /// ignoring XML white space; throws for any other byte that is not a digit, and for
    /// missing or misplaced padding. Without `collect`, the text is checked the same way (the
    /// same errors) but no bytes are kept: the empty array is returned.
    package static func decode(_ text: ArraySlice<UInt8>, base: Int, collect: Bool = true) throws -> [UInt8] {
        try text.withUnsafeBufferPointer { try decode($0, base: base, collect: collect) }
    }

    /// The length of the text before the first `<` of `text` when ``decode(_:base:collect:)``
    /// reads that text, else (or without a `<`) `nil`: its checks without its bytes or
    /// messages, eight digits at a time where there are eight in a row. (The text of `<data>`,
    /// found and checked in one pass.)
    package static func validLength(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = text.baseAddress else { return nil }
        return values.withUnsafeBufferPointer { values -> Int? in
            let count = text.count
            var digits = 0  // in the group being read, as decode counts them (0...3)
            var padding = 0
            var finished = false
            var index = 0
            while index < count {
                if padding == 0 {
                    // A run of digits: eight at a time (which leaves the count as it was), then
                    // one at a time up to the byte that ends it.
                    while index &+ 8 <= count, areDigits(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                        index &+= 8
                    }
                    while index < count, values[Int(base[index])] != 0xFF {
                        digits = (digits &+ 1) & 3
                        index &+= 1
                    }
                    guard index < count else { return nil }
                }
                let byte = base[index]
                index &+= 1
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D:
                    // A line's end and the next line's indentation, at once.
                    while index < count, base[index] == 0x09 || base[index] == 0x20 || base[index] == 0x0A || base[index] == 0x0D {
                        index &+= 1
                    }
                case UInt8(ascii: "="):
                    guard !finished, digits >= 2 else { return nil }
                    padding &+= 1
                    if digits &+ padding == 4 { finished = true }
                case UInt8(ascii: "<"):
                    return finished || (digits == 0 && padding == 0) ? index &- 1 : nil
                default:
                    // A digit after padding, or no base64 at all.
                    return nil
                }
            }
            return nil
        }
    }

    /// Whether the eight bytes of `word` are all digits (`A-Z a-z 0-9 + /`), each compared
    /// with the ranges at once: for a byte below 0x80, adding `0x80 - low` sets its high bit
    /// when it is at least `low`, and adding `0x7F - high` when it is above `high` (no carry
    /// passes into the next byte).
    @inline(__always) static func areDigits(_ word: UInt64) -> Bool {
        let highs: UInt64 = 0x8080_8080_8080_8080, ones: UInt64 = 0x0101_0101_0101_0101
        guard word & highs == 0 else { return false }
        @inline(__always) func within(_ bytes: UInt64, _ low: UInt64, _ high: UInt64) -> UInt64 {
            (bytes &+ ones &* (0x80 - low)) & ~(bytes &+ ones &* (0x7F - high)) & highs
        }
        let letters = within(word | 0x2020_2020_2020_2020, 0x61, 0x7A)  // either case, as lower case
        let digits = within(word, 0x30, 0x39)
        let signs = within(word, 0x2B, 0x2B) | within(word, 0x2F, 0x2F)
        return letters | digits | signs == highs
    }

    /// ``decode(_:base:collect:)`` over a buffer.
    private static func decode(_ text: UnsafeBufferPointer<UInt8>, base: Int, collect: Bool) throws -> [UInt8] {
        var out: [UInt8] = []
        if collect { out.reserveCapacity(text.count / 4 * 3) }
        var group: UInt32 = 0
        var digits = 0
        var padding = 0
        var finished = false  // a padded group ended the data
        try values.withUnsafeBufferPointer { values in
            for index in 0..<text.count {
                let byte = text[index]
                let value = values[Int(byte)]
                if value != 0xFF {  // a digit, the usual case
                    guard padding == 0 else {
                        throw PropertyListError("base64 digits after the padding", at: base + index)
                    }
                    group = group << 6 | UInt32(value)
                    digits += 1
                    if digits == 4 {
                        if collect {
                            out.append(UInt8(truncatingIfNeeded: group >> 16))
                            out.append(UInt8(truncatingIfNeeded: group >> 8))
                            out.append(UInt8(truncatingIfNeeded: group))
                        }
                        group = 0
                        digits = 0
                    }
                    continue
                }
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D:
                    continue
                case UInt8(ascii: "="):
                    guard !finished, digits >= 2 else {
                        throw PropertyListError("base64 padding '=' where a digit must be", at: base + index)
                    }
                    padding += 1
                    if digits + padding == 4 {
                        let full = group << UInt32(6 * padding)
                        if collect {
                            out.append(UInt8(truncatingIfNeeded: full >> 16))
                            if digits == 3 { out.append(UInt8(truncatingIfNeeded: full >> 8)) }
                        }
                        finished = true
                    }
                default:
                    throw PropertyListError("'\(scalarText(byte))' is not a base64 digit", at: base + index)
                }
            }
        }
        guard finished || (digits == 0 && padding == 0) else {
            throw PropertyListError("base64 data ends in the middle of a group of four digits", at: base + text.count)
        }
        return out
    }

    /// A byte for a message: itself when printable ASCII, else `\xNN`.
    private static func scalarText(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "\\x" + hex(byte)
    }
}
