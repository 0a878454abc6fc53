/// Base64 (RFC 4648, standard alphabet, padded) as XML property lists hold `<data>`: written so,
/// and decoded strictly by ``decode(_:base:collect:)``. The reader decodes any `<data>` as Foundation does,
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
