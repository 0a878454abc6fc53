import JSONText
import TestSupport
import Testing

@Suite(.tags(.unit)) struct JSONValueTests {
    @Test func aDocumentReadsAndWritesBackValueForValue() throws {
        let text = #"{"b":[1,-2.5e3,true,null,"x\ny"],"a":{"_0":{"more":{}}},"c":"Zoë 😀"}"#
        let value = try JSONValue(parsing: Array(text.utf8))
        #expect(value.text == text, "members keep their order and numbers their text")
        #expect(value["a"] == .object([.init("_0", .object([.init("more", .object([]))]))]))
        #expect(value["b"] == .array([.number("1"), .number("-2.5e3"), .bool(true), .null, .string("x\ny")]))
        #expect(value["missing"] == nil && JSONValue.null["a"] == nil)
    }

    @Test func whiteSpaceIsDroppedAndBadDocumentsAreRefused() throws {
        #expect(try JSONValue(parsing: Array(" [ 1 , { } ] ".utf8)).text == "[1,{}]")
        for bad in [#"{"a":1,"a":2}"#, "[1] x", "", "[", #"{"a"}"#] {
            #expect(throws: JSONSyntaxError.self, "\(bad)") { try JSONValue(parsing: Array(bad.utf8)) }
        }
    }

    /// A key twice is refused among few members (compared in turn) and among many (a set),
    /// wherever the second one stands, and canonically equal spellings are the same key in both.
    @Test func aDuplicateKeyIsRefusedAmongFewMembersAndMany() throws {
        for count in [2, 15, 16, 17, 40] {
            for duplicateAt in [1, count - 1] {
                var keys = (0..<count).map { "k\($0)" }
                keys[duplicateAt] = "k0"
                let text = "{" + keys.map { #""\#($0)":1"# }.joined(separator: ",") + "}"
                let error = #expect(throws: JSONSyntaxError.self, "\(count) members") { try JSONValue(parsing: Array(text.utf8)) }
                #expect(error?.reason == "duplicate key 'k0'")
                keys[duplicateAt] = "unique"
                let fine = "{" + keys.map { #""\#($0)":1"# }.joined(separator: ",") + "}"
                #expect(throws: Never.self) { try JSONValue(parsing: Array(fine.utf8)) }
            }
            // "é" precomposed and "e" + a combining acute accent are one String.
            let many = (0..<count).map { #""k\#($0)":1"# } + [#""\u00e9":1"#, #""e\u0301":2"#]
            #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: Array(("{" + many.joined(separator: ",") + "}").utf8)) }
        }
    }

    /// Found by the stack-array libFuzzer target: the key of a duplicate went into the message
    /// raw, so a key holding `\n` made a two-line error.
    @Test func aDuplicateKeyIsNamedOnOneLineWithControlCharactersEscaped() throws {
        let error = #expect(throws: JSONSyntaxError.self) {
            try JSONValue(parsing: Array(#"{"a\nb\u0007":1,"a\nb\u0007":2}"#.utf8))
        }
        #expect(error?.reason == #"duplicate key 'a\nb\u{7}'"#)
        let key = String(repeating: "k", count: 10_000)
        let long = #expect(throws: JSONSyntaxError.self) {
            try JSONValue(parsing: Array(#"{"\#(key)":1,"\#(key)":2}"#.utf8))
        }
        #expect((long?.reason.count ?? .max) < 120, "a long key is cut short: \(long?.reason.count ?? 0) characters")
    }
}
