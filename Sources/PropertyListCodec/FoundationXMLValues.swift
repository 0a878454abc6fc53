import PlainText

/// The texts of `<integer>`, `<real>`, `<date>` and `<data>` read exactly as Foundation reads
/// them (CoreFoundation's XML property-list parser, CFPropertyList.c: `parseIntegerTag`,
/// `parseRealTag`, `parseDateTag`, `parseDataTag`), so that routectl reads what an app reads
/// and refuses what it refuses: a file the app cannot read leaves it with none of its
/// preferences, and a change written to it is never seen.
///
/// - An integer's text is read as bytes up to `<` (no reference, CDATA or comment): white space
///   before it and after its sign (Foundation's: any byte below `!`, `0x7F` to `0xA0`, and some
///   spaces of U+2000 to U+3000), an optional sign, decimal digits or `0x` and hexadecimal
///   ones; nothing after them, not even white space.
/// - A real's text is read as a string's is (references and CDATA expanded): `nan`, `inf`,
///   `infinity`, the infinities with a sign, each in any case and nothing else (no signed NaN,
///   no white space); or white space and then a decimal number (`1.5`, `.5`, `5.`, `-1e3`) and
///   nothing after it.
/// - A date is exactly `[-]Y…Y-MM-DDTHH:MM:SSZ` (any number of year digits, two of each other
///   field, none checked to be a real day or time: Foundation counts on from the year), no
///   white space.
/// - Data is base64 as Foundation decodes it: bytes that are no digit skipped, `=` as a zero
///   digit that shortens the last group; a byte that is not ASCII refused.
package enum FoundationXMLValues {
    /// Why a text was refused: the reason, without the place.
    package struct Refusal: Error, Equatable {
        package var reason: String
    }

    // MARK: Integers

    /// Whether the byte at `index` of `bytes` is white space as Foundation's integer reading
    /// takes it, one byte at a time (`isWhitespace` in CFPropertyList.c, which looks at up to
    /// three bytes from there but skips one).
    static func isIntegerSpace(_ bytes: [UInt8], _ index: Int) -> Bool {
        let first = bytes[index]
        if first < 0x21 || (first > 0x7E && first < 0xA1) { return true }
        guard first == 0xE2 || first == 0xE3, bytes.count - index >= 3 else { return false }
        let second = bytes[index + 1], third = bytes[index + 2]
        if first == 0xE2 && second == 0x80 { return (third >= 80 && third <= 0x8B) || third == 0xAF }
        if first == 0xE2 && second == 0x81 { return third == 0x9F }
        return first == 0xE3 && second == 0x80 && third == 0x80
    }

    /// The integer whose text starts at `start` of `bytes` and runs to the next `<` (which
    /// `end` is then set to, or the end of `bytes`), as Foundation reads it.
    package static func integer(_ bytes: [UInt8], from start: Int, end: inout Int) -> Result<PropertyListInteger, Refusal> {
        // The usual case first, read as the rest of this reads it: an optional `-`, then 1 to 18
        // decimal digits, the first not 0 (too few to overflow), then `<`.
        let usual: (value: Int64, end: Int)? = bytes.withUnsafeBufferPointer { buffer in
            var index = start
            let negative = index < buffer.count && buffer[index] == UInt8(ascii: "-")
            if negative { index &+= 1 }
            guard index < buffer.count, buffer[index] &- UInt8(ascii: "1") < 9 else { return nil }
            let first = index
            var value: Int64 = 0
            while index < buffer.count, buffer[index] &- UInt8(ascii: "0") < 10, index &- first < 18 {
                value = value &* 10 &+ Int64(buffer[index] &- UInt8(ascii: "0"))
                index &+= 1
            }
            guard index < buffer.count, buffer[index] == UInt8(ascii: "<") else { return nil }
            return (negative ? -value : value, index)
        }
        if let usual {
            end = usual.end
            return .success(PropertyListInteger(usual.value))
        }
        var index = start
        defer { end = index }
        func at(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }
        func refused() -> Result<PropertyListInteger, Refusal> {
            var stop = start
            while stop < bytes.count, bytes[stop] != UInt8(ascii: "<") { stop += 1 }
            let text = Array(bytes[start..<stop])
            let message = quoted(String(decoding: text, as: UTF8.self))
            var trimmed = text
            while let last = trimmed.last, XMLPropertyListReader.isWhitespace(last) { trimmed.removeLast() }
            var ignored = 0
            if trimmed.count < text.count, case .success = integer(trimmed + [UInt8(ascii: "<")], from: 0, end: &ignored) {
                return .failure(Refusal(reason: "\(message) is not an integer Foundation reads (white space after the number)"))
            }
            return .failure(Refusal(reason: "\(message) is not a 64-bit integer"))
        }
        while index < bytes.count, isIntegerSpace(bytes, index) { index += 1 }
        guard let first = at(index) else { return refused() }
        if first == UInt8(ascii: "<") { return .failure(Refusal(reason: "<integer> is empty")) }
        var negative = false
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            index += 1
            while index < bytes.count, isIntegerSpace(bytes, index) { index += 1 }
        }
        var hex = false, leadingZero = false
        if at(index) == UInt8(ascii: "0") {
            if let next = at(index + 1), next == UInt8(ascii: "x") || next == UInt8(ascii: "X") {
                index += 1
                hex = true
            } else {
                leadingZero = true
            }
            index += 1
        }
        while at(index) == UInt8(ascii: "0") {
            leadingZero = true
            index += 1
        }
        guard let next = at(index) else { return refused() }
        if next == UInt8(ascii: "<") {
            return leadingZero ? .success(PropertyListInteger(0 as Int64)) : refused()
        }
        var value: UInt64 = 0
        let base: UInt64 = hex ? 16 : 10
        while let byte = at(index), byte != UInt8(ascii: "<") {
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt64(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt64(byte - UInt8(ascii: "A") + 10)
            default: return refused()
            }
            let (times, overflow) = value.multipliedReportingOverflow(by: base)
            let (sum, carry) = times.addingReportingOverflow(digit)
            guard !overflow, !carry, !negative || sum <= UInt64(Int64.max) + 1 else { return refused() }
            value = sum
            index += 1
        }
        guard at(index) != nil else { return refused() }
        if negative { return .success(PropertyListInteger(value == UInt64(Int64.max) + 1 ? Int64.min : -Int64(value))) }
        return .success(PropertyListInteger(value))
    }

    // MARK: Reals

    /// Whether the UTF-16 unit `unit` is white space as Foundation's number scanning takes it
    /// (`__CFIsWhitespace`).
    static func isRealSpace(_ unit: UInt16) -> Bool {
        unit < 0x21 || (unit > 0x7E && unit < 0xA1) || (unit >= 0x2000 && unit <= 0x200B) || unit == 0x3000
    }

    /// The real that `text` (a `<real>`'s text, references expanded) is, as Foundation reads it.
    package static func real(_ text: String) -> Result<Double, Refusal> {
        let utf8 = Array(text.utf8)
        if utf8.count <= 9 {
            switch String(decoding: utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }, as: UTF8.self) {
            case "nan": return .success(.nan)
            case "+infinity", "infinity", "inf", "+inf": return .success(.infinity)
            case "-infinity", "-inf": return .success(-.infinity)
            default: break
            }
        }
        let units = Array(text.utf16)
        var index = 0
        while index < units.count, isRealSpace(units[index]) { index += 1 }
        let rest = units[index...]
        if let number = decimal(rest) { return .success(number) }
        // Only to say why.
        let trimmed = rest.reversed().drop { isRealSpace($0) }.reversed()
        if trimmed.count < rest.count, decimal(ArraySlice(trimmed)) != nil {
            return .failure(Refusal(reason: "\(quoted(text)) is not a real number Foundation reads (white space after the number)"))
        }
        let lowered = String(decoding: Array(trimmed).map { $0 >= 0x41 && $0 <= 0x5A ? UInt8($0 | 0x20) : UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
        if lowered == "-nan" || lowered == "+nan" {
            return .failure(Refusal(reason: "\(quoted(text)) is not a real number Foundation reads (a NaN is written nan, without a sign)"))
        }
        return .failure(Refusal(reason: "\(quoted(text)) is not a real number"))
    }

    /// ``real(_:)`` of a text as UTF-8 bytes; without `build`, a real it reads is `0` (its value
    /// is not worked out). A plain decimal number, the usual text, is read here by the same
    /// rule as ``real(_:)``'s; any other text, by ``real(_:)``.
    package static func real(utf8 text: ArraySlice<UInt8>, build: Bool) -> Result<Double, Refusal> {
        if let first = text.first, first == 0x2B || first == 0x2D || first == 0x2E || first &- 0x30 < 10,
           let number = decimal(text, build: build) {
            return .success(number)
        }
        return real(String(decoding: text, as: UTF8.self))
    }

    /// The number `units` spell wholly as `strtod` reads the characters Foundation passes it:
    /// `[+-]` then digits with an optional `.` (at least one digit), then optionally `e` or `E`,
    /// a sign and digits; `nil` for anything else.
    /// Without `build`, such a number is `0`.
    private static func decimal<Units: RandomAccessCollection>(_ units: Units, build: Bool = true) -> Double?
    where Units.Element: FixedWidthInteger, Units.Index == Int {
        var index = units.startIndex
        func isDigit(_ index: Int) -> Bool { index < units.endIndex && units[index] >= 0x30 && units[index] <= 0x39 }
        if index < units.endIndex, units[index] == 0x2B || units[index] == 0x2D { index += 1 }
        var digits = 0
        while isDigit(index) { index += 1; digits += 1 }
        if index < units.endIndex, units[index] == 0x2E {
            index += 1
            while isDigit(index) { index += 1; digits += 1 }
        }
        guard digits > 0 else { return nil }
        if index < units.endIndex, units[index] == 0x65 || units[index] == 0x45 {
            index += 1
            if index < units.endIndex, units[index] == 0x2B || units[index] == 0x2D { index += 1 }
            guard isDigit(index) else { return nil }
            while isDigit(index) { index += 1 }
        }
        guard index == units.endIndex else { return nil }
        guard build else { return 0 }
        return Double(String(decoding: units.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self))
    }

    // MARK: Dates

    /// The seconds since 2001 of the date whose text starts at `start` of `bytes`, as
    /// Foundation reads it; `end` is set to where it stopped reading (the `<` of the end tag
    /// for a date it reads).
    /// Without `build`, a date it reads is `0` (its moment is not worked out).
    package static func date(_ bytes: [UInt8], from start: Int, end: inout Int, build: Bool = true) -> Result<Double, Refusal> {
        var index = start
        defer { end = index }
        func at(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false }
        func refused() -> Result<Double, Refusal> {
            var stop = start
            while stop < bytes.count, bytes[stop] != UInt8(ascii: "<") { stop += 1 }
            let text = String(decoding: bytes[start..<stop], as: UTF8.self)
            let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            let trimmed = Array(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
            if trimmed.count < text.count {
                var stop = 0
                let inner = Array(String(trimmed).utf8) + [UInt8(ascii: "<")]
                if case .success = date(inner, from: 0, end: &stop), stop == inner.count - 1 {
                    return .failure(Refusal(reason: "\(quoted(text)) is not a date Foundation reads, such as 2026-11-22T10:00:00Z (no white space)"))
                }
            }
            return .failure(Refusal(reason: "\(quoted(text)) is not a date such as 2026-11-22T10:00:00Z"))
        }
        // Each field as CFPropertyList.c's parseDateTag reads it, into CFGregorianDate's fields.
        var negative = false
        if at(index) == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var year: Int32 = 0
        while isDigit(at(index)) {
            year = year &* 10 &+ Int32(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        // Month, day, hours, minutes, seconds, each followed by its separator (`-T::Z`).
        var fields = SIMD8<Int8>()
        let separators: SIMD8<UInt8> = [0x2D, 0x54, 0x3A, 0x3A, 0x5A, 0, 0, 0]
        guard at(index) == UInt8(ascii: "-") else { return refused() }
        index += 1
        for field in 0..<5 {
            let separator = separators[field]
            // read2DigitNumber: two digits, with a byte after them.
            guard index + 2 < bytes.count, isDigit(bytes[index]), isDigit(bytes[index + 1]) else { return refused() }
            fields[field] = Int8((bytes[index] - UInt8(ascii: "0")) * 10 + bytes[index + 1] - UInt8(ascii: "0"))
            index += 2
            guard at(index) == separator else { return refused() }
            index += 1
        }
        guard at(index) == UInt8(ascii: "<") else { return refused() }
        guard build else { return .success(0) }
        let fullYear = negative ? 0 &- year : year
        let days = absoluteDays(year: Int64(fullYear &- 2001), month: fields[0], day: fields[1])
        var seconds = 86400.0 * days
        seconds += 3600.0 * Double(fields[2]) + 60.0 * Double(fields[3]) + Double(fields[4])
        return .success(seconds)
    }

    /// Days from 2001-01-01 to `day` of `month` of `year` (counted from 2001), as
    /// CoreFoundation's `__CFAbsoluteFromYMD` counts them, for any month and day: a month
    /// outside 1...13 adds no days before it, and a day counts on past its month's end.
    static func absoluteDays(year: Int64, month: Int8, day: Int8) -> Double {
        func isLeap(_ year: Int64) -> Bool {
            var y = (year + 1) % 400
            if y < 0 { y = -y }
            return y & 3 == 0 && y != 100 && y != 200 && y != 300
        }
        var absolute = 0.0
        let cycles = year / 400
        absolute += Double(cycles) * 146_097.0
        let rest = year - cycles * 400
        if rest < 0 {
            for index in rest..<0 { absolute -= isLeap(index) ? 366 : 365 }
        } else {
            for index in 0..<rest { absolute += isLeap(index) ? 366 : 365 }
        }
        let before: [Int] = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365]
        if month >= 1 && month <= 13 {
            absolute += Double(before[Int(month) - 1] + (month > 2 && isLeap(rest) ? 1 : 0))
        }
        absolute += Double(Int(day) - 1)
        return absolute
    }

    // MARK: Data

    /// The value of each ASCII byte as a base64 digit as Foundation's table has it (`=` is a
    /// zero digit), or -1.
    private static let digits: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (value, digit) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(digit)] = Int8(value)
        }
        table[Int(UInt8(ascii: "="))] = 0
        return table
    }()

    /// The bytes of the base64 text that starts at `start` of `bytes` and runs to the next
    /// `<` (where `end` is set), decoded as Foundation decodes it; with `collect` false, none
    /// are kept (the empty array). Refused: a byte that is not ASCII, at the offset given.
    package static func data(_ bytes: [UInt8], from start: Int, end: inout Int, collect: Bool) -> Result<[UInt8], Refusal> {
        var out: [UInt8] = []
        var equals = 0
        var group: UInt32 = 0
        var count = 0
        var index = start
        defer { end = index }
        if !collect {
            // Nothing kept: only where the text ends and whether a byte is not ASCII matter, so
            // ASCII without `<` is passed over eight bytes at a time (the loop reads the rest).
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                while index &+ 8 <= buffer.count {
                    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                    guard word & 0x8080_8080_8080_8080 == 0, XMLPropertyListReader.zeroBytes(word ^ 0x3C3C_3C3C_3C3C_3C3C) == 0 else { return }
                    index &+= 8
                }
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") { break }
            guard byte < 0x80 else {
                return .failure(Refusal(reason: "<data> holds a character that is not ASCII, which Foundation does not read (base64 is ASCII)"))
            }
            if byte == UInt8(ascii: "=") {
                equals += 1
            } else if !(byte == 0x20 || (0x09...0x0D).contains(byte)) {
                equals = 0
            }
            index += 1
            let value = digits[Int(byte)]
            guard value >= 0 else { continue }
            count += 1
            group = group &<< 6 &+ UInt32(value)
            if collect, count & 3 == 0 {
                out.append(UInt8(truncatingIfNeeded: group >> 16))
                if equals < 2 { out.append(UInt8(truncatingIfNeeded: group >> 8)) }
                if equals < 1 { out.append(UInt8(truncatingIfNeeded: group)) }
            }
        }
        return .success(out)
    }
}
