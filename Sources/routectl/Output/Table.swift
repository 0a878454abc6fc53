/// Rows of text in columns aligned by display width, two spaces apart, with a header row.
/// The last column is never padded, so no line ends in spaces.
struct Table {
    var header: [String]
    var rows: [[String]]

    /// The table as lines of text; the header in bold when `color` is on.
    func render(color: Bool) -> String {
        let all = [header] + rows
        var widths = [Int](repeating: 0, count: header.count)
        for row in all {
            for (index, cell) in row.enumerated() {
                widths[index] = max(widths[index], DisplayWidth.of(cell))
            }
        }
        var out = ""
        for (rowIndex, row) in all.enumerated() {
            var line = ""
            var lastNonEmpty = row.lastIndex { !$0.isEmpty } ?? 0
            lastNonEmpty = max(lastNonEmpty, 0)
            for (index, cell) in row.enumerated() where index <= lastNonEmpty {
                line += cell
                if index < lastNonEmpty {
                    line += String(repeating: " ", count: widths[index] - DisplayWidth.of(cell) + 2)
                }
            }
            out += (rowIndex == 0 && color ? Style.bold(line) : line) + "\n"
        }
        return out
    }
}

/// ANSI styles for terminal output.
enum Style {
    static func bold(_ text: String) -> String { "\u{1B}[1m" + text + "\u{1B}[0m" }
    static func dim(_ text: String) -> String { "\u{1B}[2m" + text + "\u{1B}[0m" }
}
