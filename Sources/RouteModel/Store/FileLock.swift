#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock(2)` lock on a sidecar file, `<file>.lock`.
///
/// The sidecar is created when missing and never deleted. The kernel drops the lock when the
/// holder exits, however it exits, so a killed process never leaves a lock behind.
final class FileLock {
    private let fd: Int32

    /// Takes the lock on `path`, retrying with growing, jittered pauses for up to `timeout`
    /// seconds (0 tries once).
    ///
    /// - Throws: `lockTimeout` when another process holds it past the timeout; `cannotCreate`
    ///   or `io` when the sidecar cannot be opened.
    init(path: String, timeout: Double) throws {
        // Read-only is enough for flock, and lets any user who may read the sidecar lock it,
        // whoever created it.
        fd = open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SystemCall.failure("create the lock file", path, forWriting: true) }
        let deadline = FileLock.monotonicSeconds() + max(0, timeout)
        var pause = 0.001
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                close(fd)
                throw SystemCall.failure("lock", path, code, forWriting: false)
            }
            let left = deadline - FileLock.monotonicSeconds()
            guard left > 0 else {
                close(fd)
                throw NavigatorError(
                    .lockTimeout,
                    "could not lock \(quoted(path, limit: 200)) within \(FileLock.seconds(timeout)): another process holds it")
            }
            FileLock.sleep(min(left, pause * Double.random(in: 0.5...1.5)))
            pause = min(pause * 2, 0.05)
        }
    }

    deinit {
        close(fd)  // closing the descriptor releases the lock
    }

    private static func seconds(_ value: Double) -> String {
        let text = value == value.rounded() ? String(Int(value)) : String(value)
        return text + (value == 1 ? " second" : " seconds")
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private static func sleep(_ seconds: Double) {
        var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        nanosleep(&pause, nil)
    }
}
