/// A property-list dictionary: string keys with values, in the order they were read or made.
///
/// Order is kept so that a file read and written back keeps its keys where they were. Two
/// dictionaries are equal when they hold the same entries in the same order. The decoders
/// refuse a file that repeats a key, so a dictionary read from a file has unique keys; one
/// made by hand may repeat a key, and then lookup sees the first entry.
public struct PropertyListDictionary: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    /// One key with its value.
    public struct Entry: Equatable, Sendable {
        /// The key.
        public var key: String
        /// The value under ``key``.
        public var value: PropertyListValue

        /// The entry `key` → `value`.
        public init(key: String, value: PropertyListValue) {
            self.key = key
            self.value = value
        }

        /// Whether the entries have the same key, scalar for scalar, and equal values.
        public static func == (lhs: Entry, rhs: Entry) -> Bool {
            sameKey(lhs.key, rhs.key) && lhs.value == rhs.value
        }
    }

    /// Whether `a` and `b` are the same key: the same Unicode scalars, as Apple and Python
    /// compare keys (Swift's `==` would also match canonically equivalent spellings, such as a
    /// precomposed `é` and `e` with a combining accent, which a file may hold as two keys).
    /// The lengths are compared first (a native string knows its own), which settles a lookup
    /// among thousands of keys without walking them.
    package static func sameKey(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
    }

    /// The entries, in order.
    public var entries: [Entry]

    /// A dictionary of `entries`, in their order.
    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    /// A dictionary of the literal's pairs, in their order.
    public init(dictionaryLiteral elements: (String, PropertyListValue)...) {
        entries = elements.map { Entry(key: $0.0, value: $0.1) }
    }

    /// The number of entries.
    public var count: Int { entries.count }

    /// Whether there are no entries.
    public var isEmpty: Bool { entries.isEmpty }

    /// The keys, in order.
    public var keys: [String] { entries.map(\.key) }

    /// The value under `key` (the first, should the key repeat), or `nil` when there is none.
    /// Keys match scalar for scalar, without Unicode normalization.
    public subscript(key: String) -> PropertyListValue? {
        entries.first { Self.sameKey($0.key, key) }?.value
    }

    /// This dictionary with `value` under `key`: in the place of the key's first entry when it
    /// has one (any later entries for the key are dropped), else added at the end.
    public func replacing(_ key: String, with value: PropertyListValue) -> PropertyListDictionary {
        guard let index = entries.firstIndex(where: { Self.sameKey($0.key, key) }) else {
            return PropertyListDictionary(entries + [Entry(key: key, value: value)])
        }
        var result = entries[..<index] + [Entry(key: key, value: value)]
        result += entries[(index + 1)...].filter { !Self.sameKey($0.key, key) }
        return PropertyListDictionary(Array(result))
    }

    /// This dictionary without `key`; unchanged when it has no such key.
    public func removing(_ key: String) -> PropertyListDictionary {
        PropertyListDictionary(entries.filter { !Self.sameKey($0.key, key) })
    }
}
