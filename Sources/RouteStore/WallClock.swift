import RouteModel

/// The current UTC time, in the forms ``Timestamp`` writes.
public enum WallClock {
    /// The current time as ISO 8601, such as `2026-11-22T10:00:00Z`: the form history records.
    public static func now() -> String {
        Timestamp.format(SystemCall.time(), separators: true)
    }

    /// The current time in the compact form used in file names, such as `20261122T100000Z`.
    public static func compactNow() -> String {
        Timestamp.format(SystemCall.time(), separators: false)
    }
}
