import PlainText

/// A binary property list, checked once, as a map of where its objects are: the one reader of
/// the format. Every read goes through it: the full decode (``BinaryPropertyList/decode(_:)``
/// builds the top object from the map), a key lookup and `show --path` under a key (the top
/// dictionary's entries, found by their keys, each value built alone), and a change spliced in
/// (``BinaryPropertyListAppender``, which writes with ``BinaryPropertyListWriter``).
///
/// The check reads every object reachable from the top, once, in place, as CoreFoundation does:
/// the trailer, the offset table, object references, counts and lengths in range, markers
/// known, ASCII and UTF-16 text valid, no cycle, no nesting past ``BinaryPropertyList/maxDepth``,
/// no expansion past ``BinaryPropertyList/maxValues``, every dictionary's keys strings and
/// unique. It builds no value; a refusal is a ``PropertyListError`` naming the byte offset
/// (what is found first, objects taken depth first and a dictionary's entries key then value).
/// Values are built from the map on demand, without a second check: nothing not asked for is
/// built, and an object referred to from several places is built once.
package struct BinaryPropertyListIndex: Sendable {
    /// The whole file.
    package let bytes: [UInt8]
    /// Its checked trailer.
    package let trailer: BinaryPropertyListTrailer
    /// Whether the top object is a dictionary; the entries below are its (none otherwise).
    package let topIsDictionary: Bool
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
    /// How many values each object decodes to, by index, with the bit ``shared`` for an object
    /// referred to more than once; 0 for an object not reachable.
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


    /// The map of `bytes` when they are a valid binary property list whose top object is a
    /// dictionary; `nil` otherwise (``init(checking:probes:)`` says why).
    package init?(_ bytes: [UInt8], probes: Int = 8) {
        guard let index = try? Self(checking: bytes, probes: probes), index.topIsDictionary else { return nil }
        self = index
    }

    /// The map of `bytes`, checked whole. `probes` is how many probes of its hash table, on
    /// average per key, a dictionary of many keys may take before its keys are compared by
    /// sorting instead (0: always sorted, for tests of that path).
    ///
    /// - Throws: ``PropertyListError`` when they are not a valid binary property list of the
    ///   types ``PropertyListValue`` has.
    package init(checking bytes: [UInt8], probes: Int = 8) throws(PropertyListError) {
        let trailer = try BinaryPropertyListTrailer(bytes)
        // (A key's offset and twice its length are kept in 32 bits.)
        guard bytes.count < 1 << 30 else {
            throw PropertyListError("a binary property list of \(bytes.count) bytes is larger than the 1 GiB this reader takes", at: nil)
        }
        var weights = [Int32](repeating: 0, count: trailer.objectCount)
        // Where the trailer names the top object: a cycle or a depth there is said at it.
        let referencedAt = bytes.count - BinaryPropertyListTrailer.size + 16
        func check<Offsets: Width, References: Width>(_: Offsets.Type, _: References.Type) -> Result<Checked, PropertyListError> {
            bytes.withUnsafeBufferPointer { file in
                weights.withUnsafeMutableBufferPointer { weights in
                    var checker = Checker<Offsets, References>(file.baseAddress!, trailer: trailer, weights: weights.baseAddress!)
                    checker.probes = probes
                    do throws(PropertyListError) {
                        let weight = try checker.object(trailer.topObject, depth: 0, referencedAt: referencedAt)
                        return .success(Checked(
                            weight: weight, top: checker.top, topIsShared: checker.topIsShared, liveBytes: checker.liveBytes,
                            topKeys: checker.topKeys, sortedKeys: checker.sortedKeys))
                    } catch {
                        return .failure(error)
                    }
                }
            }
        }
        // The widths most files have, each read as one load; any other through a loop.
        let result = switch (trailer.offsetSize, trailer.referenceSize) {
        case (1, 1): check(Width1.self, Width1.self)
        case (1, 2): check(Width1.self, Width2.self)
        case (2, 1): check(Width2.self, Width1.self)
        case (2, 2): check(Width2.self, Width2.self)
        case (4, 1): check(Width4.self, Width1.self)
        case (4, 2): check(Width4.self, Width2.self)
        default: check(AnyWidth.self, AnyWidth.self)
        }
        let checked = try result.get()
        self.bytes = bytes
        self.trailer = trailer
        topIsDictionary = checked.top != nil
        count = checked.top?.count ?? 0
        references = checked.top?.references ?? 0
        topBytes = checked.top?.bytes ?? 0..<0
        topIsShared = checked.topIsShared
        liveBytes = checked.liveBytes
        valueCount = checked.weight
        self.weights = weights
        topKeys = checked.topKeys
        sortedKeys = checked.sortedKeys
    }

    /// What a check found.
    fileprivate struct Checked {
        var weight: Int
        var top: (count: Int, references: Int, bytes: Range<Int>)?
        var topIsShared: Bool
        var liveBytes: Int
        var topKeys: [Int32]
        var sortedKeys: Bool
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


    /// The top object, built.
    package func value() -> PropertyListValue {
        var built: [Int: PropertyListValue] = [:]
        return value(of: trailer.topObject, built: &built)
    }

    /// The values of `entries` of the top dictionary, built (a value shared between them is
    /// built once).
    package func values(_ entries: [Int]) -> [PropertyListValue] {
        var built: [Int: PropertyListValue] = [:]
        return entries.map { value(of: valueObject($0), built: &built) }
    }

    /// Object `index` (checked, so read without a check), built; an object referred to from
    /// more than one place is kept in `built` and built once.
    private func value(of index: Int, built: inout [Int: PropertyListValue]) -> PropertyListValue {
        let shared = isShared(index)
        if shared, let value = built[index] { return value }
        let start = offset(of: index)
        let marker = bytes[start]
        let value: PropertyListValue
        switch marker >> 4 {
        case 0x0:
            value = .boolean(marker == 0x09)
        case 0x1:
            let size = 1 << Int(marker & 0x0F)
            switch size {
            case 8: value = .integer(PropertyListInteger(Int64(bitPattern: Self.number(bytes, at: start + 1, size: 8)), width: 8))
            case 16:
                // Checked: the upper half is all zeros, or all ones over a negative lower half.
                let low = Self.number(bytes, at: start + 9, size: 8)
                value = .integer(bytes[start + 1] == 0 ? PropertyListInteger(low, width: 16) : PropertyListInteger(Int64(bitPattern: low), width: 16))
            default: value = .integer(PropertyListInteger(Self.number(bytes, at: start + 1, size: size), width: size))
            }
        case 0x2:
            value = marker == 0x22
                ? .real(BinaryPropertyList.double(float32Bits: UInt32(Self.number(bytes, at: start + 1, size: 4))), width: .bits32)
                : .real(Double(bitPattern: Self.number(bytes, at: start + 1, size: 8)))
        case 0x3:
            value = .date(Double(bitPattern: Self.number(bytes, at: start + 1, size: 8)))
        case 0x4:
            let (count, content) = Self.count(bytes, at: start)
            value = .data(Array(bytes[content..<content + count]))
        case 0x5:
            let (count, content) = Self.count(bytes, at: start)
            value = .string(String(decoding: bytes[content..<content + count], as: UTF8.self))
        case 0x6:
            let (count, content) = Self.count(bytes, at: start)
            value = .string(Self.utf16String(bytes, from: content, count: count))
        case 0x8:
            let size = Int(marker & 0x0F) + 1
            let high = max(0, size - 8)  // checked to be zeros
            value = .uid(Self.number(bytes, at: start + 1 + high, size: size - high))
        case 0xA:
            let (count, content) = Self.count(bytes, at: start)
            let size = trailer.referenceSize
            var elements: [PropertyListValue] = []
            elements.reserveCapacity(count)
            for position in stride(from: content, to: content + count * size, by: size) {
                elements.append(self.value(of: reference(at: position), built: &built))
            }
            value = .array(elements)
        default:  // 0xD: checked, so a dictionary
            let (count, content) = Self.count(bytes, at: start)
            let size = trailer.referenceSize
            let half = count * size
            var entries: [PropertyListDictionary.Entry] = []
            entries.reserveCapacity(count)
            for position in stride(from: content, to: content + half, by: size) {
                guard case .string(let key) = self.value(of: reference(at: position), built: &built) else { preconditionFailure("a checked key") }
                entries.append(.init(key: key, value: self.value(of: reference(at: position + half), built: &built)))
            }
            value = .dictionary(PropertyListDictionary(entries))
        }
        if shared { built[index] = value }
        return value
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
    /// The `count` UTF-16BE code units at `start` (checked to pair their surrogates) as a string,
    /// transcoded to UTF-8 here: String's own UTF-16 path is several times slower.
    static func utf16String(_ bytes: [UInt8], from start: Int, count: Int) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(3 * count)
        var position = start
        let end = start + 2 * count
        while position < end {
            let unit = UInt16(bytes[position]) << 8 | UInt16(bytes[position + 1])
            switch unit {
            case 0xD800...0xDBFF:
                let next = UInt16(bytes[position + 2]) << 8 | UInt16(bytes[position + 3])
                let scalar = 0x10000 + (UInt32(unit - 0xD800) << 10 | UInt32(next & 0x3FF))
                utf8 += [0xF0 | UInt8(scalar >> 18), 0x80 | UInt8(scalar >> 12 & 0x3F), 0x80 | UInt8(scalar >> 6 & 0x3F), 0x80 | UInt8(scalar & 0x3F)]
                position += 4
            case 0..<0x80:
                utf8.append(UInt8(unit))
                position += 2
            case 0x80..<0x800:
                utf8 += [0xC0 | UInt8(unit >> 6), 0x80 | UInt8(unit & 0x3F)]
                position += 2
            default:
                utf8 += [0xE0 | UInt8(unit >> 12), 0x80 | UInt8(unit >> 6 & 0x3F), 0x80 | UInt8(unit & 0x3F)]
                position += 2
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}

extension BinaryPropertyListIndex {
    /// The one check of a file: every object reachable from the top, depth first, a
    /// dictionary's entries key then value, as CoreFoundation reads them; it builds nothing,
    /// and notes each object's weight, where the top dictionary's keys are, and what the
    /// appender needs (the bytes in use, whether the top dictionary's bytes are shared).
    fileprivate struct Checker<Offsets: Width, References: Width> {
        /// The file's bytes, valid while the checker is.
        let file: UnsafePointer<UInt8>
        let tableOffset: Int
        let offsetSize: Int
        let referenceSize: Int
        let objectCount: Int
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
        /// Hash-table probes allowed per key (see ``BinaryPropertyListIndex/init(checking:probes:)``).
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
            self.weights = weights
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

        // Below, offsets, counts and sizes are checked to lie within the file (under 1 GiB)
        // before they are added, so the arithmetic wraps rather than checks for overflow. The
        // checks that throw are `mutating` for the reason ``scalarEnd(_:_:)`` is: a call not
        // inlined then passes the checker by reference rather than copying it.

        /// Whether `count` bytes from `start` lie within the objects.
        @inline(__always) func fits(_ count: Int, at start: Int) -> Bool {
            count >= 0 && start <= tableOffset && count <= tableOffset &- start
        }

        /// Throws unless `count` bytes from `start` lie within the objects.
        @inline(__always) mutating func need(_ count: Int, at start: Int, for what: StaticString) throws(PropertyListError) {
            guard fits(count, at: start) else { throw pastTheEnd("\(what)", count, at: start) }
        }

        /// The error of `count` bytes of `what` from `start` that run past the objects.
        @inline(never) mutating func pastTheEnd(_ what: String, _ count: Int, at start: Int) -> PropertyListError {
            // Said once where the objects end, then (by the error) where this one starts.
            PropertyListError("\(what) of \(count) bytes runs past the end of the objects, which stop before byte \(tableOffset); it starts", at: start)
        }

        @inline(never) static func error(_ reason: String, at offset: Int) -> PropertyListError {
            PropertyListError(reason, at: offset)
        }

        /// Where object `index` starts, from the offset table.
        @inline(__always) mutating func offset(of index: Int) throws(PropertyListError) -> Int {
            let entry = tableOffset &+ index &* offsetSize
            let offset = Offsets.load(file, entry, size: offsetSize)
            // Past the 8 bytes of `bplist00` (a literal: the header's array costs a lookup a call).
            guard offset >= 8, offset < UInt64(tableOffset) else {
                throw Self.error("object \(index) is said to start at byte \(offset), outside the objects", at: entry)
            }
            return Int(offset)
        }

        /// The object reference at `position`, checked to name an object.
        @inline(__always) mutating func reference(at position: Int) throws(PropertyListError) -> Int {
            let index = References.load(file, position, size: referenceSize)
            guard index < UInt64(objectCount) else {
                throw Self.error("a reference to object \(index), but there are only \(objectCount)", at: position)
            }
            return Int(index)
        }

        /// The element count of the object whose marker is at `start`, and where its content
        /// starts: the marker's low four bits, or when they are all set, the integer after it.
        @inline(__always) mutating func count(at start: Int) throws(PropertyListError) -> (count: Int, content: Int) {
            let low = Int(file[start] & 0x0F)
            if low != 0x0F { return (low, start &+ 1) }
            try need(1, at: start &+ 1, for: "a count")
            let marker = file[start &+ 1]
            guard marker & 0xF0 == 0x10, marker & 0x0F <= 3 else {
                throw Self.error("a count must be an integer of 1, 2, 4 or 8 bytes, not marker 0x\(hex(marker))", at: start &+ 1)
            }
            let size = 1 &<< Int(marker & 0x0F)
            try need(size, at: start &+ 2, for: "a count")
            let value = number(at: start &+ 2, size: size)
            guard value <= UInt64(tableOffset) else { throw Self.error("a count of \(value) is larger than the file", at: start &+ 1) }
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

        /// Throws unless the `count` bytes at `start` are all ASCII (eight at a time).
        /// (`mutating`: see ``scalarEnd(_:_:)``.)
        mutating func ascii(_ start: Int, _ count: Int) throws(PropertyListError) {
            var index = start
            var high: UInt64 = 0
            let end = start &+ count
            while index &+ 8 <= end {
                high |= UnsafeRawPointer(file + index).loadUnaligned(as: UInt64.self)
                index &+= 8
            }
            high |= Self.tail(file, index, end &- index)
            guard high & 0x8080_8080_8080_8080 != 0 else { return }
            let bad = (start..<end).first { file[$0] >= 0x80 }!
            throw Self.error("an ASCII string holds the byte 0x\(hex(file[bad]))", at: bad)
        }

        /// Where the scalar whose marker `marker` is at `start` ends (a number, a date, a
        /// boolean, data, text, a uid), after checking it.
        /// (`mutating` only so that the walk's calls pass the checker by reference: a
        /// non-mutating call from a mutating method copies all of it, 152 bytes, each time.)
        @inline(__always) mutating func scalarEnd(_ start: Int, _ marker: UInt8) throws(PropertyListError) -> Int {
            switch marker >> 4 {
            case 0x0:
                switch marker {
                case 0x08, 0x09: return start &+ 1
                case 0x00: throw Self.error("a null object (0x00) is not a property-list value", at: start)
                case 0x0F: throw Self.error("a fill byte (0x0f) is not a property-list value", at: start)
                default: throw Self.error("unknown object marker 0x\(hex(marker))", at: start)
                }
            case 0x1:
                guard marker & 0x0F <= 4 else {
                    throw Self.error("an integer must have 1, 2, 4, 8 or 16 bytes, not marker 0x\(hex(marker))", at: start)
                }
                let size = 1 &<< Int(marker & 0x0F)
                try need(size, at: start &+ 1, for: "an integer")
                if size == 16 {
                    let high = number(at: start &+ 1, size: 8)
                    let low = number(at: start &+ 9, size: 8)
                    guard high == 0 || (high == UInt64.max && low >= UInt64(1) << 63) else {
                        throw Self.error("a 16-byte integer does not fit in 64 bits", at: start)
                    }
                }
                return start &+ 1 &+ size
            case 0x2:
                let size = marker == 0x22 ? 4 : marker == 0x23 ? 8 : 0
                guard size > 0 else {
                    throw Self.error("a real must have 4 or 8 bytes (marker 0x22 or 0x23), not marker 0x\(hex(marker))", at: start)
                }
                try need(size, at: start &+ 1, for: "a real")
                return start &+ 1 &+ size
            case 0x3:
                guard marker == 0x33 else { throw Self.error("a date must have marker 0x33, not 0x\(hex(marker))", at: start) }
                try need(8, at: start &+ 1, for: "a date")
                return start &+ 9
            case 0x4:
                let (count, content) = try count(at: start)
                try need(count, at: content, for: "data")
                return content &+ count
            case 0x5:
                let (count, content) = try count(at: start)
                try need(count, at: content, for: "an ASCII string")
                try ascii(content, count)
                return content &+ count
            case 0x6:
                let (count, content) = try count(at: start)
                let (size, overflow) = count.multipliedReportingOverflow(by: 2)
                try need(overflow ? -1 : size, at: content, for: "a UTF-16 string")
                let end = content &+ size
                var position = content
                while position < end {
                    let unit = UInt16(file[position]) << 8 | UInt16(file[position &+ 1])
                    if unit & 0xF800 == 0xD800 {
                        guard unit < 0xDC00 else { throw Self.error("a UTF-16 string has a low surrogate without a high one", at: position) }
                        let next = position &+ 2 < end ? UInt16(file[position &+ 2]) << 8 | UInt16(file[position &+ 3]) : 0
                        guard next & 0xFC00 == 0xDC00 else {
                            throw Self.error("a UTF-16 string has a high surrogate without a low one", at: position)
                        }
                        position &+= 4
                    } else {
                        position &+= 2
                    }
                }
                return end
            case 0x7:
                throw Self.error("UTF-8 strings (marker 0x7_) belong to bplist1x, not bplist00", at: start)
            case 0x8:
                let size = Int(marker & 0x0F) &+ 1
                try need(size, at: start &+ 1, for: "a uid")
                for position in start &+ 1..<start &+ 1 &+ max(0, size &- 8) where file[position] != 0 {
                    throw Self.error("a uid of \(size) bytes does not fit in 64 bits", at: start &+ 1)
                }
                return start &+ 1 &+ size
            case 0xC:
                throw Self.error("sets (marker 0xc_) are not property-list values", at: start)
            default:
                throw Self.error("unknown object marker 0x\(hex(marker))", at: start)
            }
        }

        /// ``object(_:depth:referencedAt:)`` for a child met in a container: a scalar (most of
        /// them) is checked here, without the call.
        @inline(__always) mutating func child(_ index: Int, depth: Int, referencedAt: Int) throws(PropertyListError) -> Int {
            let known = weights[index]
            if known > 0 {
                weights[index] = known | BinaryPropertyListIndex.shared
                return Int(known & ~BinaryPropertyListIndex.shared)
            }
            guard known == 0 else { throw Self.error("object \(index) contains itself", at: referencedAt) }
            let start = try offset(of: index)
            let marker = file[start]
            guard marker >> 4 != 0xA, marker >> 4 != 0xD else { return try object(index, depth: depth, referencedAt: referencedAt) }
            let end = try scalarEnd(start, marker)
            live(start, end, isTop: false)
            weights[index] = 1
            return 1
        }

        /// Checks object `index` at nesting `depth` (the top one at 0), referred to at
        /// `referencedAt` (where a cycle or a depth is said); returns how many values it
        /// decodes to.
        mutating func object(_ index: Int, depth: Int, referencedAt: Int) throws(PropertyListError) -> Int {
            let known = weights[index]
            if known > 0 {
                weights[index] = known | BinaryPropertyListIndex.shared
                return Int(known & ~BinaryPropertyListIndex.shared)
            }
            guard known == 0 else { throw Self.error("object \(index) contains itself", at: referencedAt) }
            let start = try offset(of: index)
            weights[index] = -1
            let marker = file[start]
            switch marker >> 4 {
            case 0xA:
                try checkDepth(depth, at: referencedAt)
                let (count, content) = try count(at: start)
                let (size, overflow) = count.multipliedReportingOverflow(by: referenceSize)
                guard !overflow, fits(size, at: content) else {
                    throw pastTheEnd("an array of \(count) references", overflow ? -1 : size, at: content)
                }
                let end = content &+ size
                live(start, end, isTop: false)
                var weight = 1
                var position = content
                while position < end {
                    let element = try reference(at: position)
                    weight &+= try child(element, depth: depth &+ 1, referencedAt: position)
                    guard weight <= BinaryPropertyList.maxValues else { throw Self.expands(at: position) }
                    position &+= referenceSize
                }
                weights[index] = Int32(weight)
                return weight
            case 0xD:
                try checkDepth(depth, at: referencedAt)
                let (count, content) = try count(at: start)
                let (size, overflow) = count.multipliedReportingOverflow(by: 2 &* referenceSize)
                guard !overflow, fits(size, at: content) else {
                    throw pastTheEnd("a dictionary of \(count) keys and values", overflow ? -1 : size, at: content)
                }
                let end = content &+ size
                let isTop = depth == 0
                if isTop {
                    top = (count, content, start..<end)
                    (topStart, topEnd) = (start, end)
                }
                live(start, end, isTop: isTop)
                // Each key's hash, found as its text is checked, for the test that no two are the same.
                let checked: Result<Int, PropertyListError> = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(count, 1)) { hashes in
                    let hashes = hashes.baseAddress!
                    if isTop {
                        var checked: Result<Int, PropertyListError> = .success(0)
                        // Kept: the index finds keys by them.
                        topKeys = [Int32](unsafeUninitializedCapacity: 3 * count) { keys, initialized in
                            checked = entries(content, count: count, depth: depth &+ 1, keys: keys.baseAddress!, hashes: hashes)
                            initialized = 3 * count
                        }
                        return checked
                    } else if count <= 32 {
                        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 3 * count) { keys in
                            entries(content, count: count, depth: depth &+ 1, keys: keys.baseAddress!, hashes: hashes)
                        }
                    } else {
                        let keys = UnsafeMutablePointer<Int32>.allocate(capacity: 3 * count)
                        defer { keys.deallocate() }
                        return entries(content, count: count, depth: depth &+ 1, keys: keys, hashes: hashes)
                    }
                }
                let weight = try checked.get()
                weights[index] = Int32(weight)
                return weight
            default:
                let end = try scalarEnd(start, marker)
                live(start, end, isTop: false)
                weights[index] = 1
                return 1
            }
        }

        /// Throws when a container at `depth` (the top one is at 0) would nest too deep.
        @inline(__always) mutating func checkDepth(_ depth: Int, at position: Int) throws(PropertyListError) {
            guard depth < BinaryPropertyList.maxDepth else {
                throw Self.error("arrays and dictionaries are nested more than \(BinaryPropertyList.maxDepth) deep", at: position)
            }
        }

        @inline(never) static func expands(at position: Int) -> PropertyListError {
            error("the file expands to more than \(BinaryPropertyList.maxValues) values", at: position)
        }

        /// Checks the `count` entries of a dictionary whose references start at `content` (its
        /// keys and values at nesting `depth`), key then value, writing where each key's text
        /// lies to `keys` and its hash (``hash(_:)``, cut to 32 bits) to `hashes`; returns the
        /// dictionary's weight. A key repeated is found once all are read, and said before any
        /// later refusal, as if each key were compared with those before it as it is met.
        mutating func entries(
            _ content: Int, count: Int, depth: Int, keys: UnsafeMutablePointer<Int32>, hashes: UnsafeMutablePointer<UInt32>
        ) -> Result<Int, PropertyListError> {
            var weight = 1
            let half = count &* referenceSize
            for entry in 0..<count {
                let keyPosition = content &+ entry &* referenceSize
                do throws(PropertyListError) {
                    let (key, hash) = try self.key(at: keyPosition, depth: depth)
                    key.store(keys, entry)
                    hashes[entry] = hash
                } catch {
                    return .failure(repeated(keys, hashes: hashes, count: entry, content: content) ?? error)
                }
                let valuePosition = keyPosition &+ half
                do throws(PropertyListError) {
                    let value = try reference(at: valuePosition)
                    weight &+= 1 &+ (try child(value, depth: depth, referencedAt: valuePosition))
                    guard weight <= BinaryPropertyList.maxValues else { throw Self.expands(at: valuePosition) }
                } catch {
                    return .failure(repeated(keys, hashes: hashes, count: entry &+ 1, content: content) ?? error)
                }
            }
            if let error = repeated(keys, hashes: hashes, count: count, content: content) { return .failure(error) }
            return .success(weight)
        }

        /// The key referred to at `position`, checked to be a string, and its hash.
        @inline(__always) mutating func key(at position: Int, depth: Int) throws(PropertyListError) -> (Key, UInt32) {
            let key = try reference(at: position)
            // The usual key, an ASCII string met for the first time whose length, if past 14,
            // is an integer of one byte: checked and hashed here in one look at its bytes, as
            // child(_:depth:referencedAt:) checks it (anything else is left to it).
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
                        live(start, text &+ length, isTop: false)
                        weights[key] = 1
                        return (Key(object: key, content: text, length: length, ascii: true), UInt32(truncatingIfNeeded: hash))
                    }
                }
            }
            _ = try child(key, depth: depth, referencedAt: position)
            let start = try offset(of: key)
            let marker = file[start]
            guard marker >> 4 == 0x5 || marker >> 4 == 0x6 else {
                throw Self.error("a dictionary key must be a string, not a \(Self.typeName(marker))", at: position)
            }
            // Checked above: the count's bytes are there.
            let low = Int(marker & 0x0F)
            let found = if low != 0x0F {
                Key(object: key, content: start &+ 1, length: low, ascii: marker >> 4 == 0x5)
            } else {
                Key(object: key, content: start &+ 2 &+ (1 << Int(file[start + 1] & 0x0F)),
                    length: Int(truncatingIfNeeded: number(at: start &+ 2, size: 1 << Int(file[start + 1] & 0x0F))),
                    ascii: marker >> 4 == 0x5)
            }
            return (found, UInt32(truncatingIfNeeded: hash(found)))
        }

        /// The ``PropertyListValue/typeName`` of the checked object whose marker is `marker`.
        static func typeName(_ marker: UInt8) -> String {
            switch marker >> 4 {
            case 0x0: marker == 0x09 ? "true" : "false"
            case 0x1: "integer"
            case 0x2: "real"
            case 0x3: "date"
            case 0x4: "data"
            case 0x8: "uid"
            case 0xA: "array"
            default: "dict"
            }
        }

        /// The error of the first of the `count` keys at `keys` that repeats one before it, if any.
        mutating func repeated(_ keys: UnsafePointer<Int32>, hashes: UnsafePointer<UInt32>, count: Int, content: Int) -> PropertyListError? {
            guard let entry = firstRepeated(keys, hashes: hashes, count: count) else { return nil }
            let key = Key(keys, entry)
            let text = key.ascii
                ? String(decoding: UnsafeBufferPointer(start: file + key.content, count: key.length), as: UTF8.self)
                : String(decoding: (0..<key.length).map { UInt16(file[key.content + 2 * $0]) << 8 | UInt16(file[key.content + 2 * $0 + 1]) }, as: UTF16.self)
            return Self.error("the dictionary has the key \(quoted(text)) twice", at: content &+ entry &* referenceSize)
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

        /// The first of `keys` (whose ``hash(_:)``es, cut to 32 bits, are `hashes`) that is the
        /// same as one before it, or `nil` when they are all different: few compared in pairs,
        /// many through a table of their hashes; only keys of equal hashes are compared. Should
        /// the hashes collide past a budget (a file built to make the table slow), Swift's own
        /// seeded hashing sorts them instead. (`mutating`: see ``scalarEnd(_:_:)``.)
        mutating func firstRepeated(_ keys: UnsafePointer<Int32>, hashes: UnsafePointer<UInt32>, count: Int) -> Int? {
            guard count > 1 else { return nil }
            if count <= 16 {
                for a in 1..<count {
                    let first = Key(keys, a)
                    for b in 0..<a where hashes[a] == hashes[b] && same(first, Key(keys, b)) { return a }
                }
                return nil
            }
            guard probes > 0 else {
                sortedKeys = true
                return firstRepeatedBySorting(keys, count: count)
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
                        return firstRepeatedBySorting(keys, count: count)
                    }
                    let other = Int(slots[slot])
                    if hashes[other] == hash, same(Key(keys, entry), Key(keys, other)) { return entry }
                    slot = (slot + 1) & (capacity - 1)
                }
                slots[slot] = Int32(truncatingIfNeeded: entry)
            }
            return nil
        }

        /// ``firstRepeated(_:hashes:count:)`` by Swift's seeded hashes, sorted: slower, never quadratic.
        func firstRepeatedBySorting(_ keys: UnsafePointer<Int32>, count: Int) -> Int? {
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
            // Sorted by hash, then entry: in a run of equal hashes, each key is compared with
            // those before it in the file.
            hashes.sort { ($0.hash, $0.entry) < ($1.hash, $1.entry) }
            var found: Int? = nil
            var first = 0
            while first < hashes.count {
                var last = first + 1
                while last < hashes.count, hashes[last].hash == hashes[first].hash { last += 1 }
                for a in first + 1..<last where found.map({ hashes[a].entry < $0 }) ?? true {
                    for b in first..<a where same(Key(keys, hashes[a].entry), Key(keys, hashes[b].entry)) {
                        found = hashes[a].entry
                        break
                    }
                }
                first = last
            }
            return found
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

/// `byte` as two lower-case hexadecimal digits.
package func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}
