/// A console block of a document (the README's): each `$ <command>` line and what it shows, for
/// the tests that run the commands and compare what they print.
public struct ConsoleBlock {
    /// One command and what the block shows under it.
    public struct Step {
        /// The command, without `$ ` and without a comment after it (`   # ...`).
        public let command: String
        /// The lines shown under it, each ended by a newline, as printed.
        public let shown: String

        /// The command's words as a shell splits them (plain words and '...' quoting).
        public var words: [String] {
            var words: [String] = []
            var word = ""
            var quoted = false
            var inWord = false
            for character in command {
                if character == "'" {
                    quoted.toggle()
                    inWord = true
                } else if character == " ", !quoted {
                    if inWord { words.append(word) }
                    word = ""
                    inWord = false
                } else {
                    word.append(character)
                    inWord = true
                }
            }
            if inWord { words.append(word) }
            return words
        }
    }

    /// The steps, in the block's order.
    public let steps: [Step]

    /// The block of `document` whose first line is `$ <first>`, up to its closing fence.
    public init?(_ document: String, from first: String) {
        guard let start = document.range(of: "$ " + first) else { return nil }
        let rest = document[start.lowerBound...]
        guard let end = rest.range(of: "\n```") else { return nil }
        self.init(lines: rest[..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false))
    }

    /// The first console block after the heading `heading` of `document`.
    public init?(_ document: String, under heading: String) {
        guard let section = document.range(of: heading),
              let open = document[section.upperBound...].range(of: "```console\n"),
              let close = document[open.upperBound...].range(of: "```") else { return nil }
        var lines = document[open.upperBound..<close.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        self.init(lines: lines)
    }

    private init(lines: [Substring]) {
        var steps: [Step] = []
        var index = lines.firstIndex { $0.hasPrefix("$ ") } ?? lines.endIndex
        while index < lines.endIndex {
            let command = lines[index].dropFirst(2).components(separatedBy: "   #")[0]
            index += 1
            var shown = ""
            while index < lines.endIndex, !lines[index].hasPrefix("$ ") {
                shown += lines[index] + "\n"
                index += 1
            }
            steps.append(Step(command: command, shown: shown))
        }
        self.steps = steps
    }
}
