/// A screen the app can show: a name plus ordered string parameters.
///
/// Names are 1–64 characters from `A-Z a-z 0-9 _ . -`, starting with a letter or `_`, so Swift
/// enum cases fit. Parameter keys follow the same rule; values are UTF-8 text without control
/// characters, at most 1024 bytes. Every initializer that takes outside input validates it.
public struct Route: Hashable, Sendable, CustomStringConvertible {
    /// One `key=value` parameter of a route.
    public struct Parameter: Hashable, Sendable {
        /// The key, following the route-name rule.
        public let key: String
        /// The value: UTF-8 text without control characters, at most 1024 bytes.
        public let value: String

        /// Creates a parameter, validating key and value.
        public init(key: String, value: String) throws {
            try Route.validateName(key, what: "parameter key")
            try Route.validateValue(value, key: key)
            self.key = key
            self.value = value
        }

        /// Parses one `key=value` word, splitting at the first `=`.
        public init(argument: String) throws {
            guard let equals = argument.firstIndex(of: "=") else {
                throw NavigatorError(
                    .invalidInput, "invalid parameter \(quoted(argument)): expected key=value",
                    fact: .parameterWithoutValue)
            }
            try self.init(
                key: String(argument[..<equals]),
                value: String(argument[argument.index(after: equals)...]))
        }

        /// The `key=value` text of this parameter.
        public var argument: String { key + "=" + value }
    }

    /// The longest allowed name or key, in characters.
    public static let maxNameLength = 64
    /// The longest allowed parameter value, in UTF-8 bytes.
    public static let maxValueBytes = 1024

    /// The route's name, such as `home` or `details`.
    public let name: String
    /// The parameters, in the order they were given.
    public let parameters: [Parameter]
    /// What the codec that read this route keeps for writing it back (such as members this
    /// build does not know). It takes no part in equality.
    public var preserved: Preserved?

    /// Creates a route, validating the name and refusing duplicate parameter keys.
    public init(_ name: String, parameters: [Parameter] = []) throws {
        try Route.validateName(name, what: "route name")
        var seen = Set<String>()
        for parameter in parameters where !seen.insert(parameter.key).inserted {
            throw NavigatorError(
                .invalidInput, "duplicate parameter \(quoted(parameter.key)) for route \(quoted(name))",
                fact: .duplicateParameter)
        }
        self.name = name
        self.parameters = parameters
    }

    /// Creates a route from command-line words: a name, then `key=value` parameters.
    public init(name: String, arguments: [String]) throws {
        try self.init(name, parameters: arguments.map(Parameter.init(argument:)))
    }

    /// The parameter value for `key`, if present.
    public subscript(key: String) -> String? {
        parameters.first { $0.key == key }?.value
    }

    /// The route as command-line words: the name, then each `key=value`.
    public var arguments: [String] { [name] + parameters.map(\.argument) }

    /// The route's path segment, such as `details?id=42`.
    public var description: String { RoutePath.segment(self) }

    public static func == (lhs: Route, rhs: Route) -> Bool {
        lhs.name == rhs.name && lhs.parameters == rhs.parameters
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(parameters)
    }

    /// Whether `text` is a valid route name or parameter key.
    public static func isValidName(_ text: String) -> Bool {
        var count = 0
        for byte in text.utf8 {
            count += 1
            guard count <= maxNameLength else { return false }
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"):
                continue
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"):
                if count == 1 { return false }
            default:
                return false
            }
        }
        return count > 0
    }

    /// Throws `invalidInput` naming `text` unless it is a valid name.
    static func validateName(_ text: String, what: String) throws {
        guard !isValidName(text) else { return }
        let rule: String
        if text.isEmpty {
            rule = "it is empty"
        } else if text.utf8.count > maxNameLength {
            rule = "it is longer than \(maxNameLength) characters"
        } else if let first = text.utf8.first, !(first == UInt8(ascii: "_") || (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z")) {
            rule = "it must start with a letter or '_'"
        } else {
            rule = "use only letters, digits, '_', '.' and '-'"
        }
        throw NavigatorError(.invalidInput, "invalid \(what) \(quoted(text)): \(rule)")
    }

    /// Throws `invalidInput` unless `value` is at most 1024 bytes without control characters.
    static func validateValue(_ value: String, key: String) throws {
        if value.utf8.count > maxValueBytes {
            throw NavigatorError(
                .invalidInput, "value of parameter \(quoted(key)) is \(value.utf8.count) bytes; the limit is \(maxValueBytes)")
        }
        for scalar in value.unicodeScalars where scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
            throw NavigatorError(
                .invalidInput, "value of parameter \(quoted(key)) holds a control character \(quoted(String(scalar)))")
        }
    }
}
