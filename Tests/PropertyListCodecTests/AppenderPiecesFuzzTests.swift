import Foundation
import Testing
import TestSupport

import PropertyListCodec

/// The appender's pieces, for random changes of random dictionaries: joined, they decode
/// (through the one reader, and in Foundation) to the dictionary changed.
@Suite(.tags(.fuzz), .slowLayer) struct AppenderPiecesFuzzTests {
    static func scalar(_ random: inout FuzzRandom) -> PropertyListValue {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return .string(String(repeating: "a", count: Int.random(in: 0...20, using: &random)))
        case 1: return .string(String(repeating: "é", count: Int.random(in: 0...10, using: &random)))
        case 2: return .string(random.pick(["x", "ab", "abcd", "😀", "éé", "a😀", "route", "home", "ho"]))
        case 3: return .integer(PropertyListInteger(Int64.random(in: -300...70000, using: &random)))
        case 4: return .boolean(random.chance(0.5))
        case 5: return .real(Double(Int.random(in: 0...5, using: &random)) / 2, width: .bits64)
        case 6: return .data(Array(repeating: UInt8.random(in: 0...255, using: &random), count: Int.random(in: 0...20, using: &random)))
        case 7: return .date(Double(Int.random(in: 0...3, using: &random)))
        case 8: return .uid(UInt64.random(in: 0...300, using: &random))
        default: return .integer(PropertyListInteger(Int64.random(in: 0...3, using: &random)))
        }
    }

    static func value(_ random: inout FuzzRandom, depth: Int = 0) -> PropertyListValue {
        guard depth < 2, random.chance(0.2) else { return scalar(&random) }
        if random.chance(0.5) {
            return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in value(&random, depth: depth + 1) })
        }
        return .dictionary(PropertyListDictionary((0..<Int.random(in: 0...3, using: &random)).map { .init(key: "k\($0)", value: value(&random, depth: depth + 1)) }))
    }

    static func decoded(_ bytes: [UInt8]) throws -> PropertyListDictionary {
        guard case .dictionary(let dictionary) = try BinaryPropertyList.decode(bytes) else { throw PropertyListError("not a dictionary", at: nil) }
        return dictionary
    }

    @Test func piecesDecodeToTheDictionaryChanged() throws {
        var random = FuzzRandom(seed: FuzzSettings.seed(for: "AppenderPiecesFuzzTests"))
        var appended = 0, patchedOnly = 0, refused = 0, widened = 0
        for _ in 0..<FuzzSettings.cases(2_000, factor: 100) {
            let keys = ["route", "home", "é", "k😀", "a", "b", "c", "dd", "eee"] + (0..<Int.random(in: 0...300, using: &random)).map { "s\($0)" }
            let count = Int.random(in: 1...min(keys.count, random.chance(0.3) ? 300 : 9), using: &random)
            let dictionary = PropertyListDictionary((0..<count).map { .init(key: keys[$0], value: Self.value(&random)) })
            var bytes = BinaryPropertyList.encode(.dictionary(dictionary))
            if random.chance(0.3), let data = try? PropertyListSerialization.data(fromPropertyList: PropertyListSerialization.propertyList(from: Data(bytes), format: nil), format: .binary, options: 0) {
                bytes = Array(data)
            }
            guard let index = BinaryPropertyListIndex(bytes) else { continue }
            let read = try Self.decoded(bytes)
            var expected = read
            var changes: [BinaryPropertyListAppender.Change] = []
            for entry in 0..<index.count where random.chance(0.4) {
                let key = index.key(entry)
                if random.chance(0.2) {
                    changes.append(.remove(entry: entry))
                    expected = expected.removing(key)
                } else {
                    let new: PropertyListValue
                    if random.chance(0.6), let old = read[key] {
                        // A value of the same size where one can be had.
                        switch old {
                        case .string(let text): new = .string(String(text.reversed()) == text ? text + "" : String(text.reversed()))
                        case .integer: new = .integer(PropertyListInteger(Int64.random(in: 0...255, using: &random)))
                        case .boolean(let value): new = .boolean(!value)
                        case .data(let data): new = .data(data.map { $0 ^ 1 })
                        default: new = Self.value(&random)
                        }
                    } else {
                        new = Self.value(&random)
                    }
                    guard new != read[key] else { continue }
                    changes.append(.replace(entry: entry, value: new))
                    expected = expected.replacing(key, with: new)
                }
            }
            for extra in 0..<(random.chance(0.3) ? Int.random(in: 1...3, using: &random) : 0) {
                let key = random.chance(0.5) ? "new\(extra)" : random.pick(keys)
                guard expected[key] == nil, read[key] == nil || changes.contains(where: { if case .remove(let e) = $0 { return index.key(e) == key } else { return false } }) else { continue }
                let new = Self.value(&random)
                changes.append(.add(key: key, value: new))
                expected = PropertyListDictionary(expected.entries + [.init(key: key, value: new)])
            }
            guard !changes.isEmpty else { continue }
            let pieces = BinaryPropertyListAppender.applying(changes, to: index)
            guard let pieces else { refused += 1; continue }
            #expect(!pieces.contains { $0.isEmpty })
            let joined = Array(pieces.joined())
            if joined.count == bytes.count { patchedOnly += 1 } else { appended += 1 }
            // The trailer's offset width (its seventh byte) grew.
            if joined[joined.count - 26] > bytes[bytes.count - 26] { widened += 1 }
            #expect(try Self.decoded(joined) == expected, "\(bytes) \(changes)")
            if random.chance(0.05) {
                let foundation = try PropertyListSerialization.propertyList(from: Data(joined), format: nil) as? NSDictionary
                #expect(foundation?.count == expected.count)
            }
        }
        print("appended \(appended), patched in place \(patchedOnly), refused \(refused), offset table widened \(widened)")
        #expect(appended > 0 && patchedOnly > 0 && widened > 0)
    }
}
