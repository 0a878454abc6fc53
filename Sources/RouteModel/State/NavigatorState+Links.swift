import PlainText

extension NavigatorState {
    /// The deep link URL of the current state: what ``LinkTable/url(for:)`` gives for its path.
    ///
    /// - Throws: `cannotApply` when no declared link gives one (fact
    ///   ``NavigatorError/Fact/noLinkForPath(path:declared:)``).
    public func url() throws -> URLText {
        let path = RoutePath(tree)
        guard let url = links.url(for: path) else {
            var reason = links.isEmpty ? "this file declares no links" : "no link's path pattern matches it"
            if let (link, url, taker) = links.shadowing(of: path) {
                reason = "the link \(quoted(link.url.description)) gives the URL \(quoted(url.description)), and "
                    + (taker.map { "the link \(quoted($0.url.description)), declared before it, opens that URL instead" }
                        ?? "that URL opens another path")
            }
            throw NavigatorError(
                .cannotApply, "no deep link URL for the current path \(quoted(path.description)): \(reason)",
                fact: .noLinkForPath(path: path.description, declared: links.links.count))
        }
        return url
    }
}
