import Testing
import RouteModel

@Suite(.tags(.unit)) struct PercentEncodingTests {
    /// Every byte: the unreserved set is RFC 3986's exactly, and every other byte is written
    /// `%XX` with upper-case hex digits, by the String and the buffer forms alike.
    @Test func everyByteIsWrittenAsRFC3986Says() {
        for value in 0...255 {
            let byte = UInt8(value)
            let unreserved = (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || (0x30...0x39).contains(value)
                || [0x2D, 0x2E, 0x5F, 0x7E].contains(value)
            #expect(PercentEncoding.isUnreserved(byte) == unreserved, "byte \(value)")
            let hex = Array("0123456789ABCDEF".utf8)
            let expected = unreserved ? [byte] : [UInt8(ascii: "%"), hex[value >> 4], hex[value & 15]]
            // The path's writer writes a value's bytes so.
            var writer = RoutePath.Writer(capacity: 8)
            StaticString("k").withUTF8Buffer { key in
                [byte].withUnsafeBufferPointer { writer.parameter(0, key: key, value: $0, typed: false) }
            }
            #expect(Array(writer.text.utf8) == Array("?k=".utf8) + expected, "byte \(value)")
            var appended: [UInt8] = []
            if value < 0x80 {
                PercentEncoding.append(String(UnicodeScalar(byte)), to: &appended)
                #expect(appended == expected, "byte \(value)")
            }
        }
    }
}
