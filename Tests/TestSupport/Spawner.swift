import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How one process started by ``Spawner`` ended.
public struct SpawnResult {
    /// The exit status, or `nil` when a signal ended the process.
    public var exitCode: Int32?
    /// The signal that ended the process, if one did.
    public var signal: Int32?
    /// Whether the process outlived its time limit (and was then killed).
    public var timedOut = false
    public var stdout: [UInt8] = []
    public var stderr: [UInt8] = []
    /// Wall-clock seconds from start to end.
    public var seconds = 0.0

    public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }

    /// `exit N`, `signal N` or `timed out`, for failure messages.
    public var summary: String {
        if timedOut { return "timed out after \(seconds) s" }
        if let signal { return "killed by signal \(signal)" }
        return "exit \(exitCode ?? -1)"
    }
}

/// Starts processes with `posix_spawn`, so that tests control every byte of every argument
/// (Foundation's `Process` takes `String`s, which cannot hold invalid UTF-8), the working
/// folder, and when the process is killed.
///
/// Standard input is `/dev/null`; standard output and error go to files in a folder of their
/// own (never the sandbox, whose listing tests compare), read back when the process ends.
public enum Spawner {
    /// A started process.
    public struct Child {
        public let pid: pid_t
        public let started: Double
        fileprivate let capture: String
    }

    public enum Failure: Error {
        case cannotSpawn(Int32)
    }

    /// The environment routectl runs in: `PATH`, `HOME` (the sandbox), `LANG`, then `extra`.
    public static func environment(home: String, _ extra: [String: String] = [:]) -> [String: String] {
        TestEnvironment.make(home: home, extra)
    }

    /// Starts `executable` with exactly these argument bytes (each must be free of NUL) in
    /// `directory`.
    public static func start(
        _ executable: String, _ arguments: [[UInt8]], environment: [String: String], directory: String
    ) throws -> Child {
        let capture = FileManager.default.temporaryDirectory
            .appendingPathComponent("routectl-spawn-" + UUID().uuidString).path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, capture + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, capture + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // Descriptors the test process happens to have open (other tests' files, a held lock)
        // must not leak into the child.
        _ = Extensions.closeFrom?(&actions, 3)
        if let chdir = Extensions.changeDirectory {
            _ = chdir(&actions, directory)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = cStrings([Array(executable.utf8)] + arguments)
        let envp = cStrings(environment.sorted { $0.key < $1.key }.map { Array(($0.key + "=" + $0.value).utf8) })
        defer {
            argv.forEach { $0?.deallocate() }
            envp.forEach { $0?.deallocate() }
        }
        var pid = pid_t()
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard code == 0 else { throw Failure.cannotSpawn(code) }
        return Child(pid: pid, started: now(), capture: capture)
    }

    /// Waits for `child` to end; kills it with `SIGKILL` when it is still running after
    /// `timeout` seconds, and reports that as ``SpawnResult/timedOut``.
    public static func wait(_ child: Child, timeout: Double = Patience.hang) -> SpawnResult {
        var result = SpawnResult()
        var status: Int32 = 0
        var lost = false
        var pause = 0.0002
        while true {
            let done = waitpid(child.pid, &status, WNOHANG)
            if done == child.pid { break }
            if done < 0, errno != EINTR {
                lost = true  // reaped elsewhere: the status must not read as success
                break
            }
            if now() - child.started > timeout {
                result.timedOut = true
                kill(child.pid, SIGKILL)
                while waitpid(child.pid, &status, 0) < 0, errno == EINTR {}
                break
            }
            sleep(seconds: pause)
            pause = min(pause * 2, 0.005)
        }
        result.seconds = now() - child.started
        if lost {
            result.exitCode = -1
        } else if status & 0x7F == 0 {
            result.exitCode = (status >> 8) & 0xFF
        } else {
            result.signal = status & 0x7F
        }
        result.stdout = Array(FileManager.default.contents(atPath: child.capture + ".out") ?? Data())
        result.stderr = Array(FileManager.default.contents(atPath: child.capture + ".err") ?? Data())
        unlink(child.capture + ".out")
        unlink(child.capture + ".err")
        return result
    }

    /// Starts a process and waits for it (see ``start(_:_:environment:directory:)`` and
    /// ``wait(_:timeout:)``).
    public static func run(
        _ executable: String, _ arguments: [[UInt8]], environment: [String: String], directory: String,
        timeout: Double = Patience.hang
    ) -> SpawnResult {
        do {
            return wait(try start(executable, arguments, environment: environment, directory: directory), timeout: timeout)
        } catch {
            return SpawnResult(exitCode: -1, stderr: Array("could not start \(executable): \(error)".utf8))
        }
    }

    /// Runs routectl (``Routectl/binary``) with `arguments` in `directory`, `HOME` set to it.
    public static func routectl(
        _ arguments: [[UInt8]], in directory: String, environment: [String: String] = [:], timeout: Double = Patience.hang
    ) -> SpawnResult {
        run(Routectl.binary, arguments, environment: Spawner.environment(home: directory, environment), directory: directory, timeout: timeout)
    }

    /// Runs routectl with string arguments (see ``routectl(_:in:environment:timeout:)``).
    public static func routectl(
        _ arguments: [String], in directory: String, environment: [String: String] = [:], timeout: Double = Patience.hang
    ) -> SpawnResult {
        routectl(arguments.map { Array($0.utf8) }, in: directory, environment: environment, timeout: timeout)
    }

    /// Whether a child can be started in a folder of the test's choosing; tests that let
    /// routectl create files by relative names require it.
    public static var canChangeDirectory: Bool { Extensions.changeDirectory != nil }

    /// Seconds on a monotonic clock.
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Sleeps for `seconds`.
    public static func sleep(seconds: Double) {
        var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var left = timespec()
        while nanosleep(&pause, &left) != 0, errno == EINTR {
            pause = left
        }
    }

    /// NUL-terminated copies of `strings`, then a null pointer, as `argv` and `envp` want.
    private static func cStrings(_ strings: [[UInt8]]) -> [UnsafeMutablePointer<CChar>?] {
        strings.map { bytes in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() {
                precondition(byte != 0, "an argument cannot hold a NUL byte")
                pointer[index] = CChar(bitPattern: byte)
            }
            pointer[bytes.count] = 0
            return pointer
        } + [nil]
    }

    /// The `_np` file actions, looked up at run time: Swift's C import does not see them
    /// (they are behind `_GNU_SOURCE` in glibc's header).
    private enum Extensions {
        typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

        static let changeDirectory: ChangeDirectory? = symbol("posix_spawn_file_actions_addchdir_np")
        static let closeFrom: CloseFrom? = symbol("posix_spawn_file_actions_addclosefrom_np")

        private static func symbol<T>(_ name: String) -> T? {
            guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, name) else { return nil }
            return unsafeBitCast(address, to: T.self)
        }
    }
}
