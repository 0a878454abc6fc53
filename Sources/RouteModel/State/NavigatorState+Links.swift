import PlainText

extension NavigatorState {
    /// The deep link URL of the current state: what ``LinkTable/url(for:)`` gives for its path.
    ///
    /// - Throws: `cannotApply` when no declared link gives one (fact
    ///   ``NavigatorError/Fact/noLinkForPath(path:declared:)``).
    public func url() throws -> URLText {
        let path = RoutePath(tree)
        guard let url = links.url(for: path) else {
            let reason = links.isEmpty ? "this file declares no links" : "no link's path pattern matches it"
            throw NavigatorError(
                .cannotApply, "no deep link URL for the current path \(quoted(path.description)): \(reason)",
                fact: .noLinkForPath(path: path.description, declared: links.links.count))
        }
        return url
    }
}
