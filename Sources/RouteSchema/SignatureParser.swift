/// Parses one declaration in Swift's own syntax: a case name, optionally its associated values
/// in parentheses, optionally a raw value (`= 0`, `= "text"`). Types are `String`, `Int`,
/// `Double`, `Bool`, a declared type's name, `T?`, `[T]` and `[String: T]`.
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
            values.append(CaseSignature.Value(label: label, type: type, position: values.count))
            skipSpaces()
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

    private mutating func type(depth: Int) throws(Failure) -> SchemaType {
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
            let name = try identifier(what: "a type, such as Int or String")
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
            position += 1
            var text = ""
            while let scalar = peek(), scalar != "\"" {
                if scalar == "\\" { throw fail("a raw value's text has no escapes") }
                if scalar.value < 0x20 || scalar.value == 0x7F { throw fail("a raw value's text has no control characters") }
                text.unicodeScalars.append(scalar)
                position += 1
            }
            guard peek() == "\"" else { throw fail("expected '\"' to end the raw value") }
            position += 1
            return .string(text)
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

    private mutating func skipSpaces() {
        while peek() == " " { position += 1 }
    }

    private func peek() -> Unicode.Scalar? {
        position < scalars.count ? scalars[position] : nil
    }

    private func fail(_ reason: String, at column: Int? = nil) -> Failure {
        Failure(reason: reason, column: (column ?? position) + 1)
    }

    private func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar.value < 0x20 || scalar.value == 0x7F { return "a control character" }
        if scalar == "'" { return "\"'\"" }
        return "'\(scalar)'"
    }
}
