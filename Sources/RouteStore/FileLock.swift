#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteModel
import PlainText

/// An exclusive `flock(2)` lock on a sidecar file, `<file>.lock`.
///
/// The sidecar is created when missing and never deleted by routectl. The kernel drops the lock
/// when the holder exits, however it exits, so a killed process never leaves a lock behind.
/// Someone else may delete the sidecar (a temporary-file cleaner, `rm *.lock`): the lock is
/// only taken once the path still names the locked file, and the store also locks the data
/// file itself (see ``DataFileLock``), which stays correct even if the sidecar vanishes later.
package final class FileLock {
    private var fd: Int32

    /// Takes the lock on `path` within `wait`.
    ///
    /// - Throws: `lockTimeout` when another process holds it past the deadline; `cannotCreate`
    ///   when the sidecar is not a regular file (a FIFO there must not hang us) or cannot be
    ///   opened; `io` for other failures.
    package init(path: FilePath, wait: LockWait) throws {
        while true {
            // Read-only is enough for flock, and lets any user who may read the sidecar lock
            // it, whoever created it. O_NONBLOCK: opening a FIFO must not wait for a writer.
            let fd = open(path.cString, O_RDONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW, 0o644)
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
                close(fd)
                throw error
            }
            if LockWait.stillAt(path, info) {
                self.fd = fd
                return
            }
            close(fd)  // deleted or replaced while we waited: lock whatever is there now
        }
    }

    deinit {
        close(fd)  // closing the descriptor releases the lock
    }
}
