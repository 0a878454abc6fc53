/// A JSON document that is one array, kept as its text: each element's bytes as they stand and
/// the white space and commas around them, so that a writer can put unchanged elements back
/// byte for byte and lay new ones out as the old ones are (`[a,b]` as Foundation's
/// `JSONEncoder` writes it, or one element a line).
package struct JSONArrayText: Sendable {
    /// The document, as read.
    package let bytes: [UInt8]
    /// Where each element's bytes are in ``bytes``, first to last.
    package let elements: [Range<Int>]
    /// Where the `[` is.
    private let open: Int
    /// Where the `]` is.
    private let close: Int

    /// Reads the array `bytes` holds, calling `element` for each element with the scanner at
    /// its start and its index; `element` must consume the element (as ``JSONScanner/skipValue(depth:)``
    /// does). Elements are at depth 1.
    ///
    /// - Throws: ``JSONSyntaxError`` for a document that is not one JSON array, and whatever
    ///   `element` throws.
    package init(_ bytes: [UInt8], element: (inout JSONScanner, Int) throws -> Void) throws {
        var scanner = JSONScanner(bytes)
        guard scanner.peek() == UInt8(ascii: "[") else { throw scanner.error("expected an array") }
        let open = scanner.position
        var elements: [Range<Int>] = []
        try scanner.readArray(depth: 0) { scanner in
            _ = scanner.peek()
            let start = scanner.position
            try element(&scanner, elements.count)
            elements.append(start..<scanner.position)
        }
        let close = scanner.position - 1
        try scanner.expectEnd()
        self.bytes = bytes
        self.elements = elements
        self.open = open
        self.close = close
    }

    /// The bytes of element `index`.
    package subscript(index: Int) -> ArraySlice<UInt8> {
        bytes[elements[index]]
    }

    /// One element of an array to write: an element of this document, by index, or new text.
    package enum Element {
        case old(Int)
        case new([UInt8])
    }

    /// The array of `elements`, laid out as this one: its white space before `[` and after
    /// `]`, around the first and last elements, and between two elements that were neighbours
    /// here (in their order); elsewhere the separator between its first two elements (`,` when
    /// it had fewer). Writing this document's elements in order gives back its bytes.
    package func written(_ elements: [Element], capacity: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(max(capacity, bytes.count))
        guard !elements.isEmpty else {
            if self.elements.isEmpty { return bytes }
            out += bytes[..<(open + 1)]
            out += bytes[close...]
            return out
        }
        out += bytes[..<(self.elements.first?.lowerBound ?? open + 1)]
        let separator: ArraySlice<UInt8> = self.elements.count >= 2
            ? bytes[self.elements[0].upperBound..<self.elements[1].lowerBound] : [UInt8(ascii: ",")][...]
        var previous: Int?
        for (index, element) in elements.enumerated() {
            if index > 0 {
                if case .old(let now) = element, let previous, now == previous + 1 {
                    out += bytes[self.elements[previous].upperBound..<self.elements[now].lowerBound]
                } else {
                    out += separator
                }
            }
            switch element {
            case .old(let index):
                out += bytes[self.elements[index]]
                previous = index
            case .new(let text):
                out += text
                previous = nil
            }
        }
        out += bytes[(self.elements.last?.upperBound ?? close)...]
        return out
    }
}
