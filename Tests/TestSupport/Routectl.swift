import Foundation

/// What one run of a program did, its output as text.
public struct RunResult: Sendable {
    /// The exit status; 128 + the signal when a signal ended the program (as a shell reports
    /// it); -1 when it could not start or outlived its time limit.
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    /// Standard error's lines.
    public var errorLines: [Substring] { stderr.split(separator: "\n") }
}

/// The environment every program a test starts runs in: `PATH`, `HOME` (the test's folder),
/// `LANG`, and nothing else unless a test adds it — no `ROUTECTL_FILE`, `XDG_STATE_HOME` or
/// `NO_COLOR` leaks in from the machine running the tests.
public enum TestEnvironment {
    /// The environment for a run in `home`, with `extra` added (it wins). With
    /// `routectlOnPath`, the built routectl's folder comes first on `PATH` (the completion
    /// scripts call `routectl __routes`).
    public static func make(home: String, _ extra: [String: String] = [:], routectlOnPath: Bool = false) -> [String: String] {
        var path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        if routectlOnPath {
            path = URL(fileURLWithPath: Routectl.binary).deletingLastPathComponent().path + ":" + path
        }
        var environment = ["PATH": path, "HOME": home, "LANG": "C.UTF-8"]
        environment.merge(extra) { _, new in new }
        return environment
    }
}

/// Runs the `routectl` binary that `swift build` put beside the test bundle.
public enum Routectl {
    /// The binary: `$ROUTECTL_BIN` when set, else `routectl` in the build products folder.
    public static let binary: String = {
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

    /// Runs routectl (or `executable`, such as a shell that runs it) with `arguments` in
    /// `home`, in ``TestEnvironment/make(home:_:routectlOnPath:)`` plus `environment`, and waits.
    @discardableResult
    public static func run(
        _ arguments: [String], home: String, environment: [String: String] = [:], executable: String? = nil
    ) -> RunResult {
        Subprocess.run(executable ?? binary, arguments, environment: TestEnvironment.make(home: home, environment), in: home)
    }
}

/// Runs any program to the end with text arguments and captures what it printed, through
/// ``Spawner`` (the one way tests start processes).
public enum Subprocess {
    /// Runs `executable` in `folder` with exactly `environment`, and waits for it to end (after
    /// `timeout` seconds, a hang, it is killed with SIGKILL and the status is -1).
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String],
        in folder: String, timeout: Double = Patience.hang
    ) -> RunResult {
        let result = Spawner.run(
            executable, arguments.map { Array($0.utf8) }, environment: environment, directory: folder, timeout: timeout)
        let status: Int32
        var stderr = result.stderrText
        if result.timedOut {
            status = -1
            stderr = "timed out after \(timeout) s\n" + stderr
        } else if let signal = result.signal {
            status = 128 + signal
        } else {
            status = result.exitCode ?? -1
        }
        return RunResult(status: status, stdout: result.stdoutText, stderr: stderr)
    }
}
