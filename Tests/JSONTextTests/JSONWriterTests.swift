import JSONText
import TestSupport
import Testing

/// ``JSONWriter/string(_:)``: every byte as RFC 8259 asks, runs between escapes copied whole.
@Suite(.tags(.unit)) struct JSONWriterTests {
    /// What the writer should give for `text`: each scalar spelled out, one at a time.
    static func expected(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func written(_ text: String) -> String {
        var writer = JSONWriter()
        writer.string(text)
        return writer.text
    }

    @Test func everyASCIIByteIsWrittenAsJSONAsks() throws {
        for value in 0..<128 {
            let scalar = try #require(Unicode.Scalar(value))
            for text in [String(scalar), "a" + String(scalar), String(scalar) + "bc", "run of text " + String(scalar) + " and more text"] {
                #expect(Self.written(text) == Self.expected(text), "byte \(value)")
                #expect(try JSONValue(parsing: Array(Self.written(text).utf8)) == .string(text), "byte \(value) reads back")
            }
        }
    }

    @Test func runsBetweenEscapesAndTextOutsideASCIIAreKept() throws {
        let texts = ["", "plain", "Zoë 😀", "\"\"", "\\\\\\", "a\u{1}b\u{1F}c\"d\\e\nf", "\u{7F}\u{80}\u{FEFF}", String(repeating: "long text ", count: 50) + "\""]
        for text in texts {
            #expect(Self.written(text) == Self.expected(text), "\(text.debugDescription)")
            #expect(try JSONValue(parsing: Array(Self.written(text).utf8)) == .string(text))
        }
        // A string made from a substring (its own storage) takes the same path.
        let substring = "xx\"yy\u{0}zz".dropFirst()
        #expect(Self.written(String(substring)) == Self.expected(String(substring)))
    }
}
