#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteModel
import RouteStore
import PropertyListCodec

/// Runs a program found on `PATH` with bytes on its standard input, and collects its standard
/// output and error, without Foundation: `posix_spawnp` and three pipes served by `poll`, so a
/// child that writes much before it reads cannot deadlock with us.
package enum Subprocess {
    /// How a run ended.
    package struct Result {
        /// The exit status, or 128 plus the signal that ended it.
        var status: Int32
        /// The signal that ended it, if one did.
        var signal: Int32?
        /// Whether it read all of its input (it may end without reading it).
        var readAllInput = true
        /// What it wrote to standard output.
        var output: [UInt8]
        /// What it wrote to standard error (at most the first 64 KiB).
        var errors: [UInt8]

        /// The first line of ``errors``, for a message.
        var firstErrorLine: String {
            let line = errors.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).first ?? []
            return String(decoding: line.prefix(300), as: UTF8.self)
        }
    }

    /// Runs `arguments` (the program first, looked up on `PATH`), writes `input` to it, and
    /// waits for it to end.
    ///
    /// - Throws: `toolFailed` when the program cannot be started (not on `PATH`) or writes
    ///   more than `outputLimit` bytes (it is killed then); `io` when a pipe fails.
    package static func run(_ arguments: [String], input: [UInt8] = [], outputLimit: Int) throws -> Result {
        var pipes: [[Int32]] = []
        defer {
            for fd in pipes.joined() where fd >= 0 { close(fd) }
        }
        for _ in 0..<3 {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw SystemCall.failure("make a pipe for", arguments[0]) }
            for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            pipes.append(ends)
        }
        let pid = try spawn(arguments, stdin: pipes[0][0], stdout: pipes[1][1], stderr: pipes[2][1])
        // Ours from here: the writing end of its input, the reading ends of its outputs.
        var ends = [pipes[0][1], pipes[1][0], pipes[2][0]]
        for fd in pipes.joined() where !ends.contains(fd) { close(fd) }
        pipes = []
        defer {
            for fd in ends where fd >= 0 { close(fd) }
        }
        var result = Result(status: 0, output: [], errors: [])
        result.readAllInput = input.isEmpty
        let served = serve(input, &ends, &result, limit: outputLimit)
        if !served { kill(pid, SIGKILL) }
        // Closed before waiting, so that a child still writing gets EPIPE instead of blocking.
        for index in ends.indices where ends[index] >= 0 { closing(&ends[index]) }
        (result.status, result.signal) = wait(pid)
        guard served else {
            throw NavigatorError(.toolFailed, "'\(arguments[0])' wrote more than \(outputLimit) bytes; it was stopped")
        }
        return result
    }

    /// Starts the program with the three descriptors as its standard input, output and error,
    /// no signal blocked (a parent may start us with some blocked) and SIGPIPE at its default
    /// (we ignore it while we write).
    private static func spawn(_ arguments: [String], stdin: Int32, stdout: Int32, stderr: Int32) throws -> pid_t {
#if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
#else
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
#endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
        }
        var pid = pid_t()
        let code = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard code == 0 else {
            guard code != ENOENT else {
                throw NavigatorError(.toolFailed, "cannot run '\(arguments[0])': it is not on PATH", fact: .toolMissing(name: arguments[0]))
            }
            throw NavigatorError(.toolFailed, "cannot run '\(arguments[0])': \(SystemCall.describe(code))")
        }
        return pid
    }

    /// Writes `input` and reads both outputs until the child closes them. Returns `false` when
    /// the output passed `limit`.
    /// `ends` are the child's input (to write), output and error (to read); each is closed,
    /// and set to -1, when done with.
    private static func serve(_ input: [UInt8], _ ends: inout [Int32], _ result: inout Result, limit: Int) -> Bool {
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        var written = 0
        if input.isEmpty { closing(&ends[0]) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while ends.contains(where: { $0 >= 0 }) {
            var fds = [
                pollfd(fd: ends[0], events: Int16(POLLOUT), revents: 0),
                pollfd(fd: ends[1], events: Int16(POLLIN), revents: 0),
                pollfd(fd: ends[2], events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&fds, 3, -1) >= 0 else {
                if errno == EINTR { continue }
                return true
            }
            if ends[0] >= 0, fds[0].revents != 0 {
                let count = input.withUnsafeBytes { write(ends[0], $0.baseAddress! + written, $0.count - written) }
                if count > 0 { written += count }
                if written == input.count { result.readAllInput = true }
                if (count < 0 && errno != EAGAIN && errno != EINTR) || written == input.count { closing(&ends[0]) }
            }
            for index in 1...2 where ends[index] >= 0 && fds[index].revents != 0 {
                let count = read(ends[index], &buffer, buffer.count)
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                if count <= 0 {
                    closing(&ends[index])
                } else if index == 1 {
                    result.output += buffer[..<count]
                    if result.output.count > limit { return false }
                } else if result.errors.count < 65536 {
                    result.errors += buffer[..<count]
                }
            }
        }
        return true
    }

    private static func closing(_ fd: inout Int32) {
        close(fd)
        fd = -1
    }

    /// Waits for `pid` and returns its exit status (or 128 plus its signal) and the signal that
    /// ended it, if one did.
    private static func wait(_ pid: pid_t) -> (status: Int32, signal: Int32?) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return (127, nil) }
        }
        let signal = status & 0x7F
        return signal == 0 ? ((status >> 8) & 0xFF, nil) : (128 + signal, signal)
    }
}
