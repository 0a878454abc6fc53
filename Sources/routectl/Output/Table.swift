/// Rows of text in columns aligned by display width, two spaces apart, with a header row.
/// The last column is never padded, so no line ends in spaces. Control and invisible format
/// characters in a cell (which a hand-edited file or a parameter could hold) are shown escaped,
/// so they can neither break a row nor hide from the reader.
struct Table {
    var header: [String]
    var rows: [[String]]

    /// The table as lines of text; the header in bold when `color` is on.
    func render(color: Bool) -> String {
        let all = ([header] + rows).map { $0.map(Table.printable) }
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

    /// `cell` as a terminal may show it (see ``Printable``).
    static func printable(_ cell: String) -> String {
        Printable.escaped(cell)
    }
}
