/// Writes a ``PropertyListValue`` as a binary property list, laid out as Apple's
/// `CFBinaryPList` and Python's `plistlib` lay it out.
///
/// The value is first flattened into numbered objects, depth first (a container before what
/// it holds, a dictionary's keys before its values), each scalar written once however often
/// it occurs; then the objects, the offset table and the trailer are written.
///
/// The write is linear in the size of the file written, however often a string or data is
/// referred to: a string or data held in one buffer (as the reader shares an object referred to
/// many times, and as equal strings are written once by Foundation and `plistlib`) is encoded
/// and hashed once, and each further reference to that buffer costs a lookup of its address.
package struct BinaryPropertyListWriter {
    /// The buffer a string or data value is held in: values with the same buffer are equal.
    private struct Storage: Hashable {
        var address: UnsafeRawPointer
        var count: Int
        var isData: Bool
    }

    /// A flattened object: a scalar's encoded bytes, or a container's references.
    private enum Object {
        case scalar([UInt8])
        /// The first scalar while it is the only one: encoded only as it is written (a change's
        /// one new value, a navigation state's data, is then copied once, not twice).
        case unencoded(PropertyListValue)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    /// The objects, by index.
    private var objects: [Object] = []
    /// The index of each scalar already flattened, by its encoded bytes.
    private var scalars: [HashedBytes: Int] = [:]
    /// The index of each large string or data already flattened, by its buffer.
    private var buffers: [Storage: Int] = [:]

    /// `value` as a binary property list.
    package mutating func encode(_ value: PropertyListValue) -> [UInt8] {
        objects = []
        scalars = [:]
        buffers = [:]
        unhashed = nil
        // Buffers' addresses identify them only while `value` keeps them all alive.
        _ = withExtendedLifetime(value) { flatten(value) }
        buffers = [:]
        let referenceSize = Self.width(holding: UInt64(objects.count))
        var out = BinaryPropertyList.magic
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        writeObjects(numberedFrom: 0, referenceSize: referenceSize, to: &out, offsets: &offsets)
        let tableOffset = out.count
        let offsetSize = Self.width(holding: UInt64(tableOffset))
        for offset in offsets { Self.append(UInt64(offset), size: offsetSize, to: &out) }
        // The top object is always the first.
        Self.appendTrailer(offsetSize: offsetSize, referenceSize: referenceSize, objectCount: objects.count, top: 0, tableOffset: tableOffset, to: &out)
        return out
    }

    /// `values` and everything in them as objects numbered from `firstIndex` on (after a
    /// file's own), appended to `out` with references of `referenceSize` bytes, each object's
    /// offset appended to `offsets`; returns the values' indices, or `nil` (appending nothing)
    /// when the objects would then be more than references of that size can name.
    package mutating func append(
        _ values: [PropertyListValue], numberedFrom firstIndex: Int, referenceSize: Int, to out: inout [UInt8], offsets: inout [Int]
    ) -> [Int]? {
        var payload: (at: Int, bytes: ArraySlice<UInt8>)?
        let indices = append(values, numberedFrom: firstIndex, referenceSize: referenceSize, to: &out, offsets: &offsets, payload: &payload)
        if let payload { out.insert(contentsOf: payload.bytes, at: payload.at) }
        return indices
    }

    /// ``append(_:numberedFrom:referenceSize:to:offsets:)``, except that a lone large data value
    /// (a change's one new value, such as a navigation state's data) is not copied into `out`:
    /// its bytes are `payload`, which belongs at `payload.at` of `out` (the offsets count it
    /// there), for the caller to write as a piece of its own.
    package mutating func append(
        _ values: [PropertyListValue], numberedFrom firstIndex: Int, referenceSize: Int, to out: inout [UInt8], offsets: inout [Int],
        payload: inout (at: Int, bytes: ArraySlice<UInt8>)?
    ) -> [Int]? {
        objects = []
        scalars = [:]
        buffers = [:]
        unhashed = nil
        let roots = withExtendedLifetime(values) { values.map { flatten($0) } }
        buffers = [:]
        guard Self.canRefer(to: firstIndex + objects.count, referenceSize: referenceSize) else { return nil }
        writeObjects(numberedFrom: firstIndex, referenceSize: referenceSize, to: &out, offsets: &offsets, payload: &payload)
        return roots.map { $0 + firstIndex }
    }

    /// Whether `count` objects can all be named by references of `referenceSize` bytes (as
    /// ``BinaryPropertyListTrailer`` checks).
    package static func canRefer(to count: Int, referenceSize: Int) -> Bool {
        referenceSize == 8 || UInt64(count) <= UInt64(1) << (8 * referenceSize) - 1
    }

    /// Writes the flattened objects, numbered from `firstIndex` on.
    private func writeObjects(numberedFrom firstIndex: Int, referenceSize: Int, to out: inout [UInt8], offsets: inout [Int]) {
        var payload: (at: Int, bytes: ArraySlice<UInt8>)?
        writeObjects(numberedFrom: firstIndex, referenceSize: referenceSize, to: &out, offsets: &offsets, payload: &payload)
        if let payload { out.insert(contentsOf: payload.bytes, at: payload.at) }
    }

    /// Writes the flattened objects as ``append(_:numberedFrom:referenceSize:to:offsets:payload:)``
    /// does, a lone large data value's bytes left out as `payload`.
    private func writeObjects(
        numberedFrom firstIndex: Int, referenceSize: Int, to out: inout [UInt8], offsets: inout [Int], payload: inout (at: Int, bytes: ArraySlice<UInt8>)?
    ) {
        var left = 0  // the payload's bytes, counted in the offsets after it
        for object in objects {
            offsets.append(out.count + left)
            switch object {
            case .scalar(let bytes):
                out += bytes
            case .unencoded(.data(let bytes)) where bytes.count >= Self.payloadSize:
                Self.appendHeader(0x40, count: bytes.count, to: &out)
                payload = (out.count, bytes[...])
                left = bytes.count
            case .unencoded(let value):
                Self.appendScalar(value, to: &out)
            case .array(let elements):
                Self.appendArray(elements, plus: firstIndex, referenceSize: referenceSize, to: &out)
            case .dictionary(let keys, let values):
                Self.appendDictionary(keys: keys, values: values, plus: firstIndex, referenceSize: referenceSize, to: &out)
            }
        }
    }

    /// Numbers `value` and everything in it, returning its index.
    private mutating func flatten(_ value: PropertyListValue) -> Int {
        switch value {
        case .array(let elements):
            let index = objects.count
            objects.append(.array([]))
            let references = elements.map { flatten($0) }
            objects[index] = .array(references)
            return index
        case .dictionary(let dictionary):
            let index = objects.count
            objects.append(.dictionary(keys: [], values: []))
            let keys = dictionary.entries.map { flatten(.string($0.key)) }
            let values = dictionary.entries.map { flatten($0.value) }
            objects[index] = .dictionary(keys: keys, values: values)
            return index
        default:
            guard let storage = Self.storage(of: value) else { return flattenScalar(value) }
            if let index = buffers[storage] { return index }
            let index = flattenScalar(value)
            buffers[storage] = index
            return index
        }
    }

    /// The buffer holding a string or data value, when it is large enough to be worth
    /// remembering (and, for a string, not held inline, where it has no lasting address).
    private static func storage(of value: PropertyListValue) -> Storage? {
        switch value {
        case .string(let string):
            guard string.utf8.count > 32 else { return nil }
            return string.utf8.withContiguousStorageIfAvailable { buffer in
                buffer.baseAddress.map { Storage(address: UnsafeRawPointer($0), count: buffer.count, isData: false) }
            } ?? nil
        case .data(let bytes):
            guard bytes.count > 32 else { return nil }
            return bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { Storage(address: UnsafeRawPointer($0), count: buffer.count, isData: true) }
            }
        default:
            return nil
        }
    }

    /// Numbers the scalar `value`, returning its index: a new one, or an equal one's.
    private mutating func flattenScalar(_ value: PropertyListValue) -> Int {
        // The first scalar is hashed only when a second one comes, to be compared with it: a
        // change's one new value (a navigation state's data, say) never is.
        if let first = unhashed {
            unhashed = nil
            guard case .unencoded(let value) = objects[first] else { preconditionFailure("a scalar's index") }
            let bytes = Self.scalar(value)
            objects[first] = .scalar(bytes)
            scalars[HashedBytes(bytes)] = first
        } else if scalars.isEmpty {
            unhashed = objects.count
            objects.append(.unencoded(value))
            return objects.count - 1
        }
        // One hash for a new scalar (most are new); a repeat puts its first index back.
        let key = HashedBytes(Self.scalar(value))
        let index = objects.count
        if let first = scalars.updateValue(index, forKey: key) {
            scalars[key] = first
            return first
        }
        objects.append(.scalar(key.bytes))
        return index
    }

    /// The size from which a lone data value is left out of the bytes written, as a payload.
    static let payloadSize = 16 << 10

    /// The index of the first scalar flattened while it is the only one, not yet hashed (nor
    /// encoded).
    private var unhashed: Int?

    /// The size of ``scalar(_:)`` of `value` when it is data or a string, found without
    /// encoding it; `nil` for any other value.
    package static func scalarSize(_ value: PropertyListValue) -> Int? {
        // As appendHeader(_:count:to:) writes it: the count in the marker, or an integer after it.
        func header(_ count: Int) -> Int {
            count < 15 ? 1 : 2 + width(holding: UInt64(count))
        }
        switch value {
        case .data(let bytes):
            return header(bytes.count) + bytes.count
        case .string(let string):
            if string.utf8.allSatisfy({ $0 < 0x80 }) { return header(string.utf8.count) + string.utf8.count }
            return header(string.utf16.count) + 2 * string.utf16.count
        default:
            return nil
        }
    }

    /// The encoded bytes of a value that is not a container.
    package static func scalar(_ value: PropertyListValue) -> [UInt8] {
        var out: [UInt8] = []
        appendScalar(value, to: &out)
        return out
    }

    /// Appends ``scalar(_:)`` of `value` to `out`.
    private static func appendScalar(_ value: PropertyListValue, to out: inout [UInt8]) {
        switch value {
        case .string(let string):
            let ascii = string.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } }
                ?? string.utf8.allSatisfy { $0 < 0x80 }
            if ascii {
                appendHeader(0x50, count: string.utf8.count, to: &out)
                out += string.utf8
            } else {
                appendHeader(0x60, count: string.utf16.count, to: &out)
                for unit in string.utf16 { append(UInt64(unit), size: 2, to: &out) }
            }
        case .integer(let integer):
            appendInteger(integer, to: &out)
        case .real(let real, .bits32):
            out.append(0x22)
            append(UInt64(BinaryPropertyList.float32Bits(real)), size: 4, to: &out)
        case .real(let real, .bits64):
            out.append(0x23)
            append(real.bitPattern, size: 8, to: &out)
        case .boolean(let value):
            out.append(value ? 0x09 : 0x08)
        case .date(let seconds):
            out.append(0x33)
            append(seconds.bitPattern, size: 8, to: &out)
        case .data(let bytes):
            appendHeader(0x40, count: bytes.count, to: &out)
            out += bytes
        case .uid(let uid):
            let size = width(holding: uid)
            out.append(0x80 | UInt8(size - 1))
            append(uid, size: size, to: &out)
        case .array, .dictionary:
            preconditionFailure("containers are flattened, not encoded as scalars")
        }
    }

    /// Appends an array of the objects `elements` (each numbered `base` more), referred to in
    /// `referenceSize` bytes.
    package static func appendArray(_ elements: [Int], plus base: Int = 0, referenceSize: Int, to out: inout [UInt8]) {
        appendHeader(0xA0, count: elements.count, to: &out)
        for element in elements { append(UInt64(base + element), size: referenceSize, to: &out) }
    }

    /// Appends a dictionary of the objects `keys` and `values` (each numbered `base` more),
    /// referred to in `referenceSize` bytes: its keys' references, then its values'.
    package static func appendDictionary(keys: [Int], values: [Int], plus base: Int = 0, referenceSize: Int, to out: inout [UInt8]) {
        appendHeader(0xD0, count: keys.count, to: &out)
        for reference in keys { append(UInt64(base + reference), size: referenceSize, to: &out) }
        for reference in values { append(UInt64(base + reference), size: referenceSize, to: &out) }
    }

    /// Appends the trailer (see ``BinaryPropertyListTrailer``); `unused` are its first six bytes
    /// (five unused and the sort version), which a file changed in place keeps.
    package static func appendTrailer(
        offsetSize: Int, referenceSize: Int, objectCount: Int, top: Int, tableOffset: Int,
        unused: ArraySlice<UInt8> = [0, 0, 0, 0, 0, 0], to out: inout [UInt8]
    ) {
        out += unused
        out += [UInt8(offsetSize), UInt8(referenceSize)]
        append(UInt64(objectCount), size: 8, to: &out)
        append(UInt64(top), size: 8, to: &out)
        append(UInt64(tableOffset), size: 8, to: &out)
    }

    /// The narrowest of 1, 2, 4 and 8 bytes that holds `value`. (References and offsets are
    /// as wide as the object count and the offset table's start, as Apple sizes them.)
    package static func width(holding value: UInt64) -> Int {
        switch value {
        case ..<(1 << 8): return 1
        case ..<(1 << 16): return 2
        case ..<(1 << 32): return 4
        default: return 8
        }
    }

    /// Appends the `size` low bytes of `value`, big-endian.
    package static func append(_ value: UInt64, size: Int, to out: inout [UInt8]) {
        for shift in stride(from: 8 * (size - 1), through: 0, by: -8) {
            out.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    /// Appends a marker with its count: in its low four bits when below 15, else `0x_f` and
    /// the count as an integer object.
    package static func appendHeader(_ marker: UInt8, count: Int, to out: inout [UInt8]) {
        if count < 15 {
            out.append(marker | UInt8(count))
        } else {
            out.append(marker | 0x0F)
            appendInteger(PropertyListInteger(UInt64(count)), to: &out)
        }
    }

    /// Appends an integer object: in the width it was read in when it fits there (see
    /// ``PropertyListInteger/width``); else negative numbers in 8 bytes, others in the narrowest
    /// of 1, 2, 4 and 8 bytes that keeps them below 2⁶³, and larger ones in 16 bytes.
    private static func appendInteger(_ integer: PropertyListInteger, to out: inout [UInt8]) {
        if let size = integer.width, integer.fits(inBytes: size) {
            out.append(0x10 | UInt8(size.trailingZeroBitCount))
            if size == 16 {
                // The upper half extends the sign of a negative value.
                append(integer.isNegative ? UInt64.max : 0, size: 8, to: &out)
            }
            append(integer.uint64 ?? UInt64(bitPattern: integer.int64 ?? 0), size: min(size, 8), to: &out)
            return
        }
        guard let value = integer.uint64 else {
            out.append(0x13)
            append(UInt64(bitPattern: integer.int64 ?? 0), size: 8, to: &out)
            return
        }
        if value > UInt64(Int64.max) {
            out.append(0x14)
            append(0, size: 8, to: &out)
            append(value, size: 8, to: &out)
            return
        }
        let size = width(holding: value)
        out.append(0x10 | UInt8(size.trailingZeroBitCount))
        append(value, size: size, to: &out)
    }
}
