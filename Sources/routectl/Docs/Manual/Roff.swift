/// Roff text for the man page, made from the tables' plain text.
///
/// The tables mark things lightly, the way `--help` shows them: `<name>` is a placeholder,
/// set in italics, and a word starting with `-` is an option, set in bold. Hyphens in such words
/// become `\-` (so they copy as the ASCII character), every backslash becomes `\e`, and a line
/// that would start with `.` or `'` (which roff reads as a request) starts with `\&`.
enum Roff {
    /// `plain` with its placeholders in italics and its options in bold.
    static func text(_ plain: String) -> String {
        plain.split(separator: " ", omittingEmptySubsequences: false).map(word).joined(separator: " ")
    }

    /// Text to be typed as it is, such as a command line: hyphens become `\-`.
    static func literal(_ plain: String) -> String {
        escaped(plain).replacing("-", with: "\\-")
    }

    /// `plain` in bold, as typed.
    static func bold(_ plain: String) -> String {
        "\\fB" + literal(plain) + "\\fR"
    }

    /// A paragraph as text lines: each sentence starts a line, as roff prefers, and lines break
    /// between words to stay within 80 bytes where they can.
    static func lines(_ paragraph: String) -> [String] {
        var sentences: [String] = []
        var sentence = ""
        var characters = paragraph[...]
        while let character = characters.popFirst() {
            sentence.append(character)
            if character == ".", characters.first == " ", characters.dropFirst().first?.isUppercase == true {
                sentences.append(sentence)
                sentence = ""
                characters = characters.dropFirst()
            }
        }
        sentences.append(sentence)
        return sentences.flatMap { wrapped(text($0)) }.map(safe)
    }

    /// Roff text in lines of at most `width` bytes, broken at spaces (a longer word stays whole).
    private static func wrapped(_ line: String, width: Int = 79) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in line.split(separator: " ") {
            if !current.isEmpty, current.utf8.count + 1 + word.utf8.count > width {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        return lines + [current]
    }

    /// `line` made safe to start a text line: roff would take a leading `.` or `'` for a request.
    static func safe(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }

    /// One space-separated word: punctuation around it stays roman; an option inside it is set
    /// in bold, placeholders in italics.
    private static func word(_ word: Substring) -> String {
        let opening: Set<Character> = ["(", "["]
        let closing: Set<Character> = [".", ",", ";", ":", ")", "]"]
        var core = word
        var before = ""
        var after = ""
        while let first = core.first, opening.contains(first) {
            before.append(core.removeFirst())
        }
        while let last = core.last, closing.contains(last) {
            after.insert(core.removeLast(), at: after.startIndex)
        }
        return escaped(before) + markup(core) + escaped(after)
    }

    /// The middle of a word: an option, a word with placeholders, or plain text.
    private static func markup(_ core: Substring) -> String {
        let second = core.dropFirst().first
        if core.first == "-", let second, second == "-" || second.isLetter {
            return bold(String(core))
        }
        guard core.contains("<") else { return escaped(String(core)) }
        var out = ""
        var rest = core
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            out += literal(String(rest[..<open]))
            out += "\\fI" + literal(String(rest[rest.index(after: open)..<close])) + "\\fR"
            rest = rest[rest.index(after: close)...]
        }
        return out + literal(String(rest))
    }

    /// `plain` with each backslash written `\e`.
    private static func escaped(_ plain: String) -> String {
        plain.replacing("\\", with: "\\e")
    }
}
