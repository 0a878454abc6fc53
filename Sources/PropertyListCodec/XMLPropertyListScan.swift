/// One pass over an XML property list in the shape Apple's tools, Foundation and Python's
/// `plistlib` write, finding where the top dictionary's entries lie and building only the
/// entries whose keys start with a prefix; `nil` for any document it does not take, which
/// ``XMLPropertyListReader`` then reads (see ``XMLPropertyList/decodeSelecting(_:prefix:)``).
///
/// It takes: UTF-8 without a byte-order mark; the declaration
/// `<?xml version="1.0" encoding="UTF-8"?>` and Apple's DOCTYPE, each optional and exactly so;
/// `<plist version="1.0">` (or `<plist>`) holding a `<dict>`; XML white space between elements;
/// the elements `dict`, `array`, `key`, `string`, `integer`, `real`, `date`, `data`, `true` and
/// `false`, without attributes or space inside their tags, in their empty-element forms where
/// the reader reads them; the five predefined entities and numeric character references in a
/// string (not in a key or any other element); integers in decimal, reals
/// in the decimal forms Python and Foundation write (and `nan`, `inf`, `infinity`), dates as
/// `YYYY-MM-DDTHH:MM:SSZ`, base64 data (never `<data/>`), no white space after a number or
/// around a date (Foundation refuses those). Anything else (comments, CDATA, other processing
/// instructions, an entity in a key, a form it is unsure of) is `nil`, never a refusal: every
/// document it takes, the reader reads the same (the same selected values, keys and entry ends),
/// and every document the reader refuses, it does not take. Each check below is the reader's,
/// on bytes: characters as ``XMLPropertyListReader`` checks them (eight ASCII bytes at a time),
/// keys unique in every dictionary (up to 16 compared in pairs, more by a hash table of their
/// bytes whose probes are bounded: past the bound, `nil`), nesting no deeper than
/// ``XMLPropertyList/maxDepth``.
/// A selected entry's value is built by the reader itself, from its start tag.
package struct XMLPropertyListScan {
    /// Where the top dictionary's start tag lies.
    package let rootTag: Range<Int>
    /// Whether that tag is `<dict/>`.
    package let rootIsEmptyTag: Bool
    /// Where each entry's key lies (its text, between `<key>` and `</key>`), in order.
    package let keys: [Range<Int>]
    /// Where each entry ends: after its value.
    package let entryEnds: [Int]
    /// The indexes of the entries whose keys start with the prefix.
    package let selected: [Int]
    /// Those entries, built.
    package let dictionary: PropertyListDictionary

    /// The scan of `bytes`, building the top dictionary's entries whose keys start with
    /// `prefix`; `nil` for a document it does not take.
    package init?(_ bytes: [UInt8], selecting prefix: [UInt8]) {
        guard bytes.count >= 8 else { return nil }
        let walked: Walker? = bytes.withUnsafeBufferPointer { buffer in
            prefix.withUnsafeBufferPointer { prefix in
                var walker = Walker(bytes: bytes, base: buffer.baseAddress!, end: buffer.count, prefix: prefix)
                guard walker.document() else { return nil }
                walker.prefix = UnsafeBufferPointer(start: nil, count: 0)  // not kept past the walk
                return walker
            }
        }
        guard let walked else { return nil }
        rootTag = walked.rootTag
        rootIsEmptyTag = walked.rootIsEmptyTag
        keys = walked.keys
        entryEnds = walked.entryEnds
        selected = walked.selected
        dictionary = PropertyListDictionary(walked.entries)
    }
}

/// Tags as the little-endian words of their bytes, to compare eight bytes at once.
private enum Word {
    static let key: UInt64 = 0x3E_7965_6B3C  // <key>
    static let keyEnd: UInt64 = 0x3E79_656B_2F3C  // </key>
    static let emptyKey: UInt64 = 0x3E2F_7965_6B3C  // <key/>
    static let string: UInt64 = 0x3E67_6E69_7274_733C  // <string>
    static let emptyString: UInt64 = 0x2F67_6E69_7274_733C  // <string/ (then >)
    static let stringEnd: UInt64 = 0x676E_6972_7473_2F3C  // </string (then >)
    static let integer: UInt64 = 0x7265_6765_746E_693C  // <integer (then >)
    static let integerEnd: UInt64 = 0x6567_6574_6E69_2F3C  // </intege (then r>)
    static let real: UInt64 = 0x3E6C_6165_723C  // <real>
    static let realEnd: UInt64 = 0x3E_6C61_6572_2F3C  // </real>
    static let date: UInt64 = 0x3E65_7461_643C  // <date>
    static let dateEnd: UInt64 = 0x3E_6574_6164_2F3C  // </date>
    static let data: UInt64 = 0x3E61_7461_643C  // <data>
    static let dataEnd: UInt64 = 0x3E_6174_6164_2F3C  // </data>
    static let dict: UInt64 = 0x3E74_6369_643C  // <dict>
    static let emptyDict: UInt64 = 0x3E_2F74_6369_643C  // <dict/>
    static let dictEnd: UInt64 = 0x3E_7463_6964_2F3C  // </dict>
    static let array: UInt64 = 0x3E_7961_7272_613C  // <array>
    static let emptyArray: UInt64 = 0x3E2F_7961_7272_613C  // <array/>
    static let arrayEnd: UInt64 = 0x3E79_6172_7261_2F3C  // </array>
    static let emptyTrue: UInt64 = 0x3E_2F65_7572_743C  // <true/>
    static let emptyFalse: UInt64 = 0x3E2F_6573_6C61_663C  // <false/>
    static let trueThenEnd: UInt64 = 0x2F3C_3E65_7572_743C  // <true></ (then true>)
    static let falseThenEnd: UInt64 = 0x3C3E_6573_6C61_663C  // <false>< (then /false>)
    static let plistEnd: UInt64 = 0x3E74_7369_6C70_2F3C  // </plist>
}

/// The walk itself, over the bytes' buffer; each check returns `false` for what the scan does
/// not take.
private struct Walker {
    let bytes: [UInt8]
    let base: UnsafePointer<UInt8>
    let end: Int
    var prefix: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    var position = 0

    var rootTag = 0..<0
    var rootIsEmptyTag = false
    var entryEnds: [Int] = []
    var selected: [Int] = []
    var entries: [PropertyListDictionary.Entry] = []
    /// The keys of the dictionaries being read, the innermost last (the top one's stay).
    var keys: [Range<Int>] = []
    /// ``KeyHash/seed``, read once per walk (a global's lazy check at every key costs 16 K
    /// instructions in a file of 2,000 keys).
    let seed = KeyHash.seed

    init(bytes: [UInt8], base: UnsafePointer<UInt8>, end: Int, prefix: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.base = base
        self.end = end
        self.prefix = prefix
    }

    // MARK: Bytes

    /// The eight bytes from `offset` as a little-endian word, those past the end as zero (no
    /// tag holds a zero byte, so a word running past the end matches none).
    @inline(__always) func word(_ offset: Int) -> UInt64 {
        if offset + 8 <= end { return UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self) }
        var word: UInt64 = 0
        var index = end - 1
        while index >= offset {
            word = word << 8 | UInt64(base[index])
            index -= 1
        }
        return word
    }

    /// Whether the `count` bytes (at most eight) from `offset` are those of `literal`.
    @inline(__always) func matches(_ literal: UInt64, _ count: Int, at offset: Int) -> Bool {
        let mask: UInt64 = count == 8 ? ~0 : (1 << UInt64(8 * count)) - 1
        return word(offset) & mask == literal
    }

    /// The byte at `offset`, or zero past the end.
    @inline(__always) func byte(_ offset: Int) -> UInt8 {
        offset < end ? base[offset] : 0
    }

    /// Skips XML white space (space, tab, line feed, carriage return).
    @inline(__always) mutating func skipWhitespace() {
        if position &+ 8 <= end {
            // Line feeds and tabs, the usual white space, found eight bytes at a time.
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            let other = ~(Self.zeroBytes(word ^ 0x0909_0909_0909_0909) | Self.zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A)) & 0x8080_8080_8080_8080
            if other != 0 {
                position &+= other.trailingZeroBitCount >> 3
                guard base[position] == 0x20 || base[position] == 0x0D else { return }
            } else {
                position &+= 8
            }
        }
        while position < end {
            let byte = base[position]
            guard XMLPropertyListReader.isWhitespace(byte) else { return }
            position &+= 1
        }
    }

    /// Whether `literal`, of `count` bytes, is next; if so, moves past it.
    @inline(__always) mutating func take(_ literal: UInt64, _ count: Int) -> Bool {
        guard matches(literal, count, at: position) else { return false }
        position &+= count
        return true
    }

    /// Whether the bytes of `text` are next; if so, moves past them.
    mutating func take(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard count <= end - position, BinaryPropertyListIndex.same(base + position, text.utf8Start, count) else { return false }
        position &+= count
        return true
    }

    /// The high bit of each byte of `word` that is zero, exactly (no borrow between bytes).
    @inline(__always) static func zeroBytes(_ word: UInt64) -> UInt64 {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~((word & lows &+ lows) | word) & 0x8080_8080_8080_8080
    }

    /// The high bit of each byte of `word` that is `<`, `&` or not ASCII; the lowest one set
    /// is exact (a higher one may be set by the borrow of a lower).
    @inline(__always) static func special(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let less = word ^ 0x3C3C_3C3C_3C3C_3C3C, ampersand = word ^ 0x2626_2626_2626_2626
        return ((less &- ones) & ~less | (ampersand &- ones) & ~ampersand | word) & highs
    }

    /// Moves past text up to the next `<` (there, `true`): characters checked as the reader
    /// checks them; references expanded by the reader read when `references`, else refused.
    mutating func skipText(references: Bool) -> Bool {
        while true {
            if position &+ 8 <= end {
                let found = Self.special(UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                if found == 0 {
                    position &+= 8
                    continue
                }
                position &+= found.trailingZeroBitCount >> 3
            } else {
                while position < end, base[position] != 0x3C, base[position] != 0x26, base[position] < 0x80 { position &+= 1 }
                guard position < end else { return false }
            }
            switch base[position] {
            case 0x3C: return true
            case 0x26: guard references, reference() else { return false }
            default: guard character() else { return false }
            }
        }
    }

    /// Moves past the character not ASCII at the current byte: UTF-8 that the reader's
    /// character check takes (a scalar of the shortest form, not a surrogate).
    mutating func character() -> Bool {
        guard let (length, bits) = XMLPropertyListReader.utf8Lead(base[position]) else { return false }
        var value = bits
        guard position &+ length <= end else { return false }
        for index in position &+ 1..<position &+ length {
            let next = base[index]
            guard next & 0xC0 == 0x80 else { return false }
            value = value << 6 | UInt32(next & 0x3F)
        }
        let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= smallest, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value),
              XMLPropertyListReader.isReadableCharacter(value)
        else { return false }
        position &+= length
        return true
    }

    /// Whether the bytes from the current one up to `stop` are characters the reader reads
    /// (for a value the reader builds, whose characters it does not check itself).
    mutating func readable(upTo stop: Int) -> Bool {
        while position < stop {
            if base[position] < 0x80 {
                position &+= 1
            } else if !character() {
                return false
            }
        }
        return true
    }

    /// Moves past the reference at `&`: one of the five predefined entities, or `&#` and up to
    /// eight decimal digits, or `&#x` and up to eight hexadecimal digits, naming a character
    /// the reader expands.
    mutating func reference() -> Bool {
        if take("&amp;") || take("&lt;") || take("&gt;") || take("&quot;") || take("&apos;") { return true }
        guard byte(position &+ 1) == UInt8(ascii: "#") else { return false }
        var index = position &+ 2
        let hex = byte(index) == UInt8(ascii: "x")
        if hex { index &+= 1 }
        var value: UInt32 = 0
        var digits = 0
        // Up to eight digits are summed (eight hexadecimal ones fill 32 bits); a ninth is only
        // seen, which leaves the reference to the reader (the loop ends at it, or before).
        while true {
            let byte = self.byte(index)
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: digit = 99
            }
            guard digit != 99 else { break }
            digits += 1
            guard digits <= 8 else { break }
            value = value * (hex ? 16 : 10) + digit
            index &+= 1
        }
        guard (1...8).contains(digits), byte(index) == UInt8(ascii: ";"), value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value),
              XMLPropertyListReader.isReadableCharacter(value)
        else { return false }
        position = index + 1
        return true
    }

    /// Skips the white space Foundation reads before an integer: spaces, tabs, line feeds and
    /// carriage returns (the reader takes more; none after it).
    @inline(__always) mutating func skipLeadingSpace() {
        while position < end, XMLPropertyListReader.isWhitespace(base[position]) { position &+= 1 }
    }

    /// Moves past an integer's text up to `<`: white space, an optional sign and decimal
    /// digits of a value the reader reads (at most 2⁶⁴ - 1, down to -2⁶³), nothing after them.
    mutating func integerText() -> Bool {
        skipLeadingSpace()
        let start = position
        if byte(position) == UInt8(ascii: "-") || byte(position) == UInt8(ascii: "+") { position &+= 1 }
        let digitsStart = position
        while position < end, base[position] &- UInt8(ascii: "0") < 10 { position &+= 1 }
        let digits = position - digitsStart
        // Up to 18 digits fit; more are read again, with their overflow checked.
        guard digits > 0, digits <= 18 || Self.isInteger(base, start..<position) else { return false }
        return byte(position) == UInt8(ascii: "<")
    }

    /// Moves past a real's text up to `<`: `nan`, or `inf` or `infinity` with an optional
    /// sign, in any case; or an optional sign and one to forty digits, optionally `.` and more
    /// digits, optionally `e` or `E`, a sign and one to three digits (the forms Python and
    /// Foundation write, which Foundation and the reader read); no white space.
    mutating func realText() -> Bool {
        let signed = byte(position) == UInt8(ascii: "-") || byte(position) == UInt8(ascii: "+")
        if signed { position &+= 1 }
        @inline(__always) func digits() -> Int {
            let start = position
            while position < end, base[position] &- UInt8(ascii: "0") < 10 { position &+= 1 }
            return position - start
        }
        if byte(position) | 0x20 == UInt8(ascii: "n") || byte(position) | 0x20 == UInt8(ascii: "i") {
            var word: UInt64 = 0
            let start = position
            while position < end, position - start <= 8, base[position] | 0x20 &- UInt8(ascii: "a") < 26 {
                word = word << 8 | UInt64(base[position] | 0x20)
                position &+= 1
            }
            // nan (never signed), inf, infinity.
            guard position - start <= 8, word == 0x6E_616E && !signed || word == 0x69_6E66 || word == 0x696E_6669_6E69_7479 else { return false }
        } else {
            var count = digits()
            guard count >= 1 else { return false }
            if byte(position) == UInt8(ascii: ".") {
                position &+= 1
                let fraction = digits()
                guard fraction >= 1 else { return false }
                count += fraction
            }
            guard count <= 40 else { return false }
            if byte(position) | 0x20 == UInt8(ascii: "e") {
                position &+= 1
                if byte(position) == UInt8(ascii: "-") || byte(position) == UInt8(ascii: "+") { position &+= 1 }
                guard (1...3).contains(digits()) else { return false }
            }
        }
        return byte(position) == UInt8(ascii: "<")
    }

    /// Moves past a date's text up to `<`: exactly `YYYY-MM-DDTHH:MM:SSZ` of a real day and
    /// time (Foundation reads it so, to the same moment), no white space.
    mutating func dateText() -> Bool {
        guard position &+ 20 <= end, PropertyListDate.parse(UnsafeBufferPointer(start: base + position, count: 20)) != nil else { return false }
        position &+= 20
        return byte(position) == UInt8(ascii: "<")
    }

    // MARK: The document

    /// Walks the whole document; whether the scan takes it.
    mutating func document() -> Bool {
        skipWhitespace()
        if byte(position) == UInt8(ascii: "<"), byte(position &+ 1) == UInt8(ascii: "?") {
            guard take("<?xml version=\"1.0\" encoding=\"UTF-8\"?>") else { return false }
            skipWhitespace()
        }
        if byte(position) == UInt8(ascii: "<"), byte(position &+ 1) == UInt8(ascii: "!") {
            guard take("<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">") else {
                return false
            }
            skipWhitespace()
        }
        guard take("<plist version=\"1.0\">") || take("<plist>") else { return false }
        skipWhitespace()
        let tagStart = position
        if take(Word.emptyDict, 7) {
            rootIsEmptyTag = true
            rootTag = tagStart..<position
        } else {
            guard take(Word.dict, 6) else { return false }
            rootTag = tagStart..<position
            guard dictionary(depth: 0) else { return false }
        }
        skipWhitespace()
        guard take(Word.plistEnd, 8) else { return false }
        skipWhitespace()
        return position == end
    }

    /// Moves past the value whose start tag is next, nested at `depth`.
    mutating func value(depth: Int) -> Bool {
        let word = self.word(position)
        switch UInt8(truncatingIfNeeded: word >> 8) {
        case UInt8(ascii: "s"):
            if word == Word.string {
                position &+= 8
                guard skipText(references: true), matches(Word.stringEnd, 8, at: position), byte(position &+ 8) == UInt8(ascii: ">") else {
                    return false
                }
                position &+= 9
                return true
            }
            guard word == Word.emptyString, byte(position &+ 8) == UInt8(ascii: ">") else { return false }
            position &+= 9
            return true
        case UInt8(ascii: "i"):
            guard word == Word.integer, byte(position &+ 8) == UInt8(ascii: ">") else { return false }
            position &+= 9
            guard integerText(), matches(Word.integerEnd, 8, at: position),
                  byte(position &+ 8) == UInt8(ascii: "r"), byte(position &+ 9) == UInt8(ascii: ">")
            else { return false }
            position &+= 10
            return true
        case UInt8(ascii: "r"):
            guard take(Word.real, 6), realText() else { return false }
            return take(Word.realEnd, 7)
        case UInt8(ascii: "d"):
            if take(Word.dict, 6) { return dictionary(depth: depth) }
            if take(Word.emptyDict, 7) { return depth < XMLPropertyList.maxDepth }
            if take(Word.date, 6) {
                return dateText() && take(Word.dateEnd, 7)
            }
            // <data/> Foundation refuses; so does the reader.
            guard take(Word.data, 6) else { return false }
            guard let length = PropertyListBase64.validLength(UnsafeBufferPointer(start: base + position, count: end - position)) else {
                return false
            }
            position &+= length
            return take(Word.dataEnd, 7)
        case UInt8(ascii: "a"):
            if take(Word.emptyArray, 8) { return depth < XMLPropertyList.maxDepth }
            guard take(Word.array, 7), depth < XMLPropertyList.maxDepth else { return false }
            while true {
                skipWhitespace()
                if take(Word.arrayEnd, 8) { return true }
                guard byte(position) == UInt8(ascii: "<"), value(depth: depth + 1) else { return false }
            }
        case UInt8(ascii: "t"):
            if take(Word.emptyTrue, 7) { return true }
            guard take(Word.trueThenEnd, 8) else { return false }
            return take("true>")
        case UInt8(ascii: "f"):
            if take(Word.emptyFalse, 8) { return true }
            guard take(Word.falseThenEnd, 8) else { return false }
            return take("/false>")
        default:
            return false
        }
    }

    /// Moves past the entries of the dictionary whose start tag `<dict>` was just read, nested
    /// at `depth`, through `</dict>`: the top one (depth 0) records its entries and builds the
    /// selected ones.
    mutating func dictionary(depth: Int) -> Bool {
        guard depth < XMLPropertyList.maxDepth else { return false }
        let first = keys.count
        while true {
            skipWhitespace()
            if take(Word.dictEnd, 7) { break }
            let key: Range<Int>
            if take(Word.key, 5) {
                let start = position
                guard skipText(references: false) else { return false }
                key = start..<position
                guard take(Word.keyEnd, 6) else { return false }
            } else {
                guard take(Word.emptyKey, 6) else { return false }
                key = position..<position
            }
            keys.append(key)
            skipWhitespace()
            guard byte(position) == UInt8(ascii: "<"), byte(position &+ 1) != UInt8(ascii: "/") else { return false }
            if depth == 0, key.count >= prefix.count,
               prefix.isEmpty || base[key.lowerBound] == prefix[0] && BinaryPropertyListIndex.same(base + key.lowerBound, prefix.baseAddress!, prefix.count) {
                guard select(key) else { return false }
            } else {
                guard value(depth: depth + 1) else { return false }
            }
            if depth == 0 { entryEnds.append(position) }
        }
        guard keysAreUnique(from: first) else { return false }
        if depth > 0 {
            while keys.count > first { keys.removeLast() }
        }
        return true
    }

    /// Builds the top dictionary's entry whose key lies at `key` and whose value's start tag
    /// is next, by the reader, and moves past it; its characters are checked here.
    mutating func select(_ key: Range<Int>) -> Bool {
        let start = position
        guard let (value, stop) = try? XMLPropertyListReader.value(in: bytes, at: start, depth: 1), readable(upTo: stop) else {
            return false
        }
        selected.append(entryEnds.count)
        entries.append(.init(key: String(decoding: UnsafeBufferPointer(start: base + key.lowerBound, count: key.count), as: UTF8.self), value: value))
        return true
    }

    // MARK: Keys

    /// Whether the keys of ``keys`` from `first` on (one dictionary's) differ from each other:
    /// up to 16 compared pairwise, more by a hash table of their bytes, whose probes are
    /// bounded (past the bound, `false`: the reader checks them then).
    func keysAreUnique(from first: Int) -> Bool {
        let count = keys.count - first
        return keys.withUnsafeBufferPointer { all in
            let keys = UnsafeBufferPointer(rebasing: all[first...])
            func same(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
                a.count == b.count && BinaryPropertyListIndex.same(base + a.lowerBound, base + b.lowerBound, a.count)
            }
            if count <= 16 {
                for a in keys.indices.dropFirst() {
                    for b in 0..<a where same(keys[a], keys[b]) { return false }
                }
                return true
            }
            var capacity = 64
            while capacity < 2 * count { capacity <<= 1 }
            // The table's slots (an entry's index, or UInt32.max for none), then each key's tag:
            // its hash's high half, compared before its bytes are.
            return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: capacity + count) { memory in
                let slots = memory.baseAddress!
                let tags = slots + capacity
                slots.initialize(repeating: .max, count: capacity)
                var budget = 8 * count + 64
                let mask = capacity - 1
                for index in 0..<count {
                    let key = keys[index]
                    let hash = hash(key)
                    let tag = UInt32(truncatingIfNeeded: hash >> 32)
                    tags[index] = tag
                    var slot = Int(truncatingIfNeeded: hash) & mask
                    while slots[slot] != .max {
                        budget -= 1
                        guard budget > 0 else { return false }
                        let other = Int(slots[slot])
                        if tags[other] == tag, same(keys[other], key) { return false }
                        slot = (slot &+ 1) & mask
                    }
                    slots[slot] = UInt32(truncatingIfNeeded: index)
                }
                return true
            }
        }
    }

    /// A hash of the bytes of `key`, eight at a time (``KeyHash``). (Offsets lie within the
    /// document, so the arithmetic wraps rather than checks for overflow.)
    func hash(_ key: Range<Int>) -> UInt64 {
        var index = key.lowerBound
        let stop = key.upperBound
        var hash = seed ^ UInt64(truncatingIfNeeded: key.count)
        while index &+ 8 <= stop {
            hash = KeyHash.mix(hash, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            index &+= 8
        }
        if index < stop {
            // The last one to seven bytes, from a word when one can be read there (a key is followed by `</key>`).
            let count = stop &- index
            var tail: UInt64 = 0
            if index &+ 8 <= end {
                tail = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & (UInt64.max &>> UInt64(truncatingIfNeeded: 64 &- 8 &* count))
            } else {
                for offset in 0..<count { tail |= UInt64(base[index &+ offset]) << UInt64(truncatingIfNeeded: 8 &* offset) }
            }
            hash = KeyHash.mix(hash, tail)
        }
        return KeyHash.finish(hash)
    }

    // MARK: Numbers

    /// Whether `text` is an optional sign and decimal digits of a value the reader reads:
    /// at most 2⁶⁴ - 1, or down to -2⁶³.
    static func isInteger(_ base: UnsafePointer<UInt8>, _ text: Range<Int>) -> Bool {
        var index = text.lowerBound
        let negative = index < text.upperBound && base[index] == UInt8(ascii: "-")
        if index < text.upperBound, negative || base[index] == UInt8(ascii: "+") { index += 1 }
        guard index < text.upperBound else { return false }
        var magnitude: UInt64 = 0
        while index < text.upperBound {
            let digit = base[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return false }
            let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(UInt64(digit))
            guard !overflow, !carry else { return false }
            magnitude = sum
            index += 1
        }
        return !negative || magnitude <= UInt64(Int64.max) + 1
    }
}
