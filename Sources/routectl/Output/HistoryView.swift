import RouteModel
import RouteCodecs
import PropertyListCodec
import JSONText

/// Recorded changes as `history` prints them: `SEQ  TIME  OP  ARGS  PATH`, or a JSON array.
struct HistoryView {
    var entries: [HistoryEntry]

    func table(color: Bool, width: Int? = nil) -> String {
        let rows = entries.map { entry in
            [String(entry.seq), entry.at, entry.op, entry.args.map(ShellWord.quote).joined(separator: " "), entry.path]
        }
        return Table(header: ["SEQ", "TIME", "OP", "ARGS", "PATH"], rows: rows).render(color: color, width: width)
    }

    func json() -> String {
        var writer = JSONWriter(capacity: 160 * entries.count)
        writer.lines(entries, indent: "  ") { $0.historyEntry($1) }
        writer.raw("\n")
        return writer.text
    }
}
