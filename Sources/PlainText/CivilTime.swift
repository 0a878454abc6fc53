/// Seconds since 1970 as an ISO 8601 UTC text, without the C library.
///
/// The calendar arithmetic is done here (the proleptic Gregorian calendar, after Howard
/// Hinnant's `civil_from_days`) rather than by `gmtime_r`, which makes glibc read the time
/// zone database on every run for a result that never depends on it.
package enum CivilTime {
    /// `seconds` since 1970 as `2026-11-22T10:00:00Z`, or `20261122T100000Z` without separators.
    package static func iso8601(_ seconds: Int, separators: Bool) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        if (0...9999).contains(year) {
            // The common case, digit by digit (`joined` and `String(Int)` cost a conformance
            // lookup and more than the arithmetic on every change routectl records).
            var text: [UInt8] = []
            text.reserveCapacity(20)
            func digits(_ value: Int, _ width: Int) {
                var divisor = width == 4 ? 1000 : 10
                while divisor > 0 {
                    text.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                    divisor /= 10
                }
            }
            func separator(_ byte: UInt8) { if separators { text.append(byte) } }
            digits(year, 4); separator(UInt8(ascii: "-")); digits(month, 2); separator(UInt8(ascii: "-")); digits(day, 2)
            text.append(UInt8(ascii: "T"))
            digits(secondOfDay / 3600, 2); separator(UInt8(ascii: ":")); digits(secondOfDay / 60 % 60, 2)
            separator(UInt8(ascii: ":")); digits(secondOfDay % 60, 2)
            text.append(UInt8(ascii: "Z"))
            return String(decoding: text, as: UTF8.self)
        }
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let date = [pad(year, 4), pad(month, 2), pad(day, 2)]
        let clockTime = [pad(secondOfDay / 3600, 2), pad(secondOfDay / 60 % 60, 2), pad(secondOfDay % 60, 2)]
        return date.joined(separator: separators ? "-" : "") + "T"
            + clockTime.joined(separator: separators ? ":" : "") + "Z"
    }
}
