import Testing
import RouteModel
import TestSupport

/// The link table: declaring (add, remove, check against the declarations), `open` (first
/// match, typed placeholders as a filter, the closest pattern), `url(for:)` (only URLs that open
/// back), and links in the state and the file.
@Suite(.tags(.unit)) struct LinkTableTests {
    /// The README's declarations: initial onboarding, home with tabs feed, profile, settings.
    static func state(routes: [String]? = nil) throws -> NavigatorState {
        try NavigatorState.new(
            initial: Route("onboarding"), routes: routes,
            tabContainers: [TabContainer(declaration: "home=feed,profile,settings")], historyLimit: 100)
    }

    static func link(_ url: String, _ path: String) throws -> DeepLink {
        try DeepLink(url: url, path: path)
    }

    static func table(_ links: [(String, String)]) throws -> LinkTable {
        LinkTable(try links.map { try link($0.0, $0.1) })
    }

    // MARK: Declaring

    @Test func addKeepsOrderAndTheSameLinkTwiceChangesNothing() throws {
        var table = LinkTable()
        #expect(try table.add(Self.link("myapp://item/{id}", "home/tab:feed/details?id={id}")))
        #expect(try table.add(Self.link("myapp://search?q={q}", "home/tab:feed/search?q={q}")))
        #expect(try !table.add(Self.link("MYAPP://item/{id}/", "home/tab:feed/details?id={id}")), "the same link in another spelling")
        #expect(table.links.map(\.url.description) == ["myapp://item/{id}", "myapp://search?q={q}"])
        let error = #expect(throws: NavigatorError.self) { try table.add(Self.link("myapp://item/{id}", "home/tab:feed/other?id={id}")) }
        #expect(error?.kind == .cannotApply)
        #expect(error?.fact == .linkDeclared(url: "myapp://item/{id}", path: "home/tab:feed/details?id={id}"))
    }

    @Test func aTypedAndATextPlaceholderAreDifferentLinks() throws {
        var table = LinkTable()
        #expect(try table.add(Self.link("myapp://item/{id}", "home/tab:feed/details?id:={id}")))
        #expect(try table.add(Self.link("myapp://item/{slug}", "home/tab:feed/details?slug={slug}")))
        #expect(table.links.count == 2)
    }

    @Test func removeByPatternInAnySpelling() throws {
        var table = try Self.table([("myapp://item/{id}", "home/tab:feed/details?id={id}"), ("myapp://x", "home/tab:feed")])
        try table.remove(LinkPattern(parsing: "MyApp://Item/{id}/"))
        #expect(table.links.map(\.url.description) == ["myapp://x"])
        let error = #expect(throws: NavigatorError.self) { try table.remove(LinkPattern(parsing: "myapp://y")) }
        #expect(error?.kind == .cannotApply)
        #expect(error?.fact == .noSuchLink(url: "myapp://y", declared: ["myapp://x"]))
    }

    @Test func checkRefusesRoutesOutsideTheListAndPathsThatDoNotFitTheTabs() throws {
        let state = try Self.state(routes: ["onboarding", "home", "feed", "profile", "settings", "details"])
        let table = LinkTable()
        try table.check(Self.link("myapp://item/{id}", "home/tab:feed/details?id={id}"), against: state)
        let unknown = #expect(throws: NavigatorError.self) { try table.check(Self.link("myapp://x/{id}", "home/tab:feed/detail?id={id}"), against: state) }
        #expect(unknown?.message == "invalid path pattern 'home/tab:feed/detail?id={id}': at column 15, route 'detail' is not in this file's routes")
        #expect(unknown?.fact == .routeNotAllowed(name: "detail", allowed: state.routes!))
        let noTab = #expect(throws: NavigatorError.self) { try table.check(Self.link("myapp://x", "home/details"), against: state) }
        #expect(noTab?.message.hasPrefix("invalid path pattern 'home/details': at column 6, 'home' is a tab container") == true, "\(noTab?.message ?? "")")
        let badTab = #expect(throws: NavigatorError.self) { try table.check(Self.link("myapp://x", "home/tab:nope"), against: state) }
        #expect(badTab?.fact == .unknownTab(name: "nope", container: "home", tabs: ["feed", "profile", "settings"]))
        let stray = #expect(throws: NavigatorError.self) { try table.check(Self.link("myapp://x", "onboarding/tab:feed"), against: state) }
        #expect(stray?.kind == .invalidInput)
    }

    // MARK: open

    @Test func theFirstMatchingLinkWins() throws {
        let table = try Self.table([
            ("myapp://item/{id}", "home/tab:feed/details?id={id}"),
            ("myapp://item/{id}", "home/tab:profile/details?id={id}"),  // never reached
        ])
        let opened = try table.open(URLText(parsing: "MYAPP://item/42/"))
        #expect(opened.path.description == "home/tab:feed/details?id=42")
        #expect(opened.url.description == "myapp://item/42")
    }

    @Test func aTypedPlaceholderPassesOtherValuesOnToLaterLinks() throws {
        let table = try Self.table([
            ("myapp://item/{id}", "home/tab:feed/details?id:={id}"),
            ("myapp://item/{slug}", "home/tab:feed/details?slug={slug}"),
        ])
        #expect(try table.open(URLText(parsing: "myapp://item/42")).path.description == "home/tab:feed/details?id:=42")
        #expect(try table.open(URLText(parsing: "myapp://item/true")).path.description == "home/tab:feed/details?id:=true")
        #expect(try table.open(URLText(parsing: "myapp://item/abc")).path.description == "home/tab:feed/details?slug=abc")
        #expect(try table.open(URLText(parsing: "myapp://item/%2242%22")).path.description == "home/tab:feed/details?slug=%2242%22",
            "a JSON string is not a typed value")
    }

    @Test func theQueryIsNormalisedInThePatternsOrder() throws {
        let table = try Self.table([("myapp://search?q={q}&page={p}", "home/tab:feed/search?q={q}&page:={p}")])
        let opened = try table.open(URLText(parsing: "myapp://search?page=2&q=caf%c3%a9+x"))
        #expect(opened.path.description == "home/tab:feed/search?page:=2&q=caf%C3%A9%2Bx", "the path prints its parameters in one order")
        #expect(opened.url.description == "myapp://search?q=caf%C3%A9%2Bx&page=2")
    }

    @Test func noMatchNamesTheClosestPatternAndWhy() throws {
        let table = try Self.table([
            ("myapp://search?q={q}", "home/tab:feed/search?q={q}"),
            ("myapp://item/{id}/reviews", "home/tab:feed/details?id={id}"),
            ("web://item/{id}/reviews", "home/tab:feed/details?id={id}"),
        ])
        let error = #expect(throws: NavigatorError.self) { try table.open(URLText(parsing: "myapp://item/7/review")) }
        #expect(error?.kind == .cannotApply)
        #expect(error?.message == "no link pattern matches the URL 'myapp://item/7/review'")
        #expect(error?.fact == .noLinkMatch(url: "myapp://item/7/review", closest: "myapp://item/{id}/reviews", reason: "path segment 2 is 'reviews', not 'review'"))
        let typed = try Self.table([("myapp://item/{id}", "home/tab:feed/details?id:={id}")])
        let misfit = #expect(throws: NavigatorError.self) { try typed.open(URLText(parsing: "myapp://item/abc")) }
        #expect(misfit?.fact == .noLinkMatch(url: "myapp://item/abc", closest: "myapp://item/{id}", reason: "'{id}' takes a JSON number, true, false or null, not 'abc'"))
        let none = #expect(throws: NavigatorError.self) { try LinkTable().open(URLText(parsing: "myapp://x")) }
        #expect(none?.fact == .noLinkMatch(url: "myapp://x", closest: nil, reason: nil))
    }

    @Test func aFragmentIsRefused() throws {
        let table = try Self.table([("myapp://x", "home/tab:feed")])
        let error = #expect(throws: NavigatorError.self) { try table.open(URLText(parsing: "myapp://x#top")) }
        #expect(error?.kind == .invalidInput)
    }

    // MARK: url(for:)

    @Test func theURLOfAPathIsTheFirstThatOpensBackToIt() throws {
        let table = try Self.table([
            ("myapp://item/{id}", "home/tab:feed/details?id:={id}"),
            ("myapp://item/{slug}", "home/tab:feed/details?slug={slug}"),
            ("myapp://slug/{slug}", "home/tab:feed/details?slug={slug}"),
            ("https://example.com/i/{id}", "home/tab:feed/details?id:={id}"),
        ])
        #expect(table.url(for: try RoutePath(parsing: "home/tab:feed/details?id:=7"))?.description == "myapp://item/7")
        #expect(table.url(for: try RoutePath(parsing: "home/tab:feed/details?slug=abc"))?.description == "myapp://item/abc")
        // myapp://item/7 would open as id:=7, so the text 7 gets the next link's URL.
        #expect(table.url(for: try RoutePath(parsing: "home/tab:feed/details?slug=7"))?.description == "myapp://slug/7")
        #expect(table.url(for: try RoutePath(parsing: "home/tab:feed/details?slug=")) == nil, "no URL has an empty segment")
        #expect(table.url(for: try RoutePath(parsing: "home/tab:feed")) == nil)
    }

    // MARK: The state

    @Test func openIsGoRecordedAsOpen() throws {
        var state = try Self.state()
        state.links = try Self.table([("myapp://item/{id}", "home/tab:profile/details?id={id}")])
        #expect(try state.perform(.open(URLText(parsing: "MyApp://item/a%20b/")), at: "2026-11-22T10:00:00Z"))
        #expect(state.path == "home/tab:profile/details?id=a%20b")
        let entry = try #require(try state.history.entries().last)
        #expect(entry.op == "open" && entry.args == ["myapp://item/a%20b"] && entry.path == state.path)
        #expect(try !state.perform(.open(URLText(parsing: "myapp://item/a%20b")), at: "2026-11-22T10:00:01Z"), "already there: a no-op")
        #expect(state.history.count == 1)
        #expect(try state.url().description == "myapp://item/a%20b")
        #expect(try state.perform(.undo(1), at: "2026-11-22T10:00:02Z"))
        #expect(state.path == "onboarding" && state.links.links.count == 1, "undo restores the tree and leaves links alone")
    }

    @Test func openChecksTheRouteListAsGoDoes() throws {
        var state = try Self.state(routes: ["onboarding", "home", "feed", "profile", "settings", "details"])
        state.links = try Self.table([("myapp://item/{id}", "home/tab:feed/details?id={id}")])
        let error = #expect(throws: NavigatorError.self) { try state.perform(.open(URLText(parsing: "myapp://x")), at: "2026-11-22T10:00:00Z") }
        #expect(error?.kind == .cannotApply)
        #expect(state.history.count == 0)
    }

    @Test func urlWithoutAMatchingLinkSaysSo() throws {
        var state = try Self.state()
        let none = #expect(throws: NavigatorError.self) { try state.url() }
        #expect(none?.message == "no deep link URL for the current path 'onboarding': this file declares no links")
        #expect(none?.fact == .noLinkForPath(path: "onboarding", declared: 0))
        state.links = try Self.table([("myapp://x", "home/tab:feed")])
        let unmatched = #expect(throws: NavigatorError.self) { try state.url() }
        #expect(unmatched?.message == "no deep link URL for the current path 'onboarding': no link's path pattern matches it")
    }

    /// A link whose path pattern matches, shadowed by an earlier link that takes its URL: the
    /// message says so (it said no path pattern matched), naming both links and the URL.
    @Test func aShadowedLinkIsNamedWithTheLinkThatTakesItsURL() throws {
        var state = try Self.state()
        state.links = try Self.table([
            ("myapp://item/{name}", "home/tab:feed/named?name={name}"),
            ("myapp://item/{id}", "home/tab:feed/details?id:={id}"),
        ])
        _ = try state.perform(.go(RoutePath(parsing: "home/tab:feed/details?id:=5")), at: "2026-11-22T10:00:00Z")
        let shadowed = #expect(throws: NavigatorError.self) { try state.url() }
        #expect(shadowed?.message == "no deep link URL for the current path 'home/tab:feed/details?id:=5': the link 'myapp://item/{id}' gives the URL 'myapp://item/5', and the link 'myapp://item/{name}', declared before it, opens that URL instead")
        #expect(shadowed?.fact == .noLinkForPath(path: "home/tab:feed/details?id:=5", declared: 2))
    }
}
