/// Parses one declaration in Swift's own syntax: a case name, optionally its associated values
/// in parentheses (each optionally with a default, `= nil`), optionally a raw value (`= 0`,
/// `= "text"`). Types are `String`, `Int`, `Double`, `Bool`, a declared type's name (dotted
/// when nested: `DetailFeature.State`), `T?`, `[T]` and `[String: T]`.
///
/// The parser only reads: whether a named type exists, and whether keys clash, is the schema's
/// check (``Schema``), which knows every declaration.
struct SignatureParser {
    /// Why a declaration did not parse, with the column (from 1) where it went wrong.
    struct Failure: Error, Equatable {
        let reason: String
        let column: Int
    }

    /// The longest declaration read, in characters (a signature is one line of Swift).
    static let maxLength = 1024
    /// How deeply types may nest (`[[[Int]]]`), so that hostile text cannot exhaust the stack.
    static let maxDepth = 32

    private let scalars: [Unicode.Scalar]
    private var position = 0

    private init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// The case `text` declares.
    static func parse(_ text: String) throws(Failure) -> CaseSignature {
        guard text.unicodeScalars.count <= maxLength else {
            throw Failure(reason: "a declaration is at most \(maxLength) characters", column: maxLength + 1)
        }
        var parser = SignatureParser(text)
        return try parser.declaration()
    }

    /// The type `text` spells (a struct member's: `Int`, `String?`, `[DetailFeature.State]`).
    static func parseType(_ text: String) throws(Failure) -> SchemaType {
        guard text.unicodeScalars.count <= maxLength else {
            throw Failure(reason: "a type is at most \(maxLength) characters", column: maxLength + 1)
        }
        var parser = SignatureParser(text)
        let type = try parser.type(depth: 0)
        parser.skipSpaces()
        if let next = parser.peek() {
            throw parser.fail(
                next == "="
                    ? "a stored property's default is not written: synthesized Codable requires the member whatever it is (declare it optional, T?, if it may be missing)"
                    : "unexpected \(parser.describe(next)) after the type")
        }
        return type
    }

    private mutating func declaration() throws(Failure) -> CaseSignature {
        skipSpaces()
        if peek() == nil { throw fail("expected a case name, such as 'home' or 'details(Int)'") }
        let name = try identifier(what: "a case name")
        if name == "case" || name == "indirect" {
            throw fail("write the case alone, without '\(name)'", at: position - name.unicodeScalars.count)
        }
        var values: [CaseSignature.Value] = []
        skipSpaces()
        if peek() == "(" {
            position += 1
            values = try associatedValues()
        }
        skipSpaces()
        var rawValue: CaseSignature.RawValue?
        if peek() == "=" {
            position += 1
            skipSpaces()
            rawValue = try raw()
            if !values.isEmpty {
                throw fail("a case with associated values cannot have a raw value", at: 0)
            }
            skipSpaces()
        }
        if let next = peek() {
            throw fail(next == "(" ? "unexpected '(': a case declares its associated values once" : "unexpected \(describe(next)) after the declaration")
        }
        return CaseSignature(name: name, values: values, rawValue: rawValue)
    }

    private mutating func associatedValues() throws(Failure) -> [CaseSignature.Value] {
        var values: [CaseSignature.Value] = []
        skipSpaces()
        if peek() == ")" { throw fail("empty parentheses: a case without associated values is written without them") }
        while true {
            skipSpaces()
            var label: String?
            let start = position
            // A label is an identifier followed by ':' (a type is never followed by one here).
            if let word = try? identifier(what: "a label") {
                skipSpaces()
                if peek() == ":" {
                    position += 1
                    if word == "_" { throw fail("'_' as a label: write the type alone, such as 'details(Int)'", at: start) }
                    label = word
                } else {
                    position = start
                }
            } else {
                position = start
            }
            skipSpaces()
            let type = try self.type(depth: 0)
            skipSpaces()
            var defaultValue: CaseSignature.DefaultValue?
            if peek() == "=" {
                position += 1
                skipSpaces()
                defaultValue = try self.defaultValue()
                skipSpaces()
            }
            values.append(CaseSignature.Value(label: label, type: type, position: values.count, defaultValue: defaultValue))
            switch peek() {
            case ","?: position += 1
            case ")"?:
                position += 1
                return values
            case nil: throw fail("expected ')' after the associated values")
            case let other?: throw fail("expected ',' or ')' after a type, found \(describe(other))")
            }
        }
    }

    mutating func type(depth: Int) throws(Failure) -> SchemaType {
        guard depth < Self.maxDepth else { throw fail("types nest at most \(Self.maxDepth) deep") }
        skipSpaces()
        var type: SchemaType
        switch peek() {
        case "["?:
            position += 1
            let first = try self.type(depth: depth + 1)
            skipSpaces()
            if peek() == ":" {
                let keyColumn = position
                position += 1
                guard first == .string else {
                    throw fail("a dictionary's keys are String (synthesized Codable writes other keys as an array), not \(first)", at: keyColumn - 1)
                }
                type = .dictionary(try self.type(depth: depth + 1))
                skipSpaces()
            } else {
                type = .array(first)
            }
            guard peek() == "]" else { throw fail("expected ']'" + (peek().map { ", found \(describe($0))" } ?? "")) }
            position += 1
        case "("?:
            throw fail("a tuple is not Codable: declare its values as the case's own, or as a type under 'types'")
        case nil:
            throw fail("expected a type, such as Int or String")
        default:
            var name = try identifier(what: "a type, such as Int or String")
            // A nested type: `DetailFeature.State`.
            while peek() == ".", position + 1 < scalars.count, Self.isIdentifierScalar(scalars[position + 1].value, first: true) {
                position += 1
                name += "." + (try identifier(what: "a nested type's name"))
            }
            if ["Optional", "Array", "Dictionary"].contains(name) {
                throw fail("write \(name == "Optional" ? "T?" : name == "Array" ? "[T]" : "[String: T]") for \(name)", at: position - name.unicodeScalars.count)
            }
            type = SchemaType.builtIn(named: name) ?? .named(name)
        }
        while peek() == "?" {
            position += 1
            if case .optional = type { throw fail("'??': an optional of an optional reads back as one") }
            type = .optional(type)
        }
        return type
    }

    private mutating func raw() throws(Failure) -> CaseSignature.RawValue {
        switch peek() {
        case "\""?:
            return .string(try stringLiteral(of: "a raw value"))
        case let first? where first == "-" || ("0"..."9").contains(first):
            let start = position
            position += 1
            while let scalar = peek(), ("0"..."9").contains(scalar) { position += 1 }
            let digits = String(String.UnicodeScalarView(scalars[start..<position]))
            guard let value = Int(digits) else { throw fail("expected an integer that fits an Int as the raw value", at: start) }
            return .int(value)
        default:
            throw fail("expected a raw value: an integer (home = 0) or a string (home = \"start\")")
        }
    }

    /// A string literal without escapes (`"start"`), the position at its opening quote.
    private mutating func stringLiteral(of what: String) throws(Failure) -> String {
        position += 1
        var text = ""
        while let scalar = peek(), scalar != "\"" {
            if scalar == "\\" { throw fail("\(what)'s text has no escapes") }
            if scalar.value < 0x20 || scalar.value == 0x7F { throw fail("\(what)'s text has no control characters") }
            text.unicodeScalars.append(scalar)
            position += 1
        }
        guard peek() == "\"" else { throw fail("expected '\"' to end \(what)") }
        position += 1
        return text
    }

    /// A default value: a literal (`nil`, a number, a string, `true`, `false`, `[]`, `[:]`) or a
    /// case of an enum (`.none`). Whether it is of the value's type is the schema's check.
    private mutating func defaultValue() throws(Failure) -> CaseSignature.DefaultValue {
        let start = position
        let expected = "expected a default: nil, a number, a string, true, false, [], [:] or a case such as .none"
        switch peek() {
        case "\""?:
            return .string(try stringLiteral(of: "a default"))
        case let first? where first == "-" || ("0"..."9").contains(first):
            position += 1
            while let scalar = peek(), ("0"..."9").contains(scalar) || scalar == "." || scalar == "_" || scalar == "e" || scalar == "E"
                || ((scalar == "-" || scalar == "+") && (scalars[position - 1] == "e" || scalars[position - 1] == "E")) {
                position += 1
            }
            let text = String(String.UnicodeScalarView(scalars[start..<position])).replacingUnderscores()
            guard let number = Double(text), number.isFinite, text != "-", text.last.map({ ("0"..."9").contains($0) }) == true else {
                throw fail("expected a number as the default", at: start)
            }
            return .number(text)
        case "["?:
            position += 1
            skipSpaces()
            if peek() == ":" {
                position += 1
                skipSpaces()
                guard peek() == "]" else { throw fail("a default is an empty dictionary, [:], or another literal without elements") }
                position += 1
                return .emptyDictionary
            }
            guard peek() == "]" else { throw fail("a default is an empty array, [], or another literal without elements") }
            position += 1
            return .emptyArray
        case "."?:
            position += 1
            return .enumCase(try identifier(what: "a case name after '.'"))
        default:
            guard let word = try? identifier(what: "a default") else { throw fail(expected) }
            switch word {
            case "nil": return .null
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: throw fail(expected, at: start)
            }
        }
    }

    /// A Swift identifier of ASCII letters, digits and `_` (what a route name takes too).
    private mutating func identifier(what: String) throws(Failure) -> String {
        let start = position
        while let scalar = peek(), Self.isIdentifierScalar(scalar.value, first: position == start) {
            position += 1
        }
        guard position > start else {
            throw fail("expected \(what)" + (peek().map { ", found \(describe($0))" } ?? ""))
        }
        guard position - start <= 64 else { throw fail("a name is at most 64 characters", at: start) }
        // ASCII only: one byte a scalar.
        return String(decoding: scalars[start..<position].map { UInt8(truncatingIfNeeded: $0.value) }, as: UTF8.self)
    }

    /// Whether the scalar `value` may stand in an identifier (`first`: at its start).
    static func isIdentifierScalar(_ value: UInt32, first: Bool) -> Bool {
        switch value {
        case 0x5F, 0x41...0x5A, 0x61...0x7A: return true  // _ A-Z a-z
        case 0x30...0x39: return !first  // 0-9
        default: return false
        }
    }

    mutating func skipSpaces() {
        while peek() == " " { position += 1 }
    }

    func peek() -> Unicode.Scalar? {
        position < scalars.count ? scalars[position] : nil
    }

    func fail(_ reason: String, at column: Int? = nil) -> Failure {
        Failure(reason: reason, column: (column ?? position) + 1)
    }

    func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar.value < 0x20 || scalar.value == 0x7F { return "a control character" }
        if scalar == "'" { return "\"'\"" }
        return "'\(scalar)'"
    }
}

extension String {
    /// The text without `_` (Swift's digit separators: `1_000`).
    fileprivate func replacingUnderscores() -> String {
        String(unicodeScalars.filter { $0 != "_" }.map(Character.init))
    }
}
