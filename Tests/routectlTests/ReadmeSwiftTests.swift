import Foundation
import Testing
import TestSupport

/// The README's Swift blocks as a user pastes them: the blocks under one heading, in order, make
/// a `main.swift` of their own, type-checked by `swiftc` against the modules this build made,
/// in the Swift 5 and the Swift 6 language modes (an app target may be in either; a
/// `@MainActor` call from code that is not on the main actor fails in both). SwiftUI's block
/// (a `View`) is the example app's, which builds on a Mac (ReadmeExampleTests holds it equal).
@Suite(.tags(.endToEnd), .slowLayer) struct ReadmeSwiftTests {
    /// The ```swift blocks of the README by heading, in order.
    static func blocks() -> [(heading: String, code: [String])] {
        var sections: [(heading: String, code: [String])] = []
        var heading = "(top)"
        var block: String?
        for line in ReadmeConsoleTests.readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let code = block {
                if line == "```" {
                    if sections.last?.heading != heading { sections.append((heading, [])) }
                    sections[sections.count - 1].code.append(code)
                    block = nil
                } else {
                    block = code + line + "\n"
                }
            } else if line.hasPrefix("#") {
                heading = line
            } else if line == "```swift" {
                block = ""
            }
        }
        return sections
    }

    static let headings = blocks().map(\.heading)

    @Test func theLibraryBlocksAreRead() {
        #expect(Self.headings.contains("### The navigator an app observes: `RouteNavigator`"), "headings with Swift: \(Self.headings)")
        #expect(Self.headings.contains("### Typed routes and SwiftUI"), "headings with Swift: \(Self.headings)")
    }

    @Test("the Swift blocks under each heading type-check as a main.swift", arguments: Self.headings)
    func blocksUnder(heading: String) throws {
        let code = try #require(Self.blocks().first { $0.heading == heading }?.code).filter { !$0.contains(": View {") }
        guard let swiftc = Docs.which("swiftc") else {
            print("ReadmeSwiftTests: skipped '\(heading)': swiftc is not on PATH")
            return
        }
        let modules = URL(fileURLWithPath: Routectl.binary).deletingLastPathComponent().appendingPathComponent("Modules").path
        guard FileManager.default.fileExists(atPath: modules + "/RouteNavigator.swiftmodule") else {
            print("ReadmeSwiftTests: skipped '\(heading)': no RouteNavigator.swiftmodule in \(modules)")
            return
        }
        let box = Sandbox()
        var source = code.joined(separator: "\n")
        if source.contains("XCUIApplication") {
            // A UI test's lines: Xcode's XCTest UI testing is on a Mac only; a stand-in of the
            // API they use checks the rest (the launch arguments' string literals above all).
            source = "final class XCUIApplication { var launchArguments: [String] = []; func launch() {} }\n" + source
        }
        try source.write(toFile: box.folder + "/main.swift", atomically: true, encoding: .utf8)
        for mode in ["5", "6"] {
            let result = Subprocess.run(
                swiftc, ["-typecheck", "-swift-version", mode, "-I", modules, "main.swift"],
                environment: ProcessInfo.processInfo.environment, in: box.folder)
            #expect(result.status == 0, "\(heading), Swift \(mode):\n\(result.stdout)\(result.stderr)")
        }
    }
}
