/// Changes entries of a binary property list's top dictionary without re-encoding the others.
///
/// A value that is not a container, encoded in as many bytes as the one it replaces (an integer
/// in its width, a string of the same length), is written over it when nothing else refers to
/// those bytes: only that value's bytes change. Other new values are appended after the file's objects, the top dictionary's references to
/// them are rewritten (in place, or in a new dictionary appended when entries are added or
/// removed), and the offset table and trailer are written again. Every other object keeps its
/// bytes and its index.
///
/// A replaced or removed value is left behind, unreferenced, as Apple's and Python's readers
/// allow. So that a file changed again and again does not grow without bound, a file whose
/// unreferenced bytes already outnumber its referenced ones is not appended to (a value
/// written over the old one still is written so): the caller
/// re-encodes it whole, which drops them (so a file is at most about twice its size, plus the
/// last change).
package enum BinaryPropertyListAppender {
    /// One change to the top dictionary.
    package enum Change {
        /// `value` under the key of entry `entry`.
        case replace(entry: Int, value: PropertyListValue)
        /// A new entry `key` → `value`, after the others.
        case add(key: String, value: PropertyListValue)
        /// No entry `entry`.
        case remove(entry: Int)
    }

    /// The file of `index` with `changes` made, as pieces to write one after another (slices of
    /// the file's own bytes, and the few new ones: no copy of the file is made), or `nil` when
    /// appending cannot make them: the file is due to be compacted (see above), references of
    /// the file's width cannot name the objects there would be, or the file would decode to
    /// more than ``BinaryPropertyList/maxValues`` values. Then re-encode the file whole.
    package static func applying(_ changes: [Change], to index: BinaryPropertyListIndex) -> [ArraySlice<UInt8>]? {
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

        // Bytes written over the file's own: values of the same size over the old ones, when
        // those are theirs alone, and the top dictionary's references.
        var patches: [(at: Int, bytes: [UInt8])] = []
        replaced.removeAll { entry, slot in
            let old = index.valueObject(entry)
            switch values[slot] {
            case .array, .dictionary: return false
            default: break
            }
            let range = index.byteRange(of: old)
            // Not encoded to learn that it does not fit (a navigation state's data, most often).
            if let size = BinaryPropertyListWriter.scalarSize(values[slot]), size != range.count { return false }
            let bytes = BinaryPropertyListWriter.scalar(values[slot])
            guard bytes.count == range.count, !index.isShared(old), old != trailer.topObject, !index.overlapsAnother(old) else { return false }
            patches.append((range.lowerBound, bytes))
            return true
        }
        if replaced.isEmpty, added.isEmpty, !removed.contains(true) {
            return patched(index.bytes, patches, upTo: index.bytes.count)
        }
        // Something is appended: not to a file whose garbage already outweighs the rest.
        guard trailer.tableOffset - BinaryPropertyList.magic.count - index.liveBytes <= index.liveBytes else { return nil }
        values = replaced.map { values[$0.slot] } + added.flatMap { [values[$0.key], values[$0.value]] }
        replaced = replaced.enumerated().map { ($1.entry, $0) }
        added = added.indices.map { (replaced.count + 2 * $0, replaced.count + 2 * $0 + 1) }
        // What follows the file's objects: the new objects, the offset table and the trailer.
        let base = trailer.tableOffset
        var tail: [UInt8] = []
        tail.reserveCapacity((trailer.objectCount + 2 * values.count + 2) * 8 + 2 * index.count * referenceSize + 256)
        var offsets: [Int] = []
        var writer = BinaryPropertyListWriter()
        // A large data value's bytes are written as a piece of their own, not copied into the tail.
        var payload: (at: Int, bytes: ArraySlice<UInt8>)?
        guard let new = writer.append(
            values, numberedFrom: trailer.objectCount, referenceSize: referenceSize, to: &tail, offsets: &offsets, payload: &payload)
        else {
            return nil
        }
        let left = payload?.bytes.count ?? 0
        for position in offsets.indices { offsets[position] += base }
        var objectCount = trailer.objectCount + offsets.count
        var top = trailer.topObject
        if added.isEmpty, !removed.contains(true), !index.topIsShared {
            for (entry, slot) in replaced {
                var reference: [UInt8] = []
                BinaryPropertyListWriter.append(UInt64(new[slot]), size: referenceSize, to: &reference)
                patches.append((index.references + (index.count + entry) * referenceSize, reference))
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
            offsets.append(base + tail.count + left)
            BinaryPropertyListWriter.appendDictionary(keys: keys, values: references, referenceSize: referenceSize, to: &tail)
            top = objectCount
            objectCount += 1
        }

        let tableOffset = base + tail.count + left
        let offsetSize = max(trailer.offsetSize, BinaryPropertyListWriter.width(holding: UInt64(tableOffset)))
        let oldTable = trailer.tableOffset..<trailer.tableOffset + trailer.objectCount * trailer.offsetSize
        if offsetSize == trailer.offsetSize {
            tail += index.bytes[oldTable]
        } else {
            for entry in stride(from: oldTable.lowerBound, to: oldTable.upperBound, by: trailer.offsetSize) {
                var offset: UInt64 = 0
                for byte in index.bytes[entry..<entry + trailer.offsetSize] { offset = offset << 8 | UInt64(byte) }
                BinaryPropertyListWriter.append(offset, size: offsetSize, to: &tail)
            }
        }
        for offset in offsets { BinaryPropertyListWriter.append(UInt64(offset), size: offsetSize, to: &tail) }
        let oldTrailer = index.bytes.count - BinaryPropertyListTrailer.size
        BinaryPropertyListWriter.appendTrailer(
            offsetSize: offsetSize, referenceSize: referenceSize, objectCount: objectCount, top: top, tableOffset: tableOffset,
            unused: index.bytes[oldTrailer..<oldTrailer + 6], to: &tail)
        guard let payload else { return patched(index.bytes, patches, upTo: base) + [tail[...]] }
        return patched(index.bytes, patches, upTo: base) + [tail[..<payload.at], payload.bytes, tail[payload.at...]]
    }

    /// `bytes` up to `end` with `patches` written over them, as slices of `bytes` between the
    /// patches' bytes (patches never overlap: each is an object of its own, or references of
    /// the top dictionary, which is no replaced object).
    private static func patched(_ bytes: [UInt8], _ patches: [(at: Int, bytes: [UInt8])], upTo end: Int) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        var copied = 0
        for patch in patches.sorted(by: { $0.at < $1.at }) {
            pieces.append(bytes[copied..<patch.at])
            pieces.append(patch.bytes[...])
            copied = patch.at + patch.bytes.count
        }
        pieces.append(bytes[copied..<end])
        return pieces.filter { !$0.isEmpty }
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
