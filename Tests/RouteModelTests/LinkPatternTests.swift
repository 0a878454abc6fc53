import TestSupport
import Testing
import RouteModel

/// The two sides of a link: URL patterns (`LinkPattern`) and path patterns (`PathPattern`), one
/// test per pattern feature, and every refusal with its reason and column.
@Suite(.tags(.unit)) struct LinkPatternTests {
    func url(_ text: String) throws -> URLText { try URLText(parsing: text) }

    // MARK: URL patterns

    @Test func pathPlaceholdersMatchOneSegmentEach() throws {
        let pattern = try LinkPattern(parsing: "myapp://item/{id}/review/{n}")
        #expect(pattern.placeholders == ["id", "n"])
        #expect(pattern.match(try url("myapp://item/42/review/3")) == ["id": "42", "n": "3"])
        #expect(pattern.match(try url("myapp://item/42/review")) == nil)
        #expect(pattern.match(try url("myapp://item/42/review/3/x")) == nil)
        #expect(pattern.match(try url("myapp://item/42/reviews/3")) == nil)
        #expect(pattern.match(try url("myapp://item/a%2Fb/review/%C3%A9")) == ["id": "a/b", "n": "é"], "values are decoded; %2F stays in its segment")
    }

    @Test func schemeHostAndPortMatchAsURLsCompareThem() throws {
        let pattern = try LinkPattern(parsing: "MyApp://Item/{id}")
        #expect(pattern.description == "myapp://item/{id}")
        #expect(pattern.match(try url("MYAPP://ITEM/42")) == ["id": "42"])
        #expect(pattern.match(try url("other://item/42")) == nil)
        #expect(pattern.match(try url("myapp://items/42")) == nil)
        #expect(pattern.match(try url("myapp://item:80/42")) == nil)
        let ported = try LinkPattern(parsing: "https://example.com:8443/i/{id}")
        #expect(ported.match(try url("https://EXAMPLE.com:8443/i/7")) == ["id": "7"])
        #expect(ported.match(try url("https://example.com/i/7")) == nil)
    }

    @Test func aTrailingSlashIsIgnoredOnBothSides() throws {
        let pattern = try LinkPattern(parsing: "myapp://item/{id}/")
        #expect(pattern.description == "myapp://item/{id}")
        #expect(pattern.match(try url("myapp://item/42/")) == ["id": "42"])
        #expect(pattern.match(try url("myapp://item/")) == nil, "a placeholder takes a segment that is there")
    }

    @Test func queryPlaceholdersInAnyOrder() throws {
        let pattern = try LinkPattern(parsing: "myapp://search?q={q}&src=app&page={page}")
        #expect(pattern.match(try url("myapp://search?page=2&src=app&q=a+b")) == ["q": "a+b", "page": "2"])
        #expect(pattern.match(try url("myapp://search?q=&src=app&page=")) == ["q": "", "page": ""], "a query value may be empty")
        #expect(pattern.match(try url("myapp://search?q=x&src=web&page=1")) == nil, "a literal value must agree")
    }

    @Test func extraOrMissingQueryItemsMakeItNoMatch() throws {
        let pattern = try LinkPattern(parsing: "myapp://search?q={q}")
        #expect(pattern.match(try url("myapp://search?q=x&utm_source=mail")) == nil)
        #expect(pattern.mismatch(try url("myapp://search?q=x&utm_source=mail")) == "it takes no query item 'utm_source'")
        #expect(pattern.match(try url("myapp://search")) == nil)
        #expect(pattern.mismatch(try url("myapp://search")) == "it needs the query item 'q'")
        #expect(pattern.mismatch(try url("myapp://search?q=1&q=2")) == "query item 'q' is given twice")
        #expect(try LinkPattern(parsing: "myapp://x").match(try url("myapp://x?a=1")) == nil)
    }

    @Test func mismatchesSayWhy() throws {
        let pattern = try LinkPattern(parsing: "myapp://item/{id}/reviews")
        #expect(pattern.mismatch(try url("web://item/1/reviews")) == "its scheme is 'myapp', not 'web'")
        #expect(pattern.mismatch(try url("myapp://thing/1/reviews")) == "its host is 'item', not 'thing'")
        #expect(pattern.mismatch(try url("myapp://item/1")) == "it has 2 path segments, not 1")
        #expect(pattern.mismatch(try url("myapp://item/1/review")) == "path segment 2 is 'reviews', not 'review'")
        #expect(pattern.mismatch(try url("myapp://item/1/reviews")) == nil)
    }

    @Test func fillWritesTheNormalForm() throws {
        let pattern = try LinkPattern(parsing: "myapp://item/{id}?q={q}")
        #expect(pattern.fill(["id": "a b", "q": "x+y"])?.description == "myapp://item/a%20b?q=x%2By")
        #expect(pattern.fill(["id": "", "q": "x"]) == nil, "no URL carries an empty path segment")
        #expect(pattern.fill(["id": "1", "q": ""])?.description == "myapp://item/1?q=")
        #expect(pattern.fill(["id": "1"]) == nil)
    }

    @Test func fixedPrefixIsTheTextBeforeTheFirstPlaceholder() throws {
        #expect(try LinkPattern(parsing: "myapp://item/{id}").fixedPrefix == "myapp://item/")
        #expect(try LinkPattern(parsing: "myapp://search?q={q}&src=app").fixedPrefix == "myapp://search?q=")
        #expect(try LinkPattern(parsing: "myapp://settings").fixedPrefix == "myapp://settings")
        #expect(try LinkPattern(parsing: "myapp://%7Bx%7D/{id}").fixedPrefix == "myapp://%7Bx%7D/", "a literal brace is written %7B")
    }

    @Test func withoutAnAuthority() throws {
        let pattern = try LinkPattern(parsing: "myapp:item/{id}")
        #expect(pattern.description == "myapp:item/{id}")
        #expect(pattern.match(try url("myapp:/item/9")) == ["id": "9"])
        #expect(pattern.match(try url("myapp://item/9")) == nil, "item is a host there, not a segment")
    }

    @Test("refused URL patterns say what and where", arguments: [
        ("myapp://item/x{id}", 15, "a placeholder is a whole path segment"),
        ("myapp://item/{id}x", 14, "a placeholder is a whole path segment"),
        ("myapp://item/{i{d}", 14, "a placeholder is a whole path segment"),
        ("myapp://{host}/x", 9, "a placeholder stands for a whole path segment or a whole query value"),
        ("myapp://item:{port}/x", 14, "the port must be"),
        ("myapp://x?{q}=1", 11, "a placeholder stands for a query value, not a name"),
        ("myapp://x?q=a{q}", 14, "a placeholder is a whole query value"),
        ("myapp://x/{id}/{id}", 16, "placeholder '{id}' appears twice"),
        ("myapp://x/{id}?id={id}", 19, "placeholder '{id}' appears twice"),
        ("myapp://x?q=1&q={q}", 15, "query item 'q' appears twice"),
        ("myapp://x/{1d}", 12, "invalid placeholder name '1d'"),
        ("myapp://x/{}", 12, "invalid placeholder name ''"),
        ("myapp://x/{id}#top", 15, "a URL pattern has no fragment"),
        ("myapp://x/a b", 12, "' ' is not allowed here in a URL pattern: write it as %20"),
        ("{scheme}://x", 1, "starts with its scheme"),
    ])
    func urlPatternRefusals(_ text: String, _ column: Int, _ reason: String) {
        expectRefusal(text, as: "URL pattern", at: column, reason, fact: NavigatorError.Fact.invalidURL) { _ = try LinkPattern(parsing: text) }
    }

    // MARK: Path patterns

    @Test func pathPlaceholdersAreWholeParameterValues() throws {
        let pattern = try PathPattern(parsing: "home/tab:feed/details?id={id}&from=link/sheet:share?n:={n}")
        #expect(pattern.placeholders == ["id", "n"])
        #expect(pattern.typedPlaceholders == ["n"])
        #expect(pattern.description == "home/tab:feed/details?id={id}&from=link/sheet:share?n:={n}")
        let path = try RoutePath(parsing: "home/tab:feed/details?id=a%20b&from=link/sheet:share?n:=7")
        #expect(pattern.match(path) == ["id": "a b", "n": "7"])
        #expect(try pattern.fill(["id": "a b", "n": "7"]) == path)
    }

    @Test func aPathMatchesOnlyWithEverythingElseEqual() throws {
        let pattern = try PathPattern(parsing: "home/details?id={id}&from=link")
        #expect(pattern.match(try RoutePath(parsing: "home/details?id=1&from=link")) == ["id": "1"])
        #expect(pattern.match(try RoutePath(parsing: "home/details?id=1&from=web")) == nil)
        #expect(pattern.match(try RoutePath(parsing: "home/details?from=link&id=1")) == nil, "parameters keep their order")
        #expect(pattern.match(try RoutePath(parsing: "home/details?id=1")) == nil)
        #expect(pattern.match(try RoutePath(parsing: "home/details?id=1&from=link/more")) == nil)
        #expect(pattern.match(try RoutePath(parsing: "home/sheet:details?id=1&from=link")) == nil, "a pushed route is not a sheet")
        #expect(pattern.match(try RoutePath(parsing: "other/details?id=1&from=link")) == nil)
    }

    @Test func typedPlaceholdersTakeJSONNumbersAndLiteralsOnly() throws {
        let pattern = try PathPattern(parsing: "home/details?id:={id}")
        for value in ["42", "-2.5e3", "true", "false", "null", "1E5"] {
            let path = try #require(try pattern.fill(["id": value]), "\(value)")
            #expect(path.description == "home/details?id:=\(value)")
            #expect(pattern.match(path) == ["id": value])
        }
        for value in ["abc", "\"42\"", "", " 1", "01", "1e400", "[1]"] {
            #expect(try pattern.fill(["id": value]) == nil, "\(value) fits no typed placeholder")
        }
        #expect(pattern.match(try RoutePath(parsing: "home/details?id=42")) == nil, "text is not a typed value")
        let text = try PathPattern(parsing: "home/details?id={id}")
        #expect(text.match(try RoutePath(parsing: "home/details?id:=42")) == nil, "a typed value is not text")
        #expect(try text.fill(["id": "42"])?.description == "home/details?id=42")
    }

    @Test func aValueNoParameterMayHoldIsAnError() throws {
        let pattern = try PathPattern(parsing: "home/details?id={id}")
        let error = #expect(throws: NavigatorError.self) { try pattern.fill(["id": "a\u{1}b"]) }
        #expect(error?.kind == .invalidInput)
        #expect(error?.message.hasPrefix("the value for '{id}': ") == true, "\(error?.message ?? "")")
        #expect(throws: NavigatorError.self) { try pattern.fill(["id": String(repeating: "x", count: 1025)]) }
    }

    @Test("refused path patterns say what and where", arguments: [
        ("home/details?id=x{id}", 17, "a placeholder is a whole parameter value"),
        ("home/details?id={id}x", 17, "a placeholder is a whole parameter value"),
        ("home/{page}", 6, "invalid route name '{page}'"),
        ("home/tab:{tab}", 10, "invalid tab name '{tab}'"),
        ("home/details?{k}=1", 14, "invalid parameter key '{k}'"),
        ("home/details?id={id}&n={id}", 24, "placeholder '{id}' appears twice"),
        ("home/a?x={id}/b?y={id}", 19, "placeholder '{id}' appears twice"),
        ("home/details?id={9}", 18, "invalid placeholder name '9'"),
        ("home//details", 6, "empty segment"),
    ])
    func pathPatternRefusals(_ text: String, _ column: Int, _ reason: String) {
        expectRefusal(text, as: "path", at: column, reason, fact: NavigatorError.Fact.invalidPath) { _ = try PathPattern(parsing: text) }
    }

    @Test func literalBracesInAPathAreWrittenAsEscapes() throws {
        let pattern = try PathPattern(parsing: "home/x?a=%7Bid%7D&b={b}")
        #expect(pattern.placeholders == ["b"])
        #expect(pattern.description == "home/x?a=%7Bid%7D&b={b}")
        #expect(try RoutePath(parsing: "home/x?a={id}").description == "home/x?a=%7Bid%7D", "go still takes braces as text")
    }

    // MARK: Links

    @Test func everyPlaceholderAppearsOnBothSides() throws {
        #expect(try DeepLink(url: "myapp://item/{id}", path: "home/details?id:={id}").url.placeholders == ["id"])
        let missingOnPath = #expect(throws: NavigatorError.self) { try DeepLink(url: "myapp://item/{id}?q={q}", path: "home/details?id={id}") }
        #expect(missingOnPath?.message == "invalid link 'myapp://item/{id}?q={q}' 'home/details?id={id}': the placeholder '{q}' of the URL pattern is not in the path pattern")
        #expect(missingOnPath?.fact == .invalidLink)
        let missingOnURL = #expect(throws: NavigatorError.self) { try DeepLink(url: "myapp://item", path: "home/details?id={id}") }
        #expect(missingOnURL?.message.hasSuffix("the placeholder '{id}' of the path pattern is not in the URL pattern") == true)
    }
}
