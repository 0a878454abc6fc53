#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// UTC wall-clock time in the two text forms routectl writes.
public enum Timestamp {
    /// The current time as ISO 8601, such as `2026-11-22T10:00:00Z`: the form history records.
    public static func now() -> String {
        format(time(nil), separators: true)
    }

    /// The current time in the compact form used in file names, such as `20261122T100000Z`.
    public static func compactNow() -> String {
        format(time(nil), separators: false)
    }

    /// Formats seconds since 1970 as ISO 8601 UTC, with or without `-` and `:` separators.
    public static func format(_ seconds: Int, separators: Bool) -> String {
        var clock = time_t(seconds)
        var parts = tm()
        gmtime_r(&clock, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let date = [pad(parts.tm_year + 1900, 4), pad(parts.tm_mon + 1, 2), pad(parts.tm_mday, 2)]
        let clockTime = [pad(parts.tm_hour, 2), pad(parts.tm_min, 2), pad(parts.tm_sec, 2)]
        return date.joined(separator: separators ? "-" : "") + "T"
            + clockTime.joined(separator: separators ? ":" : "") + "Z"
    }
}
