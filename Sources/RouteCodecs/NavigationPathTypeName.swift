import RouteModel
import PlainText

/// The type name SwiftUI's `NavigationPath` writes beside each element's JSON: the element's
/// type as `_typeName(type, qualified: true)` names it, module first (`Swift.Int`,
/// `MyApp.Recipe`, `MyApp.Outer.Route`, `Swift.Array<Swift.Int>`).
///
/// A private or fileprivate type's name holds a memory address of one run of the app
/// (`MyApp.(unknown context at $56099b7b7278).Hidden`): no later run can resolve it, so routectl
/// shows such an element and keeps it as read, but never writes the name anew.
///
/// pointfreeco's `UINavigationPath` and NavigationBackport write the same pairs with mangled
/// names instead (`Si`, `5MyApp6RecipeV`): ``Kind/mangled``, read by their readable names
/// (``MangledTypeName``).
package struct NavigationPathTypeName: Hashable, Sendable {
    /// The name as written, such as `MyApp.Recipe`.
    package let text: String

    /// What a type-name string looks like.
    package enum Kind {
        /// Module-qualified and readable, as SwiftUI writes it: holds a `.`.
        case readable
        /// Readable without a module (`User`, as a type of a playground prints): an identifier
        /// that is not shaped like a mangled name.
        case unqualified
        /// Mangled, as `_mangledTypeName` gives it: `Si`, `SS`, `SaySiG`, `5MyApp6RecipeV`.
        case mangled
    }

    /// The longest type name taken, in bytes (a generic type's name can be long; nothing
    /// longer is a name).
    package static let maxBytes = 1024

    package init(_ text: String) {
        self.text = text
    }

    /// Whether `bytes` (a name's UTF-8, unescaped) look like a readable type name, a mangled
    /// one, or neither (`nil`). Readable: up to ``maxBytes`` without control characters,
    /// holding a `.` that neither starts nor ends it, starting with a letter, `_` or `(`.
    /// Mangled: ASCII letters, digits, `_` and `$` only, starting with a digit (a module's
    /// length), or `s` then one (the standard library's `s5Int64V`), or `S` and one more letter
    /// (a standard type: `Si`, `SS`), or starting with `S`
    /// and ending with `G` (a standard generic: `SaySiG`). Any other identifier (letters,
    /// digits and `_`, starting with a letter or `_`) is unqualified.
    package static func kind<Bytes: BidirectionalCollection<UInt8>>(of bytes: Bytes) -> Kind? {
        guard let first = bytes.first, let last = bytes.last, bytes.count <= maxBytes else { return nil }
        var hasDot = false
        var plain = true  // letters, digits, `_`, `$` only
        var dollar = false
        for byte in bytes {
            switch byte {
            case 0x00..<0x20, 0x7F: return nil
            case UInt8(ascii: "."): hasDot = true; plain = false
            case UInt8(ascii: "$"): dollar = true
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                continue
            default: plain = false
            }
        }
        if hasDot {
            guard first != UInt8(ascii: "."), last != UInt8(ascii: "."), isLetter(first) || first == UInt8(ascii: "_") || first == UInt8(ascii: "(") else {
                return nil
            }
            return .readable
        }
        guard plain else { return nil }
        if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(first)
            || (first == UInt8(ascii: "s") && bytes.dropFirst().first.map { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) } == true)
            || (first == UInt8(ascii: "S") && ((bytes.count == 2 && isLetter(last)) || (bytes.count > 2 && last == UInt8(ascii: "G")))) {
            return .mangled
        }
        guard !dollar, isLetter(first) || first == UInt8(ascii: "_") else { return nil }
        return .unqualified
    }

    /// ``kind(of:)`` of `text`'s UTF-8, read from its contiguous storage.
    package static func kind(of text: String) -> Kind? {
        var text = text
        return text.withUTF8 { kind(of: $0) }
    }

    /// Whether the name is a private or fileprivate type's, holding a memory address that no
    /// later run of the app resolves.
    package var isPrivate: Bool {
        // Most names hold no `(`: known without the search.
        text.utf8.contains(UInt8(ascii: "(")) && text.utf8.firstRange(of: "(unknown context at ".utf8) != nil
    }

    /// The module the name starts with (`MyApp` of `MyApp.Outer.Route`); `nil` for a name
    /// without one.
    package var module: String? {
        guard let dot = text.firstIndex(of: "."), dot != text.startIndex,
              !text[..<dot].contains(where: { $0 == "<" || $0 == "(" }) else { return nil }
        return String(text[..<dot])
    }

    /// The name a value of this type shows under when it is no enum value: the last component
    /// of the name, without generic arguments (`MyApp.Recipe` → `Recipe`, `Swift.Int` → `Int`,
    /// `Swift.Array<Swift.Int>` → `Array`, `MyApp.(unknown context at $1).Hidden` → `Hidden`);
    /// `nil` when that is no valid route name (a tuple, a name outside ASCII).
    package var routeName: String? {
        // A mangled name (`5MyApp6RecipeV`) by its readable one, or as best it tells.
        if let first = text.utf8.first, first < UInt8(ascii: "A") || first == UInt8(ascii: "S") || first == UInt8(ascii: "s"),
            Self.kind(of: text) == .mangled {
            return SwiftTypeName.shortName(text)
        }
        var depth = 0
        var start = text.utf8.startIndex
        var end = text.utf8.endIndex
        var index = text.utf8.startIndex
        while index < text.utf8.endIndex {
            switch text.utf8[index] {
            case UInt8(ascii: "<"), UInt8(ascii: "("):
                if depth == 0 { end = index }
                depth += 1
            case UInt8(ascii: ">"), UInt8(ascii: ")"):
                depth -= 1
            case UInt8(ascii: ".") where depth == 0:
                start = text.utf8.index(after: index)
                end = text.utf8.endIndex
            default:
                break
            }
            index = text.utf8.index(after: index)
        }
        guard start <= end else { return nil }
        let name = String(text[start..<end])
        return Route.isValidName(name) ? name : nil
    }

    /// Why a name that is not ``Kind/readable`` is refused.
    package static let expectedReadable =
        "expected a type name as SwiftUI's NavigationPath writes it: the module, a '.', then the type, such as MyApp.Screen or Swift.Int"

    /// Throws `invalidInput` unless `text` is a type name routectl writes for a new element:
    /// readable (module-qualified) and not a private type's. The reason says what the name is
    /// (`a private type's name, ...`), without the name.
    package static func checkWritable(_ text: String) throws {
        guard kind(of: text) == .readable else { throw NavigatorError(.invalidInput, expectedReadable) }
        guard !NavigationPathTypeName(text).isPrivate else {
            throw NavigatorError(
                .invalidInput,
                "a private type's name holds a memory address of one run of the app, and no later run can restore a value of it")
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }
}
