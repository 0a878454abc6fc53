import RouteModel
import RouteCodecs
import PlainText

/// Keeps the navigator state in one file, safely: atomic replacement, an exclusive lock around
/// every read-modify-write, corrupt and foreign files never overwritten unless asked. What the
/// bytes are is the business of the codec its ``formats`` table finds for them.
public struct NavigatorStore: NavigatorStorage, Sendable {
    /// The outcome of a change.
    public typealias Outcome = ChangeOutcome<NavigatorState>

    /// The path as given.
    public let path: String
    /// The formats the file may be in; a new file is in the table's default.
    public let formats: FormatTable
    /// How long to wait for another process's lock, in seconds.
    public var lockTimeout: Double

    /// A store for the file at `path`, in the navigator file format unless another `codec` is
    /// given.
    public init(path: String, codec: any NavigatorCodec = NavigatorFileCodec(), lockTimeout: Double = 10) {
        self.init(path: path, formats: FormatTable([codec]), lockTimeout: lockTimeout)
    }

    /// The system calls of the write path: the real ones, but for tests of failures.
    package var calls: SystemCalls = .system

    /// A store for the file at `path`, in whichever of `formats` its content is.
    public init(path: String, formats: FormatTable, lockTimeout: Double = 10) {
        self.path = path
        self.formats = formats
        self.lockTimeout = lockTimeout
    }

    /// The largest file the store reads: the largest any of its formats takes.
    public var maxBytes: Int { formats.formats.map(\.maxBytes).max() ?? 0 }

    /// Reads the state without locking (writers replace the file atomically, so a reader always
    /// sees a whole file). A missing file reads as a fresh state in the default format.
    ///
    /// - Throws: `invalidInput` for a path that names a folder; `cannotCreate` for a link the
    ///   store will not follow, a directory in the way or a permission denied; `invalidFile`;
    ///   `cannotApply` for a missing file when the default format cannot start from nothing
    ///   (``NavigatorCodec/canCreate``).
    public func read() throws -> NavigatorState {
        try naming {
            guard let bytes = try file.read() else { return try fresh() }
            return try decode(bytes).state
        }
    }

    /// What the file holds, as its format's reader reads it (``FormatTable/document(recognized:)``):
    /// the state ``read()`` reads, and what a command can have of it without more; for no file,
    /// the fresh state ``read()`` reads.
    ///
    /// - Throws: as ``read()``.
    package func readDocument() throws -> StoredDocument {
        try naming {
            guard let bytes = try file.read() else { return .state(.navigator(try fresh()), foundKey: nil) }
            return .document(try document(bytes))
        }
    }

    /// Whether there is a file at the path (a link is followed as a change would follow it).
    public func exists() throws -> Bool {
        try naming { try file.target(refuseReadOnly: false).exists }
    }

    /// The file, as bytes kept safely.
    var file: GuardedFile {
        GuardedFile(path: path, lockTimeout: lockTimeout, limit: maxBytes, calls: calls)
    }

    /// Locks the file, reads it, lets `change` modify the state, and writes the result when
    /// `change` returns `true`.
    ///
    /// A change that changes nothing, or throws, creates nothing: when the file does not exist
    /// yet, `change` is first tried on the default state, before any folder or lock is made.
    /// `change` may run more than once: when another process creates the file between our
    /// look and our write, the change is made again on what it wrote.
    ///
    /// - Parameter recover: move a corrupt or foreign file aside to `<file>.corrupt-<time>` and
    ///   start from a fresh state instead of failing; the fresh state is written even when
    ///   `change` returns `false`. The file is kept in place until the new one replaces it.
    /// - Throws: whatever `change` throws (nothing is written then); `invalidFile` for a
    ///   corrupt file, `newerFormat` for a file of a later format, `invalidInput` for a state
    ///   that would not read back (see ``NavigatorState/validate()``) or a path that names a
    ///   folder; `cannotCreate` for a link the store will not follow, something other than a
    ///   regular file in the way, or a read-only file; `cannotApply` where there is no state
    ///   (no file, or `recover`) and the default format cannot start from nothing; and the
    ///   lock's and the writer's errors.
    public func update(recover: Bool = false, _ change: (inout NavigatorState) throws -> Bool) throws -> Outcome {
        try file.change(firstLook: { try firstLook(change) }) { locked in
            try changing(locked, read: { try naming { try locked.read() } }, recover: recover, change)
        }
    }

    /// ``update(recover:_:)``, without `recover`, for a `change` that applies `operation`:
    /// written straight into the file's bytes when their document can
    /// (``NavigatorDocument/applying(_:)``), the state then never read: `nil` (a change, with
    /// nothing to note); else as ``update(recover:_:)``, in the same read.
    public func update(applying operation: NavigationOperation, _ change: (inout NavigatorState) throws -> Bool) throws -> Outcome? {
        try file.change(firstLook: { try firstLook(change) }) { locked in
            // Without recover, a file that cannot be read is refused either way.
            let bytes = try naming { try locked.read() }
            if let bytes, let changed = (try? document(bytes))?.applying(operation) {
                try locked.replace(with: [changed[...]])
                return nil
            }
            return try changing(locked, read: { bytes }, recover: false, change)
        }
    }

    /// The outcome of `change` on a fresh state, when it changes nothing (a missing file is then
    /// not created); `nil` when it changes something.
    func firstLook(_ change: (inout NavigatorState) throws -> Bool) throws -> Outcome? {
        var fresh = try fresh()
        return try change(&fresh) ? nil : Outcome(state: fresh, changed: false)
    }

    /// What ``update(recover:_:)`` does under the lock, the file's bytes given by `read` (`nil`:
    /// no file; with `recover`, a file it refuses as too large is set aside as a corrupt one).
    func changing(
        _ locked: GuardedFile.Locked, read: () throws -> [UInt8]?, recover: Bool, _ change: (inout NavigatorState) throws -> Bool
    ) throws -> Outcome {
        var loaded: (NavigatorState, any NavigatorCodec)?
        var corrupt = false
        do {
            loaded = try read().map(decode)
        } catch let error as NavigatorError where recover && error.kind == .invalidFile {
            corrupt = true
        }
        var (state, codec) = try loaded ?? (fresh(), formats.defaultFormat)
        try naming { try codec.checkWritable(state) }
        guard try change(&state) || corrupt else { return Outcome(state: state, changed: false) }
        try state.validate()
        var notes: [String] = []
        let encoded = try codec.encode(&state)
        let dropped = encoded.droppedHistory
        if dropped > 0 {
            let what = dropped == 1 ? "the oldest history entry" : "the \(dropped) oldest history entries"
            notes.append("dropped \(what) to keep \(quoted(path, limit: 200)) under \(byteSize(codec.maxBytes))")
        }
        if corrupt {
            let aside = try locked.moveAside(suffix: ".corrupt-" + WallClock.compactNow())
            notes.append("moved the corrupt file \(quoted(locked.target, limit: 200)) aside to \(quoted(aside, limit: 200))")
        }
        try locked.replace(with: encoded.pieces)
        return Outcome(state: state, changed: true, notes: notes)
    }

    /// Creates the file holding `state`.
    ///
    /// - Parameter replace: when a file exists, keep it beside the new one, as `<file>.old-<time>`
    ///   when it is a valid navigator file (of any format) or `<file>.corrupt-<time>` when not.
    /// - Throws: `cannotApply` when a file exists and `replace` is false, or when the default
    ///   format cannot start from nothing; `invalidInput` for a
    ///   state that would not read back or a path that names a folder; `cannotCreate` as for
    ///   ``update(recover:_:)``.
    public func create(_ state: NavigatorState, replace: Bool) throws -> Outcome {
        try state.validate()
        let state = try fresh(state)
        let target = try file.target(refuseReadOnly: replace)
        return try file.withLock(target.path, refuseReadOnly: replace) { locked in
            var notes: [String] = []
            if locked.exists {
                guard replace else {
                    throw NavigatorError(.cannotApply, "\(quoted(path, limit: 200)) already exists", detail: StoreFact.alreadyExists(path: path))
                }
                let valid: Bool
                do {
                    valid = try load(locked) != nil
                } catch let error as NavigatorError where error.kind == .invalidFile || error.kind == .newerFormat {
                    valid = error.kind == .newerFormat
                }
                let stamp = WallClock.compactNow()
                let aside = try locked.moveAside(suffix: (valid ? ".old-" : ".corrupt-") + stamp)
                notes.append("moved the \(valid ? "old" : "corrupt") file \(quoted(locked.target, limit: 200)) aside to \(quoted(aside, limit: 200))")
            }
            var created = state
            try locked.replace(with: formats.defaultFormat.encode(&created).bytes)
            return Outcome(state: state, changed: true, notes: notes)
        }
    }

    /// Reads and decodes the locked file, saying which format it is in (`nil` when there is
    /// none).
    private func load(_ locked: GuardedFile.Locked) throws -> (NavigatorState, any NavigatorCodec)? {
        try naming {
            guard let bytes = try locked.read() else { return nil }
            return try decode(bytes)
        }
    }

    /// `state` (a fresh one unless given) as a new state in the default format, where there is
    /// none; the error of a format that cannot start from nothing names ``path``.
    private func fresh(_ state: NavigatorState = NavigatorState()) throws -> NavigatorState {
        do {
            return try formats.newState(state)
        } catch let error as NavigatorError {
            throw error.about(quoted(path, limit: 200))
        }
    }

    /// Runs `body`, naming ``path`` in its decoding errors (a corrupt, oversized or newer file).
    func naming<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as NavigatorError where error.kind == .invalidFile || error.kind == .newerFormat {
            throw error.about(quoted(path, limit: 200))
        }
    }

    /// Decodes the file's bytes in the format they are in, naming ``path`` in every error (all
    /// of them are about what the file holds). Bytes no format recognizes (but white space
    /// only, which no one keeps) are no file of routectl's: the error says so
    /// (``StoreFact/inNoFormat(path:)``), so that nothing offers to replace them.
    private func decode(_ bytes: [UInt8]) throws -> (state: NavigatorState, codec: any NavigatorCodec) {
        try named(bytes) { try formats.decode(bytes) }
    }

    /// What `bytes` hold, as ``decode(_:)`` reads them, as the document of their format's
    /// reader: errors of its state named as ``decode(_:)`` names them.
    func document(_ bytes: [UInt8]) throws -> any NavigatorDocument {
        guard let found = try named(bytes, { try formats.document(recognized: bytes) }) else {
            return DecodedDocument(decoding: { try decode(bytes).state })
        }
        return Named(document: found.document, store: self, bytes: bytes)
    }

    /// A document whose errors are named as ``decode(_:)`` names them.
    private struct Named: NavigatorDocument {
        let document: any NavigatorDocument
        let store: NavigatorStore
        let bytes: [UInt8]

        func state() throws -> NavigatorState { try store.named(bytes) { try document.state() } }
        func path(order: ParameterOrder) throws -> String { try store.named(bytes) { try document.path(order: order) } }
        func applying(_ operation: NavigationOperation) -> [UInt8]? { document.applying(operation) }
    }

    /// What `body` gives, its error about the file's `bytes` named with the file.
    private func named<T>(_ bytes: [UInt8], _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as NavigatorError {
            var named = error.about(quoted(path, limit: 200))
            if named.kind == .invalidFile, named.detail == nil, named.fact == nil,
                bytes.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }),
                !formats.formats.contains(where: { $0.recognizes(bytes) })
            {
                named.detail = StoreFact.inNoFormat(path: path)
            }
            throw named
        }
    }
}
