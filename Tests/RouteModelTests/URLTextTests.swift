import TestSupport
import Testing
import RouteModel

/// `URLText`: RFC 3986 parsing as deep links use it, and the one normal form it renders.
@Suite(.tags(.unit)) struct URLTextTests {
    @Test func parsesEveryPart() throws {
        let url = try URLText(parsing: "myapp://item/42/reviews?sort=new&page=2#top")
        #expect(url.scheme == "myapp")
        #expect(url.host == "item")
        #expect(url.port == nil)
        #expect(url.segments == ["42", "reviews"])
        #expect(url.query == [.init(name: "sort", value: "new"), .init(name: "page", value: "2")])
        #expect(url.fragment == "top")
        #expect(url.description == "myapp://item/42/reviews?sort=new&page=2#top")
    }

    @Test func schemeAndHostAreCaseInsensitivePathAndQueryAreNot() throws {
        let url = try URLText(parsing: "MyApp://EXAMPLE.com/Item?Q=X")
        #expect(url.scheme == "myapp" && url.host == "example.com")
        #expect(url.segments == ["Item"] && url.query == [.init(name: "Q", value: "X")])
        #expect(url.description == "myapp://example.com/Item?Q=X")
    }

    @Test func ports() throws {
        #expect(try URLText(parsing: "https://example.com:8443/a").port == 8443)
        #expect(try URLText(parsing: "https://example.com:8443/a").description == "https://example.com:8443/a")
        #expect(try URLText(parsing: "https://example.com:/a").port == nil, "an empty port is none")
        #expect(try URLText(parsing: "https://example.com:/a").description == "https://example.com/a")
        #expect(try URLText(parsing: "https://example.com:0").port == 0)
        #expect(try URLText(parsing: "http://[::1]:8080/x").host == "[::1]")
        #expect(try URLText(parsing: "http://[FE80::1]/x").description == "http://[fe80::1]/x")
    }

    @Test func withoutAnAuthorityThereIsNoHost() throws {
        let url = try URLText(parsing: "myapp:item/42")
        #expect(url.host == nil && url.segments == ["item", "42"])
        #expect(url.description == "myapp:item/42")
        #expect(try URLText(parsing: "myapp:/item/42") == url, "a leading '/' without an authority is the same path")
        #expect(try URLText(parsing: "myapp:").segments == [])
        let emptyHost = try URLText(parsing: "myapp:///item")
        #expect(emptyHost.host == "" && emptyHost.description == "myapp:///item")
    }

    @Test func oneTrailingSlashIsIgnored() throws {
        #expect(try URLText(parsing: "myapp://item/42/") == URLText(parsing: "myapp://item/42"))
        #expect(try URLText(parsing: "myapp://item/") == URLText(parsing: "myapp://item"))
        #expect(try URLText(parsing: "myapp://item/42/?a=1").segments == ["42"])
    }

    @Test func percentDecodingIsExact() throws {
        #expect(try URLText(parsing: "myapp://x/caf%C3%A9").segments == ["café"])
        #expect(try URLText(parsing: "myapp://x/a%2Fb/c").segments == ["a/b", "c"], "%2F stays inside its segment")
        #expect(try URLText(parsing: "myapp://x/%41%7e").segments == ["A~"])
        #expect(try URLText(parsing: "myapp://x/%41%7e").description == "myapp://x/A~", "unreserved characters are written as themselves")
        #expect(try URLText(parsing: "myapp://x/a%2fb").description == "myapp://x/a%2Fb", "hex digits are upper case")
        #expect(try URLText(parsing: "myapp://x?q=a%26b%3Dc").query == [.init(name: "q", value: "a&b=c")])
        #expect(try URLText(parsing: "myapp://x/%F0%9F%98%80").segments == ["😀"])
        #expect(try URLText(parsing: "myapp://%49TEM/").host == "item", "a host is decoded, then lower-cased")
    }

    @Test func plusIsAPlusSignNotASpace() throws {
        let url = try URLText(parsing: "myapp://search?q=a+b%20c")
        #expect(url.query == [.init(name: "q", value: "a+b c")])
        #expect(url.description == "myapp://search?q=a%2Bb%20c", "written so that no form decoder reads a space")
    }

    @Test func queryItems() throws {
        #expect(try URLText(parsing: "myapp://x?flag").query == [.init(name: "flag", value: "")], "an item without '=' has the empty value")
        #expect(try URLText(parsing: "myapp://x?flag").description == "myapp://x?flag=")
        #expect(try URLText(parsing: "myapp://x?a=1&&b=2&").query.map(\.name) == ["a", "b"], "empty items are skipped")
        #expect(try URLText(parsing: "myapp://x?").query == [])
        #expect(try URLText(parsing: "myapp://x?a=b=c").query == [.init(name: "a", value: "b=c")], "split at the first '='")
        #expect(try URLText(parsing: "myapp://x?u=/p?q").query == [.init(name: "u", value: "/p?q")], "'/' and '?' may stand in a query")
        #expect(try URLText(parsing: "myapp://x?a=1&a=2").query.count == 2, "a URL may repeat a name; a link pattern never takes it")
    }

    @Test func dotSegmentsAreSegmentsLikeAnyOther() throws {
        #expect(try URLText(parsing: "myapp://x/./../y").segments == [".", "..", "y"])
    }

    @Test("refusals say what and where", arguments: [
        ("", 1, "it is empty"),
        ("item/42", 1, "starts with its scheme and ':'"),
        ("//item/42", 1, "starts with its scheme and ':'"),
        ("1app://x", 1, "starts with its scheme and ':'"),
        ("my app://x", 3, "the scheme may hold only letters"),
        ("myapp://user@item/42", 13, "user information"),
        ("myapp://item:80x/", 14, "the port must be a whole number from 0 to 65535"),
        ("myapp://item:65536/", 14, "the port must be"),
        ("myapp://[::1/x", 9, "no closing ']'"),
        ("myapp://item//42", 14, "empty path segment"),
        ("myapp://item/a b", 15, "' ' is not allowed here in a URL: write it as %20"),
        ("myapp://item/café", 17, "'é' is not allowed here in a URL: write it as %C3%A9"),
        ("myapp://item/{id}", 14, "'{' is not allowed here in a URL: write it as %7B"),
        ("myapp://item/%4", 14, "a '%' not followed by two hex digits"),
        ("myapp://item/a%zz", 15, "a '%' not followed by two hex digits"),
        ("myapp://item/%FF", 14, "is not UTF-8 once its %XX are decoded"),
        ("myapp://item?=1", 14, "a query item needs a name"),
        ("myapp://item?q=\"x\"", 16, "'\"' is not allowed"),
        ("myapp://ité/", 11, "'é' is not allowed"),
    ])
    func refusals(_ text: String, _ column: Int, _ reason: String) {
        expectRefusal(text, as: "URL", at: column, reason, fact: NavigatorError.Fact.invalidURL) { _ = try URLText(parsing: text) }
    }

    @Test func theNormalFormParsesBackToTheSameURL() throws {
        for text in ["MYAPP://Item/a%2fb/%C3%A9?Q=a+b&x=#f%20g", "myapp:a/b", "http://[::1]:80/", "myapp://x?a=%00"] {
            let url = try URLText(parsing: text)
            #expect(try URLText(parsing: url.description) == url, "\(text)")
            #expect(try URLText(parsing: url.description).description == url.description, "\(text)")
        }
    }
}
