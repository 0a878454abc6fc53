import PlainText

/// The deep links a navigator file declares, in order: what turns a URL into a path (`open`)
/// and a path into a URL (`show --url`), both ways from the one declaration.
///
/// The first link whose URL pattern matches a URL, and whose path pattern takes its values,
/// gives the path. The URL of a path is the first link whose path pattern matches it and whose
/// URL opens back to that very path, so `open` of a path's URL never changes the state. Two
/// links may give the same path (an app's custom scheme and its web address); the first one
/// declared is the path's URL.
public struct LinkTable: Equatable, Sendable {
    /// The links, in declared order.
    public private(set) var links: [DeepLink]

    /// A table of `links`, in this order.
    public init(_ links: [DeepLink] = []) {
        self.links = links
    }

    /// Whether no link is declared.
    public var isEmpty: Bool { links.isEmpty }

    /// The link declared for `pattern`, if any.
    public func link(for pattern: LinkPattern) -> DeepLink? {
        links.first { $0.url == pattern }
    }

    // MARK: Declaring

    /// Appends `link`. Returns `false`, changing nothing, when the very same link is declared.
    ///
    /// - Throws: `cannotApply` when its URL pattern is declared for another path pattern
    ///   (fact ``NavigatorError/Fact/linkDeclared(url:path:)``).
    public mutating func add(_ link: DeepLink) throws -> Bool {
        if let declared = self.link(for: link.url) {
            guard declared.path != link.path else { return false }
            throw NavigatorError(
                .cannotApply,
                "the URL pattern \(quoted(link.url.description)) is already declared, for \(quoted(declared.path.description))",
                fact: .linkDeclared(url: link.url.description, path: declared.path.description))
        }
        links.append(link)
        return true
    }

    /// Removes the link of `pattern`.
    ///
    /// - Throws: `cannotApply` when no link has that URL pattern (fact
    ///   ``NavigatorError/Fact/noSuchLink(url:declared:)``).
    public mutating func remove(_ pattern: LinkPattern) throws {
        guard let index = links.firstIndex(where: { $0.url == pattern }) else {
            throw NavigatorError(
                .cannotApply, "no link is declared for the URL pattern \(quoted(pattern.description))",
                fact: .noSuchLink(url: pattern.description, declared: links.map(\.url.description)))
        }
        links.remove(at: index)
    }

    /// Throws `invalidInput` unless every link fits `state`'s declarations (see
    /// ``check(_:against:)``) and no URL pattern is declared twice.
    public func validate(against state: NavigatorState) throws {
        var seen = Set<String>()
        for link in links {
            guard seen.insert(link.url.description).inserted else {
                throw NavigatorError(.invalidInput, "the URL pattern \(quoted(link.url.description)) is declared twice")
            }
            try check(link, against: state)
        }
    }

    /// Throws `invalidInput` unless `link`'s path pattern fits `state`'s declarations: every
    /// route it names is in the route list (when there is one), and its tabs are where the tab
    /// containers say, as `go` would check the path. The message gives the column.
    public func check(_ link: DeepLink, against state: NavigatorState) throws {
        do {
            try state.checkAllowed(link.path.path)
            _ = try state.tree(for: link.path.path)
        } catch var error as NavigatorError {
            if error.subject.first == link.path.path.errorSubject {
                error.subject[0] = "invalid path pattern \(quoted(link.path.path.source ?? link.path.path.description)):"
            }
            throw error
        }
    }

    // MARK: Using

    /// What `open` makes of `url`: the first link that takes it, the path it gives, and the URL
    /// as that link writes it (its normal form, query items in the pattern's order).
    ///
    /// - Throws: `invalidInput` for a URL with a fragment, or a value no parameter may hold;
    ///   `cannotApply` when no link takes the URL (fact
    ///   ``NavigatorError/Fact/noLinkMatch(url:closest:reason:)``, naming the closest pattern).
    public func open(_ url: URLText) throws -> (link: DeepLink, path: RoutePath, url: URLText) {
        guard url.fragment == nil else {
            throw NavigatorError(.invalidInput, "the URL \(quoted(url.description)) has a fragment ('#…'), which no link pattern takes")
        }
        var misfit: (link: DeepLink, reason: String)?
        for link in links {
            guard let values = link.url.match(url) else { continue }
            guard let path = try link.path.fill(values) else {
                if misfit == nil {
                    let name = link.path.typedPlaceholders.first { name in
                        guard let (type, _) = TypedValue.parse(values[name] ?? "") else { return true }
                        return type == .string
                    } ?? ""
                    misfit = (link, "'{\(name)}' takes a JSON number, true, false or null, not \(quoted(values[name] ?? ""))")
                }
                continue
            }
            return (link, path, link.url.fill(values) ?? url)
        }
        let closest = misfit ?? closest(to: url)
        throw NavigatorError(
            .cannotApply, "no link pattern matches the URL \(quoted(url.description))",
            fact: .noLinkMatch(url: url.description, closest: closest?.link.url.description, reason: closest?.reason))
    }

    /// The URL of `path`: from the first link whose path pattern matches it and whose URL opens
    /// back to `path`; `nil` when none does.
    ///
    /// Which link opens each URL is looked up in a ``LinkIndex`` (built once, when a first link
    /// matches), not by trying the links in order: that cost links² steps when earlier links
    /// shadow later ones.
    public func url(for path: RoutePath) -> URLText? {
        var index: LinkIndex?
        for link in links {
            guard let url = link.url(for: path), url.fragment == nil else { continue }
            if index == nil { index = LinkIndex(links) }
            // What open(url) gives: the first link that takes the URL, filled in (a value no
            // parameter may hold makes open throw: no URL from this link).
            guard let taker = index?.firstTaker(of: url), let values = links[taker].url.match(url),
                let back = try? links[taker].path.fill(values), back == path
            else { continue }
            return url
        }
        return nil
    }

    /// Why `path` has no URL (``url(for:)`` is `nil`) although a link's path pattern matches
    /// it: the first such link, the URL it gives, and the link that opens that URL instead (an
    /// earlier one, whose URL pattern takes it too; `nil` when none takes it, or when the link
    /// itself takes it but opens to another path). `nil` when no path pattern matches `path`.
    public func shadowing(of path: RoutePath) -> (link: DeepLink, url: URLText, taker: DeepLink?)? {
        let index = LinkIndex(links)
        for link in links {
            guard let url = link.url(for: path), url.fragment == nil else { continue }
            let taker = index.firstTaker(of: url).map { links[$0] }
            return (link, url, taker.flatMap { $0.url.description == link.url.description ? nil : $0 })
        }
        return nil
    }

    /// The link whose URL pattern comes closest to matching `url` (the most parts agreeing, the
    /// first of equals), and why it does not match.
    public func closest(to url: URLText) -> (link: DeepLink, reason: String)? {
        var best: (link: DeepLink, score: Int)?
        for link in links {
            let score = link.url.closeness(to: url)
            if score > best?.score ?? -1 { best = (link, score) }
        }
        guard let best else { return nil }
        return (best.link, best.link.url.mismatch(url) ?? "its values do not fit the path pattern")
    }
}
