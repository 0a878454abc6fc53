import PlainText

/// Decodes the objects of a binary property list, from its top object down.
///
/// Each object is decoded once and remembered, so shared objects cost nothing twice; the
/// number of values they expand to is counted against ``BinaryPropertyList/maxValues``.
/// Objects being decoded are marked, so a reference back to one is a cycle, refused.
package struct BinaryPropertyListReader {
    /// The whole file.
    package let bytes: [UInt8]
    /// Its checked trailer.
    package let trailer: BinaryPropertyListTrailer
    /// Objects decoded so far, by index.
    private var decoded: [PropertyListValue?]
    /// For each decoded object, how many values it expands to (itself and everything in it).
    private var weights: [Int]
    /// Whether each object is being decoded: a reference to one of these is a cycle.
    private var open: [Bool]

    /// A reader of `bytes`, whose header and trailer are checked now.
    package init(_ bytes: [UInt8]) throws {
        self.bytes = bytes
        trailer = try BinaryPropertyListTrailer(bytes)
        decoded = Array(repeating: nil, count: trailer.objectCount)
        weights = Array(repeating: 0, count: trailer.objectCount)
        open = Array(repeating: false, count: trailer.objectCount)
    }

    /// The top object.
    package mutating func decode() throws -> PropertyListValue {
        try object(trailer.topObject, depth: 0, referencedAt: bytes.count - BinaryPropertyListTrailer.size + 16)
    }

    /// Object `index`, decoded as if met at nesting `depth` (``BinaryPropertyListIndex`` reads
    /// one value of the top dictionary, at depth 1).
    package mutating func decode(object index: Int, depth: Int) throws -> PropertyListValue {
        try object(index, depth: depth, referencedAt: bytes.count - BinaryPropertyListTrailer.size + 16)
    }

    private func error(_ reason: String, at offset: Int) -> PropertyListError {
        PropertyListError(reason, at: offset)
    }

    /// The big-endian unsigned number in the `size` bytes (1...8) at `start`, already checked
    /// to be in the file.
    private func number(at start: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in start..<start + size {
            value = value << 8 | UInt64(bytes[index])
        }
        return value
    }

    /// Throws unless `count` bytes from `start` lie within the objects (before the offset table).
    private func need(_ count: Int, at start: Int, for what: String) throws {
        guard count >= 0, start <= trailer.tableOffset, count <= trailer.tableOffset - start else {
            // Said once where the objects end, then (by the error) where this one starts.
            throw error("\(what) of \(count) bytes runs past the end of the objects, which stop before byte \(trailer.tableOffset); it starts", at: start)
        }
    }

    /// Where object `index` starts, from the offset table.
    private func offset(of index: Int) throws -> Int {
        let entry = trailer.tableOffset + index * trailer.offsetSize
        let offset = number(at: entry, size: trailer.offsetSize)
        guard offset >= UInt64(BinaryPropertyList.magic.count), offset < UInt64(trailer.tableOffset) else {
            throw error("object \(index) is said to start at byte \(offset), outside the objects", at: entry)
        }
        return Int(offset)
    }

    /// The object reference at `at`, checked to name an object.
    private func reference(at: Int) throws -> Int {
        let index = number(at: at, size: trailer.referenceSize)
        guard index < UInt64(trailer.objectCount) else {
            throw error("a reference to object \(index), but there are only \(trailer.objectCount)", at: at)
        }
        return Int(index)
    }

    /// The element count of the object whose marker is at `start`, and where its content
    /// starts: the marker's low four bits, or when they are all set, the integer after it.
    private func count(at start: Int) throws -> (count: Int, content: Int) {
        let low = Int(bytes[start] & 0x0F)
        if low != 0x0F { return (low, start + 1) }
        try need(1, at: start + 1, for: "a count")
        let marker = bytes[start + 1]
        guard marker & 0xF0 == 0x10, marker & 0x0F <= 3 else {
            throw error("a count must be an integer of 1, 2, 4 or 8 bytes, not marker 0x\(hex(marker))", at: start + 1)
        }
        let size = 1 << Int(marker & 0x0F)
        try need(size, at: start + 2, for: "a count")
        let value = number(at: start + 2, size: size)
        guard value <= UInt64(trailer.tableOffset) else {
            throw error("a count of \(value) is larger than the file", at: start + 1)
        }
        return (Int(value), start + 2 + size)
    }

    /// Object `index`, decoded (or remembered), at nesting `depth`; `referencedAt` is where
    /// the reference to it stands, for errors.
    private mutating func object(_ index: Int, depth: Int, referencedAt: Int) throws -> PropertyListValue {
        if let value = decoded[index] { return value }
        guard !open[index] else {
            throw error("object \(index) contains itself", at: referencedAt)
        }
        open[index] = true
        let start = try offset(of: index)
        var weight = 1
        let value: PropertyListValue
        let marker = bytes[start]
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: value = .boolean(false)
            case 0x09: value = .boolean(true)
            case 0x00: throw error("a null object (0x00) is not a property-list value", at: start)
            case 0x0F: throw error("a fill byte (0x0f) is not a property-list value", at: start)
            default: throw error("unknown object marker 0x\(hex(marker))", at: start)
            }
        case 0x1:
            value = .integer(try integer(at: start))
        case 0x2:
            switch marker {
            case 0x22:
                try need(4, at: start + 1, for: "a real")
                value = .real(BinaryPropertyList.double(float32Bits: UInt32(number(at: start + 1, size: 4))), width: .bits32)
            case 0x23:
                try need(8, at: start + 1, for: "a real")
                value = .real(Double(bitPattern: number(at: start + 1, size: 8)))
            default:
                throw error("a real must have 4 or 8 bytes (marker 0x22 or 0x23), not marker 0x\(hex(marker))", at: start)
            }
        case 0x3:
            guard marker == 0x33 else {
                throw error("a date must have marker 0x33, not 0x\(hex(marker))", at: start)
            }
            try need(8, at: start + 1, for: "a date")
            value = .date(Double(bitPattern: number(at: start + 1, size: 8)))
        case 0x4:
            let (count, content) = try count(at: start)
            try need(count, at: content, for: "data")
            value = .data(Array(bytes[content..<content + count]))
        case 0x5:
            value = .string(try asciiString(at: start))
        case 0x6:
            value = .string(try utf16String(at: start))
        case 0x8:
            let size = Int(marker & 0x0F) + 1
            try need(size, at: start + 1, for: "a uid")
            let high = max(0, size - 8)
            guard bytes[start + 1..<start + 1 + high].allSatisfy({ $0 == 0 }) else {
                throw error("a uid of \(size) bytes does not fit in 64 bits", at: start + 1)
            }
            value = .uid(number(at: start + 1 + high, size: size - high))
        case 0xA:
            try checkDepth(depth, at: referencedAt)
            let (count, content) = try count(at: start)
            let (size, overflow) = count.multipliedReportingOverflow(by: trailer.referenceSize)
            try need(overflow ? -1 : size, at: content, for: "an array of \(count) references")
            var elements: [PropertyListValue] = []
            elements.reserveCapacity(count)
            for position in stride(from: content, to: content + size, by: trailer.referenceSize) {
                let child = try reference(at: position)
                elements.append(try object(child, depth: depth + 1, referencedAt: position))
                weight = try add(weights[child], to: weight, at: position)
            }
            value = .array(elements)
        case 0xD:
            try checkDepth(depth, at: referencedAt)
            let (count, content) = try count(at: start)
            let (size, overflow) = count.multipliedReportingOverflow(by: 2 * trailer.referenceSize)
            try need(overflow ? -1 : size, at: content, for: "a dictionary of \(count) keys and values")
            let half = count * trailer.referenceSize
            var entries: [PropertyListDictionary.Entry] = []
            entries.reserveCapacity(count)
            // Few keys are compared in place; many, through a set sized for them at once.
            var seen = count > 16 ? Set<HashedBytes>(minimumCapacity: count) : nil
            for keyPosition in stride(from: content, to: content + half, by: trailer.referenceSize) {
                let keyIndex = try reference(at: keyPosition)
                guard case .string(let key) = try object(keyIndex, depth: depth + 1, referencedAt: keyPosition) else {
                    throw error("a dictionary key must be a string, not a \(decoded[keyIndex]?.typeName ?? "value")", at: keyPosition)
                }
                let unique = seen != nil
                    ? seen!.insert(HashedBytes(Array(key.utf8))).inserted
                    : !entries.contains { PropertyListDictionary.sameKey($0.key, key) }
                guard unique else {
                    throw error("the dictionary has the key \(quoted(key)) twice", at: keyPosition)
                }
                let valuePosition = keyPosition + half
                let valueIndex = try reference(at: valuePosition)
                entries.append(.init(key: key, value: try object(valueIndex, depth: depth + 1, referencedAt: valuePosition)))
                weight = try add(weights[keyIndex] + weights[valueIndex], to: weight, at: valuePosition)
            }
            value = .dictionary(PropertyListDictionary(entries))
        case 0x7:
            throw error("UTF-8 strings (marker 0x7_) belong to bplist1x, not bplist00", at: start)
        case 0xC:
            throw error("sets (marker 0xc_) are not property-list values", at: start)
        default:
            throw error("unknown object marker 0x\(hex(marker))", at: start)
        }
        open[index] = false
        decoded[index] = value
        weights[index] = weight
        return value
    }

    /// Throws when a container at `depth` (the top one is at 0) would nest too deep.
    private func checkDepth(_ depth: Int, at position: Int) throws {
        guard depth < BinaryPropertyList.maxDepth else {
            throw error("arrays and dictionaries are nested more than \(BinaryPropertyList.maxDepth) deep", at: position)
        }
    }

    /// `weight` plus `more`, refused when the sum passes ``BinaryPropertyList/maxValues``.
    private func add(_ more: Int, to weight: Int, at position: Int) throws -> Int {
        let sum = weight + more  // each term is at most maxValues: no overflow
        guard sum <= BinaryPropertyList.maxValues else {
            throw error("the file expands to more than \(BinaryPropertyList.maxValues) values", at: position)
        }
        return sum
    }

    /// The integer whose marker (`0x10`...`0x14`) is at `start`: 1, 2 and 4 bytes unsigned, 8
    /// bytes signed, 16 bytes signed with its upper half all zeros or all ones; it keeps its width.
    private func integer(at start: Int) throws -> PropertyListInteger {
        let marker = bytes[start]
        guard marker & 0x0F <= 4 else {
            throw error("an integer must have 1, 2, 4, 8 or 16 bytes, not marker 0x\(hex(marker))", at: start)
        }
        let size = 1 << Int(marker & 0x0F)
        try need(size, at: start + 1, for: "an integer")
        switch size {
        case 8:
            return PropertyListInteger(Int64(bitPattern: number(at: start + 1, size: 8)), width: 8)
        case 16:
            let high = number(at: start + 1, size: 8)
            let low = number(at: start + 9, size: 8)
            if high == 0 { return PropertyListInteger(low, width: 16) }
            if high == UInt64.max, low >= UInt64(1) << 63 { return PropertyListInteger(Int64(bitPattern: low), width: 16) }
            throw error("a 16-byte integer does not fit in 64 bits", at: start)
        default:
            return PropertyListInteger(number(at: start + 1, size: size), width: size)
        }
    }

    /// The ASCII string (marker `0x5_`) at `start`.
    private func asciiString(at start: Int) throws -> String {
        let (count, content) = try count(at: start)
        try need(count, at: content, for: "an ASCII string")
        let slice = bytes[content..<content + count]
        if let bad = slice.firstIndex(where: { $0 >= 0x80 }) {
            throw error("an ASCII string holds the byte 0x\(hex(bytes[bad]))", at: bad)
        }
        return String(decoding: slice, as: UTF8.self)
    }

    /// The UTF-16BE string (marker `0x6_`) at `start`, its surrogates checked to pair.
    private func utf16String(at start: Int) throws -> String {
        let (count, content) = try count(at: start)
        let (size, overflow) = count.multipliedReportingOverflow(by: 2)
        try need(overflow ? -1 : size, at: content, for: "a UTF-16 string")
        // Transcoded to UTF-8 here: String's own UTF-16 path is several times slower, and the
        // surrogates are checked anyway.
        var utf8: [UInt8] = []
        utf8.reserveCapacity(size + size / 2)
        var position = content
        while position < content + size {
            let unit = UInt16(bytes[position]) << 8 | UInt16(bytes[position + 1])
            switch unit {
            case 0xD800...0xDBFF:
                let next = position + 2 < content + size
                    ? UInt16(bytes[position + 2]) << 8 | UInt16(bytes[position + 3]) : 0
                guard (0xDC00...0xDFFF).contains(next) else {
                    throw error("a UTF-16 string has a high surrogate without a low one", at: position)
                }
                let scalar = 0x10000 + (UInt32(unit - 0xD800) << 10 | UInt32(next - 0xDC00))
                utf8 += [0xF0 | UInt8(scalar >> 18), 0x80 | UInt8(scalar >> 12 & 0x3F), 0x80 | UInt8(scalar >> 6 & 0x3F), 0x80 | UInt8(scalar & 0x3F)]
                position += 4
            case 0xDC00...0xDFFF:
                throw error("a UTF-16 string has a low surrogate without a high one", at: position)
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

/// `byte` as two lower-case hexadecimal digits.
package func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}
