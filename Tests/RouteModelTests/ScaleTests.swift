import TestSupport
import Testing
@testable import RouteModel

/// Issue 17 item 11: work that was quadratic in a path's segments or a link table's links is
/// linear. Each test runs a size that took minutes before (n² steps) and checks the result;
/// times are measured by scripts, not here.
@Suite(.tags(.scale), .slowLayer) struct ScaleTests {
    static let segments = 100_000

    /// `root/a/a/…/a`, `count` segments in all.
    static func longPath(_ count: Int, name: String = "a") -> String {
        "root" + String(repeating: "/" + name, count: count - 1)
    }

    /// Parsing a path of 100,000 segments keeps every column (counted on, not from the start).
    @Test func aLongPathParsesWithItsColumns() throws {
        let path = try RoutePath(parsing: Self.longPath(Self.segments, name: "ab"))
        #expect(path.segments.count == Self.segments)
        #expect(path.columns.prefix(3) == [1, 6, 9])
        #expect(path.columns.last == 6 + 3 * (Self.segments - 2))
        // An error at the end still names its column.
        let text = Self.longPath(Self.segments, name: "ab") + "/"
        let error = #expect(throws: NavigatorError.self) { try RoutePath(parsing: text) }
        #expect(error?.message.hasSuffix("at column \(text.count + 1), empty segment (two '/' in a row, or one at the end)") == true, "\(error?.message.suffix(80) ?? "")")
        // Columns count characters, not bytes, and go on counting after an earlier column.
        let wide = try RoutePath(parsing: "root/a?v=é/b?w=日本/c")
        #expect(wide.columns == [1, 6, 12, 19])
    }

    /// `go` to a path of 100,000 segments, with a sheet on top of a long flow too, and `undo`
    /// back to such an entry.
    @Test func goAndUndoOfALongPath() throws {
        var state = NavigatorState()
        let long = Self.longPath(Self.segments)
        #expect(try state.perform(.go(RoutePath(parsing: long)), at: "2026-01-01T00:00:00Z"))
        #expect(state.tree.chain.base.pushed.count == Self.segments - 1)
        #expect(state.path == long)
        let sheet = long + "/sheet:s" + String(repeating: "/b", count: 1000)
        #expect(try state.perform(.go(RoutePath(parsing: sheet)), at: "2026-01-01T00:00:01Z"))
        #expect(state.tree.chain.presented.first?.flow.pushed.count == 1000)
        #expect(try state.perform(.set(Route("home")), at: "2026-01-01T00:00:02Z"))
        #expect(try state.perform(.undo(1), at: "2026-01-01T00:00:03Z"))
        #expect(state.path == sheet)
        #expect(try state.perform(.undo(1), at: "2026-01-01T00:00:04Z"))  // undo; undo: the two last changes
        #expect(state.path == long)
    }

    /// A link whose patterns have 100,000 segments: declared, opened, and given back by
    /// `show --url` (whose index of the links must not be freed recursively either).
    @Test func aLinkOfManySegments() throws {
        let count = Self.segments
        let url = "myapp://h" + String(repeating: "/a", count: count - 1) + "/{id}"
        let path = Self.longPath(count) + "/item?id={id}"
        var state = NavigatorState()
        let link = try DeepLink(url: url, path: path)
        try state.links.check(link, against: state)
        #expect(try state.links.add(link))
        #expect(link.url.description == url && link.path.description == path)
        let opened = "myapp://h" + String(repeating: "/a", count: count - 1) + "/42"
        #expect(try state.perform(.open(URLText(parsing: opened)), at: "2026-01-01T00:00:00Z"))
        #expect(state.tree.chain.base.pushed.count == count)
        #expect(try state.url().description == opened)
    }

    /// 4,000 pairs of links where an earlier link's URL pattern shadows a later one's (it takes
    /// the same URLs to another path): `show --url` tries every later link, and each URL finds
    /// its first taker without a scan of the table.
    @Test func shadowedLinksDoNotMakeShowURLQuadratic() throws {
        let pairs = 4_000
        var links: [DeepLink] = []
        for k in 0..<pairs { links.append(try DeepLink(url: "myapp://h/k\(k)/{a}", path: "root/other?v={a}")) }
        for k in 0..<pairs { links.append(try DeepLink(url: "myapp://h/k\(k)/{b}", path: "root/details?id={b}")) }
        let path = try RoutePath(parsing: "root/details?id=5")
        #expect(LinkTable(links).url(for: path) == nil, "every URL opens elsewhere")
        // One more link, last, that nothing shadows, gives the URL.
        links.append(try DeepLink(url: "myapp://h/last/{c}", path: "root/details?id={c}"))
        #expect(LinkTable(links).url(for: path)?.description == "myapp://h/last/5")
    }

    /// The index finds the same first taker as trying the links in order: literal against
    /// placeholder, typed placeholders that refuse a value (a later link takes it), query items
    /// in any order, a name given twice, hosts and ports.
    @Test func theFirstTakerIsTheOneOpenTakes() throws {
        let table = LinkTable([
            try DeepLink(url: "myapp://h/item/{n}", path: "root/item?n:={n}"),
            try DeepLink(url: "myapp://h/{kind}/{slug}", path: "root/any?kind={kind}&slug={slug}"),
            try DeepLink(url: "myapp://h/item/new", path: "root/new"),
            try DeepLink(url: "myapp://h/s?q={q}&src=app", path: "root/search?q={q}"),
            try DeepLink(url: "myapp://h/s?q={q}", path: "root/search?q={q}&all:=true"),
            try DeepLink(url: "myapp://h:8080/item/{n}", path: "root/port?n={n}"),
            try DeepLink(url: "other:/item/{n}", path: "root/other?n={n}"),
        ])
        let urls = [
            "myapp://h/item/7", "myapp://h/item/new", "myapp://h/item/x", "myapp://h/post/x", "myapp://h/s?src=app&q=z",
            "myapp://h/s?q=z", "myapp://h/s?q=z&q=y", "myapp://h/s?q=z&src=web", "myapp://h:8080/item/1", "other:/item/1",
            "other://h/item/1", "myapp://h/item/7/8", "myapp://h",
        ]
        let index = LinkIndex(table.links)
        for text in urls {
            let url = try URLText(parsing: text)
            let open = try? table.open(url)
            let taker = index.firstTaker(of: url)
            #expect(taker.map { table.links[$0] } == open?.link, "\(text)")
        }
    }

    /// Two routes of 200,000 parameters in opposite orders (an app's encoder chooses the
    /// order anew: `show --watch` compares what it read with what it reads next) are the same
    /// route, and one value apart they are not: compared by sorted keys, not by a search of
    /// one route's parameters for each of the other's.
    @Test func routesOfManyParametersInAnotherOrderCompareEqual() throws {
        let count = 200_000
        let parameters = try (0..<count).map { try Route.Parameter(key: "k\($0)", json: "\($0)") }
        let forward = try Route("details", parameters: parameters)
        let backward = try Route("details", parameters: parameters.reversed())
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        var changed = Array(parameters.reversed())
        changed[count / 2] = try Route.Parameter(key: changed[count / 2].key, json: "-1")
        #expect(forward != (try Route("details", parameters: changed)))
        changed[count / 2] = try Route.Parameter(key: "other", json: "1")
        #expect(forward != (try Route("details", parameters: changed)))
    }
}
