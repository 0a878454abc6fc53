import PropertyListCodec

extension LaunchArgument {
    /// The launch arguments for `key` holding `value` as a Swift array literal, for
    /// `XCUIApplication().launchArguments`: `["-<key>", "<value>"]`, each a string literal
    /// that Swift reads back as the same text; `nil` as for ``text(_:)``.
    static func swiftArray(key: String, value: PropertyListValue) -> String? {
        text(value).map { "[" + swiftString("-" + key) + ", " + swiftString($0) + "]" }
    }

    /// `text` as a Swift string literal: `"` and `\` escaped, newline, return and tab as `\n`,
    /// `\r`, `\t`, and every other control or invisible format character as `\u{…}`, so that
    /// the literal is one line of visible text.
    static func swiftString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || Printable.needsEscape(scalar) {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
