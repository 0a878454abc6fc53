import Foundation

/// Python's `plistlib` for the tests, in one long-lived `python3` per test process: each
/// ``run(_:_:in:)`` is what `python3 -c script arguments...` in a folder would do, without the
/// cost of starting Python (about 0.1 s of CPU a start through pyenv's shims, which ran 100
/// times a suite run).
///
/// The server reads one request a line (JSON: the script, `sys.argv[1...]`, the folder), runs
/// the script in fresh globals with `sys.argv`, standard output and error of its own, and
/// answers with one line: its exit status (a `SystemExit`'s, 1 for an exception, whose
/// traceback goes to its stderr), stdout and stderr. Requests take turns behind a lock. Tests
/// that need it are enabled only where ``python3`` is found: skipped, never passed, without it.
public enum PythonServer {
    /// python3 on `PATH`, or nil.
    public static let python3: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Runs `script` as `python3 -c script arguments...` in `folder` would; its status, stdout
    /// and stderr. The status is -1, with the reason on stderr, when python3 is missing or the
    /// server died.
    public static func run(_ script: String, _ arguments: [String], in folder: String) -> SpawnResult {
        lock.lock()
        defer { lock.unlock() }
        do {
            if server == nil { server = try Server() }
            return try server!.run(script, arguments, in: folder)
        } catch {
            server = nil
            return SpawnResult(exitCode: -1, stderr: Array("python3 server: \(error)".utf8))
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var server: Server?

    private struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The Python side: one request a line in, one answer a line out.
    private static let serverScript = #"""
        import base64, io, json, os, sys, traceback
        requests, answers = sys.stdin.buffer, sys.stdout.buffer
        while True:
            line = requests.readline()
            if not line:
                break
            request = json.loads(line)
            out, err = io.BytesIO(), io.BytesIO()
            saved = sys.stdin, sys.stdout, sys.stderr, sys.argv
            sys.stdin = io.TextIOWrapper(io.BytesIO(), encoding='utf-8')
            sys.stdout = io.TextIOWrapper(out, encoding='utf-8', write_through=True)
            sys.stderr = io.TextIOWrapper(err, encoding='utf-8', write_through=True)
            sys.argv = ['-c'] + request['argv']
            status = 0
            try:
                os.chdir(request['cwd'])
                exec(compile(request['script'], '<string>', 'exec'), {'__name__': '__main__', '__builtins__': __builtins__})
            except SystemExit as exit:
                if exit.code is None or isinstance(exit.code, int):
                    status = exit.code or 0
                else:
                    print(exit.code, file=sys.stderr)
                    status = 1
            except BaseException:
                traceback.print_exc()
                status = 1
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                written = out.getvalue(), err.getvalue()
                sys.stdin, sys.stdout, sys.stderr, sys.argv = saved
            answer = {'status': status, 'out': base64.b64encode(written[0]).decode(), 'err': base64.b64encode(written[1]).decode()}
            answers.write(json.dumps(answer).encode() + b'\n')
            answers.flush()
        """#

    private final class Server {
        let process = Process()
        let requests = Pipe()
        let answers = Pipe()
        var pending: [UInt8] = []

        init() throws {
            guard let python3 = PythonServer.python3 else { throw Failure(description: "python3 is not installed") }
            process.executableURL = URL(fileURLWithPath: python3)
            process.arguments = ["-c", PythonServer.serverScript]
            // The test's own environment: pyenv's shims need theirs.
            process.environment = ProcessInfo.processInfo.environment
            process.standardInput = requests
            process.standardOutput = answers
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        deinit {
            try? requests.fileHandleForWriting.close()
        }

        func run(_ script: String, _ arguments: [String], in folder: String) throws -> SpawnResult {
            guard process.isRunning else { throw Failure(description: "python3 ended") }
            let request = try JSONSerialization.data(withJSONObject: ["script": script, "argv": arguments, "cwd": folder])
            try requests.fileHandleForWriting.write(contentsOf: request + Data("\n".utf8))
            let line = try readLine()
            guard let answer = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                let status = answer["status"] as? Int,
                let out = (answer["out"] as? String).flatMap({ Data(base64Encoded: $0) }),
                let err = (answer["err"] as? String).flatMap({ Data(base64Encoded: $0) })
            else { throw Failure(description: "an answer that is not one: \(String(decoding: line.prefix(200), as: UTF8.self))") }
            return SpawnResult(exitCode: Int32(truncatingIfNeeded: status), stdout: Array(out), stderr: Array(err))
        }

        /// The next line the server wrote, without its newline.
        private func readLine() throws -> [UInt8] {
            while true {
                if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = Array(pending[..<end])
                    pending.removeSubrange(...end)
                    return line
                }
                let data = answers.fileHandleForReading.availableData
                guard !data.isEmpty else { throw Failure(description: "python3 ended (status \(process.isRunning ? "running" : String(process.terminationStatus)))") }
                pending += data
            }
        }
    }
}
