#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteModel
import RouteCodecs
import PlainText

/// A path with its symbolic links resolved, and what is there.
package struct ResolvedPath {
    /// The path with every symbolic link replaced by its target, as bytes (a target's name
    /// need not be UTF-8); the path as given when it holds no link.
    package var path: FilePath
    /// The `lstat` of ``path``, or `nil` when nothing is there (or it cannot be looked at).
    package var info: stat?
}

/// Follows symbolic links the way the kernel does, but applies the rule of Linux's
/// `fs.protected_symlinks` whatever that setting says: a link in a sticky, world-writable
/// folder (such as `/tmp`) is followed only when it belongs to the effective user or to the
/// folder's owner. Otherwise a link planted there by one user could make another user's
/// routectl replace or create a file of the second user's choosing.
package enum LinkPolicy {
    /// Resolves every symbolic link in `path`, folder parts included (up to 40 links, as the
    /// kernel allows), so that a write replaces the file a link points to and leaves the link
    /// itself in place.
    ///
    /// One `lstat` per path component; nothing more unless a link is met.
    ///
    /// - Throws: `cannotCreate` for a link the rule forbids following, or for a loop.
    package static func resolve(_ path: String) throws -> ResolvedPath {
        let slash = UInt8(ascii: "/")
        let given = FilePath(path)
        var pending = given.bytes.split(separator: slash, omittingEmptySubsequences: true).reversed().map(Array.init)
        var resolved: [UInt8] = path.hasPrefix("/") ? [slash] : []
        var folder: stat?  // the lstat of `resolved`, the folder the next component is in
        var links = 0
        var info = stat()
        var found = false
        while let name = pending.popLast() {
            let candidate = join(resolved, name)
            guard lstat(FilePath(bytes: candidate).cString, &info) == 0 else {
                // Nothing (more) to follow: the kernel reports whatever is wrong when used.
                var rest = candidate
                for part in pending.reversed() { rest += [slash] + part }
                return ResolvedPath(path: links == 0 ? given : FilePath(bytes: rest), info: nil)
            }
            guard info.st_mode & S_IFMT == S_IFLNK else {
                resolved = candidate
                folder = info
                found = true
                continue
            }
            found = false
            links += 1
            let link = FilePath(bytes: candidate)
            guard links <= 40 else { throw SystemCall.failure("resolve", path, ELOOP) }
            try check(link: link.description, info, in: folder, of: FilePath(bytes: resolved))
            let target = try readLink(link)
            if target.first == slash {
                resolved = [slash]
                folder = nil
            }
            pending += target.split(separator: slash, omittingEmptySubsequences: true).reversed().map(Array.init)
        }
        let result = links == 0 ? given : FilePath(bytes: resolved.isEmpty ? [UInt8(ascii: ".")] : resolved)
        return ResolvedPath(path: result, info: found ? info : nil)
    }

    /// Throws unless the link at `link` (whose `lstat` is `info`) may be followed from the folder
    /// `folderPath` (whose `lstat` is `folder`, when known).
    private static func check(link: String, _ info: stat, in folder: stat?, of folderPath: FilePath) throws {
        var parent = stat()
        if let folder {
            parent = folder
        } else if stat((folderPath.bytes.isEmpty ? FilePath(".") : folderPath).cString, &parent) != 0 {
            return  // no folder to judge: the kernel will fail the path anyway
        }
        let sticky = parent.st_mode & S_ISVTX != 0 && parent.st_mode & S_IWOTH != 0
        guard sticky, info.st_uid != geteuid(), info.st_uid != parent.st_uid else { return }
        throw NavigatorError(
            .cannotCreate,
            "refusing to follow the symbolic link \(quoted(link, limit: 200)): it is in a sticky world-writable folder and owned by another user")
    }

    /// The target of the link at `path`, as bytes: a name that is not UTF-8 is followed as it
    /// is, not repaired into another name.
    private static func readLink(_ path: FilePath) throws -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path.cString, &buffer, buffer.count - 1)
        guard count >= 0 else { throw SystemCall.failure("read the link", path.description) }
        return buffer[..<count].map { UInt8(bitPattern: $0) }
    }

    /// `folder` and `name` joined by one slash (`name` alone when `folder` is empty).
    private static func join(_ folder: [UInt8], _ name: [UInt8]) -> [UInt8] {
        if folder.isEmpty { return name }
        return folder.last == UInt8(ascii: "/") ? folder + name : folder + [UInt8(ascii: "/")] + name
    }
}
