// Shared by the in-process fuzz suites (Tests/PropertyListCodecTests) and the libFuzzer target
// Fuzz/BinaryPropertyListFuzzer.swift (which scripts/fuzz.sh compiles with this file): standard
// library and the package's modules only, no Foundation.

import PropertyListCodec

/// The round trip through the one reader of binary property lists (``BinaryPropertyListIndex``)
/// that every binary plist's fuzzing checks: whatever the bytes, the check either refuses them
/// with a ``PropertyListError`` of one line, or accepts them, and then the whole decode gives the
/// value built from the map; a top dictionary's entries, each found by its key and built alone,
/// are its entries; and the value encodes to bytes that read back to it and encode again to the
/// same bytes.
public enum BinaryPropertyListRoundTrip {
    /// What one check found.
    public enum Outcome: Equatable {
        /// A rule is broken: which, and how.
        case broken(String)
        /// The bytes are refused.
        case refused
        /// Every rule held.
        case read
    }

    public static func check(_ bytes: [UInt8]) -> Outcome {
        let index: BinaryPropertyListIndex
        do {
            index = try BinaryPropertyListIndex(checking: bytes)
        } catch {
            guard !error.description.contains("\n") else { return .broken("a multi-line error: \(error)") }
            guard (try? BinaryPropertyList.decode(bytes)) == nil else { return .broken("the check refuses what decodes: \(error)") }
            return .refused
        }
        let value = index.value()
        guard (try? BinaryPropertyList.decode(bytes)) == value else { return .broken("the decode is not the value built from the map") }
        if case .dictionary(let dictionary) = value {
            guard index.topIsDictionary, BinaryPropertyListIndex(bytes) != nil, index.count == dictionary.count else {
                return .broken("a top dictionary not mapped as one")
            }
            let entries = index.entries(withPrefix: "")
            guard entries == Array(0..<dictionary.count) else { return .broken("the empty prefix does not find every entry") }
            let read = zip(entries, index.values(entries)).map { PropertyListDictionary.Entry(key: index.key($0), value: $1) }
            guard read == dictionary.entries else { return .broken("the entries read in part are not the whole decode's") }
            for entry in entries.prefix(8) {
                let key = index.key(entry)
                guard index.entries(withPrefix: key).contains(entry), index.values([entry]) == [dictionary.entries[entry].value] else {
                    return .broken("the key \(key) does not find its own value")
                }
            }
        } else if index.topIsDictionary || BinaryPropertyListIndex(bytes) != nil {
            return .broken("a top \(value.typeName) mapped as a dictionary")
        }
        let encoded = BinaryPropertyList.encode(value)
        guard let again = try? BinaryPropertyListIndex(checking: encoded) else { return .broken("what the writer wrote is refused") }
        guard again.value() == value else { return .broken("decode(encode(x)) != x") }
        guard BinaryPropertyList.encode(again.value()) == encoded else { return .broken("the encoding is not stable") }
        return .read
    }
}
