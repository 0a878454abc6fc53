import RouteModel

/// Recorded changes as `history` prints them: `SEQ  TIME  OP  ARGS  PATH`, or a JSON array.
struct HistoryView {
    var entries: [HistoryEntry]

    func table(color: Bool) -> String {
        let rows = entries.map { entry in
            [String(entry.seq), entry.at, entry.op, entry.args.map(ShellWord.quote).joined(separator: " "), entry.path]
        }
        return Table(header: ["SEQ", "TIME", "OP", "ARGS", "PATH"], rows: rows).render(color: color)
    }

    func json() -> String {
        guard !entries.isEmpty else { return "[]\n" }
        var writer = JSONWriter(capacity: 160 * entries.count)
        for (index, entry) in entries.enumerated() {
            writer.raw(index == 0 ? "[\n  " : ",\n  ")
            writer.historyEntry(entry)
        }
        writer.raw("\n]\n")
        return writer.text
    }
}

/// Words as a POSIX shell would read them back: bare when safe, otherwise in single quotes.
enum ShellWord {
    static func quote(_ word: String) -> String {
        let safe = !word.isEmpty && word.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "="), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "@"),
                UInt8(ascii: "%"), UInt8(ascii: "+"):
                return true
            default:
                return byte >= 0x80
            }
        }
        if safe { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
