#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteModel
import RouteStore
import PropertyListCodec
import PlainText

/// An app's preferences kept in a property-list file (binary or XML), changed with the same
/// discipline as a navigator file (see ``GuardedFile``): a lock, a temporary file, a flush and
/// a rename, the file's mode, owner and extended attributes kept. The form is kept too: binary
/// stays binary, XML stays XML; a new file is binary, as the system writes them.
///
/// A write leaves nothing in the preferences folder but the plist: the sidecar lock lives in
/// routectl's state folder (``lockFolder``), named after the plist's folder's identity and the
/// plist's name (see ``LockPlace``); the plist itself is locked too, as a navigator file is.
///
/// The system's preferences daemon caches what it read: an app running, or a simulator
/// booted, may not see a change made here and may write over it. ``DefaultsDomainStore`` goes
/// through the daemon instead.
public struct PropertyListFileStore: PreferencesDocument {
    /// The path as given.
    public let path: String
    /// How long to wait for another process's lock, in seconds.
    public var lockTimeout: Double

    /// The folder the sidecar locks are kept in: routectl's state folder's `locks`
    /// (`$XDG_STATE_HOME/routectl/locks`, else `$HOME/.local/state/routectl/locks`, as the
    /// environment says when the store is made); `nil` when neither is set (a change is then
    /// refused).
    public var lockFolder: String?

    /// The preferences in the file at `path`.
    public init(path: String, lockTimeout: Double = 10) {
        self.path = path
        self.lockTimeout = lockTimeout
        lockFolder = LockPlace.stateLocks()
    }

    public var name: String { quoted(path, limit: 200) }

    private var file: GuardedFile {
        GuardedFile(path: path, lockTimeout: lockTimeout, limit: PropertyListDocument.maxBytes, lockPlace: .stateFolder(lockFolder))
    }

    /// The document; an empty binary one when there is no file.
    ///
    /// - Throws: `invalidFile` for a file that is no property list or whose root is not a
    ///   dictionary, or one over 16 MiB; the errors of ``GuardedFile/read()``.
    public func read() throws -> PropertyListDocument {
        try decode { try file.read() }
    }

    /// The document, of a binary file only the keys that start with `prefix` decoded (see
    /// ``PropertyListDocument/decode(_:name:keysStartingWith:)``).
    public func read(keysStartingWith prefix: String) throws -> PropertyListDocument {
        try decode(keysStartingWith: prefix) { try file.read() }
    }

    /// Changes the file under its lock (see ``PreferencesDocument/update(_:)``). When there is
    /// no file, `change` first sees an empty document, and nothing is created unless it
    /// returns a replacement; it may then run again, under the lock.
    public func update<Result>(_ change: (PropertyListDocument) throws -> (replacement: PropertyListDocument?, result: Result)) throws -> Result {
        try update(keysStartingWith: nil, change)
    }

    /// As ``update(_:)``, `change` seeing of a binary file only the keys that start with
    /// `prefix`; what it did not read is kept byte for byte.
    public func update<Result>(
        keysStartingWith prefix: String, _ change: (PropertyListDocument) throws -> (replacement: PropertyListDocument?, result: Result)
    ) throws -> Result {
        try update(keysStartingWith: Optional(prefix), change)
    }

    private func update<Result>(
        keysStartingWith prefix: String?, _ change: (PropertyListDocument) throws -> (replacement: PropertyListDocument?, result: Result)
    ) throws -> Result {
        let firstLook = {
            let (replacement, result) = try change(PropertyListDocument())
            return replacement == nil ? result : nil
        }
        return try file.change(firstLook: firstLook, beforeCreating: refuseMissingFolder) { locked in
            let (replacement, result) = try change(try decode(keysStartingWith: prefix) { try locked.read() })
            if let replacement {
                try locked.replace(with: replacement.encodedPieces(as: name))
            }
            return result
        }
    }

    /// A mistyped path creates no folders: an app's preferences folder is there.
    private func refuseMissingFolder(_ target: FilePath) throws {
        let folder = target.folder
        var info = stat()
        guard stat(folder.cString, &info) != 0 else { return }
        throw NavigatorError(
            .cannotCreate,
            "cannot create \(name): the folder \(quoted(folder.description, limit: 200)) does not exist (routectl creates no folder for a property list)",
            detail: StoreFact.noSuchFolder(folder: folder.description))
    }

    /// Whether there is a file at the path (a link is followed as a change would follow it).
    public func exists() throws -> Bool {
        try file.target(refuseReadOnly: false).exists
    }

    /// Reads the bytes `read` gives (none: an empty document) and decodes them, naming the file
    /// in the reader's errors too (a file too large is refused before it is read).
    private func decode(keysStartingWith prefix: String? = nil, _ read: () throws -> [UInt8]?) throws -> PropertyListDocument {
        do {
            guard let bytes = try read() else { return PropertyListDocument() }
            if let prefix { return try PropertyListDocument.decode(bytes, name: name, keysStartingWith: prefix) }
            return try PropertyListDocument.decode(bytes, name: name)
        } catch var error as NavigatorError where error.kind == .invalidFile && error.fact == nil && (error.detail == nil || error.detail is FileTooLarge) {
            // The file is too large: name it as a property list, and never offer to replace it.
            error = error.about(name)
            error.detail = PreferencesFact.unreadablePropertyList
            throw error
        }
    }
}
