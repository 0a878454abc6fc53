/// Reads and changes the navigator file safely: atomic replacement, an exclusive lock around
/// every read-modify-write, corrupt and foreign files never overwritten unless asked.
public struct NavigatorStore: Sendable {
    /// The outcome of a change.
    public struct Outcome: Sendable {
        /// The state after the change (or as it was, when nothing changed).
        public var state: NavigatorState
        /// Whether the file was written.
        public var changed: Bool
        /// Things the user should know that are not errors, such as where a corrupt file went.
        public var notes: [String] = []
    }

    /// The path as given.
    public let path: String
    /// How long to wait for another process's lock, in seconds.
    public var lockTimeout: Double

    /// A store for the file at `path`.
    public init(path: String, lockTimeout: Double = 10) {
        self.path = path
        self.lockTimeout = lockTimeout
    }

    /// Reads the state without locking (writers replace the file atomically, so a reader always
    /// sees a whole file). A missing file reads as the default state.
    ///
    /// - Parameter readingHistory: `false` for a caller that does not use the history: it is
    ///   only checked quickly (see ``NavigatorFile/decode(_:readingHistory:)``).
    public func read(readingHistory: Bool = true) throws -> NavigatorState {
        try load(path, forWriting: false, readingHistory: readingHistory) ?? NavigatorState()
    }

    /// Locks the file, reads it, lets `change` modify the state, and writes the result when
    /// `change` returns `true`.
    ///
    /// - Parameter recover: move a corrupt or foreign file aside to `<file>.corrupt-<time>` and
    ///   start from a fresh state instead of failing; the fresh state is written even when
    ///   `change` returns `false`.
    /// - Throws: whatever `change` throws (nothing is written then); `invalidFile` for a
    ///   corrupt file, `newerFormat` for a file of a later format; and the lock's and the
    ///   writer's errors.
    public func update(recover: Bool = false, _ change: (inout NavigatorState) throws -> Bool) throws -> Outcome {
        let target = try SystemCall.resolveLinks(path)
        try SystemCall.makeDirectories(SystemCall.directory(of: target))
        let lock = try FileLock(path: target + ".lock", timeout: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        var notes: [String] = []
        var state: NavigatorState
        do {
            state = try load(target, forWriting: true) ?? NavigatorState()
        } catch let error as NavigatorError where recover && error.kind == .invalidFile {
            let aside = try AtomicWriter.moveAside(target, suffix: ".corrupt-" + Timestamp.compactNow())
            notes.append("moved the corrupt file \(quoted(target, limit: 200)) aside to \(quoted(aside, limit: 200))")
            state = NavigatorState()
        }
        if state.format > NavigatorState.currentFormat {
            throw NavigatorError(
                .newerFormat,
                "\(quoted(path, limit: 200)) has format \(state.format), newer than this build understands (\(NavigatorState.currentFormat)); it is read-only here")
        }
        let changed = try change(&state)
        if changed || !notes.isEmpty {
            try AtomicWriter.replace(target, with: NavigatorFile.encode(state))
        }
        return Outcome(state: state, changed: changed || !notes.isEmpty, notes: notes)
    }

    /// Creates the file holding `state`.
    ///
    /// - Parameter replace: when a file exists, move it aside first, to `<file>.old-<time>` when
    ///   it is a valid navigator file (of any format) or `<file>.corrupt-<time>` when it is not.
    /// - Throws: `cannotApply` when a file exists and `replace` is false.
    public func create(_ state: NavigatorState, replace: Bool) throws -> Outcome {
        let target = try SystemCall.resolveLinks(path)
        try SystemCall.makeDirectories(SystemCall.directory(of: target))
        let lock = try FileLock(path: target + ".lock", timeout: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        var notes: [String] = []
        if SystemCall.exists(target) {
            guard replace else {
                throw NavigatorError(
                    .cannotApply, "\(quoted(path, limit: 200)) already exists",
                    hint: "use --force to start over; the old file is kept beside it")
            }
            let valid: Bool
            do {
                valid = try load(target, forWriting: true) != nil
            } catch let error as NavigatorError where error.kind == .invalidFile || error.kind == .newerFormat {
                valid = error.kind == .newerFormat
            }
            let stamp = Timestamp.compactNow()
            let aside = try AtomicWriter.moveAside(target, suffix: (valid ? ".old-" : ".corrupt-") + stamp)
            notes.append("moved the \(valid ? "old" : "corrupt") file \(quoted(target, limit: 200)) aside to \(quoted(aside, limit: 200))")
        }
        try AtomicWriter.replace(target, with: NavigatorFile.encode(state))
        return Outcome(state: state, changed: true, notes: notes)
    }

    /// Reads and decodes `file` (`nil` when missing), naming ``path`` in a decoding error.
    private func load(_ file: String, forWriting: Bool, readingHistory: Bool = true) throws -> NavigatorState? {
        do {
            guard let bytes = try SystemCall.readFile(file, limit: NavigatorFile.maxBytes, forWriting: forWriting) else {
                return nil
            }
            return try NavigatorFile.decode(bytes, readingHistory: readingHistory)
        } catch var error as NavigatorError where error.kind == .invalidFile || error.kind == .newerFormat {
            error.message = quoted(path, limit: 200) + " " + error.message
            throw error
        }
    }
}
