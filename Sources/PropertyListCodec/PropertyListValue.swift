/// A value in a property list (Apple's plist): what a binary (`bplist00`) or XML property
/// list holds, kept exactly enough that a file read and written back keeps every value.
///
/// Equality is exact: strings compare scalar for scalar (no Unicode normalization), reals and
/// dates by their bits (so `nan` equals the same `nan`, and `0.0` does not equal `-0.0`), a
/// real's width counts, and dictionaries compare in order.
public enum PropertyListValue: Equatable, Sendable {
    /// The width a real had in a binary property list.
    public enum RealWidth: Equatable, Sendable {
        /// A 32-bit float (`0x22`); its value is exactly a `Float`'s.
        case bits32
        /// A 64-bit double (`0x23`), the width Apple writes and XML implies.
        case bits64
    }

    /// String keys with values, in order.
    case dictionary(PropertyListDictionary)
    /// Values in order.
    case array([PropertyListValue])
    /// Text.
    case string(String)
    /// A whole number, signed 64-bit or unsigned above `Int64.max`.
    case integer(PropertyListInteger)
    /// A floating-point number, with the width it has (or is to have) in a binary file.
    case real(Double, width: RealWidth = .bits64)
    /// `true` or `false`.
    case boolean(Bool)
    /// A moment, as seconds since 2001-01-01T00:00:00Z.
    case date(Double)
    /// Bytes.
    case data([UInt8])
    /// A reference into an `NSKeyedArchiver` archive's objects; binary property lists only.
    case uid(UInt64)

    /// Whether `lhs` and `rhs` are the same value: strings by scalars, reals and dates by
    /// bits, a real's width included, dictionaries in order.
    public static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
        switch (lhs, rhs) {
        case let (.dictionary(a), .dictionary(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.string(a), .string(b)): return PropertyListDictionary.sameKey(a, b)
        case let (.integer(a), .integer(b)): return a == b
        case let (.real(a, aWidth), .real(b, bWidth)): return a.bitPattern == b.bitPattern && aWidth == bWidth
        case let (.boolean(a), .boolean(b)): return a == b
        case let (.date(a), .date(b)): return a.bitPattern == b.bitPattern
        case let (.data(a), .data(b)): return a == b
        case let (.uid(a), .uid(b)): return a == b
        default: return false
        }
    }

    /// The value under `key` when this is a dictionary; `nil` otherwise or when it has no such key.
    public subscript(key: String) -> PropertyListValue? {
        guard case .dictionary(let dictionary) = self else { return nil }
        return dictionary[key]
    }

    /// The value's type as a phrase for messages: `a dictionary`, `an integer`, `data`.
    public var kindPhrase: String {
        switch self {
        case .dictionary: return "a dictionary"
        case .array: return "an array"
        case .string: return "a string"
        case .integer: return "an integer"
        case .real: return "a real number"
        case .boolean: return "a boolean"
        case .date: return "a date"
        case .data: return "data"
        case .uid: return "a UID"
        }
    }

    /// The name of the value's type as XML spells it (`dict`, `array`, `string`, `integer`,
    /// `real`, `true`/`false`, `date`, `data`) or `uid`, for messages.
    public var typeName: String {
        switch self {
        case .dictionary: return "dict"
        case .array: return "array"
        case .string: return "string"
        case .integer: return "integer"
        case .real: return "real"
        case .boolean(let value): return value ? "true" : "false"
        case .date: return "date"
        case .data: return "data"
        case .uid: return "uid"
        }
    }
}

extension PropertyListValue: ExpressibleByStringLiteral {
    /// A string value from a literal.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension PropertyListValue: ExpressibleByIntegerLiteral {
    /// An integer value from a literal.
    public init(integerLiteral value: Int64) {
        self = .integer(PropertyListInteger(value))
    }
}

extension PropertyListValue: ExpressibleByFloatLiteral {
    /// A 64-bit real value from a literal.
    public init(floatLiteral value: Double) {
        self = .real(value)
    }
}

extension PropertyListValue: ExpressibleByBooleanLiteral {
    /// A boolean value from a literal.
    public init(booleanLiteral value: Bool) {
        self = .boolean(value)
    }
}

extension PropertyListValue: ExpressibleByArrayLiteral {
    /// An array value from a literal.
    public init(arrayLiteral elements: PropertyListValue...) {
        self = .array(elements)
    }
}

extension PropertyListValue: ExpressibleByDictionaryLiteral {
    /// A dictionary value from a literal, its keys in the literal's order.
    public init(dictionaryLiteral elements: (String, PropertyListValue)...) {
        self = .dictionary(PropertyListDictionary(elements.map { PropertyListDictionary.Entry(key: $0.0, value: $0.1) }))
    }
}
