import RouteModel

/// History entries of a format-1 file, kept as the bytes they were read from: each was checked
/// when the file was read, and is decoded only when asked for and copied verbatim when the file
/// is written again.
package struct JSONStoredHistory: StoredHistory {
    /// The bytes of the whole file the entries were read from.
    package let buffer: [UInt8]
    /// Where each entry's JSON object stands in ``buffer``, oldest first: entry `i` from
    /// `bounds[2 * i]` up to `bounds[2 * i + 1]`. (Plain integers: an array of `Range<Int>`
    /// costs a conformance lookup on every run.)
    package let bounds: [Int]
    package let lastSeq: Int
    /// Whether entries may hold `tabs` (in a format-2 file; 1.0 did not know the member).
    package var readsTabs = false

    package init(buffer: [UInt8], bounds: [Int], lastSeq: Int) {
        self.buffer = buffer
        self.bounds = bounds
        self.lastSeq = lastSeq
    }

    package var count: Int { bounds.count / 2 }

    /// The bytes of entry `index`.
    package func bytes(at index: Int) -> ArraySlice<UInt8> {
        buffer[bounds[2 * index]..<bounds[2 * index + 1]]
    }

    /// Whether entry `index` and the next are separated by `,\n    ` (as ``NavigatorFile``
    /// writes them), so that the two can be copied with what lies between them.
    package func isSeparatedAsWritten(_ index: Int) -> Bool {
        let end = bounds[2 * index + 1]
        guard bounds[2 * index + 2] - end == 6 else { return false }
        return buffer.withUnsafeBufferPointer { buffer in
            buffer[end] == UInt8(ascii: ",") && buffer[end + 1] == 0x0A && buffer[end + 2] == 0x20 && buffer[end + 3] == 0x20
                && buffer[end + 4] == 0x20 && buffer[end + 5] == 0x20
        }
    }

    /// Every entry's range in ``buffer``, oldest first.
    package var ranges: [Range<Int>] {
        stride(from: 0, to: bounds.count, by: 2).map { bounds[$0]..<bounds[$0 + 1] }
    }

    package func entry(at index: Int) throws -> HistoryEntry {
        try NavigatorFile.decodeEntry(bytes(at: index), readsTabs: readsTabs)
    }
}
