/// Text made safe for a terminal: control characters and invisible format characters (a
/// zero-width space, a bidi override) written as `\u{...}`, so that nothing printed can move
/// the cursor, hide text or reorder it, and what you see is what is stored.
enum Printable {
    /// Whether `scalar` is shown escaped: C0 and C1 controls, DEL, and Unicode format
    /// characters (general category Cf).
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return true }
        return value >= 0xAD && scalar.properties.generalCategory == .format
    }

    /// JSON text with every character ``needsEscape(_:)`` names, but the line feeds of its
    /// layout, written as a JSON escape (`\u202e`; a pair of surrogates above U+FFFF): the
    /// same JSON value, and nothing a terminal would obey. (Control characters inside strings
    /// are escaped by the writer already; these can only stand inside strings.)
    static func jsonEscaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 != "\n" && needsEscape($0) }) else { return text }
        var out = ""
        func unit(_ value: UInt32) {
            let hex = String(value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        for scalar in text.unicodeScalars {
            if scalar == "\n" || !needsEscape(scalar) {
                out.unicodeScalars.append(scalar)
            } else if scalar.value > 0xFFFF {
                let value = scalar.value - 0x10000
                unit(0xD800 + (value >> 10))
                unit(0xDC00 + (value & 0x3FF))
            } else {
                unit(scalar.value)
            }
        }
        return out
    }

    /// `text` with every character ``needsEscape(_:)`` names written as `\u{..}`.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
