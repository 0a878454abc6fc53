/// The two forms of property list routectl reads and writes.
public enum PropertyListFormat: Equatable, Sendable {
    /// Apple's binary form, `bplist00`.
    case binary
    /// The XML form, `<plist version="1.0">`.
    case xml

    /// The form `bytes` are in, from their first bytes: `bplist00` is binary; `<?xml`,
    /// `<plist`, `<!DOCTYPE` or `<!--`, after an optional byte-order mark and white space, is
    /// XML, in UTF-8 or (after its byte-order mark) UTF-16; anything else is not a property
    /// list (`nil`). Only the start is looked at: the bytes may still fail to decode.
    public static func detect(_ bytes: [UInt8]) -> PropertyListFormat? {
        if bytes.starts(with: BinaryPropertyList.magic) { return .binary }
        // The first characters, when they are ASCII, as bytes: enough to see how the text starts.
        // White space before them is skipped.
        var start: [UInt8] = []
        func take(_ byte: UInt8) {
            if !start.isEmpty || ![0x20, 0x09, 0x0A, 0x0D].contains(byte) { start.append(byte) }
        }
        let encoding = XMLPropertyListLayout.Encoding(bytes)
        var index = encoding == .utf8 ? (bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0) : 2
        let width = encoding == .utf8 ? 1 : 2
        while index + width <= bytes.count, start.count < 16 {
            let (high, low) = encoding == .utf8 ? (0, bytes[index])
                : encoding == .utf16BE ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            guard high == 0, low < 0x80 else { break }
            take(low)
            index += width
        }
        for opening in ["<?xml", "<plist", "<!DOCTYPE", "<!--"] where start.starts(with: opening.utf8) {
            return .xml
        }
        return nil
    }

    /// The value that `bytes`, in this form, hold (see ``BinaryPropertyList/decode(_:)`` and
    /// ``XMLPropertyList/decode(_:)``); throws ``PropertyListError``.
    public func decode(_ bytes: [UInt8]) throws -> PropertyListValue {
        switch self {
        case .binary: return try BinaryPropertyList.decode(bytes)
        case .xml: return try XMLPropertyList.decode(bytes)
        }
    }

    /// `value` in this form (see ``BinaryPropertyList/encode(_:)`` and
    /// ``XMLPropertyList/encode(_:)``); throws ``PropertyListError`` for a value XML cannot hold.
    public func encode(_ value: PropertyListValue) throws -> [UInt8] {
        switch self {
        case .binary: return BinaryPropertyList.encode(value)
        case .xml: return try XMLPropertyList.encode(value)
        }
    }
}
