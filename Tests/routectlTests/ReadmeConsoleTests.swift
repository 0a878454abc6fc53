import Foundation
import Testing
import TestSupport

/// The README as a user reads it: short, and every console block printing what it shows.
///
/// Each block is run as typed: its `$ ` lines, in order, by one bash (so that `cd` carries over)
/// in a fresh folder that is also `$HOME`, with the built routectl first on `PATH`. The blocks
/// under one heading share the folder, as one reader's terminal would. What a block shows is
/// compared with what was printed (stdout and stderr as they came), with the README's folders
/// (`/home/me` for `$HOME`, `/tmp/readme` for the folder) and the times of day put back.
/// `~/routectl` (the reader's clone) and `docs/` lead to this repository's. The watch block
/// runs in `ReadmeWatchTests` (RouteNavigatorTests), where a process runs on while commands do.
@Suite(.tags(.endToEnd), .slowLayer, .needsPython3) struct ReadmeConsoleTests {
    static let readme: String = (try? String(contentsOfFile: Docs.path("README.md"), encoding: .utf8)) ?? ""

    /// One `$ ` line and what the README shows under it.
    struct Step {
        var command: String
        var shown: String
    }

    /// The console blocks of the README by heading (in order), each block's steps; a block in a
    /// list item is read without its indent.
    static func blocks() -> [(heading: String, steps: [[Step]])] {
        var sections: [(heading: String, steps: [[Step]])] = []
        var heading = "(top)"
        var block: [Step]?
        var indent = ""
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if var steps = block {
                if line == indent + "```" {
                    if sections.last?.heading != heading { sections.append((heading, [])) }
                    sections[sections.count - 1].steps.append(steps)
                    block = nil
                    continue
                }
                let text = line.hasPrefix(indent) ? String(line.dropFirst(indent.count)) : line
                if text.hasPrefix("$ ") {
                    steps.append(Step(command: String(text.dropFirst(2)), shown: ""))
                } else if !steps.isEmpty {
                    steps[steps.count - 1].shown += text + "\n"
                }
                block = steps
            } else if line.hasPrefix("#") {
                heading = line
            } else if line.trimmingCharacters(in: .whitespaces) == "```console" {
                indent = String(line.prefix { $0 == " " })
                block = []
            }
        }
        return sections
    }

    static let headings = blocks().map(\.heading)

    /// The README's times of day (`2026-11-22T10:00:05Z`, and `20261122T100010Z` in a file name)
    /// stand for whatever time the run had.
    static func timesPutBack(_ text: String) -> String {
        text.replacing(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/, with: "<time>").replacing(/\d{8}T\d{6}Z/, with: "<time>")
    }

    @Test func theReadmeIsShortAndHasNoBenchmarkLog() {
        let lines = Self.readme.split(separator: "\n", omittingEmptySubsequences: false).dropLast().count
        #expect(lines > 100 && lines <= 500, "README.md has \(lines) lines: at most 500 (detail goes to docs/)")
        let headings = Self.readme.split(separator: "\n").filter { $0.hasPrefix("#") }
        #expect(!headings.contains { $0.contains("round") || $0.contains("Benchmarks") }, "benchmark rounds belong to commits; figures to docs/performance.md")
        for link in ["docs/contract.md", "docs/performance.md", "CONTRIBUTING.md", "CHANGELOG.md"] {
            #expect(Self.readme.contains("](" + link), "README links to \(link)")
        }
    }

    @Test func everyBlockIsRun() {
        let headings = Self.headings
        for expected in ["## A short tour", "## Edit the app's own UserDefaults", "## Schema: check and migrate saved states"] {
            #expect(headings.contains(expected), "no console block under \(expected)")
        }
        let steps = Self.blocks().flatMap(\.steps).joined()
        #expect(steps.count > 60, "the README's console blocks hold \(steps.count) commands")
    }

    @Test("each console block prints what the README shows", arguments: Self.headings)
    func blocksUnder(heading: String) throws {
        let blocks = try #require(Self.blocks().first { $0.heading == heading }?.steps)
        let steps = blocks.joined().filter { !$0.command.hasPrefix("swift build") }   // routectl is on PATH
        if steps.contains(where: { $0.command.contains("--watch") }) { return }   // ReadmeWatchTests
        if steps.contains(where: { $0.command.contains("| jq") }), Docs.which("jq") == nil {
            print("ReadmeConsoleTests: skipped '\(heading)': jq is not installed")
            return
        }
        let box = Sandbox()
        let tools = Sandbox()
        try FileManager.default.createSymbolicLink(atPath: box.folder + "/routectl", withDestinationPath: Docs.root)
        try FileManager.default.createSymbolicLink(atPath: box.folder + "/docs", withDestinationPath: Docs.path("docs"))
        // python3 itself, not pyenv's shim (which needs the real $HOME).
        let python = Subprocess.run(
            try #require(PythonServer.python3), ["-c", "import sys; print(sys.executable)"],
            environment: ProcessInfo.processInfo.environment, in: box.folder)
        try FileManager.default.createSymbolicLink(
            atPath: tools.folder + "/python3", withDestinationPath: python.stdout.trimmingCharacters(in: .whitespacesAndNewlines))

        var script = "exec 2>&1\n"
        for (index, step) in steps.enumerated() {
            script += "printf '\\n@@README %d@@\\n' \(index)\n\(step.command)\n"
        }
        script += "printf '\\n@@README %d@@\\n' \(steps.count)\n"
        var environment = TestEnvironment.make(home: box.folder, routectlOnPath: true)
        environment["PATH"] = tools.folder + ":" + environment["PATH"]!
        let bash = Docs.which("bash") ?? "/bin/bash"
        let result = Subprocess.run(bash, ["-c", script], environment: environment, in: box.folder)
        #expect(result.status == 0, "bash: \(result.stderr)")

        var printed = result.stdout
        for (index, step) in steps.enumerated() {
            let start = "\n@@README \(index)@@\n", end = "\n@@README \(index + 1)@@\n"
            guard let from = printed.range(of: start), let to = printed.range(of: end, range: from.upperBound..<printed.endIndex) else {
                Issue.record("\(step.command): the run stopped before it (printed: \(printed))")
                return
            }
            var output = String(printed[from.upperBound..<to.lowerBound])
            if !output.isEmpty && !output.hasSuffix("\n") { output += "\n" }   // cat of a file without a final newline
            let shown = Self.timesPutBack(
                step.shown.replacingOccurrences(of: "/home/me", with: box.folder).replacingOccurrences(of: "/tmp/readme", with: box.folder))
            #expect(Self.timesPutBack(output) == shown, "\(heading): $ \(step.command)")
            printed = String(printed[to.lowerBound...])
        }
    }
}
