#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteModel
import PlainText

/// Waiting for an exclusive `flock(2)` until a deadline shared by every lock one change takes.
package struct LockWait {
    /// Whether a lock held elsewhere is waited for, in the current task (or thread, outside a
    /// task): `true` but within ``RouteNavigator``'s operations, which bind it to `false` so
    /// that the main actor never waits for another process: each lock is tried once, and a
    /// lock held elsewhere fails the change at once (`lockTimeout`), whatever the store's
    /// timeout.
    package static let waits = TaskLocal<Bool>(wrappedValue: true)

    /// The timeout as the user gave it, in seconds, for the error message.
    package let timeout: Double
    /// When waiting stops, on the monotonic clock.
    package let deadline: Double
    /// The system calls to lock with: the real ones, but for tests.
    package let calls: SystemCalls

    /// A wait of at most `timeout` seconds from now (0 tries once).
    package init(timeout: Double, calls: SystemCalls = .system) {
        self.timeout = timeout
        deadline = Monotonic.now() + max(0, timeout)
        self.calls = calls
    }

    /// Takes an exclusive lock on `fd` (the file at `path`), retrying with growing, jittered
    /// pauses until the deadline.
    ///
    /// - Throws: `lockTimeout` when another process holds it past the deadline; `cannotCreate`
    ///   or `io` when `flock` fails otherwise. `fd` stays open either way.
    package func lock(_ fd: Int32, _ path: String) throws {
        var pause = 0.001
        let waits = LockWait.waits.get()
        while calls.flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else { throw SystemCall.failure("lock", path, code) }
            guard waits || code == EINTR else {
                throw NavigatorError(
                    .lockTimeout, "\(quoted(path, limit: 200)) is locked by another process: nothing was changed; try again once it is free")
            }
            let left = deadline - Monotonic.now()
            guard left > 0 else {
                throw NavigatorError(
                    .lockTimeout,
                    "could not lock \(quoted(path, limit: 200)) within \(LockWait.seconds(timeout)): another process holds it")
            }
            LockWait.sleep(min(left, pause * Double.random(in: 0.5...1.5)))
            pause = min(pause * 2, 0.05)
        }
    }

    /// Whether `fd` (whose `fstat` is `opened`) is still the file at `path`: same device, same
    /// inode. A file deleted or replaced since it was opened is not.
    package static func stillAt(_ path: FilePath, _ opened: stat) -> Bool {
        var now = stat()
        return lstat(path.cString, &now) == 0 && now.st_dev == opened.st_dev && now.st_ino == opened.st_ino
    }

    private static func seconds(_ value: Double) -> String {
        let text = value == value.rounded() ? String(Int(value)) : String(value)
        return text + (value == 1 ? " second" : " seconds")
    }

    private static func sleep(_ seconds: Double) {
        var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        nanosleep(&pause, nil)
    }
}
