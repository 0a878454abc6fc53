/// A Swift type's name as `_mangledTypeName` gives it, which NavigationBackport 0.11 and
/// swift-navigation 2.x's `UINavigationPath` (pairs) and FlowStacks' `FlowPath` (triples) write
/// beside each element, and which their decoders resolve with `_typeByName`
/// (NavigationBackport `Sources/NavigationBackport/CodableRepresentation.swift`:
/// `container.encode(_mangledTypeName(type(of: element)))`, then `_typeByName(typeName) as?
/// any (Hashable & Decodable).Type`; swift-navigation `Sources/SwiftNavigation/UINavigationPath.swift`:
/// `container.encode(_mangledTypeName(element.type))`, `_typeByName(typeName) as? any Decodable.Type`).
///
/// The names routectl reads, as Swift 6.3's runtime mangles them:
///
/// - the standard library's own substitutions: `Si` (`Swift.Int`), `Su`, `SS`, `Sb`, `Sd`,
///   `Sf`, `SJ` (`Swift.Character`), `Ss` (`Swift.Substring`);
/// - a nominal type: its module (`5MyApp`, `s` for `Swift`), then each type from the outermost,
///   as an identifier and a kind, `O` an enum, `V` a struct, `C` a class: `5MyApp6ScreenO`
///   (`MyApp.Screen`), `5MyApp4HomeV6ScreenO` (`MyApp.Home.Screen`), `s5Int64V` (`Swift.Int64`);
///   an identifier may repeat words of those before it (`4main4HomeV0B4ViewV`,
///   `MyApp.Home.HomeView`).
///
/// Anything else (a generic's arguments, `SaySiG`; a private type's discriminator or memory
/// address; an identifier outside ASCII, punycoded; an Objective-C type) is not read: `nil`.
/// Every function here reads its input once, left to right, and never traps.
import RouteModel

package enum MangledTypeName {
    /// A nominal type's kind, the letter that ends its mangling.
    package enum Kind: UInt8, Sendable {
        case enumeration = 0x4F  // O
        case structure = 0x56  // V
        case classType = 0x43  // C
    }

    /// The standard library's types with a substitution of their own, and their readable names.
    static let standard: [(mangled: String, readable: String)] = [
        ("Si", "Swift.Int"), ("Su", "Swift.UInt"), ("SS", "Swift.String"), ("Sb", "Swift.Bool"),
        ("Sd", "Swift.Double"), ("Sf", "Swift.Float"), ("SJ", "Swift.Character"), ("Ss", "Swift.Substring"),
    ]

    /// The standard library's integer types without a substitution of their own: structs.
    static let standardIntegers: Set<String> = ["Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64"]

    /// The longest name read, in bytes.
    package static let maxBytes = 1024

    /// Whether `text` is a nominal type's or a standard substitution's mangled name routectl
    /// reads (``readable(_:)`` is not `nil`).
    package static func isReadable(_ text: String) -> Bool { readable(text) != nil }

    /// The readable name (as `_typeName(_, qualified: true)` gives it) of the mangled name
    /// `text`: `Si` → `Swift.Int`, `5MyApp4HomeV6ScreenO` → `MyApp.Home.Screen`; `nil` for a
    /// name routectl does not read.
    package static func readable(_ text: String) -> String? {
        guard let parts = components(text) else { return nil }
        return parts.map(\.name).joined(separator: ".")
    }

    /// The module and the types, outermost first, each with its kind (`nil` for the module), of
    /// the mangled name `text`; `nil` for a name routectl does not read.
    package static func components(_ text: String) -> [(name: String, kind: Kind?)]? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 2, bytes.count <= maxBytes else { return nil }
        if bytes.count == 2, let known = standard.first(where: { $0.mangled == text }) {
            let dot = known.readable.firstIndex(of: ".")!
            return [(String(known.readable[..<dot]), nil), (String(known.readable[known.readable.index(after: dot)...]), .structure)]
        }
        var reader = Reader(bytes)
        var parts: [(name: String, kind: Kind?)] = []
        if bytes[0] == UInt8(ascii: "s") {
            reader.position = 1
            parts.append(("Swift", nil))
        } else {
            guard let module = reader.identifier() else { return nil }
            parts.append((module, nil))
        }
        while !reader.atEnd {
            guard let name = reader.identifier(), !reader.atEnd, let kind = Kind(rawValue: bytes[reader.position]) else { return nil }
            reader.position += 1
            parts.append((name, kind))
        }
        return parts.count >= 2 ? parts : nil
    }

    /// The mangled name of the type whose readable name is `readable` and whose types,
    /// outermost first (the module left out), are of the kinds `kinds`: `MyApp.Home.Screen`
    /// with `[.structure, .enumeration]` → `5MyApp4HomeV6ScreenO`; a standard substitution
    /// (`Swift.Int` → `Si`) whatever the kinds. Identifiers are written whole, without the word
    /// substitutions Swift's mangler may use: `_typeByName` resolves either. `nil` when the name
    /// is not such a name (a generic, a private type's, an identifier outside ASCII letters,
    /// digits and `_`) or the kinds do not match its types.
    package static func mangled(readable: String, kinds: [Kind]) -> String? {
        if let known = standard.first(where: { $0.readable == readable }) { return known.mangled }
        let parts = readable.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.count - 1 == kinds.count, readable.utf8.count <= maxBytes,
            parts.allSatisfy(isIdentifier)
        else { return nil }
        var text = parts[0] == "Swift" ? "s" : "\(parts[0].utf8.count)\(parts[0])"
        for (part, kind) in zip(parts.dropFirst(), kinds) {
            text += "\(part.utf8.count)\(part)"
            text.unicodeScalars.append(Unicode.Scalar(kind.rawValue))
        }
        return text
    }

    /// Whether the mangled name `text` is a private type's, holding a memory address of one run
    /// of the app (`4main13$559efc90c3d8yXZ6HiddenV`), which no later run resolves.
    static func isPrivate(_ text: String) -> Bool {
        NavigationPathTypeName.kind(of: text) == .mangled && text.utf8.contains(UInt8(ascii: "$"))
    }

    /// Why routectl changes nothing in a document whose string at `index` is the mangled name
    /// `text` it cannot read.
    static func cannotRead(_ text: String, at index: Int) -> String {
        "at [\(index)], \(NavigatorError.quote(text)) is a mangled type name routectl cannot read (a generic type's, a private type's, or a form it does not demangle): it reads the names of enums, structs and classes and the standard library's Int, String, Bool, Double..."
    }

    /// The refusal of a change to a document of the format `format` that holds a mangled type
    /// name routectl cannot read (`reason`, ``cannotRead(_:at:)``): the app may decode it, but
    /// routectl could not tell what a change would write.
    static func refusal(_ reason: String, format: String) -> NavigatorError {
        NavigatorError(
            .invalidFile, "\(reason); routectl shows it as stored and changes nothing in it",
            detail: FormatFact.unreadableTypeName(format: format))
    }

    /// `name` (readable, or mangled as `_mangledTypeName` gives it) as a document names types:
    /// mangled when `mangled` (NavigationBackport's, UINavigationPath's, FlowPath's), readable
    /// otherwise (SwiftUI's NavigationPath). A readable name becomes the mangled name in `known`
    /// (the document's) that reads as it, else is mangled with the kinds of its types that
    /// `known` tell, the named type itself an enum when `enumValue` (its value is an enum value).
    ///
    /// - Throws: `invalidInput`, without the name, for a mangled name routectl cannot read or
    ///   a private type's, or a readable one whose kinds cannot be told.
    static func stored(_ name: String, mangled: Bool, known: [String], enumValue: Bool) throws -> String {
        let isMangled = NavigationPathTypeName.kind(of: name) == .mangled
        if isMangled {
            guard !isPrivate(name) else {
                throw NavigatorError(
                    .invalidInput,
                    "a private type's name holds a memory address of one run of the app, and no later run can restore a value of it")
            }
            guard let readable = Self.readable(name) else {
                throw NavigatorError(
                    .invalidInput,
                    "routectl cannot read that mangled type name: it reads the names of enums, structs and classes (such as 5MyApp6ScreenO) and the standard library's Int, String, Bool, Double...")
            }
            return mangled ? name : readable
        }
        guard mangled else { return name }
        if let same = standard.first(where: { $0.readable == name }) { return same.mangled }
        if let same = known.first(where: { Self.readable($0) == name }) { return same }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.allSatisfy(isIdentifier) else {
            throw NavigatorError(
                .invalidInput,
                "the routes name types mangled, and routectl mangles the names of enums, structs and classes only (no generic's): name the type as _mangledTypeName gives it")
        }
        var kinds: [Kind] = []
        for count in 2...parts.count {
            let prefix = parts.prefix(count).joined(separator: ".")
            var kind: Kind?
            for other in known {
                guard let components = Self.components(other), components.count >= count,
                    components.prefix(count).map(\.name).joined(separator: ".") == prefix
                else { continue }
                kind = components[count - 1].kind
                break
            }
            // The standard library's other integers are structs (`s5Int64V`).
            if kind == nil, count == 2, parts[0] == "Swift", standardIntegers.contains(String(parts[1])) { kind = .structure }
            if kind == nil, count == parts.count, enumValue { kind = .enumeration }
            guard let kind else {
                throw NavigatorError(
                    .invalidInput,
                    "the routes name types mangled, and routectl cannot tell whether \(NavigatorError.quote(prefix)) is an enum, a struct or a class to mangle the name: name the type as _mangledTypeName gives it, such as 5MyApp6RecipeV")
            }
            kinds.append(kind)
        }
        return Self.mangled(readable: name, kinds: kinds) ?? name
    }

    /// Whether `part` is an identifier as a mangled name spells it plain: ASCII letters, digits
    /// and `_`, not starting with a digit.
    private static func isIdentifier(_ part: Substring) -> Bool {
        guard let first = part.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return part.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_")
        }
    }

    /// Reads identifiers as Swift's demangler does (`Demangler::demangleIdentifier`): a length
    /// then that many bytes; or `0`, then literal parts and word substitutions (a lowercase
    /// letter, or an uppercase one for the last), each word one of the first 26 that the
    /// literal parts read so far hold, a literal part ended by `0` when more follows.
    private struct Reader {
        let bytes: [UInt8]
        var position = 0
        /// The words of the literal parts read so far: where each stands in ``bytes``.
        var words: [Range<Int>] = []

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        var atEnd: Bool { position >= bytes.count }

        mutating func identifier() -> String? {
            guard !atEnd, isDigit(bytes[position]) else { return nil }
            var substituting = false
            if bytes[position] == UInt8(ascii: "0") {
                position += 1
                // `00`: punycode, for an identifier outside ASCII.
                guard !atEnd, bytes[position] != UInt8(ascii: "0") else { return nil }
                substituting = true
            }
            var name: [UInt8] = []
            repeat {
                while substituting, !atEnd, isLetter(bytes[position]) {
                    let letter = bytes[position]
                    position += 1
                    let isLower = letter >= UInt8(ascii: "a")
                    let index = Int(letter - (isLower ? UInt8(ascii: "a") : UInt8(ascii: "A")))
                    if !isLower { substituting = false }
                    guard index < words.count, name.count + words[index].count <= MangledTypeName.maxBytes else { return nil }
                    name += bytes[words[index]]
                }
                if !atEnd, bytes[position] == UInt8(ascii: "0") {
                    position += 1
                    break
                }
                guard let length = natural(), length > 0, length <= bytes.count - position else { return nil }
                let literal = position..<(position + length)
                guard bytes[literal].allSatisfy(isIdentifierByte) else { return nil }
                name += bytes[literal]
                addWords(literal)
                position += length
            } while substituting
            guard let first = name.first, !isDigit(first) else { return nil }
            return String(decoding: name, as: UTF8.self)
        }

        /// A decimal number of up to four digits (a name is at most ``maxBytes`` long).
        private mutating func natural() -> Int? {
            var value = 0
            var digits = 0
            while !atEnd, isDigit(bytes[position]) {
                guard digits < 4 else { return nil }
                value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
                digits += 1
                position += 1
            }
            return digits == 0 ? nil : value
        }

        /// Adds the words of the literal at `range`, as the demangler splits them: a word
        /// starts at a byte that is no digit nor `_`, and ends before a `_`, at the end, or
        /// before an uppercase letter that follows one that is not; it counts when at least two
        /// bytes long, and the first 26 only.
        private mutating func addWords(_ range: Range<Int>) {
            var start: Int?
            var index = range.lowerBound
            while index <= range.upperBound {
                let byte: UInt8 = index < range.upperBound ? bytes[index] : 0
                if let from = start {
                    let previous = bytes[index - 1]
                    if byte == UInt8(ascii: "_") || byte == 0 || (!isUpper(previous) && isUpper(byte)) {
                        if index - from >= 2, words.count < 26 { words.append(from..<index) }
                        start = nil
                    }
                }
                if start == nil, byte != 0, byte != UInt8(ascii: "_"), !isDigit(byte) { start = index }
                index += 1
            }
        }

        private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        private func isUpper(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
        private func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }
        private func isIdentifierByte(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_") }
    }
}
