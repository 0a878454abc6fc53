import Testing
import TestSupport

@testable import PropertyListCodec

/// The appender's pieces on binary plists laid out as no writer lays them out: objects in any
/// order with bytes between them, the top dictionary anywhere and of any number, values shared by
/// two keys, two objects at the same bytes, offsets and references wider than needed: they decode
/// to the dictionary changed.
@Suite(.tags(.fuzz), .slowLayer) struct AppenderHostileLayoutFuzzTests {
    static func scalar(_ random: inout FuzzRandom) -> PropertyListValue {
        random.pick([
            "ab", "abcd", "éé", "😀", "home", "x", "", 1, 2, 300, 70000, -1, true, false, .data([1, 2]), .data([]), .date(0), 0.5,
        ])
    }

    /// A file of `values` under keys `k0`, `k1`, …, laid out at random; `nil` when the
    /// layout drawn cannot be written.
    static func file(_ values: [PropertyListValue], _ random: inout FuzzRandom) -> [UInt8] {
        let count = values.count
        // Objects: the top dictionary, the keys, the values; some values refer to another's object.
        var encoded: [[UInt8]] = [[]]
        encoded += (0..<count).map { BinaryPropertyListWriter.scalar(.string("k\($0)")) }
        encoded += values.map(BinaryPropertyListWriter.scalar)
        var valueObject = (0..<count).map { 1 + count + $0 }
        for entry in 1..<max(1, count) where random.chance(0.2) {
            let other = Int.random(in: 0..<entry, using: &random)
            if values[other] == values[entry] { valueObject[entry] = valueObject[other] }
        }
        // Numbered in a random order, the top anywhere.
        let objectCount = encoded.count
        var numbers = Array(0..<objectCount)
        if random.chance(0.5) { numbers.shuffle(using: &random) }
        let referenceSize = random.pick([1, 1, 2])
        let offsetSize = random.pick([1, 2, 2, 4])
        var top: [UInt8] = []
        BinaryPropertyListWriter.appendHeader(0xD0, count: count, to: &top)
        for entry in 0..<count { BinaryPropertyListWriter.append(UInt64(numbers[1 + entry]), size: referenceSize, to: &top) }
        for entry in 0..<count { BinaryPropertyListWriter.append(UInt64(numbers[valueObject[entry]]), size: referenceSize, to: &top) }
        encoded[0] = top
        // Placed in a random order, with bytes between; an object equal to one placed shares its bytes.
        var out = BinaryPropertyList.magic
        var offsets = Array(repeating: 0, count: objectCount)
        var placed: [[UInt8]: Int] = [:]
        var order = Array(0..<objectCount)
        order.shuffle(using: &random)
        for object in order {
            if object != 0, random.chance(0.3), let at = placed[encoded[object]] {
                offsets[object] = at
                continue
            }
            if random.chance(0.3) { out += Array(repeating: UInt8.random(in: 0...255, using: &random), count: Int.random(in: 1...4, using: &random)) }
            offsets[object] = out.count
            placed[encoded[object]] = out.count
            out += encoded[object]
        }
        let tableOffset = out.count
        var table = Array(repeating: 0, count: objectCount)
        for object in 0..<objectCount { table[numbers[object]] = offsets[object] }
        for offset in table { BinaryPropertyListWriter.append(UInt64(offset), size: offsetSize, to: &out) }
        out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        BinaryPropertyListWriter.append(UInt64(objectCount), size: 8, to: &out)
        BinaryPropertyListWriter.append(UInt64(numbers[0]), size: 8, to: &out)
        BinaryPropertyListWriter.append(UInt64(tableOffset), size: 8, to: &out)
        return out
    }

    @Test func piecesDecodeToTheDictionaryChangedWhateverTheLayout() throws {
        var random = FuzzRandom(seed: FuzzSettings.seed(for: "AppenderHostileLayoutFuzzTests"))
        var checked = 0, patchedInPlace = 0, shared = 0, overlapping = 0
        for _ in 0..<FuzzSettings.cases(3_000, factor: 100) {
            let values = (0..<Int.random(in: 1...6, using: &random)).map { _ in Self.scalar(&random) }
            let bytes = Self.file(values, &random)
            guard let index = BinaryPropertyListIndex(bytes), case .dictionary(let read) = try BinaryPropertyList.decode(bytes) else { continue }
            checked += 1
            if (0..<index.count).contains(where: { index.isShared(index.valueObject($0)) }) { shared += 1 }
            if (0..<index.count).contains(where: { index.overlapsAnother(index.valueObject($0)) }) { overlapping += 1 }
            var expected = read
            var changes: [BinaryPropertyListAppender.Change] = []
            for entry in 0..<index.count where random.chance(0.6) {
                let key = index.key(entry)
                if random.chance(0.15) {
                    changes.append(.remove(entry: entry))
                    expected = expected.removing(key)
                } else {
                    let new = Self.scalar(&random)
                    guard new != read[key] else { continue }
                    changes.append(.replace(entry: entry, value: new))
                    expected = expected.replacing(key, with: new)
                }
            }
            if random.chance(0.2) {
                changes.append(.add(key: "new", value: Self.scalar(&random)))
                if case .add(_, let value) = changes.last! { expected = PropertyListDictionary(expected.entries + [.init(key: "new", value: value)]) }
            }
            guard !changes.isEmpty else { continue }
            let pieces = BinaryPropertyListAppender.applying(changes, to: index)
            guard let pieces else { continue }
            let joined = Array(pieces.joined())
            if joined.count == bytes.count { patchedInPlace += 1 }
            guard case .dictionary(let written) = try BinaryPropertyList.decode(joined) else {
                Issue.record("not a dictionary: \(bytes) \(changes)")
                continue
            }
            #expect(written == expected, "\(bytes) \(changes)")
        }
        print("checked \(checked), patched in place \(patchedInPlace), with shared values \(shared), overlapping \(overlapping)")
        #expect(checked > 0 && patchedInPlace > 0 && shared > 0 && overlapping > 0)
    }
}
