import Foundation
import Testing
import TestSupport

/// One version: what `routectl --version` prints is the newest heading of CHANGELOG.md, a SemVer
/// `MAJOR.MINOR.PATCH` without a `v` (the tag an app's `.package(url:from:)` resolves).
@Suite(.tags(.endToEnd), .slowLayer) struct VersionTests {
    /// The newest release's version: the first `## ` heading's first word.
    static func changelogVersion() throws -> String {
        let text = try String(contentsOfFile: Docs.path("CHANGELOG.md"), encoding: .utf8)
        let heading = try #require(text.split(separator: "\n").first { $0.hasPrefix("## ") }, "CHANGELOG.md has no '## <version>' heading")
        return String(heading.dropFirst(3).split(separator: " ").first ?? "")
    }

    @Test func versionIsTheChangelogsNewest() throws {
        let result = Sandbox().runBare(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "routectl \(try Self.changelogVersion())\n", "bump Sources/routectl/Docs/Version.swift and CHANGELOG.md together")
    }

    @Test func theVersionIsSemVerWithoutV() throws {
        let parts = try Self.changelogVersion().split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }, "\(parts)")
    }
}
