import Testing
import RouteModel

/// A path pattern of a stack without a root of its own (`/home/details?_0:={id}`, as a project
/// file declares links for another library's stack): filled and matched as such, so that a
/// link opens the stack it names and `show --url` finds it.
@Suite(.tags(.unit)) struct PathPatternWithoutRootTests {
    @Test func aFilledPatternKeepsItsLeadingSlash() throws {
        let pattern = try PathPattern(parsing: "/home/details?_0:={id}")
        #expect(pattern.description == "/home/details?_0:={id}")
        let filled = try #require(try pattern.fill(["id": "7"]))
        #expect(filled == (try RoutePath(parsing: "/home/details?_0:=7")))
        #expect(filled.description == "/home/details?_0:=7")
    }

    @Test func aPatternMatchesOnlyPathsOfItsKind() throws {
        let withoutRoot = try PathPattern(parsing: "/home/details?_0:={id}")
        let rooted = try PathPattern(parsing: "home/details?_0:={id}")
        #expect(withoutRoot.match(try RoutePath(parsing: "/home/details?_0:=7")) == ["id": "7"])
        #expect(withoutRoot.match(try RoutePath(parsing: "home/details?_0:=7")) == nil)
        #expect(rooted.match(try RoutePath(parsing: "/home/details?_0:=7")) == nil)
    }

    @Test func aLinkToAStackWithoutRootRoundTrips() throws {
        let table = LinkTable([try DeepLink(url: "myapp://item/{id}", path: "/home/details?_0:={id}")])
        let opened = try table.open(try URLText(parsing: "myapp://item/7"))
        #expect(opened.path.description == "/home/details?_0:=7")
        #expect(table.url(for: opened.path)?.description == "myapp://item/7")
    }
}
