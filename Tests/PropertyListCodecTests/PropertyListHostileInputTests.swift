import Testing
import TestSupport

import RouteModel
import PropertyListCodec

/// Hostile property lists: every one must be refused with a ``PropertyListError`` (or, for a
/// mutation that happens to stay valid, decode), never crash, hang or exhaust memory.
@Suite(.tags(.fuzz), .slowLayer) struct PropertyListHostileInputTests {
    /// A small valid binary plist of several types.
    static let sample = BinaryPropertyList.encode([
        "name": "home", "n": 300, "neg": -2, "r": 1.5, "f": .real(2.5, width: .bits32), "ok": true, "d": .date(1),
        "bytes": .data([1, 2, 3]), "list": ["a", "é😀", [:], .uid(9)], "big": .integer(PropertyListInteger(UInt64.max)),
        "long": .string(String(repeating: "z", count: 20)),
    ])

    /// A binary plist of `objects` (each an object's bytes), the top one first, with offsets
    /// and references of one byte unless given, and the trailer's fields as given.
    static func binary(
        _ objects: [[UInt8]], referenceSize: UInt8 = 1, offsetSize: UInt8 = 1, count: UInt64? = nil, top: UInt64 = 0,
        tableOffset: UInt64? = nil, offsets: [UInt64]? = nil
    ) -> [UInt8] {
        var out = BinaryPropertyList.magic
        var starts: [UInt64] = []
        for object in objects {
            starts.append(UInt64(out.count))
            out += object
        }
        let table = UInt64(out.count)
        for offset in offsets ?? starts {
            for shift in stride(from: 8 * (Int(offsetSize) - 1), through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: offset >> shift)) }
        }
        out += [0, 0, 0, 0, 0, 0, offsetSize, referenceSize]
        for field in [count ?? UInt64(objects.count), top, tableOffset ?? table] {
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: field >> shift)) }
        }
        return out
    }

    /// The error decoding `bytes` gives, or `nil` when they decode. Every case is also
    /// round-tripped through the one reader (``BinaryPropertyListRoundTrip``).
    static func error(_ bytes: [UInt8]) -> String? {
        if case .broken(let problem) = BinaryPropertyListRoundTrip.check(bytes) { Issue.record("\(problem)") }
        do {
            _ = try BinaryPropertyList.decode(bytes)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func theHandBuiltSampleIsValid() throws {
        #expect(try BinaryPropertyList.decode(Self.binary([[0xA2, 1, 2], [0x10, 7], [0x51, 0x61]])) == [7, "a"])
        #expect(try BinaryPropertyList.decode(Self.sample)["n"] == 300)
    }

    @Test func everyTruncationIsRefused() {
        for length in 0..<Self.sample.count {
            #expect(throws: PropertyListError.self, "\(length) bytes") { try BinaryPropertyList.decode(Array(Self.sample.prefix(length))) }
        }
        let xml = try! XMLPropertyList.encode(try! BinaryPropertyList.decode(Self.sample).replacingUIDs)
        let end = xml.count - 1  // only the final newline may go
        for length in 0..<end {
            #expect(throws: PropertyListError.self, "\(length) bytes") { try XMLPropertyList.decode(Array(xml.prefix(length))) }
        }
    }

    /// Seeded random mutations: flipped, replaced, inserted and deleted bytes. What decodes
    /// must encode and decode again to the same value.
    @Test func randomMutationsNeverCrash() throws {
        var random = FuzzRandom(seed: FuzzSettings.seed(for: "PropertyList.randomMutationsNeverCrash"))
        let xml = try XMLPropertyList.encode(try BinaryPropertyList.decode(Self.sample).replacingUIDs)
        var decoded = 0
        for round in 0..<FuzzSettings.cases(10_000, factor: 100) {
            let binary = round % 5 != 4
            var bytes = binary ? Self.sample : xml
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<5, using: &random) {
                case 0: bytes[index] ^= UInt8(1) << UInt8.random(in: 0...7, using: &random)
                case 1: bytes[index] = random.pick([0x00, 0x0F, 0x7F, 0x80, 0xFF, 0x3C, 0x26, 0xD0, 0xAF, 0x14, 0x6F])
                case 2: bytes.insert(UInt8.random(in: 0...255, using: &random), at: index)
                case 3: if bytes.count > 1 { bytes.remove(at: index) }
                default: bytes[index] = UInt8.random(in: 0...255, using: &random)
                }
            }
            if binary {
                _ = Self.error(bytes)  // round-tripped through the one reader
            }
            do {
                let value = try (binary ? BinaryPropertyList.decode(bytes) : XMLPropertyList.decode(bytes))
                decoded += 1
                #expect(try BinaryPropertyList.decode(BinaryPropertyList.encode(value)) == value)
            } catch is PropertyListError {
            } catch {
                Issue.record("round \(round): not a PropertyListError: \(error)")
            }
        }
        #expect(decoded > 0, "no mutation survived: the mutations are too blunt to reach the deeper checks")
    }

    @Test func cyclesAreRefused() {
        // An array holding itself; a → b → a; a dictionary whose value is itself; a key that is its dictionary.
        #expect(Self.error(Self.binary([[0xA1, 0]])) == "object 0 contains itself at byte 9")
        #expect(Self.error(Self.binary([[0xA1, 1], [0xA2, 2, 0], [0x08]])) == "object 0 contains itself at byte 12")
        #expect(Self.error(Self.binary([[0xD1, 1, 0], [0x51, 0x6B]])) == "object 0 contains itself at byte 10")
        #expect(Self.error(Self.binary([[0xD1, 0, 1], [0x51, 0x6B]])) == "object 0 contains itself at byte 9")
        // Sharing without a cycle is fine.
        #expect(Self.error(Self.binary([[0xA2, 1, 1], [0xA1, 2], [0x09]])) == nil)
    }

    /// Containers shared at every level would expand to 2⁴⁰ values from a few hundred bytes.
    @Test func exponentialSharingIsRefused() {
        let objects = (0..<40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] } + [[0x09]]
        #expect(Self.error(Self.binary(objects)) == "the file expands to more than 1048576 values at byte 70")
    }

    @Test func deepNestingIsRefusedAndTheLimitItselfIsFine() throws {
        func nested(_ depth: Int) -> [UInt8] {
            Self.binary((0..<depth).map { _ in [0xA1, 0, 0] } + [[0x09]], referenceSize: 2, offsetSize: 2,
                        offsets: nil).patchingReferences(depth: depth)
        }
        _ = try BinaryPropertyList.decode(nested(512))
        #expect(Self.error(nested(513))?.hasPrefix("arrays and dictionaries are nested more than 512 deep") == true)
        let open = String(repeating: "<array>", count: 512)
        let close = String(repeating: "</array>", count: 512)
        _ = try XMLPropertyList.decode(Array("<plist>\(open)\(close)</plist>".utf8))
        #expect(throws: PropertyListError.self) { try XMLPropertyList.decode(Array("<plist><array>\(open)\(close)</array></plist>".utf8)) }
        // A very deep document fails at the limit, without reading (or recursing) further.
        let deep = Array("<plist>".utf8) + Array(repeating: Array("<dict><key>k</key>".utf8), count: 100_000).flatMap { $0 }
        #expect(throws: PropertyListError.self) { try XMLPropertyList.decode(deep) }
    }

    @Test func badTrailersAreRefused() {
        let good = Self.binary([[0xA2, 1, 2], [0x10, 7], [0x51, 0x61]])
        #expect(Self.error(good) == nil)
        func with(_ index: Int, _ byte: UInt8) -> [UInt8] {
            var bytes = good
            bytes[bytes.count - 32 + index] = byte
            return bytes
        }
        let trailer = good.count - 32
        #expect(Self.error(with(6, 0)) == "the trailer's offset size is 0, not 1 to 8 at byte \(trailer + 6)")
        #expect(Self.error(with(7, 9)) == "the trailer's object reference size is 9, not 1 to 8 at byte \(trailer + 7)")
        #expect(Self.error(with(8, 1)) == "the trailer's object count 72057594037927939 is not between 1 and the file's size at byte \(trailer + 8)")
        #expect(Self.error(with(15, 0)) == "the trailer's object count 0 is not between 1 and the file's size at byte \(trailer + 8)")
        #expect(Self.error(with(23, 3)) == "the trailer's top object 3 is not below its object count 3 at byte \(trailer + 16)")
        #expect(Self.error(with(31, 200)) == "the trailer's offset table start 200 is not between the header and the trailer at byte \(trailer + 24)")
        #expect(Self.error(with(31, 3)) == "the trailer's offset table start 3 is not between the header and the trailer at byte \(trailer + 24)")
        #expect(Self.error(with(15, 40))?.hasPrefix("an offset table of 40 entries of 1 bytes does not fit") == true)
        #expect(Self.error(Array("bplist01".utf8) + good.dropFirst(8)) == "not a binary property list: it does not start with 'bplist00' at byte 0")
        // 300 objects cannot be named with one-byte references.
        let many = Self.binary(Array(repeating: [0x09], count: 300), referenceSize: 1, offsetSize: 2)
        #expect(Self.error(many) == "300 objects cannot all be referred to in 1 bytes at byte \(many.count - 32 + 7)")
    }

    @Test func offsetsAndReferencesOutOfRangeAreRefused() {
        #expect(Self.error(Self.binary([[0xA1, 5], [0x09]])) == "a reference to object 5, but there are only 2 at byte 9")
        #expect(Self.error(Self.binary([[0xA1, 1], [0x09]], offsets: [8, 200])) == "object 1 is said to start at byte 200, outside the objects at byte 12")
        #expect(Self.error(Self.binary([[0xA1, 1], [0x09]], offsets: [8, 2])) == "object 1 is said to start at byte 2, outside the objects at byte 12")
        // An object may not run into the offset table.
        #expect(Self.error(Self.binary([[0x13, 0, 0]])) == "an integer of 8 bytes runs past the end of the objects, which stop before byte 11; it starts at byte 9")
    }

    @Test func hugeCountsAreRefused() {
        let huge: [UInt8] = [0x13, 0x3F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        for marker: UInt8 in [0x4F, 0x5F, 0x6F, 0xAF, 0xDF] {
            let message = Self.error(Self.binary([[marker] + huge]))
            #expect(message?.hasPrefix("a count of 4611686018427387903 is larger than the file") == true, "\(message ?? "decoded")")
        }
        // Counts that fit the file's size but not the objects left.
        for marker: UInt8 in [0x4F, 0x5F, 0x6F, 0xAF, 0xDF] {
            let message = Self.error(Self.binary([[marker, 0x10, 3]]))
            #expect(message?.contains("runs past the end of the objects") == true, "\(message ?? "decoded")")
        }
        #expect(Self.error(Self.binary([[0x4F, 0x14]] + [Array(repeating: 0, count: 16)]))?.hasPrefix("a count must be an integer of 1, 2, 4 or 8 bytes") == true)
    }

    @Test func badObjectsAreRefused() throws {
        let cases: [([UInt8], String)] = [
            ([0x00], "a null object (0x00) is not a property-list value at byte 8"),
            ([0x0F], "a fill byte (0x0f) is not a property-list value at byte 8"),
            ([0x0C], "unknown object marker 0x0c at byte 8"),
            ([0x15] + Array(repeating: 0, count: 32), "an integer must have 1, 2, 4, 8 or 16 bytes, not marker 0x15 at byte 8"),
            ([0x14] + [0, 0, 0, 0, 0, 0, 0, 1] + Array(repeating: 0, count: 8), "a 16-byte integer does not fit in 64 bits at byte 8"),
            ([0x14] + Array(repeating: 0xFF, count: 8) + [0x7F, 0, 0, 0, 0, 0, 0, 0], "a 16-byte integer does not fit in 64 bits at byte 8"),
            ([0x21, 0, 0], "a real must have 4 or 8 bytes (marker 0x22 or 0x23), not marker 0x21 at byte 8"),
            ([0x32, 0, 0, 0, 0], "a date must have marker 0x33, not 0x32 at byte 8"),
            ([0x52, 0x61, 0x80], "an ASCII string holds the byte 0x80 at byte 10"),
            ([0x61, 0xD8, 0x00], "a UTF-16 string has a high surrogate without a low one at byte 9"),
            ([0x62, 0xD8, 0x00, 0x00, 0x41], "a UTF-16 string has a high surrogate without a low one at byte 9"),
            ([0x61, 0xDC, 0x00], "a UTF-16 string has a low surrogate without a high one at byte 9"),
            ([0x71, 0x61], "UTF-8 strings (marker 0x7_) belong to bplist1x, not bplist00 at byte 8"),
            ([0xC0], "sets (marker 0xc_) are not property-list values at byte 8"),
            ([0x89] + Array(repeating: 1, count: 10), "a uid of 10 bytes does not fit in 64 bits at byte 9"),
            ([0xF0], "unknown object marker 0xf0 at byte 8"),
        ]
        for (object, message) in cases {
            #expect(Self.error(Self.binary([object])) == message)
        }
        // Keys must be strings, and differ.
        #expect(Self.error(Self.binary([[0xD1, 1, 1], [0x10, 1]])) == "a dictionary key must be a string, not a integer at byte 9")
        #expect(Self.error(Self.binary([[0xD2, 1, 1, 2, 2], [0x51, 0x6B], [0x09]])) == "the dictionary has the key 'k' twice at byte 10")
        // What Apple writes for large values reads back exactly.
        let bigUID = Self.binary([[0x8F] + Array(repeating: 0, count: 8) + Array(repeating: 0xFF, count: 8)])
        #expect(try BinaryPropertyList.decode(bigUID) == .uid(.max))
        let negative16 = Self.binary([[0x14] + Array(repeating: 0xFF, count: 16)])
        #expect(try BinaryPropertyList.decode(negative16) == -1)
    }
}

extension [UInt8] {
    /// A chain of one-element arrays built by ``PropertyListHostileInputTests/binary``, with
    /// each array's two-byte reference set to the next object.
    fileprivate func patchingReferences(depth: Int) -> [UInt8] {
        var bytes = self
        for index in 0..<depth {
            let start = 8 + 3 * index
            bytes[start + 1] = UInt8((index + 1) >> 8)
            bytes[start + 2] = UInt8((index + 1) & 0xFF)
        }
        return bytes
    }
}

extension PropertyListValue {
    /// This value with each uid made an integer, so that XML can hold it.
    fileprivate var replacingUIDs: PropertyListValue {
        switch self {
        case .uid(let uid): return .integer(PropertyListInteger(uid))
        case .array(let elements): return .array(elements.map(\.replacingUIDs))
        case .dictionary(let dictionary):
            return .dictionary(PropertyListDictionary(dictionary.entries.map { .init(key: $0.key, value: $0.value.replacingUIDs) }))
        default: return self
        }
    }
}
