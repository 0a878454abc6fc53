#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteModel
import PlainText

/// Where the ``ChangeJournal`` of one store is kept, and how it is read and written: in
/// routectl's state folder's `journal` (`$XDG_STATE_HOME/routectl/journal`, else
/// `$HOME/.local/state/routectl/journal`), a folder of the user's only (0700), one file per
/// store (0600), named after the store's identity (``identity(ofFile:key:)``,
/// ``identity(ofDomain:simulator:key:)``).
///
/// On a shared machine, nothing there is trusted: a journal is read only when it is a regular
/// file of the user's reached without following a link, and a damaged one is ignored with a
/// warning; a write replaces the file by renaming a new one over it (a link planted at its
/// path is replaced, never followed), under a lock beside it.
package struct JournalFile: Sendable {
    /// The journal's path.
    package let path: FilePath

    /// The largest journal read, in bytes (50 changes of two values each).
    package static let maxBytes = 64 << 20

    /// The journal of the store whose identity is `identity`, in `folder` (see
    /// ``folder(environment:)``).
    package init(identity: String, folder: String) {
        let bytes = Array(identity.utf8)
        let readable = bytes.suffix(48).map { byte -> UInt8 in
            let kept = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-")
            return kept ? byte : UInt8(ascii: "_")
        }
        let hash = bytes.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        let name = readable + Array("-\(String(hash, radix: 16)).journal".utf8)
        path = FilePath(bytes: Array(folder.utf8) + [UInt8(ascii: "/")] + name)
    }

    /// The journals' folder: `$XDG_STATE_HOME/routectl/journal` (when absolute), else
    /// `$HOME/.local/state/routectl/journal`; `nil` when neither is an absolute path.
    package static func folder(environment: (String) -> String? = LockPlace.environment) -> String? {
        if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") { return state + "/routectl/journal" }
        guard let home = environment("HOME"), home.hasPrefix("/") else { return nil }
        return home + "/.local/state/routectl/journal"
    }

    /// The identity of the file at `path` (links resolved as a change resolves them), with
    /// `key` when a key of it holds the state: the device and inode of its folder and its
    /// name, as ``LockPlace`` names a lock (it stays while writes replace the file).
    package static func identity(ofFile path: String, key: String? = nil) throws -> String {
        let target = try LinkPolicy.resolve(path).path
        var info = stat()
        guard stat(target.folder.cString, &info) == 0 else { throw SystemCall.failure("look at", target.folder) }
        let device = String(UInt64(truncatingIfNeeded: info.st_dev), radix: 16)
        let inode = String(UInt64(truncatingIfNeeded: info.st_ino), radix: 16)
        let name = String(decoding: target.lastName, as: UTF8.self)
        return "file-\(device)-\(inode)-\(name)" + (key.map { "-key-\($0)" } ?? "")
    }

    /// The identity of `key` of the preferences domain `domain` (of `simulator`'s, when given).
    package static func identity(ofDomain domain: String, simulator: String?, key: String) -> String {
        "domain-\(domain)-device-\(simulator ?? "")-key-\(key)"
    }

    /// The journal; an empty one when there is none. One that cannot be trusted (a link, not a
    /// regular file, not the user's, too large, damaged) is an empty one, with `warning` saying
    /// why (it is replaced by the next change).
    package func read() -> (journal: ChangeJournal, warning: String?) {
        let fd = open(path.cString, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { return (ChangeJournal(), nil) }
            return (ChangeJournal(), ignored(code == ELOOP ? "it is a symbolic link" : String(cString: strerror(code))))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return (ChangeJournal(), ignored("it is not a regular file")) }
        guard info.st_uid == getuid() else { return (ChangeJournal(), ignored("another user owns it")) }
        guard let bytes = try? SystemCall.readAll(fd, info, path.description, limit: Self.maxBytes, forWriting: false),
            let journal = ChangeJournal(text: bytes)
        else { return (ChangeJournal(), ignored("it is damaged")) }
        return (journal, nil)
    }

    private func ignored(_ why: String) -> String {
        "warning: routectl ignored its record of changes \(quoted(path.description, limit: 200)): \(why)"
    }

    /// Runs `body` under the journal's lock (`<journal>.lock`), the journals' folder made and
    /// checked first (a folder of the user's, not a link, made private).
    ///
    /// - Throws: `cannotCreate` when the folder cannot be made or is not one routectl can trust.
    package func withLock<T>(timeout: Double, _ body: () throws -> T) throws -> T {
        let folder = path.folder
        try SystemCall.makeDirectories(folder)
        var info = stat()
        guard lstat(folder.cString, &info) == 0 else { throw SystemCall.failure("look at", folder) }
        guard info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() else {
            throw NavigatorError(
                .cannotCreate,
                "routectl keeps its record of changes in \(quoted(folder.description, limit: 200)), which is not a folder of yours (a link, or another user's); remove it")
        }
        if info.st_mode & 0o077 != 0 { _ = chmod(folder.cString, 0o700) }
        let lock = try FileLock(path: path + ".lock", wait: LockWait(timeout: timeout))
        return try withExtendedLifetime(lock) { try body() }
    }

    /// Writes `journal` (under ``withLock(timeout:_:)``): a new file renamed over the old one,
    /// private to the user.
    package func write(_ journal: ChangeJournal) throws {
        var info = stat()
        if lstat(path.cString, &info) == 0, info.st_mode & S_IFMT != S_IFREG || info.st_uid != getuid() {
            // Planted (a link, a FIFO, another user's file): removed, never followed.
            guard unlink(path.cString) == 0 else { throw SystemCall.failure("replace", path) }
        }
        let old = try DataFileLock.lock(path, display: path.description, wait: LockWait(timeout: 0), refuseReadOnly: false)
        // Not flushed to the disk: a record lost in a power cut only means undo cannot take
        // that change back (a damaged one is ignored, with a warning), and a change then costs
        // one flush, the store's, not two.
        try AtomicWriter.replace(path, with: journal.pieces, over: old, durable: false)
        _ = chmod(path.cString, 0o600)
    }
}
