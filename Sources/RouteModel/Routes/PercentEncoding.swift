import JSONText
import PlainText

/// `%XX` escapes as the path grammar and URLs (RFC 3986) write them: every byte outside the
/// unreserved set `A-Z a-z 0-9 - . _ ~` is written `%XX` with upper-case hex digits, and
/// decoding turns every `%XX` back into its byte. Encoding then decoding gives the text back,
/// and decoding then encoding gives the one normal spelling (`%41` becomes `A`, `%2f` becomes
/// `%2F`).
package enum PercentEncoding {
    /// Whether `byte` is one of RFC 3986's unreserved characters, written as it is.
    @inlinable
    package static func isUnreserved(_ byte: UInt8) -> Bool {
        // One bit a byte, tested with a shift: bytes 64 to 127 `A`-`Z`, `_`, `a`-`z` and `~`;
        // bytes 0 to 63 `-`, `.` and `0`-`9`.
        let high: UInt64 = 0x47FF_FFFE_87FF_FFFE
        let low: UInt64 = 0x03FF_6000_0000_0000
        return byte < 128 && (byte < 64 ? low : high) >> UInt64(byte & 63) & 1 != 0
    }

    /// The upper-case hex digit of `nibble` (0 to 15).
    @inlinable
    package static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") - 10 + nibble
    }

    /// Appends `text`'s UTF-8 bytes to `bytes`, every byte that is not unreserved as `%XX`.
    package static func append(_ text: String, to bytes: inout [UInt8]) {
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0x0F))
            }
        }
    }

    /// `text` with every byte that is not unreserved written `%XX`.
    package static func encoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with every `%XX` decoded: the text, or `nil` when the result is not UTF-8; or the
    /// offset of a `%` not followed by two hex digits.
    package static func decoded(_ text: ArraySlice<UInt8>) -> (text: String?, badEscape: Int?) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                index += 1
                continue
            }
            guard text.endIndex - index >= 3, let high = JSONScanner.hexValue(text[index + 1]), let low = JSONScanner.hexValue(text[index + 2]) else {
                return (nil, index)
            }
            bytes.append(high << 4 | low)
            index += 3
        }
        return (validUTF8(bytes), nil)
    }
}
