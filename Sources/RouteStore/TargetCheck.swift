#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteModel
import PlainText

/// The checks that refuse a path before anything is created for it: no folder, no lock, no
/// temporary file is made for a command that is refused.
package enum TargetCheck {
    /// Throws `invalidInput` when `path` names a folder by its spelling alone: empty, `.`,
    /// `..`, or ending in `/`, `/.` or `/..`. Such a path would put the lock inside the folder
    /// (`nav.json/.lock`) or beside it under a surprising name (`...lock`).
    package static func namesAFile(_ path: String) throws {
        let folder =
            path.isEmpty || path == "." || path == ".." || path.hasSuffix("/") || path.hasSuffix("/.")
            || path.hasSuffix("/..")
        guard folder else { return }
        let what = path.isEmpty ? "the navigator file's path is empty" : "\(quoted(path, limit: 200)) names a folder"
        throw NavigatorError(.invalidInput, what + ", not a file")
    }

    /// Throws unless the thing a change would replace may be replaced: `info` is the `lstat` of
    /// the resolved path (`nil` when nothing is there yet), `path` the path as the user gave it.
    ///
    /// - Throws: `cannotCreate` for a directory, for anything but a regular file (a FIFO, a
    ///   device, a socket), and, when `refuseReadOnly`, for a file without any write bit: such
    ///   a file is read-only for routectl too, even for root, as an editor would warn.
    package static func replaceable(_ info: stat?, _ path: String, refuseReadOnly: Bool) throws {
        guard let info else { return }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            if refuseReadOnly { try writable(info, path) }
        case S_IFDIR:
            throw NavigatorError(.cannotCreate, "cannot replace \(quoted(path, limit: 200)): it is a directory")
        default:
            throw notRegular(path)
        }
    }

    /// Throws `cannotCreate` when the regular file whose `stat` is `info` has no write bit.
    package static func writable(_ info: stat, _ path: String) throws {
        let mode = info.st_mode & 0o7777
        guard mode & 0o222 == 0 else { return }
        var octal = String(mode, radix: 8)
        while octal.count < 4 { octal = "0" + octal }
        throw NavigatorError(
            .cannotCreate, "\(quoted(path, limit: 200)) is read-only (mode \(octal))",
            detail: StoreFact.readOnly(path: path))
    }

    /// Throws `cannotCreate` when a read would find a directory, a FIFO, a device or a socket:
    /// the same cause as for a change, told the same way (exit 73), naming the file.
    package static func readable(_ info: stat?, _ path: String) throws {
        guard let info else { return }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return
        case S_IFDIR:
            throw NavigatorError(.cannotCreate, "cannot read \(quoted(path, limit: 200)): it is a directory")
        default:
            throw notRegular(path)
        }
    }

    /// The error for a FIFO, a device or a socket where a change needs a regular file.
    package static func notRegular(_ path: String) -> NavigatorError {
        NavigatorError(.cannotCreate, "\(quoted(path, limit: 200)) is not a regular file", detail: StoreFact.notARegularFile(path: path))
    }
}
