import PlainText

/// A strict reader of XML property lists over UTF-8 bytes (see ``XMLPropertyList``).
///
/// The whole input is first checked to be UTF-8 holding only characters Foundation reads (those
/// XML allows, the control characters it writes raw, U+FFFE and U+FFFF); then the prolog, the `<plist>`
/// element and its one value are read, recursing into arrays and dictionaries no deeper than
/// ``XMLPropertyList/maxDepth``. It is the one reader of the format: the whole decode, a key
/// looked up, `show --path` under a key and a change spliced into the file all read through it.
/// Where the top dictionary's entries lie is recorded as it reads (the map: each key, where its
/// value starts and where the entry ends; ``XMLPropertyListMap``, ``XMLPropertyListLayout``);
/// with ``selecting``, only the entries asked for are built, every other value is checked in
/// the same pass and built later from the map if it is asked for. Its primitives take the
/// usual layout at once and leave the rest to the general code: the vocabulary's tags (`<key>`,
/// `</key>`, `<string>`...) are recognised as one 64-bit word, a line end and tabs between
/// elements are passed inline, text is skipped to the next `<` or `&` eight bytes at a time;
/// a dictionary's keys are compared as bytes, its first 16 as they are read, the rest through a
/// hash table made once, when it ends or an error stops it (refusing the same repeat as when
/// reading key by key).
package struct XMLPropertyListReader {
    /// The whole input.
    package let bytes: [UInt8]
    /// Whether the input was UTF-16 (now transcoded): its declaration must then say so.
    package let fromUTF16: Bool
    /// The offset of the next byte to read.
    private var position = 0
    /// Where the top value's start tag lies, when it is a dictionary.
    private(set) var rootTag: Range<Int>? = nil
    /// Whether that tag was `<dict/>`.
    private(set) var rootIsEmptyTag = false
    /// The map of the top dictionary: where each entry's value starts (its start tag)...
    private(set) var rootValueStarts: [Int] = []
    /// ...and where each entry ends (after its value).
    private(set) var rootEntryEnds: [Int] = []
    /// The text of the keys of the dictionaries being read, references expanded, one after
    /// another: the top dictionary's stay (``rootKeys`` says where each lies), a nested one's
    /// are dropped when it ends. (A string being built is collected after them, then dropped.)
    private(set) var keyText: [UInt8] = []
    /// Where each key of the dictionaries being read lies in ``keyText``, the innermost last;
    /// after the read, the top dictionary's keys, in order.
    private(set) var rootKeys: [Range<Int>] = []
    /// When set, only the top dictionary's entries whose keys start with these bytes are built
    /// (``selectedEntries``); every other value is read and checked exactly as when it is
    /// built, so the same documents are accepted and refused with the same messages.
    package var selecting: [UInt8]? = nil
    /// The indexes of the top dictionary's entries that were built, when ``selecting``.
    private(set) var selectedEntries: [Int] = []
    /// The attributes of the last processing instruction read (the declaration), by name,
    /// their values as written (an element's are skipped, as Foundation skips them).
    private var attributes: [String: String] = [:]

    /// A reader of `bytes`, from the start; `fromUTF16` when they were transcoded from UTF-16.
    package init(_ bytes: [UInt8], fromUTF16: Bool = false) {
        self.bytes = bytes
        self.fromUTF16 = fromUTF16
    }

    /// A start tag as read: where its name lies and which name of the vocabulary it is, where
    /// it began, and whether it closed itself (`<x/>`). The name is compared as bytes; it is
    /// made a String only for a message (``name(_:)``).
    private struct Tag {
        /// The names of the property-list vocabulary, and any other.
        enum Kind { case plist, dict, key, array, string, integer, real, `true`, `false`, date, data, other }

        var name: Range<Int>
        var kind: Kind
        var offset: Int
        var empty: Bool
    }

    /// The name of `tag`, for messages.
    private func name(_ tag: Tag) -> String { String(decoding: bytes[tag.name], as: UTF8.self) }

    /// Which name of the vocabulary the bytes at `name` are.
    private func kind(_ name: Range<Int>) -> Tag.Kind {
        let at = name.lowerBound
        switch name.count {
        case 3: return matches("key", at: at) ? .key : .other
        case 4:
            if matches("dict", at: at) { return .dict }
            if matches("real", at: at) { return .real }
            if matches("true", at: at) { return .true }
            if matches("date", at: at) { return .date }
            return matches("data", at: at) ? .data : .other
        case 5:
            if matches("array", at: at) { return .array }
            if matches("false", at: at) { return .false }
            return matches("plist", at: at) ? .plist : .other
        case 6: return matches("string", at: at) ? .string : .other
        case 7: return matches("integer", at: at) ? .integer : .other
        default: return .other
        }
    }

    /// The length of the UTF-8 sequence `lead` starts (2 to 4 bytes) and the bits it holds of
    /// its scalar, or `nil` for a byte no character not ASCII starts with.
    static func utf8Lead(_ lead: UInt8) -> (length: Int, value: UInt32)? {
        switch lead {
        case 0xC2...0xDF: (2, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (3, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (4, UInt32(lead & 0x07))
        default: nil
        }
    }

    private func error(_ reason: String, at offset: Int? = nil) -> PropertyListError {
        PropertyListError(reason, at: offset ?? position)
    }

    /// The reason of a refused read.
    private static func reason<Value>(_ read: Result<Value, FoundationXMLValues.Refusal>) -> String {
        if case .failure(let refusal) = read { return refusal.reason }
        return ""
    }

    // MARK: The document

    /// The value of the whole document.
    package mutating func document() throws -> PropertyListValue {
        try checkCharacters()
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        skipWhitespace()
        if starts(with: "<?xml"), position + 5 < bytes.count, Self.isWhitespace(bytes[position + 5]) {
            try declaration()
        }
        // Comments, processing instructions and DOCTYPEs (any number, as Foundation skips them).
        while true {
            try skipMisc(prolog: true)
            guard starts(with: "<!DOCTYPE") else { break }
            try doctype()
        }
        guard position < bytes.count else { throw error("the document has no <plist> element") }
        // Foundation reads the first element and nothing after it: <plist> and its one value,
        // or a value without <plist> around it.
        let start = position
        let plist = try startTag()
        guard plist.kind == .plist else {
            position = start
            return try value(depth: 0)
        }
        guard !plist.empty else { throw error("<plist/> holds no value", at: plist.offset) }
        try skipMisc()
        guard !starts(with: "</") else { throw error("<plist> holds no value") }
        let value = try self.value(depth: 0)
        try skipMisc()
        try endTag(.plist)
        return value
    }

    /// Reads `<?xml version="1.0" encoding="UTF-8"?>`, refusing any encoding but UTF-8 (or, in
    /// a file that was UTF-16, UTF-16).
    private mutating func declaration() throws {
        let start = position
        _ = try startTag(processingInstruction: true)
        let names = fromUTF16 ? ["utf-16", "utf-16le", "utf-16be", "utf16"] : ["utf-8", "utf8"]
        if let encoding = attributes["encoding"], !names.contains(encoding.lowercased()) {
            throw error("the encoding \(quoted(encoding)) is not supported here; only UTF-8, or UTF-16 with a byte-order mark", at: start)
        }
    }

    /// Reads `<!DOCTYPE plist PUBLIC "..." "...">`, refusing an internal subset (`[...]`).
    private mutating func doctype() throws {
        let start = position
        position += 9
        var quote: UInt8? = nil
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                throw error("a DOCTYPE with an internal subset is refused", at: position - 1)
            } else if byte == UInt8(ascii: ">") {
                return
            }
        }
        throw error("the DOCTYPE is not closed", at: start)
    }

    /// The value whose start tag is at `offset` of `bytes`, read as at nesting `depth`, and the
    /// offset after it: a value of the map the reader made (``XMLPropertyListMap``), built when
    /// asked for. The characters are taken as checked (the reader checked them making the map).
    package static func value(in bytes: [UInt8], at offset: Int, depth: Int) throws -> (value: PropertyListValue, end: Int) {
        var reader = XMLPropertyListReader(bytes)
        reader.position = offset
        let value = try reader.value(depth: depth)
        return (value, reader.position)
    }

    // MARK: Values

    /// The value whose start tag is next, at nesting `depth`.
    /// With `build` false, the value is read and checked as it would be built, but arrays,
    /// dictionaries and strings are not built (a placeholder is returned).
    private mutating func value(depth: Int, build: Bool = true) throws -> PropertyListValue {
        let tag = try startTag()
        // The common names first, compared as bytes.
        // A <key> where a value must be is a string to Foundation (only a dictionary's keys must be <key>s).
        if tag.kind == .string || tag.kind == .key { return .string(try text(of: tag, collect: build)) }
        if tag.kind == .dict { return try dictionary(tag, depth: depth, build: build) }
        if tag.kind == .array { return try array(tag, depth: depth, build: build) }
        // Numbers, dates and data are read exactly as Foundation reads them (FoundationXMLValues).
        if tag.kind == .integer {
            guard !tag.empty else { throw error("<integer/> is empty", at: tag.offset) }
            var end = position
            let read = FoundationXMLValues.integer(bytes, from: position, end: &end)
            guard case .success(let integer) = read else { throw error(Self.reason(read), at: tag.offset) }
            position = end
            try endTag(.integer)
            return .integer(integer)
        }
        if tag.kind == .real {
            guard !tag.empty else { throw error("<real/> is empty", at: tag.offset) }
            let read: Result<Double, FoundationXMLValues.Refusal>
            let stop = Self.markup(in: bytes, from: position)
            if stop + 1 < bytes.count, bytes[stop] == UInt8(ascii: "<"), bytes[stop + 1] == UInt8(ascii: "/") {
                // Text without references or CDATA (the usual), read as it lies.
                read = FoundationXMLValues.real(utf8: bytes[position..<stop], build: build)
                position = stop
                try endTag(.real)
            } else {
                read = FoundationXMLValues.real(try text(of: tag))
            }
            guard case .success(let real) = read else { throw error(Self.reason(read), at: tag.offset) }
            return .real(real)
        }
        if tag.kind == .true || tag.kind == .false {
            // Foundation reads <true></true> but nothing between the tags, not even white space.
            if !tag.empty {
                guard starts(with: "</") else { throw error("<\(name(tag))> must be empty", at: tag.offset) }
                try endTag(tag)
            }
            return .boolean(tag.kind == .true)
        }
        if tag.kind == .date {
            guard !tag.empty else { throw error("<date/> is empty", at: tag.offset) }
            var end = position
            let read = FoundationXMLValues.date(bytes, from: position, end: &end, build: build)
            guard case .success(let seconds) = read else { throw error(Self.reason(read), at: tag.offset) }
            position = end
            try endTag(.date)
            return .date(seconds)
        }
        if tag.kind == .data {
            guard !tag.empty else {
                throw error("<data/> is empty data, which Foundation does not read (it reads <data></data>)", at: tag.offset)
            }
            // Not built, the base64 is checked without keeping its bytes.
            var end = position
            let read = FoundationXMLValues.data(bytes, from: position, end: &end, collect: build)
            guard case .success(let data) = read else { throw error(Self.reason(read), at: end) }
            position = end
            try endTag(.data)
            return .data(data)
        }
        throw error("unknown element \(quoted("<" + name(tag) + ">"))", at: tag.offset)
    }

    /// The dictionary whose start tag `tag` was just read.
    private mutating func dictionary(_ tag: Tag, depth: Int, build: Bool) throws -> PropertyListValue {
        guard depth < XMLPropertyList.maxDepth else {
            throw error("arrays and dictionaries are nested more than \(XMLPropertyList.maxDepth) deep", at: tag.offset)
        }
        let isRoot = depth == 0
        if isRoot {
            rootTag = tag.offset..<position
            rootIsEmptyTag = tag.empty
            // Room for the map at once, an entry taking some 64 bytes as usually written
            // (growing copies it all again); a file of shorter entries grows it as it goes.
            let entries = (bytes.count - position) / 64
            keyText.reserveCapacity(entries * 32)
            rootKeys.reserveCapacity(entries)
            rootValueStarts.reserveCapacity(entries)
            rootEntryEnds.reserveCapacity(entries)
        }
        guard !tag.empty else { return .dictionary(PropertyListDictionary()) }
        var entries: [PropertyListDictionary.Entry] = []
        // This dictionary's keys: their text from `firstText` of keyText, their places from
        // `firstKey` of rootKeys; a nested dictionary's are dropped when it ends.
        let firstText = keyText.count, firstKey = rootKeys.count
        // Where the tags of the keys past the 16th lie: those are checked for repeats at once,
        // when the dictionary ends or an error stops it (so the same key given twice is refused,
        // with the same message, where reading key by key would have refused it).
        var lateKeys: [Int] = []
        defer {
            if !isRoot {
                keyText.removeSubrange(firstText...)
                rootKeys.removeSubrange(firstKey...)
            }
        }
        do {
            while true {
                try skipMisc()
                if starts(with: "</") { break }
                let keyTag = try startTag()
                guard keyTag.kind == .key else {
                    throw error("expected <key> in <dict>, not \(quoted("<" + name(keyTag) + ">"))", at: keyTag.offset)
                }
                // The key's text is kept as bytes; a String is made only for an entry built or a message.
                let start = keyText.count
                try appendText(of: keyTag)
                let key = start..<keyText.count
                var name: String { String(decoding: keyText[key], as: UTF8.self) }
                if rootKeys.count - firstKey < 16 {
                    guard KeyTable.isNew(key, among: rootKeys[firstKey...], in: keyText) else {
                        throw error("the dictionary has the key \(quoted(name)) twice", at: keyTag.offset)
                    }
                } else {
                    lateKeys.append(keyTag.offset)
                }
                rootKeys.append(key)
                try skipMisc()
                guard position < bytes.count, !starts(with: "</") else {
                    throw error("the key \(quoted(name)) has no value")
                }
                if isRoot {
                    rootValueStarts.append(position)
                    if let prefix = selecting {
                        if key.count >= prefix.count, prefix.withUnsafeBufferPointer({ prefix in
                            keyText.withUnsafeBufferPointer { text in prefix.indices.allSatisfy { text[key.lowerBound + $0] == prefix[$0] } }
                        }) {
                            selectedEntries.append(rootEntryEnds.count)
                            entries.append(.init(key: name, value: try value(depth: depth + 1)))
                        } else {
                            _ = try value(depth: depth + 1, build: false)
                        }
                    } else {
                        let value = try value(depth: depth + 1, build: build)
                        if build { entries.append(.init(key: name, value: value)) }
                    }
                    rootEntryEnds.append(position)
                } else {
                    let value = try value(depth: depth + 1, build: build)
                    if build { entries.append(.init(key: name, value: value)) }
                }
            }
        } catch {
            try checkLateKeys(from: firstKey, lateKeys)
            throw error
        }
        try checkLateKeys(from: firstKey, lateKeys)
        try endTag(.dict)
        return .dictionary(PropertyListDictionary(entries))
    }

    /// Refuses the first of a dictionary's keys past its 16th (`lateKeys`, where their tags lie)
    /// that is the same as a key before it; its keys are those of ``rootKeys`` from `firstKey`.
    private func checkLateKeys(from firstKey: Int, _ lateKeys: [Int]) throws {
        guard !lateKeys.isEmpty, let index = KeyTable.firstRepeat(rootKeys[firstKey...], from: 16, in: keyText) else { return }
        let key = rootKeys[firstKey + index]
        throw error("the dictionary has the key \(quoted(String(decoding: keyText[key], as: UTF8.self))) twice", at: lateKeys[index - 16])
    }

    /// The array whose start tag `tag` was just read.
    private mutating func array(_ tag: Tag, depth: Int, build: Bool) throws -> PropertyListValue {
        guard depth < XMLPropertyList.maxDepth else {
            throw error("arrays and dictionaries are nested more than \(XMLPropertyList.maxDepth) deep", at: tag.offset)
        }
        guard !tag.empty else { return .array([]) }
        var elements: [PropertyListValue] = []
        while true {
            try skipMisc()
            if starts(with: "</") {
                try endTag(.array)
                return .array(elements)
            }
            let element = try value(depth: depth + 1, build: build)
            if build { elements.append(element) }
        }
    }

    // MARK: Text

    /// The text content of the element `tag` (whose start tag was just read), through its end
    /// tag: entities and character references expanded, CDATA kept; a comment refused, as
    /// Foundation refuses one there; any
    /// element inside is refused. Line ends are kept as they are (`\r` stays `\r`), as
    /// Foundation reads them: it writes a carriage return raw, and means it. Without `collect`,
    /// the text is checked the same way but not kept (the empty string is returned).
    private mutating func text(of tag: Tag, collect: Bool = true) throws -> String {
        // Collected after the keys of the dictionaries being read, then dropped.
        let mark = keyText.count
        try appendText(of: tag, collect: collect)
        guard keyText.count > mark else { return "" }
        let text = String(decoding: keyText[mark...], as: UTF8.self)
        keyText.removeSubrange(mark...)
        return text
    }

    /// Appends the UTF-8 bytes of ``text(of:collect:)`` to ``keyText`` (without `collect`, none).
    private mutating func appendText(of tag: Tag, collect: Bool = true) throws {
        if tag.empty { return }
        while true {
            guard position < bytes.count else {
                throw error("<\(name(tag))> is not closed", at: tag.offset)
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") {
                if starts(with: "</") {
                    try endTag(tag)
                    return
                } else if starts(with: "<![CDATA[") {
                    let start = position
                    position += 9
                    guard let end = find("]]>") else { throw error("the CDATA section is not closed", at: start) }
                    if collect { keyText += bytes[position..<end] }
                    position = end + 3
                } else if starts(with: "<!--") {
                    throw error("a comment inside <\(name(tag))>, which Foundation does not read")
                } else {
                    throw error("an element inside <\(name(tag))>")
                }
            } else if byte == UInt8(ascii: "&") {
                let expanded = try reference()
                if collect { keyText += expanded }
            } else {
                let start = position
                position = Self.markup(in: bytes, from: position + 1)
                if collect { keyText += bytes[start..<position] }
            }
        }
    }

    /// The offset of the first `<` or `&` of `bytes` from `start` on, or their count: eight
    /// bytes at a time.
    private static func markup(in bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            var index = start
            let end = buffer.count
            while index &+ 8 <= end {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let found = zeroBytes(word ^ 0x3C3C_3C3C_3C3C_3C3C) | zeroBytes(word ^ 0x2626_2626_2626_2626)
                if found != 0 { return index &+ found.trailingZeroBitCount &>> 3 }
                index &+= 8
            }
            while index < end, base[index] != UInt8(ascii: "<"), base[index] != UInt8(ascii: "&") { index &+= 1 }
            return index
        }
    }

    /// The high bit of each byte of `word` that is zero, exactly (no borrow between bytes).
    @inline(__always) static func zeroBytes(_ word: UInt64) -> UInt64 {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~((word & lows &+ lows) | word) & 0x8080_8080_8080_8080
    }

    /// The UTF-8 bytes of the entity or character reference at `&`.
    private mutating func reference() throws -> [UInt8] {
        let start = position
        var end = position + 1
        while end < bytes.count, end - start <= 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
            throw error("'&' must begin a reference such as &amp;", at: start)
        }
        let name = String(decoding: bytes[start + 1..<end], as: UTF8.self)
        position = end + 1
        switch name {
        case "amp": return [UInt8(ascii: "&")]
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default: break
        }
        var digits = Substring(name)
        var radix = 10
        guard digits.first == "#" else {
            throw error("unknown entity \(quoted("&" + name + ";")); only &amp; &lt; &gt; &quot; &apos; are defined", at: start)
        }
        digits = digits.dropFirst()
        if digits.first == "x" {
            radix = 16
            digits = digits.dropFirst()
        }
        // Foundation reads at most eight digits (leading zeros too).
        guard digits.count <= 8 else {
            throw error("\(quoted("&" + name + ";")) has more than 8 digits, which Foundation does not read", at: start)
        }
        guard let first = digits.first, first.isASCII, first.isHexDigit,
              let value = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(value), Self.isReadableCharacter(value)
        else {
            throw error("\(quoted("&" + name + ";")) is not a character XML allows", at: start)
        }
        return Array(String(Character(scalar)).utf8)
    }

    // MARK: Markup

    /// The eight bytes of the input from `offset`, the first the lowest (the caller checks they exist).
    @inline(__always) private func word(at offset: Int) -> UInt64 {
        bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
    }

    /// The name of the vocabulary `kind` is.
    private static func vocabularyName(_ kind: Tag.Kind) -> StaticString {
        switch kind {
        case .plist: "plist"
        case .dict: "dict"
        case .key: "key"
        case .array: "array"
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .true: "true"
        case .false: "false"
        case .date: "date"
        case .data: "data"
        case .other: ""
        }
    }

    /// Reads the start tag at the current position when it is one of the vocabulary written
    /// as every writer writes it (`<key>`, `<string>`, `<true/>`...), recognised as one word:
    /// the tag ``startTag(processingInstruction:)`` reads there, or `nil` (nothing read) for
    /// any other, which it then reads.
    @inline(__always) private mutating func knownTag() -> Tag? {
        let at = position
        guard at &+ 9 <= bytes.count else { return nil }
        let word = self.word(at: at)
        // Each tag's bytes, the first the lowest: 0x3E is `>`, 0x2F `/`, 0x3C `<`.
        let kind: Tag.Kind, name: Int, empty: Bool
        if word & 0xFF_FFFF_FFFF == 0x3E_7965_6B3C {  // <key>
            (kind, name, empty) = (.key, 3, false)
        } else if word == 0x3E67_6E69_7274_733C {  // <string>
            (kind, name, empty) = (.string, 6, false)
        } else {
            switch word & 0xFFFF_FFFF_FFFF {
            case 0x3E74_6369_643C: (kind, name, empty) = (.dict, 4, false)  // <dict>
            case 0x3E6C_6165_723C: (kind, name, empty) = (.real, 4, false)  // <real>
            case 0x3E65_7461_643C: (kind, name, empty) = (.date, 4, false)  // <date>
            case 0x3E61_7461_643C: (kind, name, empty) = (.data, 4, false)  // <data>
            default:
                switch word & 0xFF_FFFF_FFFF_FFFF {
                case 0x3E_7961_7272_613C: (kind, name, empty) = (.array, 5, false)  // <array>
                case 0x3E_2F65_7572_743C: (kind, name, empty) = (.true, 4, true)  // <true/>
                case 0x3E_2F74_6369_643C: (kind, name, empty) = (.dict, 4, true)  // <dict/>
                default:
                    switch word {
                    case 0x3E2F_6573_6C61_663C: (kind, name, empty) = (.false, 5, true)  // <false/>
                    case 0x3E2F_7961_7272_613C: (kind, name, empty) = (.array, 5, true)  // <array/>
                    case 0x7265_6765_746E_693C where bytes[at &+ 8] == UInt8(ascii: ">"):  // <integer>
                        (kind, name, empty) = (.integer, 7, false)
                    default: return nil
                    }
                }
            }
        }
        position = at &+ name &+ (empty ? 3 : 2)
        return Tag(name: at &+ 1..<at &+ 1 &+ name, kind: kind, offset: at, empty: empty)
    }

    /// Reads `</name>` at the current position when it closes the element `kind` names and is
    /// written as every writer writes it, recognised as one word after its `<`; whether it did
    /// (otherwise nothing is read).
    @inline(__always) private mutating func knownEndTag(_ kind: Tag.Kind) -> Bool {
        let at = position
        guard at &+ 10 <= bytes.count, bytes[at] == UInt8(ascii: "<") else { return false }
        let word = self.word(at: at &+ 1)
        // `/name>`, the first byte the lowest, and how many bytes it has.
        let expected: UInt64, count: Int
        switch kind {
        case .key: (expected, count) = (0x3E_7965_6B2F, 5)
        case .string: (expected, count) = (0x3E67_6E69_7274_732F, 8)
        case .dict: (expected, count) = (0x3E74_6369_642F, 6)
        case .array: (expected, count) = (0x3E_7961_7272_612F, 7)
        case .real: (expected, count) = (0x3E6C_6165_722F, 6)
        case .date: (expected, count) = (0x3E65_7461_642F, 6)
        case .data: (expected, count) = (0x3E61_7461_642F, 6)
        case .plist: (expected, count) = (0x3E_7473_696C_702F, 7)
        case .true: (expected, count) = (0x3E65_7572_742F, 6)
        case .false: (expected, count) = (0x3E_6573_6C61_662F, 7)
        case .integer:
            guard word == 0x7265_6765_746E_692F, bytes[at &+ 9] == UInt8(ascii: ">") else { return false }
            position = at &+ 10
            return true
        case .other: return false
        }
        let mask: UInt64 = count == 8 ? ~0 : (1 &<< (8 &* UInt64(count))) &- 1
        guard word & mask == expected else { return false }
        position = at &+ 1 &+ count
        return true
    }

    /// Reads a start tag (or, with `processingInstruction`, `<?name ... ?>`, whose attributes
    /// are read) at `<`.
    @inline(__always) private mutating func startTag(processingInstruction: Bool = false) throws -> Tag {
        if !processingInstruction, let tag = knownTag() { return tag }
        return try anyStartTag(processingInstruction: processingInstruction)
    }

    /// ``startTag(processingInstruction:)`` for a tag ``knownTag()`` does not read.
    @inline(never) private mutating func anyStartTag(processingInstruction: Bool) throws -> Tag {
        let start = position
        guard position < bytes.count, bytes[position] == UInt8(ascii: "<") else {
            throw error(position < bytes.count ? "text where an element must be" : "the document ends where an element must be")
        }
        position += processingInstruction ? 2 : 1
        let nameRange = try readName()
        let kind = processingInstruction ? .other : self.kind(nameRange)
        var name: String { String(decoding: bytes[nameRange], as: UTF8.self) }
        // An element's start tag as it is nearly always written, `<name>` or `<name/>`, at once.
        if !processingInstruction, position + 1 < bytes.count {
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                return Tag(name: nameRange, kind: kind, offset: start, empty: false)
            }
            if bytes[position] == UInt8(ascii: "/"), bytes[position + 1] == UInt8(ascii: ">") {
                position += 2
                return Tag(name: nameRange, kind: kind, offset: start, empty: true)
            }
        }
        attributes = [:]
        while true {
            let hadSpace = skipWhitespace()
            guard position < bytes.count else { throw error("the tag <\(name)> is not closed", at: start) }
            if processingInstruction ? starts(with: "?>") : starts(with: "/>") {
                position += 2
                return Tag(name: nameRange, kind: kind, offset: start, empty: true)
            }
            if !processingInstruction, bytes[position] == UInt8(ascii: ">") {
                position += 1
                return Tag(name: nameRange, kind: kind, offset: start, empty: false)
            }
            guard hadSpace else { throw error("expected white space, '>' or '/>' in the tag <\(name)>") }
            if !processingInstruction {
                // After an element's name and white space, Foundation skips to the first `>`
                // (attributes are not read, nor quotes heeded); a `/` just before it empties the element.
                guard let close = bytes[position...].firstIndex(of: UInt8(ascii: ">")) else {
                    throw error("the tag <\(name)> is not closed", at: start)
                }
                position = close + 1
                return Tag(name: nameRange, kind: kind, offset: start, empty: bytes[close - 1] == UInt8(ascii: "/"))
            }
            let attribute = String(decoding: bytes[try readName()], as: UTF8.self)
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                throw error("expected '=' after the attribute \(quoted(attribute))")
            }
            position += 1
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
                throw error("expected a quoted value for the attribute \(quoted(attribute))")
            }
            let quote = bytes[position]
            let valueStart = position + 1
            guard let end = bytes[valueStart...].firstIndex(of: quote) else {
                throw error("the value of the attribute \(quoted(attribute)) is not closed", at: position)
            }
            if let bad = bytes[valueStart..<end].firstIndex(of: UInt8(ascii: "<")) {
                throw error("'<' in the value of the attribute \(quoted(attribute))", at: bad)
            }
            guard attributes.updateValue(String(decoding: bytes[valueStart..<end], as: UTF8.self), forKey: attribute) == nil else {
                throw error("the attribute \(quoted(attribute)) is given twice", at: position)
            }
            position = end + 1
        }
    }

    /// Reads `</name>`, which must close the element `kind` names (one of the vocabulary).
    @inline(__always) private mutating func endTag(_ kind: Tag.Kind) throws {
        if knownEndTag(kind) { return }
        try anyEndTag(kind)
    }

    /// ``endTag(_:)`` for an end tag ``knownEndTag(_:)`` does not read.
    @inline(never) private mutating func anyEndTag(_ kind: Tag.Kind) throws {
        let expected = Self.vocabularyName(kind)
        try endTag(expected.description) { [self] in self.kind($0) == kind }
    }

    /// Reads `</name>`, which must close the element of `tag`.
    @inline(__always) private mutating func endTag(_ tag: Tag) throws {
        if tag.kind != .other, knownEndTag(tag.kind) { return }
        try anyEndTag(tag)
    }

    /// ``endTag(_:)`` for an end tag ``knownEndTag(_:)`` does not read.
    @inline(never) private mutating func anyEndTag(_ tag: Tag) throws {
        let count = tag.name.count
        if position + count + 3 <= bytes.count, bytes[position] == UInt8(ascii: "<"), bytes[position + 1] == UInt8(ascii: "/"),
           bytes[position + 2 + count] == UInt8(ascii: ">"), Self.same(bytes, position + 2, tag.name.lowerBound, count) {
            position += count + 3
            return
        }
        let bytes = self.bytes
        try endTag(String(decoding: bytes[tag.name], as: UTF8.self)) { bytes[$0].elementsEqual(bytes[tag.name]) }
    }

    /// Reads `</name>`, where `matches` says whether the name read (where it lies) is the one
    /// expected (named `expected()` in a message).
    private mutating func endTag(_ expected: @autoclosure () -> String, matches: (Range<Int>) -> Bool) throws {
        let start = position
        guard starts(with: "</") else {
            throw error(position < bytes.count ? "expected </\(expected())>" : "the document ends before </\(expected())>")
        }
        position += 2
        let name = try readName()
        skipWhitespace()
        guard matches(name), position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
            throw error("expected </\(expected())>", at: start)
        }
        position += 1
    }

    /// Reads a name: an ASCII letter, `_` or `:`, then letters, digits, `.`, `-`, `_` or `:`.
    /// (Names outside ASCII are valid XML but never part of a property list.)
    private mutating func readName() throws -> Range<Int> {
        let start = position
        position = bytes.withUnsafeBufferPointer { buffer in
            var index = start
            while index < buffer.count {
                let byte = buffer[index]
                let letter = (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
                let other = byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
                guard letter || (other && index > start) else { break }
                index += 1
            }
            return index
        }
        guard position > start else { throw error("expected a name") }
        return start..<position
    }

    /// Skips white space, comments and processing instructions.
    /// Before the first element (`prolog`), Foundation looks for a comment's `-->` from one
    /// byte past its `<!--`, and for an instruction's `?>` from past its `<?` (so `<!---->`
    /// and `<?>` are not closed there); after it, from just past `<!--` and from the `?`.
    @inline(__always) private mutating func skipMisc(prolog: Bool = false) throws {
        // As property lists are laid out: a line end and tabs, then an element's `<` (or `</`),
        // read here; anything else (spaces, a comment...) by ``skipMiscellany(prolog:)``.
        let count = bytes.count
        var index = position
        while index < count, bytes[index] == 0x0A || bytes[index] == 0x09 { index &+= 1 }
        position = index
        if index &+ 1 < count, bytes[index] == UInt8(ascii: "<"), bytes[index &+ 1] != UInt8(ascii: "!"),
           bytes[index &+ 1] != UInt8(ascii: "?") { return }
        try skipMiscellany(prolog: prolog)
    }

    /// ``skipMisc(prolog:)`` past its usual case.
    @inline(never) private mutating func skipMiscellany(prolog: Bool) throws {
        while true {
            skipWhitespace()
            // Most often an element's `<` is next: nothing to skip.
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "<"),
                  bytes[position + 1] == UInt8(ascii: "!") || bytes[position + 1] == UInt8(ascii: "?") else { return }
            if starts(with: "<!--") {
                try comment(skipping: prolog ? 1 : 0)
            } else if starts(with: "<?") {
                let start = position
                position += prolog ? 2 : 1
                guard let end = find("?>") else { throw error("the processing instruction is not closed", at: start) }
                position = end + 2
            } else {
                return
            }
        }
    }

    /// Skips the comment at `<!--`, its end looked for from `extra` bytes past the `<!--`.
    private mutating func comment(skipping extra: Int = 0) throws {
        let start = position
        position += 4 + extra
        guard let end = find("-->") else { throw error("the comment is not closed", at: start) }
        position = end + 3
    }

    // MARK: Bytes

    /// Checks that the input is UTF-8 holding only characters Foundation reads: those XML
    /// allows and the control characters U+0000 to U+001F, which Foundation writes raw in
    /// strings and reads back (outside text, the markup refuses them). U+FFFE and U+FFFF,
    /// which XML does not allow, Foundation reads, and so does this reader.
    private func checkCharacters() throws {
        var index = 0
        while index < bytes.count {
            // Thirty-two ASCII bytes at a time, the usual case, then eight.
            index = Self.asciiRun(bytes, from: index)
            guard index < bytes.count else { break }
            if index + 8 <= bytes.count, Self.isASCIIWord(bytes, at: index) {
                index += 8
                continue
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            guard let (length, bits) = Self.utf8Lead(lead) else { throw error("invalid UTF-8", at: index) }
            var value = bits
            guard index + length <= bytes.count else { throw error("invalid UTF-8", at: index) }
            for next in bytes[index + 1..<index + length] {
                guard next & 0xC0 == 0x80 else { throw error("invalid UTF-8", at: index) }
                value = value << 6 | UInt32(next & 0x3F)
            }
            let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
            guard value >= smallest, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
                throw error("invalid UTF-8", at: index)
            }
            guard Self.isReadableCharacter(value) else {
                throw error("the character U+\(String(value, radix: 16, uppercase: true)) is not allowed in XML", at: index)
            }
            index += length
        }
    }

    /// The offset of the first of the 32-byte blocks of `bytes` from `start` on that is not all
    /// ASCII (or past the last whole block).
    private static func asciiRun(_ bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBytes { raw in
            var index = start
            while index &+ 32 <= raw.count {
                let any = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: index &+ 16, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: index &+ 24, as: UInt64.self)
                guard any & 0x8080_8080_8080_8080 == 0 else { break }
                index &+= 32
            }
            return index
        }
    }

    /// Whether the eight bytes of `bytes` from `index` are all ASCII (the caller checks they exist).
    private static func isASCIIWord(_ bytes: [UInt8], at index: Int) -> Bool {
        bytes.withUnsafeBytes { raw in
            raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        }
    }

    /// Whether the code point `value` is a character Foundation reads in a property list:
    /// one XML 1.0 allows, a control character below U+0020, or U+FFFE or U+FFFF (any scalar).
    package static func isReadableCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x00...0x1F, 0x20...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// Whether the input continues with `text` at the current position.
    @inline(__always) private func starts(with text: StaticString) -> Bool {
        matches(text, at: position)
    }

    /// Whether the bytes of `text` lie at `offset`.
    @inline(__always) private func matches(_ text: StaticString, at offset: Int) -> Bool {
        Self.matches(bytes, text, at: offset)
    }

    /// Whether the `count` bytes of `bytes` from `a` and from `b` are the same (the caller checks they exist).
    @inline(__always) static func same(_ bytes: [UInt8], _ a: Int, _ b: Int, _ count: Int) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            for index in 0..<count where buffer[a + index] != buffer[b + index] { return false }
            return true
        }
    }

    /// Whether the bytes of `text` lie at `offset` of `bytes`.
    @inline(__always) private static func matches(_ bytes: [UInt8], _ text: StaticString, at offset: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard count <= bytes.count - offset else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            let pattern = text.utf8Start
            guard buffer[offset] == pattern[0] else { return false }
            for index in 1..<count where buffer[offset + index] != pattern[index] { return false }
            return true
        }
    }

    /// Where `text` next occurs from the current position, or `nil`.
    private func find(_ text: StaticString) -> Int? {
        let pattern = Array(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        guard bytes.count >= pattern.count else { return nil }
        var index = position
        while index <= bytes.count - pattern.count {
            if bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    /// Whether `byte` is XML white space: a space, tab, line feed or carriage return (the
    /// layout's test too).
    @inline(__always) static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Skips XML white space; whether there was any.
    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = position
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
        return position > start
    }
}

/// The keys of one dictionary, to find a key given twice: up to 16 are compared with each other
/// as they are read, more are found through a hash table of their bytes (``KeyHash``, whose seed
/// differs from process to process, so that no file can be built to fill one slot), made once.
private enum KeyTable {
    /// Whether `key` (where its text lies in `text`) is none of `keys`, the dictionary's keys before it.
    static func isNew(_ key: Range<Int>, among keys: ArraySlice<Range<Int>>, in text: [UInt8]) -> Bool {
        for other in keys where other.count == key.count && XMLPropertyListReader.same(text, other.lowerBound, key.lowerBound, key.count) {
            return false
        }
        return true
    }

    /// The index among `keys` (where their text lies in `text`) of the first from `first` on
    /// that is the same as a key before it, or `nil` (the keys before `first` differ).
    static func firstRepeat(_ keys: ArraySlice<Range<Int>>, from first: Int, in text: [UInt8]) -> Int? {
        let count = keys.count
        var capacity = 64
        while capacity < 2 * count { capacity <<= 1 }
        let mask = capacity - 1
        // For each slot, the index of a key, or -1; for each key, the high half of its hash,
        // compared before its bytes are.
        var slots = [Int32](repeating: -1, count: capacity)
        var tags = [UInt32](repeating: 0, count: count)
        let base = keys.startIndex
        for index in 0..<count {
            let key = keys[base + index]
            let hash = Self.hash(key, text)
            let tag = UInt32(truncatingIfNeeded: hash >> 32)
            tags[index] = tag
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 {
                let placed = Int(slots[slot])
                let other = keys[base + placed]
                if index >= first, tags[placed] == tag, other.count == key.count,
                   XMLPropertyListReader.same(text, other.lowerBound, key.lowerBound, key.count) {
                    return index
                }
                slot = (slot + 1) & mask
            }
            slots[slot] = Int32(truncatingIfNeeded: index)
        }
        return nil
    }

    /// The hash of the bytes of `text` at `key`, eight at a time.
    private static func hash(_ key: Range<Int>, _ text: [UInt8]) -> UInt64 {
        text.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return KeyHash.finish(KeyHash.seed) }
            var index = key.lowerBound
            var hash = KeyHash.seed ^ UInt64(truncatingIfNeeded: key.count)
            while index + 8 <= key.upperBound {
                hash = KeyHash.mix(hash, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                index += 8
            }
            var tail: UInt64 = 0
            if index < key.upperBound, key.count >= 8 {
                // The last eight bytes at once (overlapping the word before).
                tail = UnsafeRawPointer(base + key.upperBound - 8).loadUnaligned(as: UInt64.self)
            } else {
                var shift: UInt64 = 0
                while index < key.upperBound {
                    tail |= UInt64(base[index]) << shift
                    shift += 8
                    index += 1
                }
            }
            return KeyHash.finish(KeyHash.mix(hash, tail))
        }
    }
}
