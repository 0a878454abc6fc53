import RouteModel

/// A Swift type's name as a library stores it beside a value (FlowStacks' and
/// NavigationBackport's mangled `5MyApp6ScreenO`, `Si`; SwiftUI's readable `MyApp.Recipe`,
/// `Swift.Int`), and the short name routectl shows a value of it by: its last component
/// (`Screen`, `Int`, `Recipe`).
enum SwiftTypeName {
    /// The short name of the type `name` names; `nil` when it has none that is a valid route
    /// name (a generic's mangling, `SaySiG`; a name outside ASCII).
    static func shortName(_ name: String) -> String? {
        let candidate = name.contains(".")
            ? readableShortName(name) : MangledTypeName.readable(name).flatMap(readableShortName) ?? mangledShortName(name)
        return candidate.flatMap { Route.isValidName($0) ? $0 : nil }
    }

    /// The standard library's types that mangle to a substitution of their own.
    private static let standard: [String: String] = [
        "Si": "Int", "Su": "UInt", "SS": "String", "Sb": "Bool", "Sd": "Double", "Sf": "Float", "SJ": "Character",
    ]

    /// The last component of `MyApp.Outer.Recipe`, `Swift.Array<Swift.Int>` (`Array`) or
    /// `MyApp.(unknown context at $1234).Hidden` (`Hidden`).
    private static func readableShortName(_ name: String) -> String? {
        var depth = 0
        var component = ""
        var last: String?
        for character in name {
            switch character {
            case "<", "(": depth += 1
            case ">", ")": depth -= 1
            case "." where depth == 0:
                if !component.isEmpty { last = component }
                component = ""
            default:
                if depth == 0 { component.append(character) }
            }
        }
        return component.isEmpty ? last : component
    }

    /// The last identifier of a mangled name (`5MyApp6ScreenO`: `Screen`): each identifier is
    /// its length in digits then its characters; a private type's discriminator (`_` first)
    /// is not its name.
    private static func mangledShortName(_ name: String) -> String? {
        if let known = standard[name] { return known }
        let bytes = Array(name.utf8)
        var index = 0
        var last: String?
        while index < bytes.count {
            guard (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[index]) else {
                index += 1
                continue
            }
            var length = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), length < 10_000 {
                length = length * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            guard index + length <= bytes.count else { break }
            let identifier = String(decoding: bytes[index..<(index + length)], as: UTF8.self)
            if !identifier.hasPrefix("_") { last = identifier }
            index += length
        }
        return last
    }
}
