import Foundation
import Testing
import RouteCodecs
import RouteModel
import JSONText
import TestSupport

/// sindresorhus/Defaults' strings of `Codable` values: what routectl writes for a new element
/// is byte for byte what Defaults' encoder (`JSONEncoder`, `.sortedKeys`) writes, and what it
/// joins and splits are the array's elements.
@Suite(.tags(.unit)) struct DefaultsArrayTests {
    @Test(arguments: [
        AppScreen.home, .details(42), .profile(id: 7, name: "Ann"), .feature(.item(3)), .tags(["a/b", "é"]), .note(nil), .note("x\"y"),
    ])
    func aNewValueIsWrittenAsDefaultsWritesIt(_ screen: AppScreen) throws {
        let unsorted = try JSONValue(parsing: Array(try JSONEncoder().encode(screen)))
        #expect(DefaultsArray.encoded(unsorted) == DefaultsMirror.serialize(screen))
    }

    /// Keys whose byte order and other orders differ (case, digits, non-ASCII).
    @Test func keysAreSortedAsFoundationSortsThem() throws {
        let keys = ["b", "a", "B", "_10", "_2", "é", "Z", "aa", "a_"]
        let dictionary = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        let members = keys.enumerated().map { JSONValue.Member($1, .number(String($0))) }
        #expect(DefaultsArray.encoded(.object(members)) == DefaultsMirror.serialize(dictionary))
    }

    @Test func stringsJoinIntoTheArrayAndSplitBackKeepingOldOnes() throws {
        let old = [#"{"home":{}}"#, #" {"details":{"_0":42}} "#]
        let joined = try #require(DefaultsArray.joined(old))
        #expect(String(decoding: joined, as: UTF8.self) == #"[{"home":{}}, {"details":{"_0":42}} ]"#)
        #expect(try DefaultsArray.strings(joined, old: old) == old)
        #expect(DefaultsArray.joined(["{}", "1,2"]) == nil, "a string that is not one JSON value is no element")
        #expect(DefaultsArray.joined(["home"]) == nil)
    }
}
