#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteModel
import RouteStore
import PropertyListCodec
import RoutePreferences

/// Runs a program found on `PATH` with bytes on its standard input, and collects its standard
/// output and error, without Foundation: `posix_spawnp` and three pipes served by `poll`, so a
/// child that writes much before it reads cannot deadlock with us.
///
/// The whole exchange is bounded in time: the program runs in a process group of its own, and
/// when it has not ended, and closed its output and error, within the time allowed, the whole
/// group is killed. Whether it read all of its input is known for certain once it has ended:
/// routectl keeps the reading end of the input pipe too, and asks it how much is left unread.
package enum Subprocess {
    /// How a run ended.
    package struct Result {
        /// The exit status, or 128 plus the signal that ended it.
        var status: Int32
        /// The signal that ended it, if one did.
        var signal: Int32?
        /// Whether it read all of its input (it may end without reading it).
        var readAllInput = true
        /// What was still going on when the time allowed ran out (the process group was killed
        /// then); `nil` when the run ended in time.
        var overtime: Overtime?
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

    /// What a run that passed its time was doing.
    package enum Overtime: Equatable {
        /// The program had not ended.
        case running
        /// The program had ended, but a process it started still held its output or error open.
        case outputHeld
    }

    /// Runs `arguments` (the program first, looked up on `PATH`), writes `input` to it, and
    /// waits for it to end, for at most `timeout` seconds.
    ///
    /// - Throws: `toolFailed` when the program cannot be started (not on `PATH`) or writes
    ///   more than `outputLimit` bytes (its process group is killed then); `io` when a pipe
    ///   fails. A run past `timeout` is not thrown: the result says so (``Result/overtime``).
    package static func run(_ arguments: [String], input: [UInt8] = [], outputLimit: Int, timeout: Double) throws -> Result {
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
        let guardian = ChildGroupGuard()
        defer { guardian.release() }
        let pid = try spawn(arguments, stdin: pipes[0][0], stdout: pipes[1][1], stderr: pipes[2][1])
        guardian.track(pid)
        // Ours from here: the writing end of its input, the reading ends of its outputs, and
        // the reading end of its input, kept to see what it left unread.
        var ends = [pipes[0][1], pipes[1][0], pipes[2][0]]
        var inputReader = pipes[0][0]
        for fd in pipes.joined() where !ends.contains(fd) && fd != inputReader { close(fd) }
        pipes = []
        defer {
            for fd in ends where fd >= 0 { close(fd) }
            if inputReader >= 0 { close(inputReader) }
        }
        var result = Result(status: 0, output: [], errors: [])
        var run = Run(pid: pid, input: input, limit: outputLimit, deadline: Monotonic.now() + max(timeout, 0))
        run.serve(&ends, &result)
        if run.overLimit || result.overtime != nil {
            kill(-pid, SIGKILL)
        }
        result.readAllInput = run.written == input.count && unread(inputReader) == 0
        // Closed before waiting, so that a child still writing gets EPIPE instead of blocking.
        for index in ends.indices where ends[index] >= 0 { closing(&ends[index]) }
        closing(&inputReader)
        (result.status, result.signal) = run.exit ?? wait(pid)
        guard !run.overLimit else {
            throw NavigatorError(.toolFailed, "'\(arguments[0])' wrote more than \(outputLimit) bytes; it was stopped")
        }
        return result
    }

    /// Starts the program with the three descriptors as its standard input, output and error,
    /// in a process group of its own (so that it, and what it starts, can be killed together),
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
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
        }
        var pid = pid_t()
        let code = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard code == 0 else {
            guard code != ENOENT else {
                throw NavigatorError(.toolFailed, "cannot run '\(arguments[0])': it is not on PATH", detail: PreferencesFact.toolMissing(name: arguments[0]))
            }
            throw NavigatorError(.toolFailed, "cannot run '\(arguments[0])': \(SystemCall.describe(code))")
        }
        return pid
    }

    /// One run being served: what was written, whether the output passed its limit, and how
    /// the program ended once it has.
    private struct Run {
        let pid: pid_t
        let input: [UInt8]
        let limit: Int
        /// When the time allowed ends, on ``Clock``.
        let deadline: Double
        var written = 0
        var overLimit = false
        /// The program's exit status and signal, once it has ended (and was reaped).
        var exit: (status: Int32, signal: Int32?)?

        init(pid: pid_t, input: [UInt8], limit: Int, deadline: Double) {
            self.pid = pid
            self.input = input
            self.limit = limit
            self.deadline = deadline
        }

        /// Writes the input and reads both outputs until the program has ended and closed
        /// them, its output passes the limit, or the deadline passes (``Result/overtime``).
        /// `ends` are the program's input (to write), output and error (to read); each is
        /// closed, and set to -1, when done with.
        mutating func serve(_ ends: inout [Int32], _ result: inout Result) {
            let previous = signal(SIGPIPE, SIG_IGN)
            defer { signal(SIGPIPE, previous) }
            _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
            if input.isEmpty { closing(&ends[0]) }
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let outputsOpen = ends[1] >= 0 || ends[2] >= 0
                if !outputsOpen {
                    // Both outputs are closed: done once the program has ended. (It may still
                    // be reading its input; a process it started may hold the input too, and
                    // what it left unread is counted as unread.)
                    if reap() { return }
                }
                let remaining = deadline - Monotonic.now()
                guard remaining > 0 else {
                    result.overtime = reap() ? .outputHeld : .running
                    return
                }
                // With both outputs closed, nothing wakes us when the program ends: look again
                // every 10 ms.
                let wait = outputsOpen ? remaining : min(remaining, 0.01)
                var fds = [
                    pollfd(fd: ends[0], events: Int16(POLLOUT), revents: 0),
                    pollfd(fd: ends[1], events: Int16(POLLIN), revents: 0),
                    pollfd(fd: ends[2], events: Int16(POLLIN), revents: 0),
                ]
                let ready = poll(&fds, 3, Int32(min(wait * 1000, 1_000_000).rounded(.up)))
                guard ready > 0 else {
                    if ready < 0, errno != EINTR {
                        result.overtime = reap() ? .outputHeld : .running
                        return
                    }
                    continue
                }
                if ends[0] >= 0, fds[0].revents != 0 {
                    let count = input.withUnsafeBytes { [written] in write(ends[0], $0.baseAddress! + written, $0.count - written) }
                    if count > 0 { written += count }
                    if (count < 0 && errno != EAGAIN && errno != EINTR) || written == input.count { closing(&ends[0]) }
                }
                for index in 1...2 where ends[index] >= 0 && fds[index].revents != 0 {
                    let count = read(ends[index], &buffer, buffer.count)
                    if count < 0, errno == EINTR || errno == EAGAIN { continue }
                    if count <= 0 {
                        closing(&ends[index])
                    } else if index == 1 {
                        result.output += buffer[..<count]
                        if result.output.count > limit {
                            overLimit = true
                            return
                        }
                    } else if result.errors.count < 65536 {
                        result.errors += buffer[..<count]
                    }
                }
            }
        }

        /// Whether the program has ended, reaping it (and keeping how it ended) when it has.
        private mutating func reap() -> Bool {
            if exit != nil { return true }
            var status: Int32 = 0
            var found = waitpid(pid, &status, WNOHANG)
            while found < 0 && errno == EINTR { found = waitpid(pid, &status, WNOHANG) }
            if found == 0 { return false }
            exit = found < 0 ? (127, nil) : Subprocess.decode(status)
            return true
        }
    }

    /// How many bytes the pipe whose reading end is `fd` still holds.
    private static func unread(_ fd: Int32) -> Int {
#if canImport(Darwin)
        let request: UInt = 0x4004_667F  // FIONREAD, a macro Swift does not import
#else
        let request = UInt(FIONREAD)
#endif
        var count: Int32 = 0
        guard ioctl(fd, request, &count) == 0 else { return 0 }
        return Int(count)
    }

    private static func closing(_ fd: inout Int32) {
        if fd >= 0 { close(fd) }
        fd = -1
    }

    /// Waits for `pid` and returns its exit status (or 128 plus its signal) and the signal that
    /// ended it, if one did.
    private static func wait(_ pid: pid_t) -> (status: Int32, signal: Int32?) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return (127, nil) }
        }
        return decode(status)
    }

    /// The exit status (or 128 plus the signal) and the signal of a `waitpid` status.
    fileprivate static func decode(_ status: Int32) -> (status: Int32, signal: Int32?) {
        let signal = status & 0x7F
        return signal == 0 ? ((status >> 8) & 0xFF, nil) : (128 + signal, signal)
    }
}
