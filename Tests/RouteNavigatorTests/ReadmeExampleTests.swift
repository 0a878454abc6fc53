import Foundation
import RouteModel
import RouteNavigator
import RouteStore
import TestSupport
import Testing

/// README's library code is compiled here: each of its Swift blocks stands, as it is, in a file
/// of `Readme/` (a test target source, where a block's imports and `@MainActor` count as in an
/// app's file), and runs as README says.
@Suite(.tags(.unit)) @MainActor struct ReadmeExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Swift blocks of README's section `heading`, up to the next heading of its level.
    func swiftBlocks(under heading: String) throws -> [String] {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n" + heading + "\n").dropFirst().first, "README has no \(heading)")
        let body = section.components(separatedBy: "\n### ")[0].components(separatedBy: "\n## ")[0]
        return body.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
    }

    /// The blocks of a file of `Readme/`, between its `// README block <n>` and `// README end`.
    func compiledBlocks(_ file: String) throws -> [String] {
        let source = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/RouteNavigatorTests/Readme/" + file), encoding: .utf8)
        return source.components(separatedBy: "// README block ").dropFirst().map {
            $0.components(separatedBy: "\n").dropFirst().joined(separator: "\n").components(separatedBy: "\n// README end")[0]
        }
    }

    @Test func theReadmesNavigatorCodeIsTheCompiledSource() throws {
        let compiled = try compiledBlocks("ReadmeNavigator.swift")
        let blocks = try swiftBlocks(under: "### The navigator an app observes: `RouteNavigator`")
        #expect(compiled.count == 1)
        #expect(blocks == compiled, "README's RouteNavigator block is Readme/ReadmeNavigator.swift's")
    }

    @Test func theReadmesNavigatorCodeDoesWhatItSays() throws {
        let box = Sandbox()
        let navigator = try openDetails(inFile: box.file)
        defer { navigator.stopWatching() }
        #expect(navigator.state?.path == "root/details?id=42")
        #expect(navigator.readError == nil)
        // Saved through the store: a navigator made afresh over the file reads it.
        #expect(RouteNavigator(file: box.file).state?.path == "root/details?id=42")
    }

    @Test func theReadmesTypedRouteCodeIsTheCompiledSource() throws {
        let compiled = try compiledBlocks("ReadmeTypedRoutes.swift")
        let blocks = try swiftBlocks(under: "### Typed routes and SwiftUI")
        // The last block is SwiftUI's (not compiled on Linux): it is docs/example-app's code.
        #expect(compiled.count == 2)
        #expect(blocks.count == compiled.count + 1)
        for (block, source) in zip(blocks, compiled) {
            #expect(block == source)
        }
        let app = try String(contentsOf: Self.root.appendingPathComponent("docs/example-app/ExampleApp.swift"), encoding: .utf8)
        #expect(blocks.last.map { app.contains($0) } == true, "README's SwiftUI block is docs/example-app/ExampleApp.swift's code")
    }

    /// What README says a route that does not fit throws, caught as an app would.
    func describe(_ route: Route) -> String {
        do {
            return "\(try Screen(route))"
        } catch {
            return "\(error)"
        }
    }

    @Test func theReadmesTypedRouteCodeDoesWhatItSays() throws {
        let box = Sandbox()
        let navigator = RouteNavigator(file: box.file)
        #expect(try openProfile(navigator) == [.list])
        #expect(navigator.state?.path == "root/list/sheet:profile?id:=7")
        #expect(try Route(Screen.profile(id: 7, name: "Ann")).description == "profile?id:=7&name=Ann")
        let message = describe(try Route(name: "details", arguments: ["_0=forty-two"]))
        #expect(message == "route 'details' does not fit Screen: at _0, expected Int, found 'forty-two'")
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("`" + message + "`"), "README quotes the message")
        #expect(describe(try Route("details", parameters: [.init(key: "_0", json: "42")])) == "details(42)")
    }
}
