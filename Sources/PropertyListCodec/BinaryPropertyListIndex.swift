/// A binary property list whose top object is a dictionary, checked whole but decoded not at
/// all: where each of the top dictionary's keys and values is, to read one value without
/// decoding the others and to change one by appending (``BinaryPropertyListAppender``).
///
/// The check accepts exactly the files ``BinaryPropertyList/decode(_:)`` accepts (every object
/// reachable from the top, in the decoder's order: offsets, counts and lengths in range,
/// markers known, ASCII and UTF-16 text valid, no cycle, no nesting past
/// ``BinaryPropertyList/maxDepth``, no expansion past ``BinaryPropertyList/maxValues``, every
/// dictionary's keys strings and unique) but builds no value: it reads bytes in place, so it
/// costs a fraction of a decode. A file it refuses is decoded to say why (`nil` here).
package struct BinaryPropertyListIndex: Sendable {
    /// The whole file.
    package let bytes: [UInt8]
    /// Its checked trailer.
    package let trailer: BinaryPropertyListTrailer
    /// The number of entries in the top dictionary.
    package let count: Int
    /// Where the top dictionary's first key reference is; its value references follow the keys'.
    package let references: Int
    /// Where the top dictionary's bytes lie.
    package let topBytes: Range<Int>
    /// Whether another object reachable from the top shares bytes with the top dictionary's,
    /// so that its references cannot be rewritten in place.
    package let topIsShared: Bool
    /// The bytes of all objects reachable from the top, each counted once.
    package let liveBytes: Int
    /// How many values the file decodes to (as ``BinaryPropertyList/maxValues`` counts them).
    package let valueCount: Int
    /// How many values each object decodes to, by index; 0 for an object not reachable.
    private let weights: [Int32]

    /// The index of `bytes`, or `nil` when they are not a valid binary property list whose
    /// top object is a dictionary (decode them to learn why).
    package init?(_ bytes: [UInt8]) {
        guard let trailer = try? BinaryPropertyListTrailer(bytes) else { return nil }
        var checker = Checker(bytes: bytes, trailer: trailer)
        guard let weight = checker.check(), let top = checker.top else { return nil }
        self.bytes = bytes
        self.trailer = trailer
        count = top.count
        references = top.references
        topBytes = top.bytes
        topIsShared = checker.topIsShared
        liveBytes = checker.liveBytes
        valueCount = weight
        weights = checker.weights
    }

    /// The object the reference at `position` names (already checked).
    package func reference(at position: Int) -> Int {
        Int(truncatingIfNeeded: Checker.number(bytes, at: position, size: trailer.referenceSize))
    }

    /// Where object `index` starts (already checked, for an object reachable from the top).
    package func offset(of index: Int) -> Int {
        Int(truncatingIfNeeded: Checker.number(bytes, at: trailer.tableOffset + index * trailer.offsetSize, size: trailer.offsetSize))
    }

    /// The object holding entry `entry`'s key.
    package func keyObject(_ entry: Int) -> Int { reference(at: references + entry * trailer.referenceSize) }

    /// The object holding entry `entry`'s value.
    package func valueObject(_ entry: Int) -> Int { reference(at: references + (count + entry) * trailer.referenceSize) }

    /// How many values object `index` decodes to.
    package func weight(of index: Int) -> Int { Int(weights[index]) }

    /// The UTF-8 bytes of the key of entry `entry` (an ASCII key's own bytes, in place).
    package func withKey<R>(_ entry: Int, _ body: (ArraySlice<UInt8>) -> R) -> R {
        let start = offset(of: keyObject(entry))
        let (length, content) = Checker.count(bytes, at: start)
        if bytes[start] >> 4 == 0x5 { return body(bytes[content..<content + length]) }
        var utf8: [UInt8] = []
        Checker.transcodeUTF16(bytes, from: content, units: length, into: &utf8)
        return body(utf8[...])
    }

    /// The entries whose keys start with `prefix` (byte for byte, as keys match), in order;
    /// an empty prefix gives them all.
    package func entries(withPrefix prefix: String) -> [Int] {
        let prefix = Array(prefix.utf8)
        var found: [Int] = []
        for entry in 0..<count where withKey(entry, { $0.count >= prefix.count && $0.prefix(prefix.count).elementsEqual(prefix) }) {
            found.append(entry)
        }
        return found
    }

    /// The key of entry `entry`.
    package func key(_ entry: Int) -> String {
        withKey(entry) { String(decoding: $0, as: UTF8.self) }
    }

    /// The values of `entries`, decoded (a value shared between them is decoded once).
    package func values(_ entries: [Int]) throws -> [PropertyListValue] {
        guard !entries.isEmpty else { return [] }
        var reader = try BinaryPropertyListReader(bytes)
        return try entries.map { try reader.decode(object: valueObject($0), depth: 1) }
    }
}

extension BinaryPropertyListIndex {
    /// The walk that checks a file as ``BinaryPropertyListReader`` decodes it, building nothing.
    fileprivate struct Checker {
        let bytes: [UInt8]
        let trailer: BinaryPropertyListTrailer
        /// For each object: 0 not seen, -1 being checked (a reference to it is a cycle), else
        /// how many values it decodes to.
        var weights: [Int32]
        /// The top dictionary, once its header is read.
        var top: (count: Int, references: Int, bytes: Range<Int>)? = nil
        var topIsShared = false
        var liveBytes = 0

        init(bytes: [UInt8], trailer: BinaryPropertyListTrailer) {
            self.bytes = bytes
            self.trailer = trailer
            weights = Array(repeating: 0, count: trailer.objectCount)
        }

        /// How many values the file decodes to, or `nil` when the decoder refuses it or its top
        /// object is not a dictionary.
        mutating func check() -> Int? {
            let index = trailer.topObject
            guard let start = offset(of: index), bytes[start] >> 4 == 0xD else { return nil }
            return object(index, depth: 0)
        }

        static func number(_ bytes: [UInt8], at start: Int, size: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in start..<start + size {
                value = value << 8 | UInt64(bytes[index])
            }
            return value
        }

        /// The count of the (checked) object at `start` and where its content starts.
        static func count(_ bytes: [UInt8], at start: Int) -> (count: Int, content: Int) {
            let low = Int(bytes[start] & 0x0F)
            if low != 0x0F { return (low, start + 1) }
            let size = 1 << Int(bytes[start + 1] & 0x0F)
            return (Int(truncatingIfNeeded: number(bytes, at: start + 2, size: size)), start + 2 + size)
        }

        /// Appends the UTF-8 form of `units` checked UTF-16BE code units at `start`.
        static func transcodeUTF16(_ bytes: [UInt8], from start: Int, units: Int, into utf8: inout [UInt8]) {
            var scalars: [Unicode.Scalar] = []
            var position = start
            while position < start + 2 * units {
                let unit = UInt32(bytes[position]) << 8 | UInt32(bytes[position + 1])
                if (0xD800...0xDBFF).contains(unit) {
                    let low = UInt32(bytes[position + 2]) << 8 | UInt32(bytes[position + 3])
                    scalars.append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10 | (low - 0xDC00)))!)
                    position += 4
                } else {
                    scalars.append(Unicode.Scalar(unit)!)
                    position += 2
                }
            }
            for scalar in scalars { utf8 += UTF8.encode(scalar)! }
        }

        /// Whether `count` bytes from `start` lie within the objects.
        func fits(_ count: Int, at start: Int) -> Bool {
            count >= 0 && start <= trailer.tableOffset && count <= trailer.tableOffset - start
        }

        func offset(of index: Int) -> Int? {
            let offset = Self.number(bytes, at: trailer.tableOffset + index * trailer.offsetSize, size: trailer.offsetSize)
            guard offset >= UInt64(BinaryPropertyList.magic.count), offset < UInt64(trailer.tableOffset) else { return nil }
            return Int(offset)
        }

        func reference(at position: Int) -> Int? {
            let index = Self.number(bytes, at: position, size: trailer.referenceSize)
            return index < UInt64(trailer.objectCount) ? Int(index) : nil
        }

        /// As the reader's `count(at:)`, `nil` where it throws.
        func count(at start: Int) -> (count: Int, content: Int)? {
            let low = Int(bytes[start] & 0x0F)
            if low != 0x0F { return (low, start + 1) }
            guard fits(1, at: start + 1) else { return nil }
            let marker = bytes[start + 1]
            guard marker & 0xF0 == 0x10, marker & 0x0F <= 3 else { return nil }
            let size = 1 << Int(marker & 0x0F)
            guard fits(size, at: start + 2) else { return nil }
            let value = Self.number(bytes, at: start + 2, size: size)
            guard value <= UInt64(trailer.tableOffset) else { return nil }
            return (Int(value), start + 2 + size)
        }

        /// Notes that an object's bytes `range` are in use.
        mutating func live(_ range: Range<Int>, isTop: Bool) {
            liveBytes += range.count
            if !isTop, let top, range.overlaps(top.bytes) { topIsShared = true }
        }

        /// Checks object `index` at nesting `depth`; returns how many values it decodes to, or
        /// `nil` where the reader throws.
        mutating func object(_ index: Int, depth: Int) -> Int? {
            let known = weights[index]
            if known > 0 { return Int(known) }
            guard known == 0, let start = offset(of: index) else { return nil }
            weights[index] = -1
            var weight = 1
            let marker = bytes[start]
            var end = start + 1
            switch marker >> 4 {
            case 0x0:
                guard marker == 0x08 || marker == 0x09 else { return nil }
            case 0x1:
                guard marker & 0x0F <= 4 else { return nil }
                let size = 1 << Int(marker & 0x0F)
                guard fits(size, at: start + 1) else { return nil }
                if size == 16 {
                    let high = Self.number(bytes, at: start + 1, size: 8)
                    let low = Self.number(bytes, at: start + 9, size: 8)
                    guard high == 0 || (high == UInt64.max && low >= UInt64(1) << 63) else { return nil }
                }
                end = start + 1 + size
            case 0x2:
                let size = marker == 0x22 ? 4 : marker == 0x23 ? 8 : 0
                guard size > 0, fits(size, at: start + 1) else { return nil }
                end = start + 1 + size
            case 0x3:
                guard marker == 0x33, fits(8, at: start + 1) else { return nil }
                end = start + 9
            case 0x4:
                guard let (count, content) = count(at: start), fits(count, at: content) else { return nil }
                end = content + count
            case 0x5:
                guard let (count, content) = count(at: start), fits(count, at: content) else { return nil }
                end = content + count
                var high: UInt8 = 0
                for position in content..<end { high |= bytes[position] }
                guard high < 0x80 else { return nil }
            case 0x6:
                guard let (count, content) = count(at: start) else { return nil }
                let (size, overflow) = count.multipliedReportingOverflow(by: 2)
                guard !overflow, fits(size, at: content) else { return nil }
                end = content + size
                var position = content
                while position < end {
                    let unit = UInt16(bytes[position]) << 8 | UInt16(bytes[position + 1])
                    if unit & 0xF800 == 0xD800 {
                        guard unit < 0xDC00, position + 2 < end else { return nil }
                        let next = UInt16(bytes[position + 2]) << 8 | UInt16(bytes[position + 3])
                        guard next & 0xFC00 == 0xDC00 else { return nil }
                        position += 4
                    } else {
                        position += 2
                    }
                }
            case 0x8:
                let size = Int(marker & 0x0F) + 1
                guard fits(size, at: start + 1) else { return nil }
                let high = max(0, size - 8)
                guard bytes[start + 1..<start + 1 + high].allSatisfy({ $0 == 0 }) else { return nil }
                end = start + 1 + size
            case 0xA:
                guard depth < BinaryPropertyList.maxDepth, let (count, content) = count(at: start) else { return nil }
                let (size, overflow) = count.multipliedReportingOverflow(by: trailer.referenceSize)
                guard !overflow, fits(size, at: content) else { return nil }
                end = content + size
                live(start..<end, isTop: false)
                for position in stride(from: content, to: end, by: trailer.referenceSize) {
                    guard let child = reference(at: position), let more = object(child, depth: depth + 1) else { return nil }
                    weight += more
                    guard weight <= BinaryPropertyList.maxValues else { return nil }
                }
                weights[index] = Int32(weight)
                return weight
            case 0xD:
                guard depth < BinaryPropertyList.maxDepth, let (count, content) = count(at: start) else { return nil }
                let (size, overflow) = count.multipliedReportingOverflow(by: 2 * trailer.referenceSize)
                guard !overflow, fits(size, at: content) else { return nil }
                end = content + size
                let isTop = depth == 0
                if isTop { top = (count, content, start..<end) }
                live(start..<end, isTop: isTop)
                let half = count * trailer.referenceSize
                for keyPosition in stride(from: content, to: content + half, by: trailer.referenceSize) {
                    guard let key = reference(at: keyPosition), let keyWeight = object(key, depth: depth + 1),
                          let keyStart = offset(of: key), bytes[keyStart] >> 4 == 0x5 || bytes[keyStart] >> 4 == 0x6,
                          let value = reference(at: keyPosition + half), let valueWeight = object(value, depth: depth + 1) else { return nil }
                    weight += keyWeight + valueWeight
                    guard weight <= BinaryPropertyList.maxValues else { return nil }
                }
                guard keysAreUnique(content, count: count) else { return nil }
                weights[index] = Int32(weight)
                return weight
            default:
                return nil
            }
            live(start..<end, isTop: false)
            weights[index] = 1
            return 1
        }

        /// The UTF-8 bytes of the (checked) string object at `start`: an ASCII string's own
        /// range, or a UTF-16 string transcoded into `scratch`.
        func keyRange(at start: Int, scratch: inout [UInt8]) -> (ascii: Bool, range: Range<Int>) {
            let (length, content) = Self.count(bytes, at: start)
            if bytes[start] >> 4 == 0x5 { return (true, content..<content + length) }
            scratch.removeAll(keepingCapacity: true)
            Self.transcodeUTF16(bytes, from: content, units: length, into: &scratch)
            return (false, 0..<scratch.count)
        }

        /// Whether the `count` keys whose references start at `content` (checked strings) are
        /// all different, scalar for scalar: few compared in pairs, many by their hashes.
        func keysAreUnique(_ content: Int, count: Int) -> Bool {
            guard count > 1 else { return true }
            var keys: [(ascii: Bool, range: Range<Int>, utf8: [UInt8])] = []
            keys.reserveCapacity(count)
            var scratch: [UInt8] = []
            var objects: [Int] = []
            objects.reserveCapacity(count)
            for position in stride(from: content, to: content + count * trailer.referenceSize, by: trailer.referenceSize) {
                let object = Int(truncatingIfNeeded: Self.number(bytes, at: position, size: trailer.referenceSize))
                objects.append(object)
                let (ascii, range) = keyRange(at: offset(of: object)!, scratch: &scratch)
                keys.append((ascii, range, ascii ? [] : scratch))
            }
            func same(_ a: Int, _ b: Int) -> Bool {
                if objects[a] == objects[b] { return true }
                let (x, y) = (keys[a], keys[b])
                guard x.range.count == y.range.count else { return false }
                switch (x.ascii, y.ascii) {
                case (true, true): return bytes[x.range].elementsEqual(bytes[y.range])
                case (true, false): return bytes[x.range].elementsEqual(y.utf8)
                case (false, true): return x.utf8.elementsEqual(bytes[y.range])
                case (false, false): return x.utf8 == y.utf8
                }
            }
            if count <= 16 {
                for a in 1..<count {
                    for b in 0..<a where same(a, b) { return false }
                }
                return true
            }
            var hashes: [(hash: Int, key: Int)] = []
            hashes.reserveCapacity(count)
            for (key, entry) in keys.enumerated() {
                var hasher = Hasher()
                if entry.ascii {
                    bytes.withUnsafeBytes { hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: $0[entry.range])) }
                } else {
                    entry.utf8.withUnsafeBytes { hasher.combine(bytes: $0) }
                }
                hashes.append((hasher.finalize(), key))
            }
            hashes.sort { $0.hash < $1.hash }
            var first = 0
            while first < hashes.count {
                var last = first + 1
                while last < hashes.count, hashes[last].hash == hashes[first].hash { last += 1 }
                if last - first > 1 {
                    for a in first + 1..<last {
                        for b in first..<a where same(hashes[a].key, hashes[b].key) { return false }
                    }
                }
                first = last
            }
            return true
        }
    }
}
