#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file so that a crash at any instant leaves either the old or the new contents.
///
/// The new bytes go to `<file>.tmp` in the same folder (created exclusively, never through a
/// link), are flushed to disk, and are renamed over the file; then the folder is flushed so the
/// rename itself survives a power cut. The caller must hold the file's ``FileLock``: the
/// temporary name is fixed, so one left by a killed writer is simply replaced by the next one.
enum AtomicWriter {
    /// Writes `bytes` to `path`, keeping the permission bits (and, where allowed, the owner) of
    /// the file it replaces. `path` must already have its links resolved.
    static func replace(_ path: String, with bytes: [UInt8]) throws {
        var old = stat()
        let hadFile = stat(path, &old) == 0
        if hadFile, old.st_mode & S_IFMT == S_IFDIR {
            throw SystemCall.failure("replace", path, EISDIR, forWriting: true)
        }
        let temporary = path + ".tmp"
        if unlink(temporary) != 0, errno != ENOENT {
            throw SystemCall.failure("remove the stale temporary file", temporary, forWriting: true)
        }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard fd >= 0 else { throw SystemCall.failure("create", temporary, forWriting: true) }
        var closed = false
        defer {
            if !closed { close(fd) }
        }
        do {
            if hadFile {
                _ = fchown(fd, old.st_uid, old.st_gid)
                guard fchmod(fd, old.st_mode & 0o7777) == 0 else {
                    throw SystemCall.failure("set the permissions of", temporary, forWriting: true)
                }
            }
            guard SystemCall.writeAll(fd, bytes) else { throw SystemCall.failure("write", temporary, forWriting: true) }
            guard fsync(fd) == 0 else { throw SystemCall.failure("flush", temporary, forWriting: true) }
            closed = true
            guard close(fd) == 0 else { throw SystemCall.failure("write", temporary, forWriting: true) }
            guard rename(temporary, path) == 0 else { throw SystemCall.failure("replace", path, forWriting: true) }
        } catch {
            unlink(temporary)
            throw error
        }
        syncDirectory(of: path)
    }

    /// Gives the file at `path` the first free name of `path + suffix`, `path + suffix + "-2"`,
    /// …, and returns that name.
    ///
    /// The file is hard-linked there and stays at `path` too, so that the ``replace(_:with:)``
    /// that follows swaps in the new file in one step: a crash in between leaves the old file
    /// in place, never no file at all. Where hard links are not supported it is renamed.
    static func moveAside(_ path: String, suffix: String) throws -> String {
        var target = path + suffix
        var attempt = 1
        while link(path, target) != 0 {
            switch errno {
            case EEXIST:
                attempt += 1
                target = path + suffix + "-\(attempt)"
            case EPERM, EXDEV, EMLINK, EOPNOTSUPP, ENOSYS:
                while SystemCall.exists(target) {
                    attempt += 1
                    target = path + suffix + "-\(attempt)"
                }
                guard rename(path, target) == 0 else { throw SystemCall.failure("move aside", path, forWriting: true) }
                syncDirectory(of: path)
                return target
            default:
                throw SystemCall.failure("move aside", path, forWriting: true)
            }
        }
        syncDirectory(of: path)
        return target
    }

    private static func syncDirectory(of path: String) {
        let fd = open(SystemCall.directory(of: path), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
