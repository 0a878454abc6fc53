import TestSupport
import Testing
import RouteModel

@Suite(.tags(.unit)) struct RoutePathTests {
    @Test func rendersTheSpecExample() throws {
        let root = try Route("home")
        let stack = [try Route(name: "details", arguments: ["id=42", "tab=info"]), try Route("settings")]
        #expect(RoutePath.render(root: root, stack: stack) == "home/details?id=42&tab=info/settings")
    }

    @Test func percentEncodesEveryByteOutsideTheUnreservedSet() throws {
        let route = try Route(name: "s", arguments: ["q=a b/c?d&e=f%~._-", "u=é"])
        #expect(route.description == "s?q=a%20b%2Fc%3Fd%26e%3Df%25~._-&u=%C3%A9")
    }

    @Test func parseIsTheInverseOfRender() throws {
        let routes = [try Route("home"), try Route(name: "d", arguments: ["q=a b/c", "u=é&"]), try Route("x")]
        let path = RoutePath.render(root: routes[0], stack: Array(routes.dropFirst()))
        #expect(try RoutePath.plainRoutes(path) == routes)
    }

    @Test(arguments: ["", "home//x", "home/9x", "a?k", "a?k=%G1", "a?k=%C3"])
    func parseRefusesMalformedPaths(_ path: String) {
        #expect(throws: NavigatorError.self) { try RoutePath.plainRoutes(path) }
    }
}
