import PlainText
import Testing
import TestSupport

/// `validUTF8`, the stand-in for `String(validating:as: UTF8.self)` (macOS 15 / iOS 18, newer
/// than the package's platforms): the same answer for valid and invalid bytes alike.
@Suite(.tags(.unit)) struct ValidUTF8Tests {
    static let cases: [[UInt8]] = [
        [], Array("home/detail?id=42".utf8), Array("é😀中".utf8),
        Array("\u{FFFD}".utf8),                        // a replacement character that was there
        [0xFF], [0x61, 0xFF, 0x62], [0xC3],            // a bad byte, in the middle, a cut sequence
        [0xC0, 0xAF], [0xED, 0xA0, 0x80],              // overlong, a surrogate
        [0xF4, 0x90, 0x80, 0x80], [0x80],              // past U+10FFFF, a lone continuation
        [0xEF, 0xBF, 0xBD, 0xFF],                      // what decoding makes of 0xFF, then 0xFF
    ]

    @Test(arguments: cases) func agreesWithTheStandardLibrary(_ bytes: [UInt8]) throws {
        guard #available(macOS 15, iOS 18, *) else { return }  // the witness is newer
        #expect(validUTF8(bytes) == String(validating: bytes, as: UTF8.self))
        #expect(validUTF8(bytes[...]) == String(validating: bytes, as: UTF8.self))
    }

    @Test func everyTwoByteSequenceAgrees() throws {
        guard #available(macOS 15, iOS 18, *) else { return }
        for first in 0...255 {
            for second in 0...255 {
                let bytes = [UInt8(first), UInt8(second)]
                #expect(validUTF8(bytes) == String(validating: bytes, as: UTF8.self), "\(bytes)")
            }
        }
    }

    @Test func knownAnswers() {
        #expect(validUTF8(Array("é😀".utf8)) == "é😀")
        #expect(validUTF8([0x61, 0xFF]) == nil)
        #expect(validUTF8([0xEF, 0xBF, 0xBD]) == "\u{FFFD}")
    }
}
