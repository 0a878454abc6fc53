/// Words as a POSIX shell (and zsh) would read them back: bare when safe, otherwise in single quotes; a
/// word holding control or invisible format characters in bash's `$'...'` form, so that what
/// is printed is one line of visible text that still pastes back as the same word.
enum ShellWord {
    static func quote(_ word: String) -> String {
        // A leading '=' is zsh's: `=ls` is the path of the command ls (zsh is a Mac's shell).
        let safe = !word.isEmpty && word.utf8.first != UInt8(ascii: "=") && word.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "="), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "@"),
                UInt8(ascii: "%"), UInt8(ascii: "+"):
                return true
            default:
                return byte >= 0x80
            }
        }
        if safe && !word.unicodeScalars.contains(where: Printable.needsEscape) { return word }
        if word.unicodeScalars.contains(where: Printable.needsEscape) { return ansiC(word) }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// `$'...'` with `\n`, `\t`, `\'`, `\\`, `\xHH` for other controls and `\uXXXX` for format
    /// characters: bash, zsh and ksh read it back as the same word.
    private static func ansiC(_ word: String) -> String {
        var out = "$'"
        for scalar in word.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "'": out += "\\'"
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x80, Printable.needsEscape(scalar) {
                    out += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else if Printable.needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    out += scalar.value > 0xFFFF
                        ? "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
                        : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "'"
    }
}
