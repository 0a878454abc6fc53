/// Rows of text in columns aligned by display width, two spaces apart, with a header row.
/// The last column is never padded, so no line ends in spaces. Control and invisible format
/// characters in a cell (which a hand-edited file or a parameter could hold) are shown escaped,
/// so they can neither break a row nor hide from the reader.
struct Table {
    var header: [String]
    var rows: [[String]]

    /// The fewest columns a cut column keeps, `…` included.
    static let minimumCut = 8

    /// The table as lines of text; the header in bold when `color` is on. With a `width` (a
    /// terminal's), no line is longer: the widest columns are cut, each cut cell ending in `…`.
    func render(color: Bool, width: Int? = nil) -> String {
        var all = ([header] + rows).map { $0.map(Table.printable) }
        var widths = [Int](repeating: 0, count: header.count)
        for row in all {
            for (index, cell) in row.enumerated() {
                widths[index] = max(widths[index], DisplayWidth.of(cell))
            }
        }
        if let width {
            widths = Table.fitted(widths, into: width)
            all = all.map { row in row.enumerated().map { Table.cut($1, to: widths[$0]) } }
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

    /// Column widths whose lines (two spaces between columns) fit in `width`: the widest
    /// column is narrowed first, none below ``minimumCut`` (so a very narrow terminal still gets
    /// lines longer than it, rather than unreadable cells).
    static func fitted(_ widths: [Int], into width: Int) -> [Int] {
        var widths = widths
        func total() -> Int { widths.reduce(0, +) + 2 * max(0, widths.count - 1) }
        while total() > width {
            guard let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > minimumCut else { break }
            let second = widths.enumerated().filter { $0.offset != widest }.map(\.element).max() ?? 0
            widths[widest] = max(minimumCut, max(second, widths[widest] - (total() - width)))
            if widths[widest] == second, second > minimumCut, total() > width { widths[widest] -= 1 }
        }
        return widths
    }

    /// `cell` cut to `width` columns, ending in `…` when cut; never inside a character.
    static func cut(_ cell: String, to width: Int) -> String {
        guard DisplayWidth.of(cell) > width else { return cell }
        var out = ""
        var used = 0
        for character in cell {
            let columns = DisplayWidth.of(String(character))
            guard used + columns <= width - 1 else { break }
            out.append(character)
            used += columns
        }
        return out + "…"
    }

    /// `cell` as a terminal may show it (see ``Printable``).
    static func printable(_ cell: String) -> String {
        Printable.escaped(cell)
    }
}
