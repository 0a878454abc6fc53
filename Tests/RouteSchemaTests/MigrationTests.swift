import Testing
import RouteModel
import RouteSchema
import TestSupport

/// `migrate` as pure transitions: renames everywhere a route stands, drops where it stands,
/// history paths rewritten the same way.
@Suite(.tags(.unit)) struct MigrationTests {
    func tree(_ text: String) throws -> NavigationTree {
        var state = NavigatorState()
        state.tree = NavigationTree(stack: [])
        return try state.tree(for: try RoutePath(parsing: text))
    }

    func path(_ tree: NavigationTree) -> String { RoutePath(tree).description }

    @Test func renamesRoutesAndParametersEverywhere() throws {
        let migration = try Migration(renames: ["details=detail", "profile.name=displayName", "details._0=id"], drops: [])
        let before = try tree("home/details?_0:=4/sheet:profile?id:=1&name=Ann/details?_0:=5")
        #expect(path(try migration.apply(to: before)) == "home/detail?id:=4/sheet:profile?displayName=Ann&id:=1/detail?id:=5")
        #expect(try migration.apply(toPath: "home/details?_0:=4/cover:details") == "home/detail?id:=4/cover:detail")
        #expect(try migration.apply(toPath: "/details") == "/detail")
    }

    @Test func dropsWhereTheRouteStands() throws {
        let migration = try Migration(renames: [], drops: ["old"])
        #expect(path(try migration.apply(to: try tree("home/a/old/b/sheet:c"))) == "home/a")
        #expect(path(try migration.apply(to: try tree("home/a/sheet:c/d/old/e/cover:f"))) == "home/a/sheet:c/d")
        #expect(path(try migration.apply(to: try tree("home/a/sheet:old/d/cover:f"))) == "home/a")
        #expect(path(try migration.apply(to: try tree("/a/old/b"))) == "/a")
        #expect(path(try migration.apply(to: try tree("/old"))) == "/")
        #expect(throws: NavigatorError.self) { try migration.apply(to: try tree("old/a")) }
        #expect(try migration.apply(toPath: "home/a/old/b") == "home/a")
        #expect(try migration.apply(toPath: "old/a") == nil)
    }

    @Test func refusesWhatIsNotAMigration() {
        #expect(throws: NavigatorError.self) { try Migration(renames: ["details"], drops: []) }
        #expect(throws: NavigatorError.self) { try Migration(renames: ["a=b", "a=c"], drops: []) }
        #expect(throws: NavigatorError.self) { try Migration(renames: ["a=b"], drops: ["a"]) }
        #expect(throws: NavigatorError.self) { try Migration(renames: ["a=9b"], drops: []) }
        #expect(throws: NavigatorError.self) { try Migration(renames: [], drops: ["a b"]) }
        // A parameter renamed onto a key the route has already.
        #expect(throws: NavigatorError.self) { try Migration(renames: ["p.a=b"], drops: []).renamed(try Route(name: "p", arguments: ["a=1", "b=2"])) }
    }

    @Test func operationsAreConvertedBeforeTheyApply() throws {
        let schema = try Schema(routes: [SchemaDeclaration("home", line: 1), SchemaDeclaration("details(Int)", line: 2)])
        let go = try schema.conform(NavigationOperation.go(try RoutePath(parsing: "home/details?_0=42")))
        guard case .go(let path) = go else { Issue.record("not a go"); return }
        #expect(path.description == "home/details?_0:=42")
        #expect(throws: NavigatorError.self) { try schema.conform(NavigationOperation.go(try RoutePath(parsing: "home/details?_0=x"))) }
        do {
            _ = try schema.conform(NavigationOperation.go(try RoutePath(parsing: "home/detail")))
        } catch let error as NavigatorError {
            #expect(error.description.contains("at column 6, route 'detail' is not in the schema's routes"))
        }
        guard case .push(let route) = try schema.conform(.push(try Route(name: "details", arguments: ["_0=7"]))) else { return }
        #expect(route.description == "details?_0:=7")
    }
}
