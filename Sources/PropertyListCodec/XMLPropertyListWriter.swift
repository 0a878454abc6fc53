import PlainText

/// Writes a ``PropertyListValue`` as an XML property list, in the layout of Apple's tools and
/// Python's `plistlib` (see ``XMLPropertyList``).
package struct XMLPropertyListWriter {
    /// The document written so far.
    private(set) var bytes: [UInt8] = []
    /// The keys and indexes from the top value to the one being written, for errors.
    private var path: [String] = []
    /// What ends each line: a line feed, or the carriage return and line feed of a file that has them.
    package var lineEnd: [UInt8] = [0x0A]

    /// The lines before the top value.
    package static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// Writes the whole document holding `value`.
    package mutating func document(_ value: PropertyListValue) throws {
        bytes += Self.header.utf8
        try write(value, level: 0)
        bytes += "</plist>\n".utf8
    }

    private func error(_ reason: String) -> PropertyListError {
        let at = path.isEmpty ? "the top value" : quoted(path.joined(separator: "/"))
        return PropertyListError("cannot write XML: \(reason), at \(at)", at: nil)
    }

    /// Writes one dictionary entry, its key's line and its value's, indented `level` tabs.
    package mutating func entry(_ entry: PropertyListDictionary.Entry, level: Int) throws {
        path.append(entry.key)
        line(level, "<key>\(try escaped(entry.key))</key>")
        try write(entry.value, level: level)
        path.removeLast()
    }

    /// Writes `value` with its lines indented `level` tabs.
    package mutating func value(_ value: PropertyListValue, level: Int) throws {
        try write(value, level: level)
    }

    /// Appends `level` tabs, `text`, and a newline.
    private mutating func line(_ level: Int, _ text: String) {
        bytes += repeatElement(UInt8(ascii: "\t"), count: level)
        bytes += text.utf8
        bytes += lineEnd
    }

    /// Writes `value` with its lines indented `level` tabs.
    private mutating func write(_ value: PropertyListValue, level: Int) throws {
        switch value {
        case .dictionary(let dictionary):
            guard !dictionary.isEmpty else { return line(level, "<dict/>") }
            line(level, "<dict>")
            for entry in dictionary.entries {
                try self.entry(entry, level: level + 1)
            }
            line(level, "</dict>")
        case .array(let elements):
            guard !elements.isEmpty else { return line(level, "<array/>") }
            line(level, "<array>")
            for (index, element) in elements.enumerated() {
                path.append(String(index))
                try write(element, level: level + 1)
                path.removeLast()
            }
            line(level, "</array>")
        case .string(let string):
            line(level, "<string>\(try escaped(string))</string>")
        case .integer(let integer):
            line(level, "<integer>\(integer)</integer>")
        case .real(let real, _):
            line(level, "<real>\(Self.format(real))</real>")
        case .boolean(let value):
            line(level, value ? "<true/>" : "<false/>")
        case .date(let seconds):
            guard let text = PropertyListDate.format(seconds) else {
                throw error("the date \(seconds) is not within the years 0000 to 9999")
            }
            line(level, "<date>\(text)</date>")
        case .data(let data):
            line(level, "<data>")
            // As Python's plistlib (after Apple): 76 columns less 8 per tab, at least 16.
            let width = max(16, 76 - 8 * level) / 4 * 3
            var start = 0
            while start < data.count {
                let end = min(data.count, start + width)
                bytes += repeatElement(UInt8(ascii: "\t"), count: level)
                bytes += PropertyListBase64.encode(data[start..<end])
                bytes += lineEnd
                start = end
            }
            line(level, "</data>")
        case .uid:
            throw error("a uid can only be written in a binary property list")
        }
    }

    /// A real in its shortest exact decimal form (`1.0`, `0.1`, `1e+16`), or `nan`,
    /// `+infinity`, `-infinity` as Apple writes those. Every NaN is `nan`, whatever its sign
    /// and payload: Foundation reads no other spelling (XML keeps only a binary plist's NaN bits).
    package static func format(_ real: Double) -> String {
        if real.isNaN { return "nan" }
        if real.isInfinite { return real < 0 ? "-infinity" : "+infinity" }
        return real.description
    }

    /// `text` with `&`, `<` and `>` escaped, and a carriage return as `&#13;` (which an XML
    /// reader other than Foundation's would otherwise turn into a newline); other control
    /// characters raw, as Foundation writes and reads them; throws for U+FFFE and U+FFFF.
    private func escaped(_ text: String) throws -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            case "\u{FFFE}", "\u{FFFF}":
                throw error("the character U+\(String(scalar.value, radix: 16, uppercase: true)) cannot stand in XML")
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
