import PlainText

/// UTC wall-clock time in the two text forms routectl writes: ISO 8601, such as
/// `2026-11-22T10:00:00Z` (the form history records), and the compact form used in file names,
/// such as `20261122T100000Z`. The model only formats; reading the clock is the store's job.
public enum Timestamp {
    /// Formats seconds since 1970 as ISO 8601 UTC, with or without `-` and `:` separators.
    public static func format(_ seconds: Int, separators: Bool) -> String {
        CivilTime.iso8601(seconds, separators: separators)
    }
}
