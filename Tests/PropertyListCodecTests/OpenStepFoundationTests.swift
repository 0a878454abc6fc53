import Foundation
import Testing
import TestSupport

import PropertyListCodec

/// The old-style reader against Foundation's (`PropertyListSerialization`, CoreFoundation's
/// `CFOldStylePList` parser, which reads old-style text on every platform): what both read
/// reads the same, and what Foundation refuses routectl refuses.
@Suite(.tags(.unit)) struct OpenStepFoundationTests {
    /// `value` as Foundation would give it: strings, data, arrays and dictionaries.
    static func foundation(_ value: PropertyListValue) -> NSObject {
        switch value {
        case .string(let text): return text as NSString
        case .data(let bytes): return Data(bytes) as NSData
        case .array(let values): return values.map(foundation) as NSArray
        case .dictionary(let dictionary):
            return Dictionary(uniqueKeysWithValues: dictionary.entries.map { ($0.key, foundation($0.value)) }) as NSDictionary
        default: return NSNull()
        }
    }

    static let samples: [String] = [
        OpenStepPropertyListTests.listapps,
        "( a, 'b c', \"d\", <0fA1 b2>, (), {}, )",
        "// a comment\n{ /* one */ k = v; }\n// end",
        #""\a\b\f\n\r\t\v\\\"\'\q\101""#,
        #""\UD83D\UDE00 \U00E9 \U41 \u00E9""#,
        "\"raw é and\nnewline\"",
        "$path/to:x.y-z_1",
        "{ \"com.example.app\" = { ApplicationType = User; CFBundleDisplayName = \"Caf\\U00e9\"; }; }",
    ]

    @Test(arguments: samples)
    func foundationReadsTheSame(_ text: String) throws {
        let ours = try OpenStepPropertyList.decode(Array(text.utf8))
        var format = PropertyListSerialization.PropertyListFormat.binary
        let theirs = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: &format)
        #expect(format == .openStep)
        #expect((theirs as? NSObject)?.isEqual(Self.foundation(ours)) == true, "\(text.debugDescription): \(theirs)")
    }

    @Test(arguments: ["\"abc", "{ k = v }", "{ k v; }", "( a b )", "<0g>", "{ k = v; ", "( a, "])
    func foundationRefusesItToo(_ text: String) {
        #expect(throws: PropertyListError.self) { try OpenStepPropertyList.decode(Array(text.utf8)) }
        #expect(throws: (any Error).self) { try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) }
    }
}
