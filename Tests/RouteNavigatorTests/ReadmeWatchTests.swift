import Foundation
import TestSupport
import Testing

/// README's "Watch an app navigate", run: `show --watch --path` in a process of its own prints
/// the lines its block shows while the commands its text names run beside it (each wait is for
/// a line, not a time; the process is read from this test's thread, as ShowWatchProcessTests
/// does).
@Suite(.tags(.endToEnd), .slowLayer) struct ReadmeWatchTests {
    @Test func theWatchBlockPrintsWhatTheReadmeShows() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## Watch an app navigate\n").dropFirst().first)
            .components(separatedBy: "\n## ")[0]
        let block = try #require(section.components(separatedBy: "```console\n").dropFirst().first?.components(separatedBy: "```")[0])
        var lines = block.split(separator: "\n").map(String.init)
        #expect(lines.first == "$ routectl show --watch --path" && lines.last == "^C", "the block: \(lines)")
        lines = Array(lines.dropFirst().dropLast())
        // The commands the README's text has a second terminal run, in order.
        let commands = [["set", "home"], ["push", "details", "id=42"], ["present", "compose", "--cover"], ["dismiss"]]
        var rest = Substring(section)
        for command in commands {
            let named = command.count == 2 && command[0] == "set" ? "`routectl set home`" : "`\(command.joined(separator: " "))`"
            let found = try #require(rest.range(of: named), "the README's text names \(named), in order")
            rest = rest[found.upperBound...]
        }
        try #require(lines.count == commands.count + 1, "a line for the state, then one a change: \(lines)")

        let box = Sandbox()
        let watch = try WatchProcess(["-f", box.file, "show", "--watch", "--path"], home: box.folder)
        #expect(watch.line() == lines[0])
        for (command, line) in zip(commands, lines.dropFirst()) {
            #expect(box.run(command).status == 0, "\(command)")
            #expect(watch.line() == line, "after \(command)")
        }
        watch.process.terminate()
        watch.process.waitUntilExit()
    }
}
