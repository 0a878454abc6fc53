#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteModel
import PlainText

/// Replaces a file so that a crash at any instant leaves either the old or the new contents.
///
/// The new bytes go to a temporary file of the writer's own in the same folder (see
/// ``TemporaryFile``; created exclusively, never through a link, removed if a signal ends a
/// process that opted in meanwhile, see ``SignalGuard``), get the old file's owner, extended
/// attributes (ACL included) and mode, are flushed to disk, and are renamed over the file; then
/// the folder is flushed so the rename itself survives a power cut. The caller must hold the file's ``FileLock`` and, when the file
/// exists, its ``DataFileLock``.
package enum AtomicWriter {
    /// Someone else created the file first, after the caller found none: nothing was written,
    /// and the caller should read the file and try its change again.
    package struct CreatedMeanwhile: Error {}

    /// Writes `bytes` to `path` (links already resolved), replacing the file open and locked
    /// as `old`, or creating it when `old` is `nil`.
    ///
    /// - Throws: ``CreatedMeanwhile`` when `old` is `nil` and a file appeared at `path`;
    ///   `cannotCreate` or `io` when a step fails (the temporary file is removed then).
    /// `calls` are the system calls to make: the real ones, but for tests of failures.
    package static func replace(_ path: FilePath, with bytes: [UInt8], over old: DataFileLock?, calls: SystemCalls = .system) throws {
        try replace(path, with: [bytes[...]], over: old, calls: calls)
    }

    /// Writes `pieces`, one after another, as ``replace(_:with:over:calls:)`` writes bytes: a
    /// change that keeps most of a file hands over the old file's bytes as slices beside the
    /// new ones, and no copy of the whole is made.
    ///
    /// `durable: false` skips the `fsync`s (of the file and of its folder): for a file that
    /// may be lost in a power cut, but never seen half written (routectl's record of changes,
    /// not an app's data).
    package static func replace(
        _ path: FilePath, with pieces: [ArraySlice<UInt8>], over old: DataFileLock?, durable: Bool = true, calls: SystemCalls = .system
    ) throws {
        var temporary: FilePath
        var signals: SignalGuard
        var fd: Int32
        repeat {
            temporary = TemporaryFile.name(beside: path)
            signals = SignalGuard(tracking: temporary)
            fd = calls.open(temporary.cString, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
            if fd < 0 {
                let code = errno
                signals.release()
                guard code == EEXIST else {
                    if code == EACCES || code == EPERM || code == EROFS {
                        // The temporary file is routectl's own: name the folder it could not
                        // create it in (issue 17, item 17).
                        throw SystemCall.folderNotWritable("replace", path, code)
                    }
                    throw SystemCall.failure("create", temporary, code)
                }
            }
        } while fd < 0
        defer { signals.release() }
        var closed = false
        defer {
            if !closed { _ = calls.close(fd) }
        }
        do {
            if let old {
                _ = fchown(fd, old.info.st_uid, old.info.st_gid)
                try ExtendedAttributes.copy(from: old.fd, to: fd, temporary.description)
                guard calls.fchmod(fd, old.info.st_mode & 0o7777) == 0 else {
                    throw SystemCall.failure("set the permissions of", temporary)
                }
            }
            guard calls.writeAll(fd, pieces) else { throw SystemCall.failure("write", temporary) }
            guard !durable || calls.fsync(fd) == 0 else { throw SystemCall.failure("flush", temporary) }
            closed = true
            guard calls.close(fd) == 0 else { throw SystemCall.failure("write", temporary) }
            if old != nil {
                guard calls.rename(temporary.cString, path.cString) == 0 else { throw SystemCall.failure("replace", path) }
            } else {
                try commitFirst(temporary, path, calls)
            }
        } catch {
            unlink(temporary.cString)
            throw error
        }
        if durable { syncDirectory(of: path) }
        TemporaryFile.removeStale(beside: path)
    }

    /// Puts the first version of the file in place: a hard link fails when another writer
    /// created the file meanwhile, where a rename would silently replace it.
    private static func commitFirst(_ temporary: FilePath, _ path: FilePath, _ calls: SystemCalls) throws {
        if calls.link(temporary.cString, path.cString) == 0 {
            unlink(temporary.cString)
            return
        }
        switch errno {
        case EEXIST:
            throw CreatedMeanwhile()
        case EPERM, EXDEV, EMLINK, EOPNOTSUPP, ENOSYS:
            // No hard links here: the sidecar lock alone must do.
            guard calls.rename(temporary.cString, path.cString) == 0 else { throw SystemCall.failure("create", path) }
        default:
            throw SystemCall.failure("create", path)
        }
    }

    /// Gives the file at `path` the first free name of `path + suffix`, `path + suffix + "-2"`,
    /// …, and returns that name.
    ///
    /// The file is hard-linked there and stays at `path` too, so that the ``replace(_:with:)``
    /// that follows swaps in the new file in one step: a crash in between leaves the old file
    /// in place, never no file at all. Where hard links are not supported it is renamed.
    package static func moveAside(_ path: FilePath, suffix: String) throws -> FilePath {
        var target = path + suffix
        var attempt = 1
        while link(path.cString, target.cString) != 0 {
            switch errno {
            case EEXIST:
                attempt += 1
                target = path + suffix + "-\(attempt)"
            case EPERM, EXDEV, EMLINK, EOPNOTSUPP, ENOSYS:
                while SystemCall.exists(target) {
                    attempt += 1
                    target = path + suffix + "-\(attempt)"
                }
                guard rename(path.cString, target.cString) == 0 else { throw SystemCall.failure("move aside", path) }
                syncDirectory(of: path)
                return target
            default:
                throw SystemCall.failure("move aside", path)
            }
        }
        syncDirectory(of: path)
        return target
    }

    private static func syncDirectory(of path: FilePath) {
        let fd = open(path.folder.cString, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
