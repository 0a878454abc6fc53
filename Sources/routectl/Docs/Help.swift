/// `--help` text, written from the command and option tables in swift-argument-parser's layout.
enum Help {
    static let overview = "Inspect and change an app's persisted navigation state."

    /// Help for routectl as a whole.
    static func general() -> String {
        var out = "OVERVIEW: \(overview)\n\n"
        out += commands()
        out += "\nOPTIONS:\n"
        out += rows(OptionSpec.global.map { ($0.label, $0.summary + ".") })
        out += "\n  See 'routectl help <command>' for detailed help.\n"
        return out
    }

    /// The usage line and the commands, one a row: what `routectl` alone prints.
    static func commands() -> String {
        "USAGE: routectl [<options>] <command> [<arguments>]\n\nCOMMANDS:\n"
            + rows(CommandSpec.visible.map { ($0.name, $0.summary + ".") })
    }

    /// Help for one command.
    static func command(_ spec: CommandSpec) -> String {
        var out = "OVERVIEW: \(spec.summary).\n\n"
        for paragraph in spec.details {
            out += wrap(paragraph, width: 78, indent: "") + "\n\n"
        }
        let arguments = spec.synopsis.isEmpty ? "" : " " + spec.synopsis
        out += "USAGE: routectl \(spec.name)\(arguments) [<options>]\n\n"
        let own = OptionSpec.own(of: spec.command)
        if !own.isEmpty {
            out += "OPTIONS:\n" + rows(own.map { ($0.label, $0.summary(for: spec.command) + ".") }) + "\n"
        }
        out += "GLOBAL OPTIONS:\n"
        out += rows(OptionSpec.global.map { ($0.label, $0.summary + ".") })
        if !spec.examples.isEmpty {
            out += "\nEXAMPLES:\n"
            for example in spec.examples {
                out += "  \(example.command)\n      \(example.meaning.prefix(1).uppercased() + example.meaning.dropFirst()).\n"
            }
        }
        return out
    }

    /// Two columns: a label padded to a common width, then wrapped text.
    private static func rows(_ items: [(String, String)]) -> String {
        let width = min(max(items.map(\.0.count).max() ?? 0, 12) + 2, 28)
        var out = ""
        for (label, text) in items {
            let indent = String(repeating: " ", count: width + 2)
            let body = wrap(text, width: 80 - indent.count, indent: indent)
            if label.count + 2 > width {
                out += "  \(label)\n" + indent + body + "\n"
            } else {
                out += "  " + label + String(repeating: " ", count: width - label.count) + body + "\n"
            }
        }
        return out
    }

    /// Words of `text` in lines of at most `width` columns; lines after the first start with
    /// `indent`.
    static func wrap(_ text: String, width: Int, indent: String) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n" + indent)
    }
}
