/// Text for one-line messages, shared by the codecs and the model.

/// Quotes user-supplied text for a message: single quotes around it, control characters
/// escaped, and anything past `limit` characters elided, so that a message stays one line.
package func quoted(_ text: String, limit: Int = 80) -> String {
    var out = "'"
    var count = 0
    for scalar in text.unicodeScalars {
        if count == limit {
            out += "…"
            break
        }
        switch scalar.value {
        case 0x0A: out += "\\n"
        case 0x09: out += "\\t"
        case 0x0D: out += "\\r"
        case 0x00..<0x20, 0x7F..<0xA0:
            out += "\\u{" + String(scalar.value, radix: 16) + "}"
        default: out.unicodeScalars.append(scalar)
        }
        count += 1
    }
    return out + "'"
}
