import Foundation
import TestSupport

/// What the docs tests share: the repository's paths, finding tools, and running shells with the
/// built routectl first on `PATH` (the completion scripts call `routectl __routes`).
enum Docs {
    /// The repository root: three folders up from this file (`Tests/routectlTests/…`).
    static let root: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The checked-in generated files and the routectl arguments that print each.
    static let generatedFiles: [(path: String, arguments: [String])] = [
        ("completions/routectl.bash", ["completions", "bash"]),
        ("completions/_routectl", ["completions", "zsh"]),
        ("completions/routectl.fish", ["completions", "fish"]),
        ("man/routectl.1", ["man"]),
    ]

    /// The absolute path of a checked-in file.
    static func path(_ relative: String) -> String { root + "/" + relative }

    /// Where `tool` is on `PATH`, or nil when it is not installed.
    static func which(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Whether zsh is installed and can load zsh/zpty, which the zsh completion driver needs.
    static let zshHasZpty: Bool = {
        guard let zsh = which("zsh") else { return false }
        let box = Sandbox()
        return run(zsh, ["-fc", "zmodload zsh/zpty"], environment: environment(box), in: box.folder).status == 0
    }()

    /// A clean environment for a shell run in `box`: routectl's folder first on `PATH`, `HOME`
    /// in the sandbox (so the default navigator file is a missing one), plus `extra`.
    static func environment(_ box: Sandbox, _ extra: [String: String] = [:]) -> [String: String] {
        TestEnvironment.make(home: box.folder, ["TERM": "dumb"].merging(extra) { _, new in new }, routectlOnPath: true)
    }

    /// Runs `executable` in `folder` and waits for it, at most `timeout` seconds.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String],
        in folder: String, timeout: Double = Patience.hang
    ) -> RunResult {
        Subprocess.run(executable, arguments, environment: environment, in: folder, timeout: timeout)
    }

    /// The routes declared in the navigator file that ``withDeclaredRoutes(_:)`` makes.
    static let declaredRoutes = ["onboarding", "home", "details", "settings"]

    /// A sandbox whose navigator file declares ``declaredRoutes`` (none of them is `root`, the
    /// name a missing file would offer).
    static func withDeclaredRoutes() -> Sandbox {
        let box = Sandbox()
        box.run("init", "--initial", "onboarding", "--routes", declaredRoutes.joined(separator: ","))
        return box
    }
}

extension RunResult {
    /// Standard output's non-empty lines, each cut at its first tab (fish adds descriptions so).
    var words: [String] {
        stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }.filter { !$0.isEmpty }
    }
}
