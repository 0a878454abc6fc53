/// Apple's binary property list, `bplist00`: reading and writing ``PropertyListValue``.
///
/// The reader is strict and safe on hostile input: every offset, length and reference is
/// checked before it is used, without integer overflow; a container that holds itself
/// (directly or not) is refused, as are nesting deeper than ``maxDepth`` and files whose values,
/// counted as often as they are referenced, exceed ``maxValues``. Errors are
/// ``PropertyListError``s naming the byte offset.
///
/// The writer lays a value out as Apple's `CFBinaryPList` (and Python's `plistlib`) do:
/// objects in depth-first order (a dictionary's keys before its values), equal scalars
/// written once, strings in ASCII when they can be else UTF-16BE, integers and sizes in their
/// narrowest width, offsets and references no wider than needed.
public enum BinaryPropertyList {
    /// The first eight bytes of every binary property list.
    public static let magic: [UInt8] = Array("bplist00".utf8)

    /// The deepest nesting of arrays and dictionaries accepted.
    public static let maxDepth = 512

    /// The most values a file may decode to, each counted as often as it is referenced: a
    /// guard against small files whose shared containers would expand exponentially.
    public static let maxValues = 1 << 20

    /// The value that `bytes` hold; throws ``PropertyListError`` when they are not a valid
    /// binary property list of the types ``PropertyListValue`` has.
    public static func decode(_ bytes: [UInt8]) throws -> PropertyListValue {
        var reader = try BinaryPropertyListReader(bytes)
        return try reader.decode()
    }

    /// `value` as a binary property list.
    public static func encode(_ value: PropertyListValue) -> [UInt8] {
        var writer = BinaryPropertyListWriter()
        return writer.encode(value)
    }
}
