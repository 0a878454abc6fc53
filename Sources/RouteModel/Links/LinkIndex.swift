/// The URL patterns of a link table as a tree, to find the first link that takes a URL without
/// trying every link: `show --url` asks that of one URL per link whose path pattern matches, so
/// trying every link each time cost links² steps (4,000 pairs of links where an earlier one
/// shadows a later one: seconds for a plain `show`).
///
/// A pattern is filed under its head (scheme, host, port, number of segments and query names:
/// a URL must have exactly these to match), then one level per path segment and per query
/// value (in the order of the names): a literal part by its text; a placeholder by whether its
/// path side takes text or a typed value (which only a JSON number, `true`, `false` or `null`
/// fills). Each node knows the first link below it, so the search visits the branches that
/// could hold an earlier taker than the best found, smallest first.
package struct LinkIndex {
    /// A node, kept in ``nodes`` and named by its place there: nodes that owned their children
    /// would be freed recursively, and a pattern of 60,000 segments would overflow the stack.
    private struct Node {
        var literal: [String: Int] = [:]
        var text: Int?
        var typed: Int?
        /// The links whose pattern ends here, in declared order.
        var links: [Int] = []
        /// The first link anywhere below.
        var first = Int.max
    }

    private struct Head: Hashable {
        var scheme: String
        var host: String?
        var port: Int?
        var segments: Int
        var names: [String]
    }

    private var heads: [Head: Int] = [:]
    private var nodes: [Node] = []

    /// The index of `links`.
    package init(_ links: [DeepLink]) {
        for (index, link) in links.enumerated() {
            let pattern = link.url
            let query = pattern.query.sorted { $0.name < $1.name }
            let head = Head(scheme: pattern.scheme, host: pattern.host, port: pattern.port, segments: pattern.segments.count, names: query.map(\.name))
            let typed = Set(link.path.typedPlaceholders)
            var node: Int
            if let known = heads[head] {
                node = known
            } else {
                node = add()
                heads[head] = node
            }
            nodes[node].first = min(nodes[node].first, index)
            for part in pattern.segments + query.map(\.value) {
                let next: Int
                switch part {
                case .text(let text):
                    next = nodes[node].literal[text] ?? add()
                    nodes[node].literal[text] = next
                case .placeholder(let name) where typed.contains(name):
                    next = nodes[node].typed ?? add()
                    nodes[node].typed = next
                case .placeholder:
                    next = nodes[node].text ?? add()
                    nodes[node].text = next
                }
                node = next
                nodes[node].first = min(nodes[node].first, index)
            }
            nodes[node].links.append(index)
        }
    }

    private mutating func add() -> Int {
        nodes.append(Node())
        return nodes.count - 1
    }

    /// The first link (its index in the table) whose URL pattern matches `url` and whose path
    /// pattern takes its values (a typed placeholder's value is a JSON number, `true`, `false`
    /// or `null`): the link ``LinkTable/open(_:)`` takes. `nil` when none does.
    package func firstTaker(of url: URLText) -> Int? {
        let query = url.query.sorted { $0.name < $1.name }
        guard Set(query.map(\.name)).count == query.count else { return nil }  // a name given twice matches no pattern
        let head = Head(scheme: url.scheme, host: url.host, port: url.port, segments: url.segments.count, names: query.map(\.name))
        guard let root = heads[head] else { return nil }
        let values = url.segments + query.map(\.value)
        var typable: [Bool?] = Array(repeating: nil, count: values.count)
        var best = Int.max
        // Depth first, without recursion (a pattern may have tens of thousands of segments).
        var pending: [(node: Int, depth: Int)] = [(root, 0)]
        while let (index, depth) = pending.popLast() {
            let node = nodes[index]
            guard node.first < best else { continue }
            guard depth < values.count else {
                if let first = node.links.first { best = min(best, first) }
                continue
            }
            let value = values[depth]
            var children = [node.literal[value], node.text].compactMap { $0 }
            if let typed = node.typed {
                if typable[depth] == nil { typable[depth] = TypedValue.parse(value).map { $0.0 != .string } ?? false }
                if typable[depth] == true { children.append(typed) }
            }
            // Smallest first link last, so it is searched first.
            pending += children.sorted { nodes[$0].first > nodes[$1].first }.map { ($0, depth + 1) }
        }
        return best == Int.max ? nil : best
    }
}
