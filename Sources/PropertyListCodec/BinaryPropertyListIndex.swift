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
    /// Where the text of each of the top dictionary's keys lies (read once, by the check), as
    /// ``Key``s' three numbers each. Plain integers, so that no array type of its own is made at
    /// run time (which costs a command ~20,000 instructions).
    private let topKeys: [Int32]
    /// Whether some dictionary's keys were compared by sorting, their hashes having collided
    /// past the probes allowed (for tests: ordinary keys never should).
    package let sortedKeys: Bool

    /// A checked string key: the object holding it, where its content is, its length in bytes
    /// (ASCII) or UTF-16 units, and which of the two it is. Kept as three 32-bit numbers (the
    /// file is smaller than 1 GiB, so that twice a length fits too: see ``init(_:probes:)``):
    /// the keys of a dictionary of 2,000 entries then fill 6 pages of memory, where whole
    /// integers filled 16 (a page first touched costs as much as ~15,000 instructions).
    struct Key {
        var object: Int
        var content: Int
        var length: Int
        var ascii: Bool

        /// Key `index` of the triples at `keys`.
        @inline(__always) init(_ keys: UnsafePointer<Int32>, _ index: Int) {
            let packed = Int(keys[3 &* index &+ 2])
            self.init(object: Int(keys[3 &* index]), content: Int(keys[3 &* index &+ 1]), length: packed >> 1, ascii: packed & 1 != 0)
        }

        init(object: Int, content: Int, length: Int, ascii: Bool) {
            self.object = object
            self.content = content
            self.length = length
            self.ascii = ascii
        }

        /// Writes it as triple `index` at `keys`.
        @inline(__always) func store(_ keys: UnsafeMutablePointer<Int32>, _ index: Int) {
            keys[3 &* index] = Int32(truncatingIfNeeded: object)
            keys[3 &* index &+ 1] = Int32(truncatingIfNeeded: content)
            keys[3 &* index &+ 2] = Int32(truncatingIfNeeded: length &<< 1 | (ascii ? 1 : 0))
        }
    }

    /// Where the text of entry `entry`'s key lies.
    private func topKey(_ entry: Int) -> Key {
        topKeys.withUnsafeBufferPointer { Key($0.baseAddress!, entry) }
    }

    /// The index of `bytes`, or `nil` when they are not a valid binary property list whose
    /// top object is a dictionary (decode them to learn why). `probes` is how many probes of
    /// its hash table, on average per key, a dictionary of many keys may take before its keys
    /// are compared by sorting instead (0: always sorted, for tests of that path).
    package init?(_ bytes: [UInt8], probes: Int = 8) {
        // (A key's offset and twice its length are kept in 32 bits: a file of 1 GiB or more is
        // read whole.)
        guard bytes.count < 1 << 30, let trailer = try? BinaryPropertyListTrailer(bytes) else { return nil }
        var weights = [Int32](repeating: 0, count: trailer.objectCount)
        func check<Offsets: Width, References: Width>(_: Offsets.Type, _: References.Type)
            -> (Int, (count: Int, references: Int, bytes: Range<Int>), Bool, Int, [Int32], Bool)?
        {
            bytes.withUnsafeBufferPointer { file in
                weights.withUnsafeMutableBufferPointer { weights in
                    var checker = Checker<Offsets, References>(file.baseAddress!, trailer: trailer, weights: weights.baseAddress!)
                    checker.probes = probes
                    return checker.check().flatMap { weight in
                        checker.top.map { (weight, $0, checker.topIsShared, checker.liveBytes, checker.topKeys, checker.sortedKeys) }
                    }
                }
            }
        }
        // The widths most files have, each read as one load; any other through a loop.
        let checked = switch (trailer.offsetSize, trailer.referenceSize) {
        case (1, 1): check(Width1.self, Width1.self)
        case (1, 2): check(Width1.self, Width2.self)
        case (2, 1): check(Width2.self, Width1.self)
        case (2, 2): check(Width2.self, Width2.self)
        case (4, 1): check(Width4.self, Width1.self)
        case (4, 2): check(Width4.self, Width2.self)
        default: check(AnyWidth.self, AnyWidth.self)
        }
        guard let (weight, top, topIsShared, liveBytes, topKeys, sortedKeys) = checked else { return nil }
        self.bytes = bytes
        self.trailer = trailer
        count = top.count
        references = top.references
        topBytes = top.bytes
        self.topIsShared = topIsShared
        self.liveBytes = liveBytes
        valueCount = weight
        self.weights = weights
        self.topKeys = topKeys
        self.sortedKeys = sortedKeys
    }

    /// The object the reference at `position` names (already checked).
    package func reference(at position: Int) -> Int {
        Int(truncatingIfNeeded: Self.number(bytes, at: position, size: trailer.referenceSize))
    }

    /// Where object `index` starts (already checked, for an object reachable from the top).
    package func offset(of index: Int) -> Int {
        Int(truncatingIfNeeded: Self.number(bytes, at: trailer.tableOffset + index * trailer.offsetSize, size: trailer.offsetSize))
    }

    /// The object holding entry `entry`'s key.
    package func keyObject(_ entry: Int) -> Int { reference(at: references + entry * trailer.referenceSize) }

    /// The object holding entry `entry`'s value.
    package func valueObject(_ entry: Int) -> Int { reference(at: references + (count + entry) * trailer.referenceSize) }

    /// How many values object `index` decodes to.
    package func weight(of index: Int) -> Int { Int(weights[index] & ~Self.shared) }

    /// The bit of ``weights`` that says an object is referred to more than once.
    fileprivate static let shared: Int32 = 1 << 30

    /// Whether object `index` is referred to from more than one place in the file.
    package func isShared(_ index: Int) -> Bool { weights[index] & Self.shared != 0 }

    /// Where the bytes of object `index` (reachable from the top, so checked) lie.
    package func byteRange(of index: Int) -> Range<Int> {
        let start = offset(of: index)
        let marker = bytes[start]
        switch marker >> 4 {
        case 0x0: return start..<start + 1
        case 0x1: return start..<start + 1 + (1 << Int(marker & 0x0F))
        case 0x2: return start..<start + (marker == 0x22 ? 5 : 9)
        case 0x3: return start..<start + 9
        case 0x8: return start..<start + 2 + Int(marker & 0x0F)
        default:
            let (count, content) = Self.count(bytes, at: start)
            let size = switch marker >> 4 {
            case 0x6: 2 * count
            case 0xA: count * trailer.referenceSize
            case 0xD: 2 * count * trailer.referenceSize
            default: count
            }
            return start..<content + size
        }
    }

    /// Whether the bytes of object `index` overlap those of another object reachable from the
    /// top (the format does not forbid it): then they cannot be rewritten in place.
    package func overlapsAnother(_ index: Int) -> Bool {
        let range = byteRange(of: index)
        for other in 0..<trailer.objectCount where other != index && weights[other] != 0 {
            let start = offset(of: other)
            if start >= range.upperBound || (start < range.lowerBound && byteRange(of: other).upperBound <= range.lowerBound) { continue }
            return true
        }
        return false
    }

    /// The UTF-8 bytes of the key of entry `entry` (an ASCII key's own bytes, in place).
    package func withKey<R>(_ entry: Int, _ body: (ArraySlice<UInt8>) -> R) -> R {
        let key = topKey(entry)
        if key.ascii { return body(bytes[key.content..<key.content + key.length]) }
        return body(Array(String(decoding: Self.utf16Units(bytes, from: key.content, count: key.length), as: UTF16.self).utf8)[...])
    }

    /// The entries whose keys start with `prefix` (byte for byte, as keys match), in order;
    /// an empty prefix gives them all.
    package func entries(withPrefix prefix: String) -> [Int] {
        guard count > 0 else { return [] }
        var prefix = prefix
        return prefix.withUTF8 { prefix in
            bytes.withUnsafeBufferPointer { file in
                topKeys.withUnsafeBufferPointer { keys in
                    var found: [Int] = []
                    // The prefix's first eight bytes (or fewer, all of it) as one word, to compare
                    // with a key's in one look: a key as long as the prefix is followed by at least
                    // the trailer's 32 bytes, so a word can be loaded at its start. Most keys
                    // differ from the prefix there, even those that share its first bytes
                    // (`com.example.` and `com.vandrj.navigator`).
                    let headCount = min(prefix.count, 8)
                    var head: UInt64 = 0
                    for index in 0..<headCount { head |= UInt64(prefix[index]) << (8 * UInt64(index)) }
                    let mask: UInt64 = headCount == 8 ? .max : (1 << (8 * UInt64(headCount))) - 1
                    for entry in 0..<count {
                        let key = Key(keys.baseAddress!, entry)
                        if key.ascii {
                            // Its bytes are its UTF-8.
                            guard key.length >= prefix.count else { continue }
                            let word = UInt64(littleEndian: UnsafeRawPointer(file.baseAddress! + key.content).loadUnaligned(as: UInt64.self))
                            guard (word ^ head) & mask == 0 else { continue }
                            if prefix.count <= 8
                                || Self.same(file.baseAddress! + key.content + 8, prefix.baseAddress! + 8, prefix.count - 8)
                            {
                                found.append(entry)
                            }
                        } else if key.length * 3 >= prefix.count, withKey(entry, { $0.starts(with: prefix) }) {
                            found.append(entry)
                        }
                    }
                    return found
                }
            }
        }
    }

    /// The key of entry `entry`.
    package func key(_ entry: Int) -> String {
        withKey(entry) { String(decoding: $0, as: UTF8.self) }
    }

    /// The values of `entries`, decoded (a value shared between them is decoded once).
    package func values(_ entries: [Int]) throws -> [PropertyListValue] {
        var reader: BinaryPropertyListReader? = nil
        return try entries.map { entry in
            let object = valueObject(entry)
            if let value = text(object) { return value }
            if reader == nil { reader = try BinaryPropertyListReader(bytes) }
            return try reader!.decode(object: object, depth: 1)
        }
    }

    /// Object `index` when it is a string or data (what a key holding a route holds), decoded
    /// here rather than by a reader, which prepares for every object in the file.
    private func text(_ index: Int) -> PropertyListValue? {
        let start = offset(of: index)
        let (length, content) = Self.count(bytes, at: start)
        switch bytes[start] >> 4 {
        case 0x4: return .data(Array(bytes[content..<content + length]))
        case 0x5: return .string(String(decoding: bytes[content..<content + length], as: UTF8.self))
        case 0x6: return .string(String(decoding: Self.utf16Units(bytes, from: content, count: length), as: UTF16.self))
        default: return nil
        }
    }
}

extension BinaryPropertyListIndex {
    /// The big-endian number in the `size` bytes at `start` (already checked to be there).
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

    /// The `count` UTF-16BE code units at `start`.
    static func utf16Units(_ bytes: [UInt8], from start: Int, count: Int) -> [UInt16] {
        (0..<count).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
    }

    /// Whether the `count` bytes at `a` and `b` are the same, eight at a time.
    static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var index = 0
        while index + 8 <= count {
            guard UnsafeRawPointer(a + index).loadUnaligned(as: UInt64.self) == UnsafeRawPointer(b + index).loadUnaligned(as: UInt64.self) else {
                return false
            }
            index += 8
        }
        while index < count {
            guard a[index] == b[index] else { return false }
            index += 1
        }
        return true
    }
}

extension BinaryPropertyListIndex {
    /// The walk that checks a file as ``BinaryPropertyListReader`` decodes it, building nothing:
    /// each branch below refuses (`nil`) exactly where the reader's throws.
    fileprivate struct Checker<Offsets: Width, References: Width> {
        /// The file's bytes, valid while the checker is.
        let file: UnsafePointer<UInt8>
        let tableOffset: Int
        let offsetSize: Int
        let referenceSize: Int
        let objectCount: Int
        let topObject: Int
        /// For each object: 0 not seen, -1 being checked (a reference to it is a cycle), else
        /// how many values it decodes to.
        let weights: UnsafeMutablePointer<Int32>
        /// The top dictionary, once its header is read.
        var top: (count: Int, references: Int, bytes: Range<Int>)? = nil
        var topIsShared = false
        /// Where the top dictionary's bytes lie, once read (an empty range before).
        var topStart = 0, topEnd = 0
        /// The top dictionary's keys, once checked.
        var topKeys: [Int32] = []
        var liveBytes = 0
        /// Hash-table probes allowed per key (see ``BinaryPropertyListIndex/init(_:probes:)``).
        var probes = 8
        /// Whether a dictionary's keys went past the probes and were sorted instead.
        var sortedKeys = false
        /// The seed of keys' hashes (``KeyHash/seed``), read once.
        let seed = KeyHash.seed

        /// A checker of `file`, noting each object's weight in `weights`.
        init(_ file: UnsafePointer<UInt8>, trailer: BinaryPropertyListTrailer, weights: UnsafeMutablePointer<Int32>) {
            self.file = file
            tableOffset = trailer.tableOffset
            offsetSize = trailer.offsetSize
            referenceSize = trailer.referenceSize
            objectCount = trailer.objectCount
            topObject = trailer.topObject
            self.weights = weights
        }

        /// How many values the file decodes to, or `nil` when the decoder refuses it or its top
        /// object is not a dictionary.
        mutating func check() -> Int? {
            guard let start = offset(of: topObject), file[start] >> 4 == 0xD else { return nil }
            return object(topObject, depth: 0)
        }

        @inline(__always) func number(at start: Int, size: Int) -> UInt64 {
            switch size {
            case 1: return Width1.load(file, start, size: 1)
            case 2: return Width2.load(file, start, size: 2)
            case 4: return Width4.load(file, start, size: 4)
            case 8: return UInt64(bigEndian: UnsafeRawPointer(file + start).loadUnaligned(as: UInt64.self))
            default: return AnyWidth.load(file, start, size: size)
            }
        }

        // Below, offsets, counts and sizes are checked to lie within the file (at most 16 MiB)
        // before they are added, so the arithmetic wraps rather than checks for overflow.

        /// Whether `count` bytes from `start` lie within the objects.
        @inline(__always) func fits(_ count: Int, at start: Int) -> Bool {
            count >= 0 && start <= tableOffset && count <= tableOffset &- start
        }

        @inline(__always) func offset(of index: Int) -> Int? {
            let offset = Offsets.load(file, tableOffset &+ index &* offsetSize, size: offsetSize)
            // Past the 8 bytes of `bplist00` (a literal: the header's array costs a lookup a call).
            guard offset >= 8, offset < UInt64(tableOffset) else { return nil }
            return Int(offset)
        }

        @inline(__always) func reference(at position: Int) -> Int? {
            let index = References.load(file, position, size: referenceSize)
            return index < UInt64(objectCount) ? Int(index) : nil
        }

        /// As the reader's `count(at:)`, `nil` where it throws.
        @inline(__always) func count(at start: Int) -> (count: Int, content: Int)? {
            let low = Int(file[start] & 0x0F)
            if low != 0x0F { return (low, start &+ 1) }
            guard fits(1, at: start &+ 1) else { return nil }
            let marker = file[start &+ 1]
            guard marker & 0xF0 == 0x10, marker & 0x0F <= 3 else { return nil }
            let size = 1 &<< Int(marker & 0x0F)
            guard fits(size, at: start &+ 2) else { return nil }
            let value = number(at: start &+ 2, size: size)
            guard value <= UInt64(tableOffset) else { return nil }
            return (Int(truncatingIfNeeded: value), start &+ 2 &+ size)
        }

        /// Notes that an object's bytes `range` are in use.
        @inline(__always) mutating func live(_ start: Int, _ end: Int, isTop: Bool) {
            liveBytes &+= end &- start
            if !isTop, start < topEnd, topStart < end { topIsShared = true }
        }

        /// The `count` (0 to 7) bytes at `start`, as the low bytes of a word, the first lowest:
        /// loaded as a whole word, since at least the trailer's 32 bytes follow any object.
        @inline(__always) static func tail(_ file: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> UInt64 {
            let word = UInt64(littleEndian: UnsafeRawPointer(file + start).loadUnaligned(as: UInt64.self))
            return count == 0 ? 0 : word & (UInt64.max &>> (64 &- 8 &* UInt64(truncatingIfNeeded: count)))
        }

        /// Whether the `count` bytes at `start` are all ASCII, eight at a time.
        /// (`mutating`: see ``scalarEnd(_:_:)``.)
        mutating func ascii(_ start: Int, _ count: Int) -> Bool {
            var index = start
            var high: UInt64 = 0
            let end = start &+ count
            while index &+ 8 <= end {
                high |= UnsafeRawPointer(file + index).loadUnaligned(as: UInt64.self)
                index &+= 8
            }
            high |= Self.tail(file, index, end &- index)
            return high & 0x8080_8080_8080_8080 == 0
        }

        /// Where the scalar whose marker `marker` is at `start` ends (a number, a date, a
        /// boolean, data, text, a uid), or `nil` where the reader throws (or for a container).
        /// (`mutating` only so that the walk's calls pass the checker by reference: a
        /// non-mutating call from a mutating method copies all of it, 152 bytes, each time.)
        @inline(__always) mutating func scalarEnd(_ start: Int, _ marker: UInt8) -> Int? {
            switch marker >> 4 {
            case 0x0:
                guard marker == 0x08 || marker == 0x09 else { return nil }
                return start &+ 1
            case 0x1:
                guard marker & 0x0F <= 4 else { return nil }
                let size = 1 &<< Int(marker & 0x0F)
                guard fits(size, at: start &+ 1) else { return nil }
                if size == 16 {
                    let high = number(at: start &+ 1, size: 8)
                    let low = number(at: start &+ 9, size: 8)
                    guard high == 0 || (high == UInt64.max && low >= UInt64(1) << 63) else { return nil }
                }
                return start &+ 1 &+ size
            case 0x2:
                let size = marker == 0x22 ? 4 : marker == 0x23 ? 8 : 0
                guard size > 0, fits(size, at: start &+ 1) else { return nil }
                return start &+ 1 &+ size
            case 0x3:
                guard marker == 0x33, fits(8, at: start &+ 1) else { return nil }
                return start &+ 9
            case 0x4:
                guard let (count, content) = count(at: start), fits(count, at: content) else { return nil }
                return content &+ count
            case 0x5:
                guard let (count, content) = count(at: start), fits(count, at: content), ascii(content, count) else { return nil }
                return content &+ count
            case 0x6:
                guard let (count, content) = count(at: start) else { return nil }
                let (size, overflow) = count.multipliedReportingOverflow(by: 2)
                guard !overflow, fits(size, at: content) else { return nil }
                let end = content &+ size
                var position = content
                while position < end {
                    let unit = UInt16(file[position]) << 8 | UInt16(file[position &+ 1])
                    if unit & 0xF800 == 0xD800 {
                        guard unit < 0xDC00, position &+ 2 < end else { return nil }
                        let next = UInt16(file[position &+ 2]) << 8 | UInt16(file[position &+ 3])
                        guard next & 0xFC00 == 0xDC00 else { return nil }
                        position &+= 4
                    } else {
                        position &+= 2
                    }
                }
                return end
            case 0x8:
                let size = Int(marker & 0x0F) &+ 1
                guard fits(size, at: start &+ 1) else { return nil }
                for position in start &+ 1..<start &+ 1 &+ max(0, size &- 8) where file[position] != 0 { return nil }
                return start &+ 1 &+ size
            default:
                return nil
            }
        }

        /// ``object(_:depth:)`` for a child met in a container: a scalar (most of them) is
        /// checked here, without the call.
        @inline(__always) mutating func child(_ index: Int, depth: Int) -> Int? {
            let known = weights[index]
            if known > 0 {
                weights[index] = known | BinaryPropertyListIndex.shared
                return Int(known & ~BinaryPropertyListIndex.shared)
            }
            guard known == 0, let start = offset(of: index) else { return nil }
            let marker = file[start]
            guard marker >> 4 != 0xA, marker >> 4 != 0xD else { return object(index, depth: depth) }
            guard let end = scalarEnd(start, marker) else { return nil }
            live(start, end, isTop: false)
            weights[index] = 1
            return 1
        }

        /// Checks object `index` at nesting `depth`; returns how many values it decodes to, or
        /// `nil` where the reader throws.
        mutating func object(_ index: Int, depth: Int) -> Int? {
            let known = weights[index]
            if known > 0 {
                weights[index] = known | BinaryPropertyListIndex.shared
                return Int(known & ~BinaryPropertyListIndex.shared)
            }
            guard known == 0, let start = offset(of: index) else { return nil }
            weights[index] = -1
            let marker = file[start]
            var end = start + 1
            switch marker >> 4 {
            case 0xA:
                guard depth < BinaryPropertyList.maxDepth, let (count, content) = count(at: start) else { return nil }
                let (size, overflow) = count.multipliedReportingOverflow(by: referenceSize)
                guard !overflow, fits(size, at: content) else { return nil }
                end = content + size
                live(start, end, isTop: false)
                var weight = 1
                var position = content
                while position < end {
                    guard let element = reference(at: position), let more = child(element, depth: depth + 1) else { return nil }
                    weight += more
                    guard weight <= BinaryPropertyList.maxValues else { return nil }
                    position += referenceSize
                }
                weights[index] = Int32(weight)
                return weight
            case 0xD:
                guard depth < BinaryPropertyList.maxDepth, let (count, content) = count(at: start) else { return nil }
                let (size, overflow) = count.multipliedReportingOverflow(by: 2 * referenceSize)
                guard !overflow, fits(size, at: content) else { return nil }
                end = content + size
                let isTop = depth == 0
                if isTop {
                    top = (count, content, start..<end)
                    (topStart, topEnd) = (start, end)
                }
                live(start, end, isTop: isTop)
                // The keys first (strings, so nothing nests in them), noting where each one's
                // text lies; then the values. The reader takes them in pairs, but what it
                // refuses does not depend on the order (a cycle, a depth, the values' total).
                let half = count * referenceSize
                // Each key's hash, found as its text is checked, for the test that no two are the same.
                let checkedKeys: Int? = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(count, 1)) { hashes in
                    let hashes = hashes.baseAddress!
                    if isTop {
                        var checked: Int? = nil
                        // Kept: the index finds keys by them.
                        topKeys = [Int32](unsafeUninitializedCapacity: 3 * count) { keys, initialized in
                            checked = keysWeight(content, count: count, depth: depth + 1, into: keys.baseAddress!, hashes: hashes)
                            initialized = checked == nil ? 0 : 3 * count
                        }
                        return checked
                    } else if count <= 32 {
                        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 3 * count) { keys in
                            keysWeight(content, count: count, depth: depth + 1, into: keys.baseAddress!, hashes: hashes)
                        }
                    } else {
                        let keys = UnsafeMutablePointer<Int32>.allocate(capacity: 3 * count)
                        defer { keys.deallocate() }
                        return keysWeight(content, count: count, depth: depth + 1, into: keys, hashes: hashes)
                    }
                }
                guard var weight = checkedKeys else { return nil }
                weight += 1
                var position = content + half
                while position < end {
                    guard let value = reference(at: position), let more = child(value, depth: depth + 1) else { return nil }
                    weight += more
                    guard weight <= BinaryPropertyList.maxValues else { return nil }
                    position += referenceSize
                }
                weights[index] = Int32(weight)
                return weight
            default:
                guard let scalar = scalarEnd(start, marker) else { return nil }
                end = scalar
            }
            live(start, end, isTop: false)
            weights[index] = 1
            return 1
        }

        /// Checks the `count` keys whose references start at `content` (each a string, at
        /// nesting `depth`), writes where each one's text lies to `keys` and its hash
        /// (``hash(_:)``, cut to 32 bits) to `hashes`, and returns their values' count, or `nil`
        /// where the reader throws (a key not a string, two the same).
        mutating func keysWeight(
            _ content: Int, count: Int, depth: Int, into keys: UnsafeMutablePointer<Int32>, hashes: UnsafeMutablePointer<UInt32>
        ) -> Int? {
            var weight = 0
            // The fields the usual key's check reads, as locals (kept in registers), and what it
            // adds to ``liveBytes`` and ``topIsShared``, added after the loop.
            let (file, weights, tableOffset, offsetSize, seed) = (self.file, self.weights, self.tableOffset, self.offsetSize, self.seed)
            let (topStart, topEnd) = (self.topStart, self.topEnd)
            var keyBytes = 0
            var sharesTop = false
            defer {
                liveBytes &+= keyBytes
                if sharesTop { topIsShared = true }
            }
            for entry in 0..<count {
                guard let key = reference(at: content &+ entry &* referenceSize) else { return nil }
                // The usual key, an ASCII string met for the first time whose length, if past 14,
                // is an integer of one byte: checked and hashed here in one look at its bytes, as
                // child(_:depth:) and the lines below check it (anything else is left to them).
                if weights[key] == 0 {
                    let offset = Offsets.load(file, tableOffset &+ key &* offsetSize, size: offsetSize)
                    if offset >= 8, offset < UInt64(tableOffset) {
                        let start = Int(offset)
                        let marker = file[start]
                        var length = Int(marker & 0x0F)
                        var text = start &+ 1
                        var usual = marker >> 4 == 0x5
                        if usual, length == 0x0F {
                            usual = start &+ 3 <= tableOffset && file[start &+ 1] == 0x10
                            length = usual ? Int(file[start &+ 2]) : 0
                            text = start &+ 3
                        }
                        if usual, text <= tableOffset, length <= tableOffset &- text,
                            case (let hash, true) = Self.asciiHash(file, text, length, seed: seed)
                        {
                            let end = text &+ length
                            keyBytes &+= end &- start
                            if start < topEnd, topStart < end { sharesTop = true }
                            weights[key] = 1
                            weight &+= 1
                            guard weight <= BinaryPropertyList.maxValues else { return nil }
                            Key(object: key, content: text, length: length, ascii: true).store(keys, entry)
                            hashes[entry] = UInt32(truncatingIfNeeded: hash)
                            continue
                        }
                    }
                }
                guard let more = child(key, depth: depth), let start = offset(of: key) else { return nil }
                let marker = file[start]
                guard marker >> 4 == 0x5 || marker >> 4 == 0x6 else { return nil }
                weight += more
                guard weight <= BinaryPropertyList.maxValues else { return nil }
                // Checked above: the count's bytes are there.
                let low = Int(marker & 0x0F)
                let found = if low != 0x0F {
                    Key(object: key, content: start &+ 1, length: low, ascii: marker >> 4 == 0x5)
                } else {
                    Key(object: key, content: start &+ 2 &+ (1 << Int(file[start + 1] & 0x0F)),
                        length: Int(truncatingIfNeeded: number(at: start &+ 2, size: 1 << Int(file[start + 1] & 0x0F))),
                        ascii: marker >> 4 == 0x5)
                }
                found.store(keys, entry)
                hashes[entry] = UInt32(truncatingIfNeeded: hash(found))
            }
            return keysAreUnique(keys, hashes: hashes, count: count) ? weight : nil
        }

        /// ``hash(_:)`` of the `count` bytes at `start` of `file` as an ASCII key's, and whether
        /// they are all ASCII, in one pass: each word mixed and tested as it is loaded. (One
        /// function for both of a key's checks, so that an ASCII key hashes the same on either.)
        @inline(__always) static func asciiHash(_ file: UnsafePointer<UInt8>, _ start: Int, _ count: Int, seed: UInt64) -> (hash: UInt64, ascii: Bool) {
            var hash = seed ^ UInt64(count)
            var high: UInt64 = 0
            var index = start
            let end = start &+ count
            while index &+ 8 <= end {
                let word = UInt64(littleEndian: UnsafeRawPointer(file + index).loadUnaligned(as: UInt64.self))
                high |= word
                hash = KeyHash.mix(hash, word)
                index &+= 8
            }
            let last = tail(file, index, end &- index)
            return (KeyHash.finish(KeyHash.mix(hash, last)), (high | last) & 0x8080_8080_8080_8080 == 0)
        }

        /// Whether two keys are the same, scalar for scalar: ASCII bytes and UTF-16 units
        /// compare unit for unit (an ASCII key's bytes are its units).
        func same(_ a: Key, _ b: Key) -> Bool {
            if a.object == b.object { return true }
            guard a.length == b.length else { return false }
            switch (a.ascii, b.ascii) {
            case (true, true): return BinaryPropertyListIndex.same(file + a.content, file + b.content, a.length)
            case (false, false): return BinaryPropertyListIndex.same(file + a.content, file + b.content, 2 * a.length)
            default:
                let (ascii, utf16) = a.ascii ? (a, b) : (b, a)
                for index in 0..<ascii.length where file[utf16.content + 2 * index] != 0 || file[utf16.content + 2 * index + 1] != file[ascii.content + index] {
                    return false
                }
                return true
            }
        }

        /// A hash of a key's units, the same for its ASCII and UTF-16 spellings: ASCII bytes
        /// eight at a time; UTF-16 units one at a time, unless they are all ASCII, when they
        /// are hashed as those bytes.
        @inline(__always) func hash(_ key: Key) -> UInt64 {
            guard key.ascii else { return utf16Hash(key) }
            return Self.asciiHash(file, key.content, key.length, seed: seed).hash
        }

        /// ``hash(_:)`` of a UTF-16 key.
        func utf16Hash(_ key: Key) -> UInt64 {
            var hash = seed ^ UInt64(key.length)
            func unit(_ index: Int) -> UInt16 { UInt16(file[key.content &+ 2 &* index]) << 8 | UInt16(file[key.content &+ 2 &* index &+ 1]) }
            guard (0..<key.length).allSatisfy({ unit($0) < 0x80 }) else {
                // Not ASCII, so equal to no ASCII key: its own hash.
                for index in 0..<key.length { hash = KeyHash.mix(hash, UInt64(unit(index))) }
                return KeyHash.finish(hash)
            }
            // The same words as the ASCII spelling's, assembled a unit at a time, the last one
            // (empty when the length is a multiple of 8) mixed too, as asciiHash mixes it.
            var word: UInt64 = 0
            for index in 0..<key.length {
                word |= UInt64(unit(index)) << (8 &* UInt64(index & 7))
                if index & 7 == 7 {
                    hash = KeyHash.mix(hash, word)
                    word = 0
                }
            }
            return KeyHash.finish(KeyHash.mix(hash, word))
        }

        /// Whether `keys` (whose ``hash(_:)``es, cut to 32 bits, are `hashes`) are all
        /// different: few compared in pairs, many through a table of their hashes; only keys of
        /// equal hashes are compared. Should the hashes collide past a budget (a file built to
        /// make the table slow), Swift's own seeded hashing sorts them instead.
        /// (`mutating`: see ``scalarEnd(_:_:)``.)
        mutating func keysAreUnique(_ keys: UnsafePointer<Int32>, hashes: UnsafePointer<UInt32>, count: Int) -> Bool {
            guard count > 1 else { return true }
            if count <= 16 {
                for a in 1..<count {
                    let first = Key(keys, a)
                    for b in 0..<a where hashes[a] == hashes[b] && same(first, Key(keys, b)) { return false }
                }
                return true
            }
            guard probes > 0 else {
                sortedKeys = true
                return keysAreUniqueBySorting(keys, count: count)
            }
            var capacity = 64
            while capacity < 2 * count { capacity <<= 1 }
            // Raw memory, not an array: see ``BinaryPropertyListIndex/topKeys``.
            let slots = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
            slots.initialize(repeating: -1, count: capacity)
            defer { slots.deallocate() }
            var budget = probes * count + 64
            for entry in 0..<count {
                let hash = hashes[entry]
                var slot = Int(hash) & (capacity - 1)
                while slots[slot] >= 0 {
                    budget -= 1
                    guard budget > 0 else {
                        sortedKeys = true
                        return keysAreUniqueBySorting(keys, count: count)
                    }
                    let other = Int(slots[slot])
                    if hashes[other] == hash, same(Key(keys, entry), Key(keys, other)) { return false }
                    slot = (slot + 1) & (capacity - 1)
                }
                slots[slot] = Int32(truncatingIfNeeded: entry)
            }
            return true
        }

        /// ``keysAreUnique(_:hashes:count:)`` by Swift's seeded hashes, sorted: slower, never quadratic.
        func keysAreUniqueBySorting(_ keys: UnsafePointer<Int32>, count: Int) -> Bool {
            var hashes: [(hash: Int, entry: Int)] = []
            hashes.reserveCapacity(count)
            for entry in 0..<count {
                let key = Key(keys, entry)
                var hasher = Hasher()
                for index in 0..<key.length {
                    hasher.combine(key.ascii ? UInt16(file[key.content + index])
                        : UInt16(file[key.content + 2 * index]) << 8 | UInt16(file[key.content + 2 * index + 1]))
                }
                hashes.append((hasher.finalize(), entry))
            }
            hashes.sort { $0.hash < $1.hash }
            var first = 0
            while first < hashes.count {
                var last = first + 1
                while last < hashes.count, hashes[last].hash == hashes[first].hash { last += 1 }
                for a in first + 1..<last {
                    for b in first..<a where same(Key(keys, hashes[a].entry), Key(keys, hashes[b].entry)) { return false }
                }
                first = last
            }
            return true
        }
    }
}

/// The width in bytes of a file's offsets or of its object references (the trailer says which),
/// as a type, so that the checker made for it reads each one with one load rather than a
/// switch on the size.
fileprivate protocol Width {
    /// The big-endian number of `size` bytes (this width's) at `start`.
    static func load(_ file: UnsafePointer<UInt8>, _ start: Int, size: Int) -> UInt64
}

fileprivate enum Width1: Width {
    @inline(__always) static func load(_ file: UnsafePointer<UInt8>, _ start: Int, size: Int) -> UInt64 { UInt64(file[start]) }
}

fileprivate enum Width2: Width {
    @inline(__always) static func load(_ file: UnsafePointer<UInt8>, _ start: Int, size: Int) -> UInt64 {
        UInt64(UInt16(bigEndian: UnsafeRawPointer(file + start).loadUnaligned(as: UInt16.self)))
    }
}

fileprivate enum Width4: Width {
    @inline(__always) static func load(_ file: UnsafePointer<UInt8>, _ start: Int, size: Int) -> UInt64 {
        UInt64(UInt32(bigEndian: UnsafeRawPointer(file + start).loadUnaligned(as: UInt32.self)))
    }
}

/// Any width, 1 to 8 bytes, a byte at a time.
fileprivate enum AnyWidth: Width {
    @inline(__always) static func load(_ file: UnsafePointer<UInt8>, _ start: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in start..<start &+ size { value = value &<< 8 | UInt64(file[index]) }
        return value
    }
}
