/// The keys of an XML property list's top dictionary, in order, made Strings only when asked:
/// where each lies in the document's bytes, as ``XMLPropertyListScan`` finds them (its keys
/// hold no references, so their bytes are their text), or the Strings the reader read.
package struct XMLPropertyListKeys: Sendable {
    private enum Storage: Sendable {
        case ranges(bytes: [UInt8], [Range<Int>])
        case strings([String])
    }

    private let storage: Storage

    /// Keys that lie at `ranges` of `bytes`.
    package init(bytes: [UInt8], ranges: [Range<Int>]) {
        storage = .ranges(bytes: bytes, ranges)
    }

    /// Keys read.
    package init(_ strings: [String]) {
        storage = .strings(strings)
    }

    /// How many there are.
    package var count: Int {
        switch storage {
        case .ranges(_, let ranges): return ranges.count
        case .strings(let strings): return strings.count
        }
    }

    /// The keys, as Strings.
    package var strings: [String] {
        switch storage {
        case .ranges(let bytes, let ranges):
            return ranges.map { String(decoding: bytes[$0], as: UTF8.self) }
        case .strings(let strings):
            return strings
        }
    }
}
