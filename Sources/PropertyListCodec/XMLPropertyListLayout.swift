import PlainText
/// An XML property list whose top value is a dictionary, as it was read: its bytes and where
/// each entry of the top dictionary lies, so that writing it back changes only the entries
/// that changed.
///
/// An entry whose key and value are unchanged keeps its bytes: its reals keep their spelling
/// (`0.10000000000000001`, `3`, `1e+16`, `NaN`), its strings their raw carriage returns and
/// control characters, the file its layout, comments and DOCTYPE. A changed or added entry is
/// written in Apple's layout, one tab in, its lines ending as the file's (CR LF or LF); a
/// removed one leaves nothing behind, and a dictionary emptied so is `<dict/>` again. So `set`
/// then `reset` of a key gives the file back byte for byte. A file that was UTF-16 is written back
/// in UTF-16, with the same byte-order mark.
package struct XMLPropertyListLayout: Sendable {
    /// The character encoding of a file, from its first bytes.
    package enum Encoding: Sendable {
        case utf8
        /// UTF-16 little-endian, with the byte-order mark `FF FE`.
        case utf16LE
        /// UTF-16 big-endian, with the byte-order mark `FE FF`.
        case utf16BE

        /// The encoding of `bytes`: UTF-16 when they start with its byte-order mark, else UTF-8.
        init(_ bytes: [UInt8]) {
            if bytes.starts(with: [0xFF, 0xFE]) {
                self = .utf16LE
            } else if bytes.starts(with: [0xFE, 0xFF]) {
                self = .utf16BE
            } else {
                self = .utf8
            }
        }
    }

    /// The document's bytes in UTF-8 (transcoded, without the byte-order mark, when it was UTF-16).
    package let bytes: [UInt8]
    /// Its encoding in the file.
    package let encoding: Encoding
    /// The top dictionary as read.
    package let dictionary: PropertyListDictionary
    /// Where its start tag lies.
    package let rootTag: Range<Int>
    /// Whether that tag is `<dict/>`.
    package let rootIsEmptyTag: Bool
    /// Where each entry ends (after its value); entry `i` starts where entry `i - 1` ends (the
    /// first, after the start tag), so it holds the white space and comments before it.
    package let entryEnds: [Int]

    /// This layout with `dictionary` as the dictionary read: the whole of one read in part,
    /// its other entries built from the map (``XMLPropertyListMap``).
    package func holding(_ dictionary: PropertyListDictionary) -> XMLPropertyListLayout {
        XMLPropertyListLayout(
            bytes: bytes, encoding: encoding, dictionary: dictionary, rootTag: rootTag, rootIsEmptyTag: rootIsEmptyTag, entryEnds: entryEnds)
    }

    /// The document holding `new` instead of the dictionary read, in this layout and encoding.
    ///
    /// Entries are matched in order, as routectl changes them (a value replaced in place, a
    /// key removed, a key added at the end); an entry kept from the file keeps its bytes when
    /// its key and value are the same, scalar for scalar and bit for bit.
    package func encode(_ new: PropertyListDictionary) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 256)
        if new.isEmpty, let emptied = emptiedToEmptyTag() { return encoded(emptied) }
        if rootIsEmptyTag {
            let lineEnd = self.lineEnd
            var writer = XMLPropertyListWriter()
            writer.lineEnd = lineEnd
            try writer.value(.dictionary(new), level: 0)
            out += bytes[..<rootTag.lowerBound]
            out += writer.bytes.dropLast(lineEnd.count)  // the file has its own line end after the tag
            out += bytes[rootTag.upperBound...]
        } else {
            out += bytes[..<rootTag.upperBound]
            let lineEnd = self.lineEnd
            let old = dictionary.entries
            var next = 0  // the first old entry not yet matched or passed
            // Where each old key is, by its bytes (as keys match), made only when an entry
            // does not match the next old one: then the old ones before its own were removed.
            // With it, the last new entry that has an old key: those after it are added, after
            // what is left of the old ones (removed, their comments kept before the added).
            var places: [HashedBytes: Int]? = nil
            var lastKept = new.entries.count
            for (index, entry) in new.entries.enumerated() {
                if next < old.count, !PropertyListDictionary.sameKey(old[next].key, entry.key) {
                    if places == nil {
                        let found = Dictionary(old.indices.map { (HashedBytes(Array(old[$0].key.utf8)), $0) }, uniquingKeysWith: { first, _ in first })
                        lastKept = new.entries.indices.last { found[HashedBytes(Array(new.entries[$0].key.utf8))] != nil } ?? -1
                        places = found
                    }
                    if let place = places![HashedBytes(Array(entry.key.utf8))], place > next {
                        for removed in next..<place { out += leading(span(removed)) }
                        next = place
                    } else if index > lastKept {
                        for removed in next..<old.count { out += leading(span(removed)) }
                        next = old.count
                    }
                }
                if next < old.count, PropertyListDictionary.sameKey(old[next].key, entry.key) {
                    if old[next].value == entry.value {
                        out += bytes[span(next)]
                    } else {
                        out += leading(span(next))
                        try Self.append(entry, to: &out, lineEnd: lineEnd)
                    }
                    next += 1
                } else {
                    try Self.append(entry, to: &out, lineEnd: lineEnd)
                }
            }
            for removed in next..<old.count { out += leading(span(removed)) }
            out += bytes[(entryEnds.last ?? rootTag.upperBound)...]
        }
        return encoded(out)
    }

    /// The document with some of its entries changed, by their indexes among the top
    /// dictionary's entries: replaced by another entry, or removed (`nil`); `added` entries
    /// come after the others. Every other entry keeps its bytes, as in ``encode(_:)``.
    package func encode(changing changes: [Int: PropertyListDictionary.Entry?], adding added: [PropertyListDictionary.Entry]) throws -> [UInt8] {
        BytePieces.joined(try encodePieces(changing: changes, adding: added))
    }

    /// ``encode(changing:adding:)`` as pieces to write one after another: slices of the file's
    /// bytes between the changed entries, and the changed entries' new bytes (no copy of the
    /// file is made, but of one in UTF-16, which is written whole).
    package func encodePieces(changing changes: [Int: PropertyListDictionary.Entry?], adding added: [PropertyListDictionary.Entry]) throws -> [ArraySlice<UInt8>] {
        if rootIsEmptyTag { return [try encode(PropertyListDictionary(added))[...]] }
        if added.isEmpty, !entryEnds.isEmpty, entryEnds.indices.allSatisfy({ if case .some(nil) = changes[$0] { true } else { false } }), let emptied = emptiedToEmptyTag() {
            return [encoded(emptied)[...]]
        }
        var pieces: [ArraySlice<UInt8>] = []
        let lineEnd = self.lineEnd
        // The entries lie one after another: the bytes between two changed ones go at once.
        var copied = 0
        for index in changes.keys.sorted() where entryEnds.indices.contains(index) {
            let span = span(index)
            pieces.append(bytes[copied..<span.lowerBound])
            pieces.append(leading(span))
            if case .some(let entry?) = changes[index] {
                var out: [UInt8] = []
                try Self.append(entry, to: &out, lineEnd: lineEnd)
                pieces.append(out[...])
            }
            copied = span.upperBound
        }
        let entriesEnd = entryEnds.last ?? rootTag.upperBound
        pieces.append(bytes[copied..<entriesEnd])
        if !added.isEmpty {
            var out: [UInt8] = []
            for entry in added { try Self.append(entry, to: &out, lineEnd: lineEnd) }
            pieces.append(out[...])
        }
        pieces.append(bytes[entriesEnd...])
        guard encoding == .utf8 else { return [encoded(BytePieces.joined(pieces))[...]] }
        return pieces.filter { !$0.isEmpty }
    }

    /// The document with every entry of its top dictionary removed, written `<dict/>`, when
    /// nothing but one line end is then left between `<dict>` and `</dict>`: what filling a
    /// `<dict/>` leaves (an empty dictionary as Apple, Foundation and `plistlib` write it), so
    /// that `set` then `reset` on a `<dict/>` gives its bytes back. `nil` otherwise (a comment
    /// kept, other white space, a file that had no entries).
    private func emptiedToEmptyTag() -> [UInt8]? {
        guard !rootIsEmptyTag, !entryEnds.isEmpty else { return nil }
        for index in entryEnds.indices where !leading(span(index)).isEmpty { return nil }
        let tail = entryEnds[entryEnds.count - 1]
        let close = lineEnd + Array("</dict>".utf8)
        guard bytes[tail...].starts(with: close) else { return nil }
        return Array(bytes[..<rootTag.lowerBound]) + Array("<dict/>".utf8) + Array(bytes[(tail + close.count)...])
    }

    /// Where entry `index` lies, with the white space and comments before it.
    private func span(_ index: Int) -> Range<Int> {
        (index == 0 ? rootTag.upperBound : entryEnds[index - 1])..<entryEnds[index]
    }

    /// The comments and processing instructions that come before the key of the entry at
    /// `span`: the file's, kept when the entry changes or goes. The white space after the last
    /// of them is left out (a written entry brings its own line end), so nothing when there
    /// are none.
    private func leading(_ span: Range<Int>) -> ArraySlice<UInt8> {
        var index = span.lowerBound, kept = span.lowerBound
        func starts(_ text: String) -> Bool { bytes[index..<span.upperBound].starts(with: text.utf8) }
        while index < span.upperBound {
            if XMLPropertyListReader.isWhitespace(bytes[index]) {
                index += 1
                continue
            }
            // Each ends where the reader ends it: at the first `-->` after the comment's `<!--`
            // (`<!-->` is not whole), the first `?>` from the instruction's `?` (`<?>` is).
            let close: [UInt8]
            var end: Int
            if starts("<!--") {
                (close, end) = (Array("-->".utf8), index + 4)
            } else if starts("<?") {
                (close, end) = (Array("?>".utf8), index + 1)
            } else {
                break
            }
            while end < span.upperBound, !bytes[end..<span.upperBound].starts(with: close) { end += 1 }
            guard end < span.upperBound else { break }
            index = end + close.count
            kept = index
        }
        return bytes[span.lowerBound..<kept]
    }

    /// `out` (UTF-8) in the file's encoding.
    private func encoded(_ out: [UInt8]) -> [UInt8] {
        switch encoding {
        case .utf8: return out
        case .utf16LE: return Self.utf16(fromUTF8: out, bigEndian: false)
        case .utf16BE: return Self.utf16(fromUTF8: out, bigEndian: true)
        }
    }

    /// Appends `entry` as its own lines one tab in, the line end before them rather than after.
    private static func append(_ entry: PropertyListDictionary.Entry, to out: inout [UInt8], lineEnd: [UInt8]) throws {
        var writer = XMLPropertyListWriter()
        writer.lineEnd = lineEnd
        try writer.entry(entry, level: 1)
        out += lineEnd
        out += writer.bytes.dropLast(lineEnd.count)
    }

    /// The file's line end, CR LF or LF: that of the first line to end after the top
    /// dictionary's start tag (or, when none does, of the file's first line).
    private var lineEnd: [UInt8] {
        guard let first = bytes[rootTag.upperBound...].firstIndex(of: 0x0A) ?? bytes.firstIndex(of: 0x0A),
              first > 0, bytes[first - 1] == 0x0D
        else { return [0x0A] }
        return [0x0D, 0x0A]
    }

    /// The UTF-8 form of UTF-16 `bytes` after their byte-order mark; throws for an odd length
    /// or a surrogate that does not pair.
    package static func utf8(fromUTF16 bytes: [UInt8], bigEndian: Bool) throws -> [UInt8] {
        guard bytes.count % 2 == 0 else {
            throw PropertyListError("a UTF-16 file of an odd number of bytes", at: bytes.count - 1)
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 2
        func unit(at index: Int) -> UInt16 {
            bigEndian ? UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]) : UInt16(bytes[index + 1]) << 8 | UInt16(bytes[index])
        }
        while index < bytes.count {
            let first = unit(at: index)
            var scalar = UInt32(first)
            index += 2
            if (0xD800...0xDBFF).contains(first) {
                guard index < bytes.count, (0xDC00...0xDFFF).contains(unit(at: index)) else {
                    throw PropertyListError("invalid UTF-16: a surrogate that does not pair", at: index - 2)
                }
                scalar = 0x10000 + (UInt32(first) - 0xD800) << 10 + (UInt32(unit(at: index)) - 0xDC00)
                index += 2
            } else if (0xDC00...0xDFFF).contains(first) {
                throw PropertyListError("invalid UTF-16: a surrogate that does not pair", at: index - 2)
            }
            switch scalar {
            case ..<0x80:
                out.append(UInt8(scalar))
            case ..<0x800:
                out.append(0xC0 | UInt8(scalar >> 6))
                out.append(0x80 | UInt8(scalar & 0x3F))
            case ..<0x10000:
                out.append(0xE0 | UInt8(scalar >> 12))
                out.append(0x80 | UInt8(scalar >> 6 & 0x3F))
                out.append(0x80 | UInt8(scalar & 0x3F))
            default:
                out.append(0xF0 | UInt8(scalar >> 18))
                out.append(0x80 | UInt8(scalar >> 12 & 0x3F))
                out.append(0x80 | UInt8(scalar >> 6 & 0x3F))
                out.append(0x80 | UInt8(scalar & 0x3F))
            }
        }
        return out
    }

    /// `utf8` (valid UTF-8) in UTF-16 with its byte-order mark.
    package static func utf16(fromUTF8 utf8: [UInt8], bigEndian: Bool) -> [UInt8] {
        var out: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        out.reserveCapacity(2 * utf8.count + 2)
        for unit in String(decoding: utf8, as: UTF8.self).utf16 {
            out.append(UInt8(bigEndian ? unit >> 8 : unit & 0xFF))
            out.append(UInt8(bigEndian ? unit & 0xFF : unit >> 8))
        }
        return out
    }
}
