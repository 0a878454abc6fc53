/// Apple's binary property list, `bplist00`: reading and writing ``PropertyListValue``.
///
/// One reader, ``BinaryPropertyListIndex``, checks a file once and maps it; the whole decode and
/// a read at one key build values from that map. It is strict and safe on hostile input: every
/// offset, length and reference is checked before it is used, without integer overflow; a
/// container that holds itself (directly or not) is refused, as are nesting deeper than
/// ``maxDepth`` and files whose values, counted as often as they are referenced, exceed
/// ``maxValues``. Errors are ``PropertyListError``s naming the byte offset.
///
/// The writer lays a value out as Apple's `CFBinaryPList` (and Python's `plistlib`) do:
/// objects in depth-first order (a dictionary's keys before its values), equal scalars
/// written once, strings in ASCII when they can be else UTF-16BE, sizes and new integers in their
/// narrowest width (an integer read from a file keeps its own), offsets and references no wider
/// than needed.
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
        try BinaryPropertyListIndex(checking: bytes).value()
    }

    /// `value` as a binary property list.
    public static func encode(_ value: PropertyListValue) -> [UInt8] {
        var writer = BinaryPropertyListWriter()
        return writer.encode(value)
    }

    /// The 32-bit real whose bits are `bits` as a `Double`, exactly: a NaN keeps its sign and
    /// payload, signalling or not (a conversion through `Float` would make it quiet).
    package static func double(float32Bits bits: UInt32) -> Double {
        guard bits & 0x7F80_0000 == 0x7F80_0000, bits & 0x007F_FFFF != 0 else {
            return Double(Float(bitPattern: bits))
        }
        return Double(bitPattern: UInt64(bits & 0x8000_0000) << 32 | 0x7FF0_0000_0000_0000 | UInt64(bits & 0x007F_FFFF) << 29)
    }

    /// The bits of `real` as a 32-bit real: the inverse of ``double(float32Bits:)``, so a NaN
    /// read from 32 bits is written back with the bits it had.
    package static func float32Bits(_ real: Double) -> UInt32 {
        guard real.isNaN else { return Float(real).bitPattern }
        let bits = real.bitPattern
        var payload = UInt32(truncatingIfNeeded: bits >> 29) & 0x007F_FFFF
        if payload == 0 { payload = 0x0040_0000 }  // a payload only in the low bits: still a NaN
        return UInt32(truncatingIfNeeded: bits >> 32) & 0x8000_0000 | 0x7F80_0000 | payload
    }
}
