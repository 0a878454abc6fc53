import Foundation
import Testing
@testable import routectl
import PropertyListCodec

/// Launch arguments read back as UserDefaults' argument domain reads them: a value that starts
/// with `{ ( [ < "` is parsed as a property list (Foundation's PropertyListSerialization, the
/// parser swift-corelibs-foundation's argument domain uses), and must give the value back.
@Suite(.tags(.unit)) struct LaunchArgumentTests {
    /// What the argument domain would hold for `text`.
    func read(_ text: String) throws -> Any {
        #expect(!text.hasPrefix("-"), "the argument domain skips a value that starts with '-'")
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == text)
        #expect(Set<Character>(["{", "(", "[", "<", "\""]).contains(text.first!))
        return try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil)
    }

    @Test(arguments: [
        "home", "", "-1", "  spaced  ", #"{"main":{}}"#, #"[{"details":{"_0":42}}]"#, "quote \" and \\ backslash",
        "line\nbreak\ttab\rreturn", "é ü 中文 🚀", "\u{1}\u{7F}\u{85}\u{202E}", "(not a list)", "<not data>",
    ])
    func stringsReadBackAsTheSameString(_ value: String) throws {
        let text = try #require(LaunchArgument.text(.string(value)))
        #expect(text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "one line of plain ASCII")
        #expect(try read(text) as? String == value)
    }

    @Test func dataReadsBackAsTheSameBytes() throws {
        let bytes = Array(#"[{"main":{}},{"details":{"_0":42}}]"#.utf8) + [0, 0xFF]
        let text = try #require(LaunchArgument.text(.data(bytes)))
        #expect(try read(text) as? Data == Data(bytes))
        #expect(try read(try #require(LaunchArgument.text(.data([])))) as? Data == Data())
    }

    @Test func integersReadBackAsNumbersNotStrings() throws {
        for value: Int64 in [0, 2, -1, Int64.max, Int64.min] {
            let text = try #require(LaunchArgument.text(.integer(PropertyListInteger(value))))
            let number = try #require(try read(text) as? NSNumber)
            #expect(number.int64Value == value)
        }
    }

    @Test func otherKindsAreNoRoute() {
        #expect(LaunchArgument.text(.boolean(true)) == nil)
        #expect(LaunchArgument.text(.array([])) == nil)
    }

    @Test func linesAreShellQuoted() throws {
        #expect(LaunchArgument.line(key: "route", value: .string("home")) == #"-route '"home"'"#)
        #expect(LaunchArgument.line(key: "com.vandrj.navigator.main", value: .data([0x7B, 0x7D])) == "-com.vandrj.navigator.main '<7b7d>'")
        #expect(LaunchArgument.line(key: "it's", value: .string("a'b")) == #"'-it'\''s' '"a'\''b"'"#)
    }
}
