import RouteModel
import PlainText

/// The standard library's types whose values are one JSON scalar (`Swift.Int` or `Si`,
/// `Swift.String`, `Swift.Bool`, `Swift.Double`...): a new element of one is that scalar, of
/// its kind, or the app's decoder fails on it and restores none of the path.
enum StandardScalar: Equatable {
    /// An integer of `bits` bits, signed or not.
    case integer(signed: Bool, bits: Int)
    case number
    case boolean
    case string

    /// The scalar type `name` names, as SwiftUI's NavigationPath (`Swift.Int`) or FlowStacks'
    /// FlowPath (`Si`) writes it; `nil` for any other type.
    init?(typeName name: String) {
        switch name {
        case "Swift.Int", "Si": self = .integer(signed: true, bits: 64)
        case "Swift.UInt", "Su": self = .integer(signed: false, bits: 64)
        case "Swift.Int8": self = .integer(signed: true, bits: 8)
        case "Swift.Int16": self = .integer(signed: true, bits: 16)
        case "Swift.Int32": self = .integer(signed: true, bits: 32)
        case "Swift.Int64": self = .integer(signed: true, bits: 64)
        case "Swift.UInt8": self = .integer(signed: false, bits: 8)
        case "Swift.UInt16": self = .integer(signed: false, bits: 16)
        case "Swift.UInt32": self = .integer(signed: false, bits: 32)
        case "Swift.UInt64": self = .integer(signed: false, bits: 64)
        case "Swift.Double", "Swift.Float", "Sd", "Sf": self = .number
        case "Swift.Bool", "Sb": self = .boolean
        case "Swift.String", "SS": self = .string
        default:
            // Another mangled form of a standard type (`s5Int64V`).
            guard name.utf8.first == UInt8(ascii: "s"), let readable = MangledTypeName.readable(name),
                let scalar = StandardScalar(typeName: readable) else { return nil }
            self = scalar
        }
    }

    /// Throws `invalidInput` unless `route` is a value of the scalar type `typeName` (when it
    /// names one): a route named `name` (the type's short name) whose only parameter is `_0`,
    /// holding a value of the type's kind.
    static func check(_ route: Route, typeName: String, name: String) throws {
        guard let scalar = StandardScalar(typeName: typeName) else { return }
        if route.name == name, route.parameters.count == 1, route.parameters[0].key == "_0", scalar.holds(route.parameters[0]) { return }
        throw NavigatorError(
            .invalidInput,
            "a value of \(quoted(typeName)) is one \(scalar.kind), given as _0 (such as \(name) \(scalar.example)), not \(quoted(route.description))")
    }

    /// Why the stored value `route`, read as a value of the scalar type `typeName` (when it
    /// names one), fails the app's decoder: a value of another kind (`Swift.Int` `"x"`), or an
    /// integer outside the type's range; `nil` when the decoder may take it (a number written
    /// `1.0` or `1e3` for an integer is left to it).
    static func misfit(_ route: Route, typeName: String, name: String) -> String? {
        guard let scalar = StandardScalar(typeName: typeName) else { return nil }
        if route.name == name, route.parameters.count == 1, route.parameters[0].key == "_0",
            scalar.holds(route.parameters[0], lenient: true) {
            return nil
        }
        return "the value shows as \(quoted(route.description)), and a value of \(quoted(typeName)) is one \(scalar.kind): the app's decoder fails on it"
    }

    /// Whether `parameter`'s value is one of this kind; `lenient`: a number with a fraction or
    /// an exponent is taken for an integer (the decoder takes one that is whole).
    private func holds(_ parameter: Route.Parameter, lenient: Bool = false) -> Bool {
        holds(type: parameter.type, value: parameter.value, lenient: lenient)
    }

    /// Whether a value of `type` whose text is `value` (a typed value's JSON) is one of this kind.
    func holds(type: Route.ValueType, value: String, lenient: Bool) -> Bool {
        var value = value
        return value.withUTF8 { holds(type: type, utf8: $0, lenient: lenient) }
    }

    /// ``holds(type:value:lenient:)`` of the value's text as UTF-8, where it stands.
    func holds(type: Route.ValueType, utf8 value: UnsafeBufferPointer<UInt8>, lenient: Bool) -> Bool {
        switch self {
        case .string:
            return type == .string
        case .boolean:
            return type == .boolean
        case .number:
            return type == .number
        case .integer(let signed, let bits):
            guard type == .number else { return false }
            if lenient, value.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) { return true }
            let negative = value.first == UInt8(ascii: "-")
            var index = negative ? 1 : 0
            guard index < value.count else { return false }
            // The digits' magnitude; past UInt64's, no value of the type.
            var magnitude: UInt64 = 0
            while index < value.count {
                let digit = value[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return false }
                let (tens, over) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, carry) = tens.addingReportingOverflow(UInt64(digit))
                guard !over, !carry else { return false }
                magnitude = sum
                index += 1
            }
            // `-0` for an unsigned type is left to the decoder (read leniently).
            if !signed { return (!negative || (lenient && magnitude == 0)) && (bits == 64 || magnitude < (1 << UInt64(bits))) }
            let limit = UInt64(1) << UInt64(bits - 1)  // the magnitude of the lowest value
            return negative ? magnitude <= limit : magnitude < limit
        }
    }

    /// The kind, said in a message.
    private var kind: String {
        switch self {
        case .integer(true, let bits):
            let lowest = bits == 64 ? Int64.min : -(Int64(1) << Int64(bits - 1))
            return "integer from \(lowest) to \(-(lowest + 1))"
        case .integer(false, let bits):
            return "integer from 0 to \(bits == 64 ? UInt64.max : (UInt64(1) << UInt64(bits)) - 1)"
        case .number: return "number"
        case .boolean: return "boolean, true or false"
        case .string: return "string"
        }
    }

    /// A parameter of the kind, as a command line gives it.
    private var example: String {
        switch self {
        case .integer, .number: "_0:=7"
        case .boolean: "_0:=true"
        case .string: "_0=text"
        }
    }
}
