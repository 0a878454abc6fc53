import Foundation
import Testing
import TestSupport

import PropertyListCodec

/// ``BinaryPropertyListIndex`` (the one reader: a binary plist checked whole, read at one key or
/// whole) and ``BinaryPropertyListAppender`` (a change appended): what the appender writes
/// decodes, and reads in Foundation, to the dictionary changed and every other value as it was.
@Suite(.tags(.unit)) struct BinaryPropertyListIndexTests {
    typealias Hostile = PropertyListHostileInputTests

    /// A dictionary of every type, keys past the 16 compared in pairs (so hashed), some UTF-16.
    static let dictionary: PropertyListDictionary = {
        var entries: [PropertyListDictionary.Entry] = [
            .init(key: "route", value: "onboarding"), .init(key: "n", value: 300), .init(key: "neg", value: -2),
            .init(key: "r", value: 1.5), .init(key: "f", value: .real(2.5, width: .bits32)), .init(key: "ok", value: true),
            .init(key: "d", value: .date(1)), .init(key: "bytes", value: .data([1, 2, 3])),
            .init(key: "list", value: ["a", "é😀", [:], .uid(9)]), .init(key: "big", value: .integer(PropertyListInteger(UInt64.max))),
            .init(key: "nested", value: ["items": [1, "1", [0.5]], "enabled": true]), .init(key: "clé", value: "vålue"),
        ]
        for index in 0..<20 { entries.append(.init(key: "setting\(index)", value: index % 2 == 0 ? .string("value \(index)") : ["same": "shared"])) }
        // Keys of 15 bytes or more, whose length is an integer object of its own: of one byte
        // (the usual key of an app's preferences, checked on the index's fast path) and of two.
        for index in 0..<4 { entries.append(.init(key: "com.example.app.setting\(index)", value: .string("v\(index)"))) }
        entries.append(.init(key: String(repeating: "k", count: 300), value: "long"))
        return PropertyListDictionary(entries)
    }()

    static let bytes = BinaryPropertyList.encode(.dictionary(dictionary))

    static func decoded(_ bytes: [UInt8]) throws -> PropertyListDictionary {
        guard case .dictionary(let dictionary) = try BinaryPropertyList.decode(bytes) else {
            throw PropertyListError("not a dictionary", at: nil)
        }
        return dictionary
    }

    /// What Foundation reads in `bytes`.
    static func foundation(_ bytes: [UInt8]) throws -> NSDictionary {
        let value = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        return try #require(value as? NSDictionary)
    }

    /// `bytes` changed by the appender, `nil` when it cannot append.
    static func applying(_ changes: [BinaryPropertyListAppender.Change], to bytes: [UInt8]) throws -> [UInt8]? {
        let index = try #require(BinaryPropertyListIndex(bytes))
        return BinaryPropertyListAppender.applying(changes, to: index).map { Array($0.joined()) }
    }

    @Test func theIndexFindsKeysByPrefixAndDecodesOnlyThose() throws {
        let index = try #require(BinaryPropertyListIndex(Self.bytes))
        #expect(index.count == Self.dictionary.count)
        #expect(index.entries(withPrefix: "route") == [0])
        #expect(index.entries(withPrefix: "clé").map(index.key) == ["clé"])
        #expect(index.entries(withPrefix: "setting1").count == 11)
        #expect(index.entries(withPrefix: "").count == Self.dictionary.count)
        #expect(index.entries(withPrefix: "nope").isEmpty)
        #expect(index.values(index.entries(withPrefix: "n")) == [300, -2, Self.dictionary["nested"]!])
        #expect(index.valueCount == Self.dictionary.entries.reduce(1) { $0 + 1 + Self.count($1.value) })
    }

    /// Every prefix of every key, and every key with one of its first characters changed (and
    /// some of no key: one that parts after its eighth byte, one longer than any key), finds the
    /// entries a filter of the keys finds: the prefix's first eight bytes are compared as one
    /// word, the rest byte for byte.
    @Test func everyPrefixFindsWhatAFilterOfTheKeysFinds() throws {
        let index = try #require(BinaryPropertyListIndex(Self.bytes))
        let keys = Self.dictionary.entries.map(\.key)
        var prefixes: Set<String> = ["nope", "com.example.app.settinX", "com.examplX", "com.exaX", String(repeating: "k", count: 301)]
        for key in keys {
            for length in 0...key.count { prefixes.insert(String(key.prefix(length))) }
            // The key with one of its first twelve characters changed: found by no key's bytes.
            for position in 0..<min(key.count, 12) {
                prefixes.insert(String(key.prefix(position)) + "~")
                prefixes.insert(String(key.prefix(position)) + "~" + String(key.dropFirst(position + 1)))
            }
        }
        for prefix in prefixes {
            let expected = keys.indices.filter { keys[$0].utf8.starts(with: prefix.utf8) }
            #expect(index.entries(withPrefix: prefix) == expected, "prefix \(prefix)")
        }
    }

    static func count(_ value: PropertyListValue) -> Int {
        switch value {
        case .array(let elements): return elements.reduce(1) { $0 + count($1) }
        case .dictionary(let dictionary): return dictionary.entries.reduce(1) { $0 + 1 + count($1.value) }
        default: return 1
        }
    }

    /// Every refusal of the decoder, met under a key of the top dictionary, is the index's too.
    @Test func aBadObjectUnderAKeyIsRefused() {
        let bad: [[UInt8]] = [
            [0x00], [0x0F], [0x0C], [0x15, 0, 0], [0x14] + [0, 0, 0, 0, 0, 0, 0, 1] + Array(repeating: 0, count: 8), [0x21, 0, 0],
            [0x32, 0, 0, 0, 0, 0, 0, 0, 0], [0x52, 0x61, 0x80], [0x61, 0xD8, 0x00], [0x62, 0xD8, 0x00, 0x00, 0x41], [0x61, 0xDC, 0x00],
            [0x71, 0x61], [0xC0], [0x89] + Array(repeating: 1, count: 10), [0xF0], [0x13, 0, 0], [0x4F, 0x10, 50], [0xAF, 0x10, 50],
            [0xA1, 9], [0xA1, 0], [0xD1, 1, 2], [0xDF, 0x14] + Array(repeating: 0, count: 16),
        ]
        for object in bad {
            let file = Hostile.binary([[0xD1, 1, 2], [0x51, 0x6B], object])
            #expect(Hostile.error(file) != nil, "\(object)")
            #expect(BinaryPropertyListIndex(file) == nil, "\(object)")
        }
        // Under a key, sharing is fine, a key must be a string, and keys differ: ASCII and
        // UTF-16 spellings of one key are the same key, among few keys or many.
        #expect(Hostile.error(Hostile.binary([[0xD2, 1, 2, 3, 3], [0x51, 0x61], [0x51, 0x62], [0x09]])) == nil)
        #expect(Hostile.error(Hostile.binary([[0xD1, 2, 1], [0x51, 0x61], [0x10, 1]])) != nil)
        #expect(Hostile.error(Hostile.binary([[0xD2, 1, 2, 3, 3], [0x51, 0x6B], [0x61, 0, 0x6B], [0x09]])) != nil)
        let many = (0..<20).map { [0x51, UInt8(0x41 + $0)] } + [[0x61, 0, 0x41], [0x09]]
        let manyKeys: [UInt8] = [0xDF, 0x10, 21] + (1...21).map(UInt8.init) + Array(repeating: 22, count: 21)
        #expect(Hostile.error(Hostile.binary([manyKeys] + many))?.contains("twice") == true)
        var distinct = many
        distinct[20] = [0x61, 0, 0x7A]
        #expect(Hostile.error(Hostile.binary([manyKeys] + distinct)) == nil)
        #expect(BinaryPropertyListIndex(Hostile.binary([manyKeys] + distinct))?.count == 21)
        // The same by sorting, the path a file whose keys' hashes collide takes.
        #expect(BinaryPropertyListIndex(Hostile.binary([manyKeys] + many), probes: 0) == nil)
        #expect(BinaryPropertyListIndex(Hostile.binary([manyKeys] + distinct), probes: 0)?.count == 21)
        #expect(BinaryPropertyListIndex(Self.bytes, probes: 0)?.count == Self.dictionary.count)
        #expect(BinaryPropertyListIndex(Self.bytes, probes: 1)?.count == Self.dictionary.count)
    }

    /// The one reader says the first thing wrong in the order CoreFoundation reads a file:
    /// objects depth first, a dictionary's entries key then value. A key repeated is found once
    /// the dictionary's keys are all read, but said before a refusal of a later value (and after
    /// one of an earlier value), among few keys and many.
    @Test func aRefusalIsTheFirstInReadingOrder() {
        for extra in [0, 20] {
            // Entries: extra distinct keys, then `a`, then `a` again (or `b`), the values all true
            // but the one at `bad`, a null object.
            func file(repeated: Bool, bad: Int) -> [UInt8] {
                let count = extra + 2
                let names = (0..<extra).map { [0x52, 0x6B, UInt8(0x41 + $0)] } + [[0x51, 0x61], [0x51, repeated ? 0x61 : 0x62]]
                // Objects: the top, the keys, true, null.
                let values = (0..<count).map { UInt8($0 == bad ? count + 2 : count + 1) }
                let top: [UInt8] = (count < 15 ? [0xD0 | UInt8(count)] : [0xDF, 0x10, UInt8(count)]) + (1...count).map(UInt8.init) + values
                return Hostile.binary([top] + names + [[0x09], [0x00]])
            }
            let last = extra + 1
            #expect(Hostile.error(file(repeated: true, bad: last))?.contains("the key 'a' twice") == true, "\(extra)")
            #expect(Hostile.error(file(repeated: true, bad: last - 1))?.hasPrefix("a null object") == true, "\(extra)")
            #expect(Hostile.error(file(repeated: false, bad: last))?.hasPrefix("a null object") == true, "\(extra)")
            #expect(Hostile.error(file(repeated: true, bad: -1))?.contains("the key 'a' twice") == true, "\(extra)")
        }
    }

    /// A top object that is not a dictionary decodes, through the same map, which has no entries.
    @Test func aTopObjectOtherThanADictionaryIsReadThroughTheMap() throws {
        let bytes = BinaryPropertyList.encode(["a", ["k": 1], .data([1, 2])])
        let index = try BinaryPropertyListIndex(checking: bytes)
        #expect(!index.topIsDictionary && index.count == 0)
        #expect(index.value() == ["a", ["k": 1], .data([1, 2])])
        #expect(BinaryPropertyListIndex(bytes) == nil)
    }

    /// A key hashed a word at a time (a table of more than 16 keys) is the same key in ASCII and
    /// in UTF-16 whatever its length: shorter than a word, a word, past one, two.
    @Test func keysOfEveryLengthAreTheSameKeyInEitherSpelling() {
        for length in [1, 7, 8, 9, 15, 16, 17, 24] {
            let names = (0..<20).map { index in (0..<length).map { UInt8(0x61 + ($0 + index) % 26) } }
            func marker(_ kind: UInt8) -> [UInt8] { length < 15 ? [kind | UInt8(length)] : [kind | 0x0F, 0x10, UInt8(length)] }
            let ascii = names.map { marker(0x50) + $0 }
            func utf16(_ name: [UInt8]) -> [UInt8] { marker(0x60) + name.flatMap { [0, $0] } }
            let keys: [UInt8] = [0xDF, 0x10, 21] + (1...21).map(UInt8.init) + Array(repeating: 22, count: 21)
            for (spelt, duplicate) in [(utf16(names[13]), true), (utf16(Array(repeating: 0x5A, count: length)), false)] {
                let file = Hostile.binary([keys] + ascii + [spelt, [0x09]], offsetSize: 2)
                #expect((BinaryPropertyListIndex(file) == nil) == duplicate, "length \(length)")
                #expect((Hostile.error(file)?.contains("twice") == true) == duplicate, "length \(length): \(Hostile.error(file) ?? "")")
            }
        }
    }

    /// A key met twice is found wherever the two stand, among 16 keys (compared in pairs) and
    /// 17 (through the table), however the second is spelt: the same object (met again, so
    /// hashed the slow way), another ASCII one (its length in one byte, or in two: the slow
    /// way), UTF-16; the first's length in the marker or in one byte (the fast way).
    @Test func aKeyMetTwiceIsFoundWhereverItStands() {
        for count in [16, 17] {
            for long in [false, true] {
                let names = (0..<count).map { Array((long ? "com.example.app.key\($0 + 10)" : "k\($0 + 10)").utf8) }
                func marker(_ kind: UInt8, _ length: Int) -> [UInt8] { length < 15 ? [kind | UInt8(length)] : [kind | 0x0F, 0x10, UInt8(length)] }
                func ascii(_ name: [UInt8]) -> [UInt8] { marker(0x50, name.count) + name }
                let keys = (1...count).map(UInt8.init)
                func file(_ keys: [UInt8], _ extra: [UInt8]) -> [UInt8] {
                    let top: [UInt8] = [0xDF, 0x10, UInt8(count)] + keys + Array(repeating: UInt8(count + 1), count: count)
                    return Hostile.binary([top] + names.map(ascii) + [[0x09], extra], offsetSize: 2)
                }
                #expect(BinaryPropertyListIndex(file(keys, [0x09]))?.count == count)
                for second in 1..<count {
                    for first in 0..<second {
                        let name = names[first]
                        let spellings: [(String, UInt8, [UInt8])] = [
                            ("the same object", keys[first], [0x09]),
                            ("ASCII", UInt8(count + 2), ascii(name)),
                            ("ASCII, its length in two bytes", UInt8(count + 2), [0x5F, 0x11, 0, UInt8(name.count)] + name),
                            ("UTF-16", UInt8(count + 2), marker(0x60, name.count) + name.flatMap { [0, $0] }),
                        ]
                        for (spelling, key, extra) in spellings {
                            var twice = keys
                            twice[second] = key
                            let bytes = file(twice, extra)
                            let place = "\(count) keys, \(first) and \(second) the same, the second \(spelling)"
                            #expect(BinaryPropertyListIndex(bytes) == nil, "\(place)")
                            #expect(Hostile.error(bytes)?.contains("twice") == true, "\(place)")
                        }
                    }
                }
            }
        }
    }

    /// Every width of offsets and references the trailer may give (the common ones are read by
    /// checkers made for them, any other a byte at a time) finds the same entries and values.
    @Test func everyWidthOfOffsetsAndReferencesIsRead() throws {
        for offsetSize: UInt8 in 1...8 {
            for referenceSize: UInt8 in 1...8 {
                let keys = (0..<20).map { [0x52, 0x6B, UInt8(0x41 + $0)] }
                let values = (0..<20).map { [0x10, UInt8($0)] }
                func reference(_ index: Int) -> [UInt8] {
                    (0..<Int(referenceSize)).map { UInt8(truncatingIfNeeded: index >> (8 * (Int(referenceSize) - 1 - $0))) }
                }
                let top = [0xDF, 0x10, 20] + (1...20).flatMap(reference) + (21...40).flatMap(reference)
                let file = Hostile.binary([top] + keys + values, referenceSize: referenceSize, offsetSize: offsetSize)
                // One-byte offsets cannot reach past byte 255: the decoder refuses those files.
                guard Hostile.error(file) == nil else {
                    #expect(offsetSize == 1 && referenceSize > 3, "offsets \(offsetSize), references \(referenceSize)")
                    continue
                }
                let index = try #require(BinaryPropertyListIndex(file), "offsets \(offsetSize), references \(referenceSize)")
                let found = index.entries(withPrefix: "kM")
                #expect(found == [12], "offsets \(offsetSize), references \(referenceSize)")
                #expect(index.values(found) == [.integer(PropertyListInteger(12))], "offsets \(offsetSize), references \(referenceSize)")
            }
        }
    }

    /// Keys that differ only in their last byte, at the end of a word (`setting1`, `setting2`),
    /// or one before, spread over the hash table: none of them is left to sorting.
    @Test func keysDifferingInTheirLastBytesDoNotCollide() throws {
        for (length, count) in [(8, 300), (16, 300), (15, 200), (24, 40)] {
            let names = (0..<count).map { index -> [UInt8] in
                var name = Array(String(repeating: "k", count: length).utf8)
                name[length - 1] = UInt8(0x21 + index % 90)
                name[length - 2] = UInt8(0x41 + index / 90)
                return name
            }
            let dictionary = PropertyListDictionary(names.map { .init(key: String(decoding: $0, as: UTF8.self), value: .boolean(true)) })
            let bytes = BinaryPropertyList.encode(.dictionary(dictionary))
            let index = try #require(BinaryPropertyListIndex(bytes))
            let (entries, sorted) = (index.count, index.sortedKeys)
            #expect(entries == count)
            #expect(!sorted, "\(count) keys of \(length) bytes")
        }
        // Keys made to collide still are, and are compared correctly.
        let sorted = BinaryPropertyListIndex(Self.bytes, probes: 0)?.sortedKeys
        #expect(sorted == true)
    }

    /// Mutations of a dictionary of every type and of many keys (the sample of
    /// ``PropertyListHostileInputTests`` has few), round-tripped through the one reader
    /// (``BinaryPropertyListRoundTrip``): what it accepts reads the same in part and whole, and
    /// encodes to bytes that read back to the same value.
    @Test(.slowLayer) func mutationsRoundTripThroughTheOneReader() {
        var random = FuzzRandom(seed: FuzzSettings.seed(for: "BinaryPropertyListIndex.mutations"))
        var accepted = 0
        for _ in 0..<FuzzSettings.cases(2_000, factor: 100) {
            var bytes = Self.bytes
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[index] ^= UInt8(1) << UInt8.random(in: 0...7, using: &random)
                case 1: bytes[index] = random.pick([0x00, 0x0F, 0x61, 0x80, 0xFF, 0xD0, 0xAF, 0x14, 0x6F, 0x51])
                default: bytes[index] = UInt8.random(in: 0...255, using: &random)
                }
            }
            switch BinaryPropertyListRoundTrip.check(bytes) {
            case .broken(let problem): Issue.record("\(problem): \(bytes)")
            case .read: accepted += 1
            case .refused: break
            }
        }
        #expect(accepted > 0)
    }

    @Test func aReplacedValueIsAppendedAndEveryOtherValueKept() throws {
        let new: PropertyListValue = ["stack": ["home", "details"], "n": 7]
        let after = try #require(try Self.applying([.replace(entry: 0, value: new)], to: Self.bytes))
        #expect(try Self.decoded(after) == Self.dictionary.replacing("route", with: new))
        #expect(after.count < Self.bytes.count + 60, "\(after.count) bytes from \(Self.bytes.count)")
        let (before, now) = (try Self.foundation(Self.bytes), try Self.foundation(after))
        // (A uid reads as an object equal only to itself: compared by its description.)
        for key in Self.dictionary.keys where key != "route" {
            #expect(now[key] as? NSObject == before[key] as? NSObject || key == "list", "\(key)")
        }
        #expect((now["list"] as? [Any])?.prefix(3).map { "\($0)" } == (before["list"] as? [Any])?.prefix(3).map { "\($0)" })
        let route = try #require(now["route"] as? [String: Any])
        #expect(route["stack"] as? [String] == ["home", "details"] && route["n"] as? Int == 7, "\(route)")
    }

    /// A scalar of the old one's size is written over it: only its bytes change. One that
    /// another key shares, or of another size, is appended instead.
    @Test func aValueOfTheSameSizeIsWrittenOverTheOldOne() throws {
        let entry = try #require(Self.dictionary.keys.firstIndex(of: "n"))
        let after = try #require(try Self.applying([.replace(entry: entry, value: 301), .replace(entry: 0, value: "onboardinG")], to: Self.bytes))
        #expect(after.count == Self.bytes.count)
        #expect(zip(after, Self.bytes).filter { $0 != $1 }.count == 2, "the integer's low byte and the string's last")
        #expect(try Self.decoded(after) == Self.dictionary.replacing("n", with: 301).replacing("route", with: "onboardinG"))
        let shared = BinaryPropertyList.encode(["a": "same", "b": "same"])
        let changed = try #require(try Self.applying([.replace(entry: 0, value: "diff")], to: shared))
        #expect(changed.count > shared.count, "appended: b still refers to the old string")
        #expect(try Self.decoded(changed) == ["a": "diff", "b": "same"])
    }

    @Test func anAddedAndARemovedKeyRewriteTheTopDictionary() throws {
        let last = Self.dictionary.count - 1
        let after = try #require(try Self.applying([.remove(entry: 1), .add(key: "new", value: "v"), .replace(entry: last, value: 1)], to: Self.bytes))
        let expected = Self.dictionary.removing("n").replacing(Self.dictionary.keys[last], with: 1).replacing("new", with: "v")
        #expect(try Self.decoded(after) == expected)
        #expect(try Self.foundation(after).count == expected.count)
        // And again, on what it wrote.
        let again = try #require(try Self.applying([.remove(entry: 0)], to: after))
        #expect(try Self.decoded(again) == expected.removing("route"))
    }

    /// A value whose bytes hold the top dictionary's (the decoder allows it) is not changed by a
    /// change of another key: the top dictionary is then written anew, not in place.
    @Test func aTopDictionarySharingBytesWithAValueIsNotRewrittenInPlace() throws {
        // Data of 5 bytes at 8, the top dictionary {a: data, b: data} inside it at 9.
        var file = BinaryPropertyList.magic + [0x45, 0xD2, 0x01, 0x02, 0x03, 0x03, 0x51, 0x61, 0x51, 0x62]
        let table = file.count
        file += [9, 14, 16, 8]
        file += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 4] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        let data: PropertyListValue = .data([0xD2, 0x01, 0x02, 0x03, 0x03])
        #expect(try Self.decoded(file) == ["a": data, "b": data])
        #expect(BinaryPropertyListIndex(file)?.topIsShared == true)
        let after = try #require(try Self.applying([.replace(entry: 0, value: "x")], to: file))
        #expect(try Self.decoded(after) == ["a": "x", "b": data])
    }

    /// One-byte references name at most 255 objects: a change needing more is not appended.
    @Test func referencesTooNarrowForMoreObjectsAreLeftToAWholeEncoding() throws {
        let full = PropertyListDictionary((0..<127).map { .init(key: "k\($0)", value: .integer(PropertyListInteger(Int64($0 + 1000)))) })
        let bytes = BinaryPropertyList.encode(.dictionary(full))
        #expect(bytes[bytes.count - 32 + 7] == 1)
        #expect(try Self.applying([.replace(entry: 3, value: "x")], to: bytes) == nil)
        // 126 keys leave room for one more object, not for a new dictionary too.
        let fewer = BinaryPropertyList.encode(.dictionary(full.removing("k0")))
        #expect(try Self.applying([.replace(entry: 3, value: "x")], to: fewer).map(Self.decoded) == full.removing("k0").replacing("k4", with: "x"))
        #expect(try Self.applying([.add(key: "more", value: "x")], to: fewer) == nil)
    }

    /// Changed 10,000 times, a file holds what the last change left, and its size stays bounded:
    /// once garbage outweighs the live objects the appender declines, and the file is written whole.
    @Test(.slowLayer) func tenThousandChangesKeepTheFileBounded() throws {
        var bytes = Self.bytes
        var largest = 0
        var whole = 0
        for round in 0..<10_000 {
            let value: PropertyListValue = .string("route \(round) " + String(repeating: "x", count: round % 50))
            if let appended = try Self.applying([.replace(entry: 0, value: value)], to: bytes) {
                bytes = appended
            } else {
                bytes = BinaryPropertyList.encode(.dictionary(try Self.decoded(bytes).replacing("route", with: value)))
                whole += 1
            }
            largest = max(largest, bytes.count)
        }
        #expect(try Self.decoded(bytes) == Self.dictionary.replacing("route", with: .string("route 9999 " + String(repeating: "x", count: 49))))
        #expect(largest < 2 * Self.bytes.count + 200, "grew to \(largest) bytes from \(Self.bytes.count)")
        #expect(whole > 0 && whole < 2_000, "re-encoded whole \(whole) times")
    }

    @Test func aValuePastTheValuesLimitIsNotAppended() throws {
        let huge: PropertyListValue = .array(Array(repeating: .boolean(true), count: BinaryPropertyList.maxValues))
        #expect(try Self.applying([.replace(entry: 0, value: huge)], to: Self.bytes) == nil)
    }
}
