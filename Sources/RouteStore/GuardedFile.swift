import RouteModel
import PlainText

/// One file changed the way git changes its files: every read-modify-write under a sidecar
/// lock (`<file>.lock`, or one in routectl's state folder: see ``LockPlace``) and a lock on the
/// file itself, the new contents written to a temporary file, flushed and renamed over the old
/// one, which keeps its owner, mode and extended attributes. Links are followed only as
/// ``LinkPolicy`` allows, and a folder, FIFO or device is refused before anything is created.
/// A change that writes nothing (refused, or changing nothing) leaves no sidecar it made; one
/// in the state folder is removed after every change.
///
/// It knows bytes, not what they mean: ``NavigatorStore`` keeps a navigator file in one,
/// ``PropertyListFileStore`` a property list.
package struct GuardedFile: Sendable {
    /// The path as the user gave it, for messages.
    package let path: String
    /// How long to wait for another process's lock, in seconds.
    package let lockTimeout: Double
    /// The largest file read, in bytes; a larger one is refused unread.
    package let limit: Int

    /// The system calls of the write path: the real ones, but for tests of failures.
    package let calls: SystemCalls
    /// Where the sidecar lock is.
    package let lockPlace: LockPlace

    package init(path: String, lockTimeout: Double, limit: Int, calls: SystemCalls = .system, lockPlace: LockPlace = .beside) {
        self.path = path
        self.lockTimeout = lockTimeout
        self.limit = limit
        self.calls = calls
        self.lockPlace = lockPlace
    }

    /// The file's bytes, read without locking (writers replace the file atomically, so a reader
    /// always sees a whole file); `nil` when there is no file.
    ///
    /// - Throws: `invalidInput` for a path that names a folder; `cannotCreate` for a link that
    ///   is not followed, a directory in the way or a permission denied; `invalidFile` for a
    ///   file over ``limit``.
    package func read() throws -> [UInt8]? {
        try TargetCheck.namesAFile(path)
        let target = try LinkPolicy.resolve(path)
        try TargetCheck.readable(target.info, path)
        return try SystemCall.readFile(target.path, limit: limit, forWriting: false)
    }

    /// Checks that the file may be changed, before anything is created for it, and returns its
    /// path with links resolved (as bytes: a link's target need not be UTF-8) and whether a
    /// file is there.
    ///
    /// - Throws: `invalidInput` for a path that names a folder; `cannotCreate` for a link that
    ///   is not followed, something other than a regular file in the way, or (with
    ///   `refuseReadOnly`) a file without a write bit.
    package func target(refuseReadOnly: Bool) throws -> (path: FilePath, exists: Bool) {
        try TargetCheck.namesAFile(path)
        let resolved = try LinkPolicy.resolve(path)
        try TargetCheck.replaceable(resolved.info, path, refuseReadOnly: refuseReadOnly)
        return (resolved.path, resolved.info != nil)
    }

    /// The skeleton of every store's change: resolves the path; when there is no file yet, lets
    /// `firstLook` try the change on an empty value, so that a change that changes nothing
    /// creates nothing (no folder, no lock, no file): a result from it is the outcome. Else
    /// `beforeCreating` may refuse to create the file at the resolved path; then the file is
    /// locked (see ``withLock(_:refuseReadOnly:_:)``) and `body` reads, changes and replaces it.
    package func change<Result>(
        firstLook: () throws -> Result?,
        beforeCreating: (FilePath) throws -> Void = { _ in },
        _ body: (Locked) throws -> Result
    ) throws -> Result {
        let target = try target(refuseReadOnly: true)
        if !target.exists {
            if let unchanged = try firstLook() { return unchanged }
            try beforeCreating(target.path)
        }
        return try withLock(target.path, refuseReadOnly: true, body)
    }

    /// Creates the folder of `target` (from ``target(refuseReadOnly:)``), takes the sidecar
    /// lock and then the lock of the file itself, and returns what `body` returns. `body` runs
    /// again when another process created the file after `body` found none.
    package func withLock<T>(_ target: FilePath, refuseReadOnly: Bool, _ body: (Locked) throws -> T) throws -> T {
        try SystemCall.makeDirectories(target.folder)
        let lockPath = try lockPlace.path(for: target)
        if lockPlace != .beside {
            do {
                try SystemCall.makeDirectories(lockPath.folder)
            } catch var error as NavigatorError {
                // A folder the command never named: say what it is for, and where it comes from.
                error.reason = "cannot lock \(quoted(path, limit: 200)): routectl keeps its lock in its state folder \(quoted(lockPath.folder.description, limit: 200)) (from XDG_STATE_HOME, else HOME), and " + error.reason
                throw error
            }
        }
        let wait = LockWait(timeout: lockTimeout, calls: calls)
        let lock = try FileLock(path: lockPath, wait: wait)
        let written = Written()
        // A command that wrote nothing leaves no sidecar it made; the state folder keeps none
        // between changes (each removed while still held).
        defer {
            if lockPlace != .beside {
                lock.remove(onlyIfCreated: false)
            } else if !written.value {
                lock.remove(onlyIfCreated: true)
            }
        }
        return try withExtendedLifetime(lock) {
            while true {
                let data = try DataFileLock.lock(target, display: path, wait: wait, refuseReadOnly: refuseReadOnly)
                do {
                    return try withExtendedLifetime(data) { try body(Locked(file: self, resolved: target, data: data, written: written)) }
                } catch is AtomicWriter.CreatedMeanwhile {
                    continue
                }
            }
        }
    }

    /// Whether a change replaced (or created) the file.
    fileprivate final class Written {
        var value = false
    }

    /// The locked file, as ``withLock(_:refuseReadOnly:_:)`` hands it to its body.
    package struct Locked {
        fileprivate let file: GuardedFile
        /// The path with links resolved.
        let resolved: FilePath
        fileprivate let data: DataFileLock?
        fileprivate let written: Written

        /// The path with links resolved, for messages.
        var target: String { resolved.description }

        /// Whether a file is there.
        package var exists: Bool { data != nil }

        /// The locked file's bytes, from its descriptor (the file that is locked is the file
        /// that is read); `nil` when there is none. Throws `invalidFile` over the limit.
        package func read() throws -> [UInt8]? {
            guard let data else { return nil }
            return try SystemCall.readAll(data.fd, data.info, file.path, limit: file.limit, forWriting: true)
        }

        /// Replaces the file with `bytes` (or creates it), atomically. A write that fails
        /// replaced nothing (``AtomicWriter``): it counts as none, and leaves no sidecar it made.
        package func replace(with bytes: [UInt8]) throws {
            try AtomicWriter.replace(resolved, with: bytes, over: data, calls: file.calls)
            written.value = true
        }

        /// Replaces the file with `pieces`, one after another, atomically: a change that keeps
        /// most of the file hands over slices of the bytes it read, not a copy of them.
        package func replace(with pieces: [ArraySlice<UInt8>]) throws {
            try AtomicWriter.replace(resolved, with: pieces, over: data, calls: file.calls)
            written.value = true
        }

        /// Moves the file aside to its path plus `suffix`, and returns where it went.
        func moveAside(suffix: String) throws -> String {
            written.value = true
            return try AtomicWriter.moveAside(resolved, suffix: suffix).description
        }
    }
}
