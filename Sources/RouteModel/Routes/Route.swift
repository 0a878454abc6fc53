import PlainText

/// A screen the app can show: a name plus ordered parameters.
///
/// Names are 1–64 characters from `A-Z a-z 0-9 _ . -`, starting with a letter or `_`, so Swift
/// enum cases fit. Parameter keys follow the same rule; values are UTF-8 text without control
/// characters, at most 1024 bytes, or typed JSON values (see ``ValueType``). Every initializer
/// that takes outside input validates it.
public struct Route: Hashable, Sendable, CustomStringConvertible {
    /// What a parameter's value is: text, or a typed JSON value (`key:=<json>` on a command
    /// line), which is how a Swift enum's `Int`, `Bool` or `Double` associated value, or a
    /// nested enum or array, survives a round trip.
    public enum ValueType: Hashable, Sendable {
        /// Text (`key=value`, or a JSON string given as `key:="value"`).
        case string
        /// A JSON number; the value is its JSON text as given, such as `7` or `-2.5e3`.
        case number
        /// `true` or `false`; the value is that text.
        case boolean
        /// `null`; the value is that text.
        case null
        /// A JSON array; the value is its compact text.
        case array
        /// A JSON object, such as a nested enum value; the value is its compact text, members
        /// in the order given.
        case object
    }

    /// One parameter of a route: a key and a value.
    public struct Parameter: Hashable, Sendable {
        /// The key, following the route-name rule.
        public let key: String
        /// The value's text: the string itself, or the JSON text of a typed value (`7`, `true`).
        public let value: String
        /// Whether the value is text or a typed JSON value.
        public let type: ValueType

        /// Creates a text parameter, validating key and value.
        public init(key: String, value: String) throws {
            try Route.validateName(key, what: "parameter key")
            try Route.validateValue(value, key: key)
            self.key = key
            self.value = value
            self.type = .string
        }

        /// Creates a parameter from a JSON value: a number, `true`, `false`, `null`, an array,
        /// an object, or a string (which makes a text parameter, the same as
        /// ``init(key:value:)``).
        ///
        /// - Throws: `invalidInput` for anything else (white space around a scalar, invalid
        ///   JSON, a number no `Double` holds), naming the parameter.
        public init(key: String, json: String) throws {
            try Route.validateName(key, what: "parameter key")
            guard let (type, text) = TypedValue.parse(json) else {
                throw NavigatorError(
                    .invalidInput,
                    "invalid typed value \(quoted(json)) for parameter \(quoted(key)): expected a JSON number, true, false, null, \"string\", [array] or {object}",
                    fact: .invalidTypedValue)
            }
            if type == .array || type == .object {
                guard text.utf8.count <= TypedValue.maxStructuredBytes else {
                    throw NavigatorError(
                        .invalidInput,
                        "value of parameter \(quoted(key)) is \(text.utf8.count) bytes of JSON; the limit is \(TypedValue.maxStructuredBytes)",
                        detail: ValueBeyondRoutectl())
                }
            } else {
                try Route.validateValue(text, key: key)
            }
            self.key = key
            self.value = text
            self.type = type
        }

        /// A parameter whose key, value and type a reader has already checked as
        /// ``init(key:value:)`` and ``init(key:json:)`` check them (a codec reading straight from
        /// its bytes): nothing is checked again.
        package init(checkedKey key: String, value: String, type: ValueType) {
            self.key = key
            self.value = value
            self.type = type
        }

        /// Parses one `key=value` or `key:=<json>` word, splitting at the first `=`.
        public init(argument: String) throws {
            guard let equals = argument.firstIndex(of: "=") else {
                throw NavigatorError(
                    .invalidInput, "invalid parameter \(quoted(argument)): expected key=value or key:=<json>",
                    fact: .parameterWithoutValue)
            }
            let key = argument[..<equals]
            let value = String(argument[argument.index(after: equals)...])
            if key.last == ":" {
                try self.init(key: String(key.dropLast()), json: value)
            } else {
                try self.init(key: String(key), value: value)
            }
        }

        /// The parameter as a command-line word: `key=value`, or `key:=<json>` for a typed value.
        public var argument: String { key + (type == .string ? "=" : ":=") + value }
    }

    /// The longest allowed name or key, in characters.
    public static let maxNameLength = 64
    /// The longest allowed parameter value, in UTF-8 bytes.
    public static let maxValueBytes = 1024

    /// The route's name, such as `home` or `details`.
    public let name: String
    /// The parameters, in the order they were given or read (a codec writes them back so);
    /// they print in one order whatever it is (``ParameterOrder``), and it takes no part in
    /// equality.
    public let parameters: [Parameter]
    /// What the codec that read this route keeps for writing it back (such as members this
    /// build does not know). It takes no part in equality.
    public var preserved: Preserved?

    /// Creates a route, validating the name and refusing duplicate parameter keys.
    public init(_ name: String, parameters: [Parameter] = []) throws {
        try Route.validateName(name, what: "route name")
        // One or two parameters (most routes) are checked without building a set of names.
        if parameters.count == 2, parameters[0].key == parameters[1].key {
            throw Route.duplicate(parameters[1].key, of: name)
        } else if parameters.count > 2 {
            var seen = UniqueNames()
            for parameter in parameters where !seen.insert(parameter.key) {
                throw Route.duplicate(parameter.key, of: name)
            }
        }
        self.name = name
        self.parameters = parameters
    }

    private static func duplicate(_ key: String, of name: String) -> NavigatorError {
        NavigatorError(.invalidInput, "duplicate parameter \(quoted(key)) for route \(quoted(name))", fact: .duplicateParameter)
    }

    /// The stand-in a flow without a root of its own keeps as its root (a stack whose root
    /// view is the app's code, or a tab container that is no route): no route has its empty
    /// name, so no command finds it, and nothing shows or stores it.
    public static let noRoute = Route(unchecked: "")

    private init(unchecked name: String) {
        self.name = name
        self.parameters = []
    }

    /// A route whose name and parameters a reader has already checked as ``init(_:parameters:)``
    /// checks them (a valid name, no key twice): nothing is checked again.
    package init(checkedName name: String, parameters: [Parameter]) {
        self.name = name
        self.parameters = parameters
    }

    /// Creates a route from command-line words: a name, then `key=value` parameters.
    public init(name: String, arguments: [String]) throws {
        try self.init(name, parameters: arguments.map(Parameter.init(argument:)))
    }

    /// Whether any parameter holds a typed value.
    public var hasTypedValues: Bool { parameters.contains { $0.type != .string } }

    /// The parameter value for `key` (its text), if present.
    public subscript(key: String) -> String? {
        parameters.first { $0.key == key }?.value
    }

    /// The route as command-line words: the name, then each `key=value` or `key:=<json>`.
    public var arguments: [String] { [name] + parameters.map(\.argument) }

    /// The route's path segment, such as `details?id=42`.
    public var description: String { RoutePath.segment(self) }

    /// Whether two routes are the same screen: the same name and the same parameters, in any
    /// order, typed values that differ only in the order of JSON object members being the same
    /// (an app's encoder chooses that order anew in each process: see ``ParameterOrder``).
    public static func == (lhs: Route, rhs: Route) -> Bool {
        guard lhs.name == rhs.name, lhs.parameters.count == rhs.parameters.count else { return false }
        if lhs.parameters == rhs.parameters { return true }
        // Keys are unique within a route: each of one found, the same, in the other.
        if lhs.parameters.count <= 16 {
            return lhs.parameters.allSatisfy { parameter in
                rhs.parameters.first { $0.key == parameter.key }.map(parameter.isSame(as:)) ?? false
            }
        }
        // Many: side by side in key order (a search of one for each of the other is n² steps).
        let byKey: (Parameter, Parameter) -> Bool = { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        return zip(lhs.parameters.sorted(by: byKey), rhs.parameters.sorted(by: byKey)).allSatisfy { $0.isSame(as: $1) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(parameters.count)
        // Order-free: the sum of each parameter's own hash, its value in canonical form.
        var sum = 0
        for parameter in parameters {
            var own = Hasher()
            own.combine(parameter.key)
            own.combine(parameter.type)
            own.combine(parameter.canonicalValue)
            sum &+= own.finalize()
        }
        hasher.combine(sum)
    }

    /// Whether `text` is a valid route name or parameter key.
    public static func isValidName(_ text: String) -> Bool {
        var count = 0
        for byte in text.utf8 {
            count += 1
            guard count <= maxNameLength, isNameByte(byte, first: count == 1) else { return false }
        }
        return count > 0
    }

    /// Whether `byte` may stand in a name (``isValidName(_:)``): a letter or `_`, or after the
    /// first byte a digit, `.` or `-` too.
    @inlinable
    package static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        // One bit a byte, tested with a shift (a byte of a long name costs a few instructions,
        // not a chain of range tests): bytes 64 to 127 `A`-`Z`, `_` and `a`-`z`; bytes 0 to 63
        // `-`, `.` and `0`-`9`.
        let letters: UInt64 = 0x07FF_FFFE_87FF_FFFE
        let others: UInt64 = first ? 0 : 0x03FF_6000_0000_0000
        return byte < 128 && (byte < 64 ? others : letters) >> UInt64(byte & 63) & 1 != 0
    }

    /// Throws `invalidInput` naming `text` unless it is a valid name.
    package static func validateName(_ text: String, what: String) throws {
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
    package static func validateValue(_ value: String, key: String) throws {
        if value.utf8.count > maxValueBytes {
            throw NavigatorError(
                .invalidInput, "value of parameter \(quoted(key)) is \(value.utf8.count) bytes; the limit is \(maxValueBytes)",
                detail: ValueBeyondRoutectl())
        }
        for scalar in value.unicodeScalars where scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
            throw NavigatorError(
                .invalidInput, "value of parameter \(quoted(key)) holds a control character \(quoted(String(scalar)))",
                detail: ValueBeyondRoutectl())
        }
    }
}

/// The fact behind a value a route parameter cannot hold (text over ``Route/maxValueBytes`` or
/// with a control character, typed JSON over its limit): one an app's own value may well hold,
/// so that a codec reading another library's state never says the app rejects it.
public struct ValueBeyondRoutectl: ErrorDetail, Equatable {
    public init() {}
}
