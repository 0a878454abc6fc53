/// A property-list integer: any signed 64-bit value, or an unsigned 64-bit value above
/// `Int64.max` (binary property lists store those as 16-byte integers).
///
/// The value is kept exactly, with the width it had in a binary property list (``width``); two
/// integers are equal when their values are, however they were made or stored
/// (`PropertyListInteger(5 as UInt64) == PropertyListInteger(5 as Int64)`).
public struct PropertyListInteger: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The value's bits: an `Int64` bit pattern, or the `UInt64` itself when ``isLarge``.
    private let bits: UInt64
    /// Whether the value is above `Int64.max` (and so ``bits`` is unsigned).
    private let isLarge: Bool
    /// The bytes the value had in a binary property list (1, 2, 4, 8 or 16), so that it is
    /// written back in them: `nil` for one read from XML or made here, which the binary writer
    /// puts in the narrowest width Apple uses. A width the value does not fit in is ignored
    /// there too. It takes no part in equality.
    public private(set) var width: Int?

    /// The integer `value`.
    public init(_ value: Int64) {
        bits = UInt64(bitPattern: value)
        isLarge = false
    }

    /// The integer `value`, which may be above `Int64.max`.
    public init(_ value: UInt64) {
        bits = value
        isLarge = value > UInt64(Int64.max)
    }

    /// The integer `value`, as a literal.
    public init(integerLiteral value: Int64) {
        self.init(value)
    }

    /// The integer `value`, read in `width` bytes of a binary property list.
    package init(_ value: UInt64, width: Int) {
        self.init(value)
        self.width = width
    }

    /// The integer `value`, read in `width` bytes of a binary property list.
    package init(_ value: Int64, width: Int) {
        self.init(value)
        self.width = width
    }

    /// This value with the width `other` had (see ``width``): the value a key holds, changed,
    /// is written in the bytes the old one took when it fits in them.
    public func keepingWidth(of other: PropertyListInteger) -> PropertyListInteger {
        var kept = self
        kept.width = other.width
        return kept
    }

    /// Whether the value fits in `size` bytes of a binary property list: 1, 2 and 4 bytes
    /// unsigned, 8 signed, 16 any.
    package func fits(inBytes size: Int) -> Bool {
        switch size {
        case 1, 2, 4: return uint64.map { $0 >> UInt64(8 * size) == 0 } ?? false
        case 8: return !isLarge
        case 16: return true
        default: return false
        }
    }

    public static func == (lhs: PropertyListInteger, rhs: PropertyListInteger) -> Bool {
        lhs.bits == rhs.bits && lhs.isLarge == rhs.isLarge
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(bits)
        hasher.combine(isLarge)
    }

    /// The value as an `Int64`, or `nil` when it is above `Int64.max`.
    public var int64: Int64? { isLarge ? nil : Int64(bitPattern: bits) }

    /// The value as a `UInt64`, or `nil` when it is negative.
    public var uint64: UInt64? { isLarge || Int64(bitPattern: bits) >= 0 ? bits : nil }

    /// Whether the value is below zero.
    public var isNegative: Bool { !isLarge && Int64(bitPattern: bits) < 0 }

    /// The value in decimal, such as `-5` or `18446744073709551615`.
    public var description: String { isLarge ? String(bits) : String(Int64(bitPattern: bits)) }

    /// The integer that `text` spells: an optional sign, then decimal digits or `0x` and
    /// hexadecimal digits; `nil` when it is anything else or outside -2⁶³...2⁶⁴-1.
    package init?(parsing text: Substring) {
        var rest = text
        var negative = false
        if let sign = rest.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            rest = rest.dropFirst()
        }
        var radix = 10
        if rest.hasPrefix("0x") || rest.hasPrefix("0X") {
            radix = 16
            rest = rest.dropFirst(2)
        }
        // UInt64(_:radix:) accepts its own sign; only digits may be left here.
        guard let first = rest.first, first.isHexDigit, let magnitude = UInt64(rest, radix: radix) else { return nil }
        if !negative {
            self.init(magnitude)
        } else if magnitude <= UInt64(Int64.max) {
            self.init(-Int64(magnitude))
        } else if magnitude == UInt64(Int64.max) + 1 {
            self.init(Int64.min)
        } else {
            return nil
        }
    }
}

