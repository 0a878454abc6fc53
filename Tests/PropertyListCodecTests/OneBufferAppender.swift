@testable import PropertyListCodec

/// ``BinaryPropertyListAppender/applying(_:to:)`` as commit 5667831 wrote it, the whole file in
/// one buffer: ``AppenderPiecesFuzzTests`` holds the pieces the appender now returns (slices of
/// the file read with patches between them) to its bytes. Kept as it was; do not change it.
enum OneBufferAppender {
    typealias Change = BinaryPropertyListAppender.Change
    static func applying(_ changes: [Change], to index: BinaryPropertyListIndex) -> [UInt8]? {
        let trailer = index.trailer
        let referenceSize = trailer.referenceSize
        var values: [PropertyListValue] = []
        var replaced: [(entry: Int, slot: Int)] = []
        var added: [(key: Int, value: Int)] = []
        var removed = Array(repeating: false, count: index.count)
        var valueCount = index.valueCount
        for change in changes {
            switch change {
            case .replace(let entry, let value):
                valueCount += count(value) - index.weight(of: index.valueObject(entry))
                replaced.append((entry, values.count))
                values.append(value)
            case .add(let key, let value):
                valueCount += 1 + count(value)
                added.append((values.count, values.count + 1))
                values += [.string(key), value]
            case .remove(let entry):
                valueCount -= index.weight(of: index.keyObject(entry)) + index.weight(of: index.valueObject(entry))
                removed[entry] = true
            }
        }
        guard valueCount <= BinaryPropertyList.maxValues else { return nil }

        // Room for what may be appended first, so that the file's bytes are copied once.
        var out: [UInt8] = []
        out.reserveCapacity(index.bytes.count + 2 * index.count * referenceSize + 256)
        out += index.bytes[..<trailer.tableOffset]
        // Values of the same size written over the old ones, when those are theirs alone.
        replaced.removeAll { entry, slot in
            let old = index.valueObject(entry)
            switch values[slot] {
            case .array, .dictionary: return false
            default: break
            }
            let bytes = BinaryPropertyListWriter.scalar(values[slot])
            let range = index.byteRange(of: old)
            guard bytes.count == range.count, !index.isShared(old), old != trailer.topObject, !index.overlapsAnother(old) else { return false }
            out.replaceSubrange(range, with: bytes)
            return true
        }
        if replaced.isEmpty, added.isEmpty, !removed.contains(true) {
            out += index.bytes[trailer.tableOffset...]
            return out
        }
        // Something is appended: not to a file whose garbage already outweighs the rest.
        guard trailer.tableOffset - BinaryPropertyList.magic.count - index.liveBytes <= index.liveBytes else { return nil }
        values = replaced.map { values[$0.slot] } + added.flatMap { [values[$0.key], values[$0.value]] }
        replaced = replaced.enumerated().map { ($1.entry, $0) }
        added = added.indices.map { (replaced.count + 2 * $0, replaced.count + 2 * $0 + 1) }
        var offsets: [Int] = []
        var writer = BinaryPropertyListWriter()
        guard let new = writer.append(values, numberedFrom: trailer.objectCount, referenceSize: referenceSize, to: &out, offsets: &offsets) else {
            return nil
        }
        var objectCount = trailer.objectCount + offsets.count
        var top = trailer.topObject
        if added.isEmpty, !removed.contains(true), !index.topIsShared {
            for (entry, slot) in replaced {
                let position = index.references + (index.count + entry) * referenceSize
                for byte in 0..<referenceSize {
                    out[position + byte] = UInt8(truncatingIfNeeded: UInt64(new[slot]) >> UInt64(8 * (referenceSize - 1 - byte)))
                }
            }
        } else {
            guard BinaryPropertyListWriter.canRefer(to: objectCount + 1, referenceSize: referenceSize) else { return nil }
            var keys: [Int] = []
            var references: [Int] = []
            var replacement = Array(repeating: -1, count: index.count)
            for (entry, slot) in replaced { replacement[entry] = new[slot] }
            for entry in 0..<index.count where !removed[entry] {
                keys.append(index.keyObject(entry))
                references.append(replacement[entry] >= 0 ? replacement[entry] : index.valueObject(entry))
            }
            for (key, value) in added {
                keys.append(new[key])
                references.append(new[value])
            }
            offsets.append(out.count)
            BinaryPropertyListWriter.appendHeader(0xD0, count: keys.count, to: &out)
            for reference in keys + references { BinaryPropertyListWriter.append(UInt64(reference), size: referenceSize, to: &out) }
            top = objectCount
            objectCount += 1
        }

        let tableOffset = out.count
        let offsetSize = max(trailer.offsetSize, BinaryPropertyListWriter.width(holding: UInt64(tableOffset)))
        let oldTable = trailer.tableOffset..<trailer.tableOffset + trailer.objectCount * trailer.offsetSize
        if offsetSize == trailer.offsetSize {
            out += index.bytes[oldTable]
        } else {
            for entry in stride(from: oldTable.lowerBound, to: oldTable.upperBound, by: trailer.offsetSize) {
                var offset: UInt64 = 0
                for byte in index.bytes[entry..<entry + trailer.offsetSize] { offset = offset << 8 | UInt64(byte) }
                BinaryPropertyListWriter.append(offset, size: offsetSize, to: &out)
            }
        }
        for offset in offsets { BinaryPropertyListWriter.append(UInt64(offset), size: offsetSize, to: &out) }
        let oldTrailer = index.bytes.count - BinaryPropertyListTrailer.size
        out += index.bytes[oldTrailer..<oldTrailer + 6]  // unused, and the sort version
        out += [UInt8(offsetSize), UInt8(referenceSize)]
        BinaryPropertyListWriter.append(UInt64(objectCount), size: 8, to: &out)
        BinaryPropertyListWriter.append(UInt64(top), size: 8, to: &out)
        BinaryPropertyListWriter.append(UInt64(tableOffset), size: 8, to: &out)
        return out
    }

    /// How many values `value` decodes to, as the reader counts them (each occurrence), up to
    /// just past ``BinaryPropertyList/maxValues``.
    private static func count(_ value: PropertyListValue) -> Int {
        var total = 0
        func visit(_ value: PropertyListValue) {
            total += 1
            guard total <= BinaryPropertyList.maxValues else { return }
            switch value {
            case .array(let elements):
                for element in elements where total <= BinaryPropertyList.maxValues { visit(element) }
            case .dictionary(let dictionary):
                for entry in dictionary.entries where total <= BinaryPropertyList.maxValues {
                    total += 1
                    visit(entry.value)
                }
            default:
                break
            }
        }
        visit(value)
        return total
    }
}
