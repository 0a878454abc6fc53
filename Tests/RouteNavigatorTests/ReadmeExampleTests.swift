import Foundation
import RouteModel
import RouteNavigator
import RouteStore
import TestSupport
import Testing

/// README's "Typed routes" code is compiled here: each of its Swift blocks stands, as it is,
/// in Readme/ReadmeTypedRoutes.swift (a test target source), and runs as README says.
@Suite(.tags(.unit)) @MainActor struct ReadmeExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Swift blocks of README's section `heading`, up to the next heading of its level.
    func swiftBlocks(under heading: String) throws -> [String] {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n" + heading + "\n").dropFirst().first)
        let body = section.components(separatedBy: "\n### ")[0].components(separatedBy: "\n## ")[0]
        return body.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
    }

    @Test func theReadmesTypedRouteCodeIsTheCompiledSource() throws {
        let source = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/RouteNavigatorTests/Readme/ReadmeTypedRoutes.swift"), encoding: .utf8)
        let compiled = source.components(separatedBy: "// README block ").dropFirst().map {
            $0.components(separatedBy: "\n").dropFirst().joined(separator: "\n").components(separatedBy: "\n// README end")[0]
        }
        let blocks = try swiftBlocks(under: "### Typed routes and SwiftUI")
        // The last block is SwiftUI's (not compiled on Linux): it is docs/example-app's code.
        #expect(blocks.count == compiled.count + 1)
        for (block, source) in zip(blocks, compiled) {
            #expect(block == source)
        }
        let app = try String(contentsOf: Self.root.appendingPathComponent("docs/example-app/ExampleApp.swift"), encoding: .utf8)
        #expect(blocks.last.map { app.contains($0) } == true, "README's SwiftUI block is docs/example-app/ExampleApp.swift's code")
    }

    @Test func theReadmesTypedRouteCodeDoesWhatItSays() throws {
        let box = Sandbox()
        let navigator = RouteNavigator(file: box.file)
        #expect(try openProfile(navigator) == [.list])
        #expect(navigator.state?.path == "root/list/sheet:profile?id:=7")
        #expect(try Route(Screen.profile(id: 7, name: "Ann")).description == "profile?id:=7&name=Ann")
        #expect(describe(try Route(name: "details", arguments: ["_0=forty-two"]))
            == "route 'details' does not fit Screen: at _0, expected Int, found 'forty-two'")
        #expect(describe(try Route("details", parameters: [.init(key: "_0", json: "42")])) == "details(42)")
    }
}
