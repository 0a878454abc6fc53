/// The last 32 bytes of a binary property list, which say where its objects are, checked.
///
/// Layout (big-endian): 5 unused bytes, a sort version, the width of an offset, the width of
/// an object reference, the number of objects, the top object, and where the offset table
/// starts. Every field is checked against the file's size before any object is read.
package struct BinaryPropertyListTrailer {
    /// The trailer's length in bytes.
    package static let size = 32

    /// Bytes in each entry of the offset table, 1...8.
    package let offsetSize: Int
    /// Bytes in each object reference, 1...8.
    package let referenceSize: Int
    /// The number of objects, at least 1 and at most the file's size.
    package let objectCount: Int
    /// The index of the top object, below ``objectCount``.
    package let topObject: Int
    /// Where the offset table starts; objects lie between the header and it.
    package let tableOffset: Int

    /// The trailer of `bytes`, after checking the header and every field.
    package init(_ bytes: [UInt8]) throws(PropertyListError) {
        guard bytes.starts(with: BinaryPropertyList.magic) else {
            throw PropertyListError("not a binary property list: it does not start with 'bplist00'", at: 0)
        }
        // The header, one object of at least one byte, an offset table of at least one byte.
        guard bytes.count >= BinaryPropertyList.magic.count + 2 + Self.size else {
            throw PropertyListError("a binary property list of \(bytes.count) bytes is too short to hold its trailer", at: bytes.count)
        }
        let start = bytes.count - Self.size
        func field(_ at: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in start + at..<start + at + 8 {
                value = value << 8 | UInt64(bytes[index])
            }
            return value
        }
        let offsetSize = Int(bytes[start + 6])
        guard (1...8).contains(offsetSize) else {
            throw PropertyListError("the trailer's offset size is \(offsetSize), not 1 to 8", at: start + 6)
        }
        let referenceSize = Int(bytes[start + 7])
        guard (1...8).contains(referenceSize) else {
            throw PropertyListError("the trailer's object reference size is \(referenceSize), not 1 to 8", at: start + 7)
        }
        let count = field(8)
        let top = field(16)
        let table = field(24)
        guard count >= 1, count <= UInt64(bytes.count) else {
            throw PropertyListError("the trailer's object count \(count) is not between 1 and the file's size", at: start + 8)
        }
        guard top < count else {
            throw PropertyListError("the trailer's top object \(top) is not below its object count \(count)", at: start + 16)
        }
        let firstObject = UInt64(BinaryPropertyList.magic.count)
        guard table > firstObject, table < UInt64(start) else {
            throw PropertyListError("the trailer's offset table start \(table) is not between the header and the trailer", at: start + 24)
        }
        // Both are at most the file's size, so nothing here overflows.
        guard Int(count) * offsetSize <= start - Int(table) else {
            throw PropertyListError(
                "an offset table of \(count) entries of \(offsetSize) bytes does not fit between byte \(table) and the trailer",
                at: start + 8)
        }
        guard referenceSize == 8 || count <= UInt64(1) << (8 * referenceSize) - 1 else {
            throw PropertyListError("\(count) objects cannot all be referred to in \(referenceSize) bytes", at: start + 7)
        }
        guard offsetSize == 8 || table <= UInt64(1) << (8 * offsetSize) - 1 else {
            throw PropertyListError("an offset table at byte \(table) cannot be reached with offsets of \(offsetSize) bytes", at: start + 6)
        }
        self.offsetSize = offsetSize
        self.referenceSize = referenceSize
        objectCount = Int(count)
        topObject = Int(top)
        tableOffset = Int(table)
    }
}
