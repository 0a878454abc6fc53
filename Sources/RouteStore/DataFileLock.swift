#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock(2)` lock on the navigator file itself, taken once the sidecar
/// ``FileLock`` is held, and the descriptor the state is read from.
///
/// The sidecar alone is not enough: deleted while held, it lets a second writer lock a new
/// sidecar at the same path. Both then meet here. Whoever holds this lock has the file that is
/// at the path right now (checked after locking); a writer that replaced it released the old
/// file's lock only after the rename, so the one that waited on it sees the path moved on and
/// locks the new file. The state read from this descriptor is therefore never stale.
package final class DataFileLock {
    /// The open file: read-only, never through a link, never blocking on a FIFO.
    package let fd: Int32
    /// Its `fstat`.
    private(set) var info = stat()

    /// Opens and locks the regular file at `path` (links already resolved) within `wait`;
    /// returns `nil` when there is no file there.
    ///
    /// - Parameter display: the path as the user gave it, for messages.
    /// - Throws: `lockTimeout`; `cannotCreate` when something other than a regular file is
    ///   there, or when `refuseReadOnly` and the file has no write bit; `cannotCreate` or `io`
    ///   when it cannot be opened.
    package static func lock(_ path: FilePath, display: String, wait: LockWait, refuseReadOnly: Bool) throws -> DataFileLock? {
        while true {
            let fd = open(path.cString, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
            guard fd >= 0 else {
                if errno == ENOENT { return nil }
                throw SystemCall.failure("read", path)
            }
            let held = DataFileLock(fd)
            guard fstat(fd, &held.info) == 0 else { throw SystemCall.failure("read", path) }
            try TargetCheck.replaceable(held.info, display, refuseReadOnly: refuseReadOnly)
            try wait.lock(fd, path.description)
            if LockWait.stillAt(path, held.info) { return held }
            // Replaced (or removed) while we waited: the lock on the old file is worthless.
        }
    }

    private init(_ fd: Int32) {
        self.fd = fd
    }

    deinit {
        // Unlocked first, as ``FileLock`` does: a child forked meanwhile shares the open file.
        flock(fd, LOCK_UN)
        close(fd)
    }
}
