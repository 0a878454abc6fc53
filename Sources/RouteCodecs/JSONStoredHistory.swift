import RouteModel

/// History entries of a format-1 file, kept as the bytes they were read from: each was checked
/// when the file was read, and is decoded only when asked for and copied verbatim when the file
/// is written again.
package struct JSONStoredHistory: StoredHistory {
    /// The bytes of the whole file the entries were read from.
    package let buffer: [UInt8]
    /// Where each entry's JSON object stands in ``buffer``, oldest first.
    package let ranges: [Range<Int>]
    package let lastSeq: Int
    /// Whether entries may hold `tabs` (in a format-2 file; 1.0 did not know the member).
    package var readsTabs = false

    package var count: Int { ranges.count }

    package func entry(at index: Int) throws -> HistoryEntry {
        try NavigatorFile.decodeEntry(buffer[ranges[index]], readsTabs: readsTabs)
    }
}
