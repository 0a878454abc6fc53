import RouteModel
import RouteCodecs
import PropertyListCodec
import JSONText

/// The declared links as `link list` prints them: `URL  PATH`, one link a row in declared
/// order, or a JSON array of `{"url": ..., "path": ...}`.
struct LinkView {
    var links: [DeepLink]

    func table(color: Bool, width: Int? = nil) -> String {
        Table(header: ["URL", "PATH"], rows: links.map { [$0.url.description, $0.path.description] }).render(color: color, width: width)
    }

    func json() -> String {
        var writer = JSONWriter(capacity: 80 * links.count)
        writer.lines(links, indent: "  ") { $0.link($1) }
        writer.raw("\n")
        return writer.text
    }
}
