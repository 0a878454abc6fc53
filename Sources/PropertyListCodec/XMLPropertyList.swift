/// The XML form of a property list, `<plist version="1.0">`: reading and writing
/// ``PropertyListValue``.
///
/// The reader is a small strict XML reader for exactly the property-list vocabulary (`plist`,
/// `dict`, `key`, `array`, `string`, `integer`, `real`, `true`, `false`, `date`, `data`): UTF-8
/// (an optional byte-order mark) or UTF-16 with its byte-order mark, the five predefined
/// entities and numeric character references, CDATA sections, comments and processing
/// instructions skipped between elements (inside text Foundation refuses a comment, and so
/// does the reader), a DOCTYPE only without an internal subset (so no entity of the file's
/// own can be declared), nesting no deeper than ``maxDepth``. Text is read as Foundation reads
/// it: a carriage return stays one (no line-end normalisation) and control characters, which
/// Foundation writes raw, are read. Integers, reals, dates and data are read exactly as
/// Foundation reads them, and refused where it refuses them (``FoundationXMLValues``), as is
/// `<data/>`: a file the app's Foundation cannot read leaves it with none of its preferences. A `<dict>` holding only `CF$UID` stays a dictionary, as in
/// Python.
///
/// The writer lays a value out as Apple's tools and Python's `plistlib` do, so that a file
/// they wrote, read and written back unchanged, comes out byte for byte the same: tabs for
/// indentation, `<dict/>` and `<array/>` when empty, base64 data in lines of up to 76 columns
/// at the element's indentation, reals in their shortest exact decimal form (as Python's
/// `repr`; Apple spells some of them differently, such as `1` for `1.0`), control characters
/// raw as Foundation writes them. A document read with ``decodeKeepingLayout(_:)`` is written
/// back by ``XMLPropertyListLayout`` instead, which keeps every unchanged entry's bytes.
public enum XMLPropertyList {
    /// The deepest nesting of arrays and dictionaries accepted.
    public static let maxDepth = 512

    /// The value that `bytes` hold; throws ``PropertyListError`` when they are not a valid XML
    /// property list.
    public static func decode(_ bytes: [UInt8]) throws -> PropertyListValue {
        try decodeKeepingLayout(bytes).value
    }

    /// The value that `bytes` hold and, when it is a dictionary, where its entries lie, to
    /// write it back changing only the entries that changed.
    package static func decodeKeepingLayout(_ bytes: [UInt8]) throws -> (value: PropertyListValue, layout: XMLPropertyListLayout?) {
        let encoding = XMLPropertyListLayout.Encoding(bytes)
        let text = encoding == .utf8 ? bytes : try XMLPropertyListLayout.utf8(fromUTF16: bytes, bigEndian: encoding == .utf16BE)
        var reader = XMLPropertyListReader(text, fromUTF16: encoding != .utf8)
        let value = try reader.document()
        guard case .dictionary(let dictionary) = value, let tag = reader.rootTag else { return (value, nil) }
        let layout = XMLPropertyListLayout(
            bytes: text, encoding: encoding, dictionary: dictionary, rootTag: tag, rootIsEmptyTag: reader.rootIsEmptyTag,
            entryEnds: reader.rootEntryEnds)
        return (value, layout)
    }

    /// The entries of the top dictionary whose keys start with `prefix` (byte for byte), the
    /// indexes of those entries among all of them, the map of all of them (every key, in order,
    /// and where each value lies, to build it when asked), and the layout (whose
    /// ``XMLPropertyListLayout/dictionary`` holds only those entries); `nil` when the top value
    /// is not a dictionary. The other values are read and checked by the same reader, in the
    /// same pass, but not built, so this throws exactly where ``decode(_:)`` throws, with the
    /// same error.
    package static func decodeSelecting(_ bytes: [UInt8], prefix: String) throws
        -> (dictionary: PropertyListDictionary, selected: [Int], map: XMLPropertyListMap, layout: XMLPropertyListLayout)?
    {
        let encoding = XMLPropertyListLayout.Encoding(bytes)
        let text = encoding == .utf8 ? bytes : try XMLPropertyListLayout.utf8(fromUTF16: bytes, bigEndian: encoding == .utf16BE)
        var reader = XMLPropertyListReader(text, fromUTF16: encoding != .utf8)
        reader.selecting = Array(prefix.utf8)
        guard case .dictionary(let dictionary) = try reader.document(), let tag = reader.rootTag else { return nil }
        let layout = XMLPropertyListLayout(
            bytes: text, encoding: encoding, dictionary: dictionary, rootTag: tag, rootIsEmptyTag: reader.rootIsEmptyTag,
            entryEnds: reader.rootEntryEnds)
        let map = XMLPropertyListMap(bytes: text, keyText: reader.keyText, keys: reader.rootKeys, valueStarts: reader.rootValueStarts)
        return (dictionary, reader.selectedEntries, map, layout)
    }

    /// `value` as an XML property list; throws ``PropertyListError`` for what XML cannot
    /// hold: a uid, a date outside the years 0000...9999 or not finite, and text (a string or
    /// key) with U+FFFE or U+FFFF.
    public static func encode(_ value: PropertyListValue) throws -> [UInt8] {
        var writer = XMLPropertyListWriter()
        try writer.document(value)
        return writer.bytes
    }
}
