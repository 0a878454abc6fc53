/// The two forms of property list routectl reads and writes.
public enum PropertyListFormat: Equatable, Sendable {
    /// Apple's binary form, `bplist00`.
    case binary
    /// The XML form, `<plist version="1.0">`.
    case xml

    /// The form `bytes` are in, from their first bytes: `bplist00` is binary; `<?xml` or
    /// `<plist`, after an optional UTF-8 byte-order mark and white space, is XML; anything
    /// else is not a property list (`nil`). Only the start is looked at: the bytes may still
    /// fail to decode.
    public static func detect(_ bytes: [UInt8]) -> PropertyListFormat? {
        if bytes.starts(with: BinaryPropertyList.magic) { return .binary }
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
            index += 1
        }
        let rest = bytes[index...]
        if rest.starts(with: Array("<?xml".utf8)) || rest.starts(with: Array("<plist".utf8)) { return .xml }
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
