import PlainText

/// Dates as XML property lists write them, `2026-11-22T10:00:00Z` (UTC, whole seconds), to
/// and from seconds since 2001-01-01T00:00:00Z, on the proleptic Gregorian calendar.
package enum PropertyListDate {
    /// Days from 1970-01-01 to 2001-01-01.
    private static let daysTo2001: Int64 = 11_323

    /// The seconds since 2001 that `text` spells, exactly `YYYY-MM-DDTHH:MM:SSZ` with a real
    /// day and time; `nil` for anything else.
    package static func parse(_ text: [UInt8]) -> Double? {
        text.withUnsafeBufferPointer { parse($0) }
    }

    /// ``parse(_:)`` over a buffer.
    package static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard text.count == 20 else { return nil }
        var digits = true  // whether every byte read as a digit was one
        @inline(__always) func number(_ start: Int, _ count: Int) -> Int64 {
            var value: Int64 = 0
            for index in start..<start + count {
                let digit = text[index] &- UInt8(ascii: "0")
                if digit > 9 { digits = false }
                value = value &* 10 &+ Int64(digit)
            }
            return value
        }
        let dash = UInt8(ascii: "-"), colon = UInt8(ascii: ":")
        guard text[4] == dash, text[7] == dash, text[10] == UInt8(ascii: "T"), text[13] == colon, text[16] == colon, text[19] == UInt8(ascii: "Z")
        else { return nil }
        let year = number(0, 4), month = number(5, 2), day = number(8, 2)
        let hour = number(11, 2), minute = number(14, 2), second = number(17, 2)
        guard digits, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24, minute < 60, second < 60
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day) - daysTo2001
        return Double(days * 86_400 + hour * 3_600 + minute * 60 + second)
    }

    /// `seconds` since 2001 as `YYYY-MM-DDTHH:MM:SSZ`, the fraction dropped (rounded down);
    /// `nil` when the year falls outside 0000...9999 or `seconds` is not finite.
    package static func format(_ seconds: Double) -> String? {
        // Years 0000...9999 lie well within ±4e11 seconds of 2001.
        guard seconds.isFinite, abs(seconds) < 4e11 else { return nil }
        let unix = Int(seconds.rounded(.down)) + Int(daysTo2001) * 86_400
        // 0000-01-01T00:00:00Z ... 9999-12-31T23:59:59Z, in seconds since 1970.
        guard (-62_167_219_200...253_402_300_799).contains(unix) else { return nil }
        return CivilTime.iso8601(unix, separators: true)
    }

    /// The number of days in `month` of `year`.
    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
