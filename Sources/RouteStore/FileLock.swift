#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteModel
import PlainText

/// An exclusive `flock(2)` lock on a sidecar file: `<file>.lock`, or one in routectl's state
/// folder (see ``LockPlace``).
///
/// The sidecar is created when missing. Beside the file it stays once a write went through; a
/// sidecar this lock created for a command that wrote nothing (refused, or with nothing to
/// change) is removed before the lock is let go (``remove(onlyIfCreated:)``), so that a refused
/// command leaves nothing behind. In routectl's state folder it is removed after every change. The kernel drops the lock when the holder exits, however it exits, so a killed
/// process never leaves a lock behind. Someone else may delete the sidecar (a temporary-file
/// cleaner, `rm *.lock`, or routectl itself as above): the lock is only taken once the path
/// still names the locked file, and the store also locks the data file itself (see
/// ``DataFileLock``), which stays correct even if the sidecar vanishes later.
package final class FileLock {
    private var fd: Int32
    /// The sidecar's path.
    private let path: FilePath
    /// Whether this lock created the sidecar.
    private let created: Bool

    /// Takes the lock on `path` within `wait`.
    ///
    /// - Throws: `lockTimeout` when another process holds it past the deadline; `cannotCreate`
    ///   when the sidecar is not a regular file (a FIFO there must not hang us) or cannot be
    ///   opened; `io` for other failures.
    package init(path: FilePath, wait: LockWait) throws {
        self.path = path
        while true {
            // Read-only is enough for flock, and lets any user who may read the sidecar lock
            // it, whoever created it. O_NONBLOCK: opening a FIFO must not wait for a writer.
            // Opened first as it is, then created (exclusively, to know that it was this lock
            // that made it).
            var created = false
            var fd = open(path.cString, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
            if fd < 0, errno == ENOENT {
                fd = open(path.cString, O_RDONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW, 0o644)
                if fd < 0, errno == EEXIST { continue }  // made meanwhile: open that one
                created = fd >= 0
            }
            guard fd >= 0 else {
                let code = errno
                if code == EACCES || code == EPERM || code == EROFS, access(path.cString, F_OK) != 0 {
                    // No lock file yet, and the folder takes none: name the folder (issue 17,
                    // item 17).
                    throw SystemCall.folderNotWritable("create the lock file", path, code)
                }
                throw SystemCall.failure("create the lock file", path, code)
            }
            var info = stat()
            guard fstat(fd, &info) == 0 else {
                let error = SystemCall.failure("lock", path)
                close(fd)
                throw error
            }
            guard info.st_mode & S_IFMT == S_IFREG else {
                close(fd)
                throw NavigatorError(.cannotCreate, "the lock file \(quoted(path.description, limit: 200)) is not a regular file")
            }
            do {
                try wait.lock(fd, path.description)
            } catch {
                // Held by another process, which opened it: theirs now, left in place.
                close(fd)
                throw error
            }
            if LockWait.stillAt(path, info) {
                self.fd = fd
                self.created = created
                return
            }
            close(fd)  // deleted or replaced while we waited: lock whatever is there now
        }
    }

    /// Removes the sidecar, while the lock is still held: a process waiting on it then finds
    /// the path moved on and locks whatever is there next. With `onlyIfCreated`, only a sidecar
    /// this lock created. Call it as the holder's last use of the lock.
    package func remove(onlyIfCreated: Bool) {
        guard created || !onlyIfCreated else { return }
        var info = stat()
        // Only the file this lock holds (someone may have replaced it meanwhile).
        guard fstat(fd, &info) == 0, LockWait.stillAt(path, info) else { return }
        unlink(path.cString)
    }

    deinit {
        // Unlocked first: a child forked meanwhile (not yet at its exec) shares the open file,
        // and closing our descriptor alone would leave the lock held by it.
        flock(fd, LOCK_UN)
        close(fd)
    }
}
