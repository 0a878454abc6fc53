/// Where the entries of an XML property list's top dictionary lie, as ``XMLPropertyListReader``
/// found them in its one pass over the document (which checked every value): each entry's key
/// (its text, references expanded) and where its value starts, in order. A value is built
/// from its start tag only when asked for (``value(_:)``); a key is made a String only when asked.
package struct XMLPropertyListMap: Sendable {
    /// The document, in UTF-8.
    private let bytes: [UInt8]
    /// The keys' text, one after another.
    private let keyText: [UInt8]
    /// Where each key lies in ``keyText``.
    private let keys: [Range<Int>]
    /// Where each value's start tag lies in ``bytes``.
    private let valueStarts: [Int]

    /// The map the reader made of `bytes`.
    init(bytes: [UInt8], keyText: [UInt8], keys: [Range<Int>], valueStarts: [Int]) {
        self.bytes = bytes
        self.keyText = keyText
        self.keys = keys
        self.valueStarts = valueStarts
    }

    /// How many entries there are.
    package var count: Int { keys.count }

    /// The key of entry `index`.
    package func key(_ index: Int) -> String {
        String(decoding: keyText[keys[index]], as: UTF8.self)
    }

    /// Every key, in order.
    package var strings: [String] { keys.indices.map(key) }

    /// The value of entry `index`, built by the reader from its start tag (it was checked when
    /// the map was made, so this does not throw for a map the reader made).
    package func value(_ index: Int) throws -> PropertyListValue {
        try XMLPropertyListReader.value(in: bytes, at: valueStarts[index], depth: 1).value
    }
}
