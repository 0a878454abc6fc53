/// Builds JSON text as UTF-8 bytes, in exactly the order and layout its caller writes it.
///
/// There is no reflection and no sorting: the caller decides key order, which keeps every
/// document routectl writes in a fixed, documented order.
///
/// Appending is `@inlinable` (and so the type and its bytes `@usableFromInline`, see
/// ``JSONScanner``): the encoders in RouteCodecs append a piece per member and per history entry.
@usableFromInline
package struct JSONWriter: Sendable {
    /// The text written so far.
    @usableFromInline
    package var bytes: [UInt8] = []

    /// An empty writer, with room for about `capacity` bytes.
    @inlinable
    package init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far, as a string.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends text as it is: punctuation, white space or already-encoded JSON.
    @inlinable
    package mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends already-encoded JSON bytes.
    @inlinable
    package mutating func raw(_ encoded: ArraySlice<UInt8>) {
        // Through a buffer pointer: one memcpy, where appending the slice copied byte by byte.
        encoded.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
    }

    /// Appends a quoted, escaped JSON string: its bytes between escapes appended a run at a
    /// time (most strings have no escape: one copy).
    package mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                escape(byte)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends the escape of `byte`, a quote, a backslash or a control character.
    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: Array("\\u00".utf8))
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0x0F)])
        }
    }

    /// Appends a whole number.
    package mutating func integer(_ value: Int) {
        raw(String(value))
    }

    /// Appends `["a", "b"]`.
    package mutating func stringArray(_ values: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { raw(", ") }
            string(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends `[]`, or `[` and each element on a line of its own indented by `indent` (the
    /// closing `]` two spaces less), as `element` writes it.
    package mutating func lines<Element>(_ elements: [Element], indent: String, _ element: (inout JSONWriter, Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (index, item) in elements.enumerated() {
            raw(index == 0 ? "\n" + indent : ",\n" + indent)
            element(&self, item)
        }
        if !elements.isEmpty { raw("\n" + indent.dropLast(2)) }
        bytes.append(UInt8(ascii: "]"))
    }

}
