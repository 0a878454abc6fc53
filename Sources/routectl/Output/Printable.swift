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
