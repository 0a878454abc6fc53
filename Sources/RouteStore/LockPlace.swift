#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteModel
import PlainText

/// Where the sidecar lock of a ``GuardedFile`` is (see ``FileLock``).
package enum LockPlace: Sendable, Equatable {
    /// `<file>.lock`, beside the file: routectl's own navigator file, whose folder is routectl's.
    case beside
    /// In the folder `locks` (routectl's own, see ``LockPlace/stateLocks(environment:)``), named
    /// after the file's identity: an app's preferences, whose folder must hold nothing of
    /// routectl's. Each is there only while a change holds it (removed, still held, after the
    /// change), so the folder does not fill with the locks of plists long gone. `nil`: no such
    /// folder could be named (neither `XDG_STATE_HOME` nor `HOME` is an absolute path).
    case stateFolder(String?)

    /// The lock for `target` (links resolved).
    ///
    /// In the state folder, the identity is the device and inode of the folder the file is in
    /// (links resolved) and the file's name: it stays the same while writes replace the file
    /// (each rename gives the file a new inode), before and after the write that creates it,
    /// and through every link or path that leads to the same file name in the same folder. The
    /// lock's name is `<name>-<device>-<inode>-<hash>.lock` (the file's name, up to 64 bytes of
    /// letters, digits, `.`, `_` and `-`, for a reader; the hash of the whole name, in hex).
    ///
    /// - Throws: `cannotCreate` when no state folder could be named, or the file's folder
    ///   cannot be looked at.
    package func path(for target: FilePath) throws -> FilePath {
        switch self {
        case .beside:
            return target + ".lock"
        case .stateFolder(nil):
            throw NavigatorError(
                .cannotCreate,
                "cannot lock \(quoted(target.description, limit: 200)): routectl keeps its lock in its state folder, and neither XDG_STATE_HOME nor HOME is an absolute path")
        case .stateFolder(let locks?):
            var info = stat()
            guard stat(target.folder.cString, &info) == 0 else { throw SystemCall.failure("lock", target) }
            let name = target.lastName
            let readable = name.prefix(64).map { byte -> UInt8 in
                let kept = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: "-")
                return kept ? byte : UInt8(ascii: "_")
            }
            let device = String(UInt64(truncatingIfNeeded: info.st_dev), radix: 16)
            let inode = String(UInt64(truncatingIfNeeded: info.st_ino), radix: 16)
            let suffix = "-\(device)-\(inode)-\(String(Self.hash(name), radix: 16)).lock"
            return FilePath(bytes: Array(locks.utf8) + [UInt8(ascii: "/")] + readable + Array(suffix.utf8))
        }
    }

    /// The folder the locks of ``stateFolder(_:)`` are in: `$XDG_STATE_HOME/routectl/locks`
    /// (when it is an absolute path), else `$HOME/.local/state/routectl/locks` (likewise),
    /// beside routectl's own navigator file; `nil` when neither is an absolute path.
    package static func stateLocks(environment: (String) -> String? = LockPlace.environment) -> String? {
        if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") { return state + "/routectl/locks" }
        // A relative HOME (`~`, a quoting slip) would put the folder under the working folder.
        guard let home = environment("HOME"), home.hasPrefix("/") else { return nil }
        return home + "/.local/state/routectl/locks"
    }

    /// The process's environment variable `name`.
    package static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// FNV-1a, 64 bits: the same name gives the same lock in every process.
    private static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
