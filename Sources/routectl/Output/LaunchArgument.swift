import PropertyListCodec

/// A preference value as a launch argument of UserDefaults' argument domain (`-<key> <value>`),
/// so that an app started with it reads that value under the key without its files changing.
///
/// How the argument domain reads a value (docs/contract.md, "Launch arguments"): the word after
/// `-<key>` must not start with `-`; white space around it is trimmed; a value starting with
/// `{`, `(`, `[`, `<` or `"` is read as a property list (old-style/OpenStep, or XML) when it
/// parses as one, and anything else is the string itself. So a string is written as a quoted
/// old-style string (whatever it holds: JSON, spaces, a leading `-`), data as old-style `<hex>`,
/// and an integer as an XML property list (old-style text has no numbers: a bare `2` is the
/// string "2").
enum LaunchArgument {
    /// The value's text, or `nil` for a kind no route is kept as (`boolean`, `real`, `date`,
    /// `array`, `dictionary`, `uid`).
    static func text(_ value: PropertyListValue) -> String? {
        switch value {
        case .string(let text): return quotedString(text)
        case .data(let bytes): return "<" + hex(bytes) + ">"
        case .integer(let integer):
            return #"<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd"><plist version="1.0"><integer>"#
                + integer.description + "</integer></plist>"
        default: return nil
        }
    }

    /// The line for `key` holding `value`: `-<key> <value>`, each word shell-quoted.
    static func line(key: String, value: PropertyListValue) -> String? {
        text(value).map { ShellWord.quote("-" + key) + " " + ShellWord.quote($0) }
    }

    /// An old-style quoted string: `"` and `\` escaped, newline, tab and return as `\n`, `\t`,
    /// `\r`, and every other character outside printable ASCII as `\U` and four hex digits of
    /// its UTF-16 code units, so that the text is plain ASCII whatever the string holds.
    static func quotedString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value >= 0x20 && scalar.value < 0x7F {
                    out.unicodeScalars.append(scalar)
                } else {
                    for unit in String(scalar).utf16 {
                        let hex = String(unit, radix: 16)
                        out += "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
                    }
                }
            }
        }
        return out + "\""
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
