import Foundation

/// What one run of the built `routectl` did.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String

    /// Standard error's lines.
    var errorLines: [Substring] { stderr.split(separator: "\n") }
}

/// Runs the `routectl` binary that `swift build` put beside the test bundle, in a clean
/// environment: no `ROUTECTL_FILE`, `XDG_STATE_HOME` or `NO_COLOR` unless a test sets them,
/// and `HOME` pointing at the test's own folder.
enum Routectl {
    /// The binary: `$ROUTECTL_BIN` when set, else `routectl` in the build products folder.
    static let binary: String = {
        if let override = ProcessInfo.processInfo.environment["ROUTECTL_BIN"] { return override }
        let candidates = [
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "",
            CommandLine.arguments.first ?? "",
            Bundle.main.bundlePath,
        ]
        for candidate in candidates where !candidate.isEmpty {
            var folder = URL(fileURLWithPath: candidate).deletingLastPathComponent()
            for _ in 0..<4 {
                let binary = folder.appendingPathComponent("routectl").path
                if FileManager.default.isExecutableFile(atPath: binary) { return binary }
                folder = folder.deletingLastPathComponent()
            }
        }
        fatalError("cannot find the routectl binary; build it with 'swift build' or set ROUTECTL_BIN")
    }()

    /// Runs routectl (or `executable`, such as a shell that runs it) with `arguments` and waits.
    @discardableResult
    static func run(
        _ arguments: [String], home: String, environment: [String: String] = [:], executable: String? = nil
    ) -> RunResult {
        var env = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8"]
        env.merge(environment) { _, new in new }
        return Subprocess.run(executable ?? binary, arguments, environment: env, in: home)
    }
}

/// Runs any program to the end and captures what it printed.
enum Subprocess {
    /// Runs `executable` in `folder` with exactly `environment`, and waits at most `timeout`
    /// seconds (then it is killed and the status is -1). A program killed by a signal reports
    /// 128 + the signal, as a shell would.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String],
        in folder: String, timeout: Double = 120
    ) -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        // Capture into files rather than pipes: nothing can block, however much is printed.
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("routectl-run-" + UUID().uuidString).path
        _ = FileManager.default.createFile(atPath: capture + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: capture + ".err", contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: capture + ".out")
            try? FileManager.default.removeItem(atPath: capture + ".err")
        }
        let out = FileHandle(forWritingAtPath: capture + ".out")!
        let err = FileHandle(forWritingAtPath: capture + ".err")!
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return RunResult(status: -1, stdout: "", stderr: "could not start \(executable): \(error)")
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.005)
        }
        let timedOut = process.isRunning
        // SIGKILL, not terminate(): a child may start with SIGTERM blocked (the mask is
        // inherited from the test runner's thread), and a hung child must not hang the suite.
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? out.close()
        try? err.close()
        let stdout = String(decoding: FileManager.default.contents(atPath: capture + ".out") ?? Data(), as: UTF8.self)
        let stderr = String(decoding: FileManager.default.contents(atPath: capture + ".err") ?? Data(), as: UTF8.self)
        if timedOut {
            return RunResult(status: -1, stdout: stdout, stderr: "timed out after \(timeout) s\n" + stderr)
        }
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return RunResult(status: status, stdout: stdout, stderr: stderr)
    }
}

/// A fresh folder for one test, removed when the test ends, with helpers to run routectl on a
/// navigator file inside it.
final class Sandbox {
    let folder: String
    /// The navigator file the helpers pass with `-f`.
    let file: String

    init() {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("routectl-tests")
        folder = base.appendingPathComponent(UUID().uuidString).path
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        file = folder + "/navigator.json"
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs `routectl -f <file> arguments...`.
    @discardableResult
    func run(_ arguments: String..., environment: [String: String] = [:]) -> RunResult {
        Routectl.run(["-f", file] + arguments, home: folder, environment: environment)
    }

    /// Runs routectl with exactly `arguments` (no `-f`).
    @discardableResult
    func runBare(_ arguments: [String], environment: [String: String] = [:]) -> RunResult {
        Routectl.run(arguments, home: folder, environment: environment)
    }

    /// The navigator file's bytes, or nil when it does not exist.
    func contents(_ path: String? = nil) -> Data? {
        FileManager.default.contents(atPath: path ?? file)
    }

    /// The navigator file's text.
    func text(_ path: String? = nil) -> String {
        contents(path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Writes `text` as the navigator file.
    func write(_ text: String, to path: String? = nil) {
        _ = FileManager.default.createFile(atPath: path ?? file, contents: Data(text.utf8))
    }

    /// The navigator file parsed as a JSON object.
    func json() -> [String: Any] {
        (contents().flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any]) ?? [:]
    }

    /// Names of the entries in the sandbox folder.
    func listing() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}
