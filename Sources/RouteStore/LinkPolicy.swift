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
    /// The path with every symbolic link replaced by its target; the path as given when it
    /// holds no link.
    package var path: String
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
        var pending = path.split(separator: "/", omittingEmptySubsequences: true).reversed().map(String.init)
        var resolved = path.hasPrefix("/") ? "/" : ""
        var folder: stat?  // the lstat of `resolved`, the folder the next component is in
        var links = 0
        var info = stat()
        var found = false
        while let name = pending.popLast() {
            let candidate = join(resolved, name)
            guard lstat(candidate, &info) == 0 else {
                // Nothing (more) to follow: the kernel reports whatever is wrong when used.
                let rest = ([candidate] + pending.reversed()).joined(separator: "/")
                return ResolvedPath(path: links == 0 ? path : rest, info: nil)
            }
            guard info.st_mode & S_IFMT == S_IFLNK else {
                resolved = candidate
                folder = info
                found = true
                continue
            }
            found = false
            links += 1
            guard links <= 40 else { throw SystemCall.failure("resolve", path, ELOOP) }
            try check(link: candidate, info, in: folder, of: resolved)
            let target = try readLink(candidate)
            if target.hasPrefix("/") {
                resolved = "/"
                folder = nil
            }
            pending += target.split(separator: "/", omittingEmptySubsequences: true).reversed().map(String.init)
        }
        let result = links == 0 ? path : (resolved.isEmpty ? "." : resolved)
        return ResolvedPath(path: result, info: found ? info : nil)
    }

    /// Throws unless the link at `link` (whose `lstat` is `info`) may be followed from the folder
    /// `folderPath` (whose `lstat` is `folder`, when known).
    private static func check(link: String, _ info: stat, in folder: stat?, of folderPath: String) throws {
        var parent = stat()
        if let folder {
            parent = folder
        } else if stat(folderPath.isEmpty ? "." : folderPath, &parent) != 0 {
            return  // no folder to judge: the kernel will fail the path anyway
        }
        let sticky = parent.st_mode & S_ISVTX != 0 && parent.st_mode & S_IWOTH != 0
        guard sticky, info.st_uid != geteuid(), info.st_uid != parent.st_uid else { return }
        throw NavigatorError(
            .cannotCreate,
            "refusing to follow the symbolic link \(quoted(link, limit: 200)): it is in a sticky world-writable folder and owned by another user")
    }

    /// The target text of the link at `path`.
    private static func readLink(_ path: String) throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { throw SystemCall.failure("read the link", path) }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `folder` and `name` joined by one slash (`name` alone when `folder` is empty).
    private static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
