#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteModel

/// Finds a project file (`routectl.json`) as git finds `.git`: in the current folder, else the
/// nearest folder above it. The search looks in `$HOME` but not above it (when the current
/// folder is inside it), never crosses onto another file system (a mount point ends it, as
/// git's default does), and ends at a folder it cannot look into (a permission error) or the
/// file system's root. The current folder is the physical one (`getcwd`, links resolved).
package enum ProjectFileSearch {
    /// The name looked for.
    package static let name = "routectl.json"

    /// What the search found: the path of the file (absolute), or nothing.
    package enum Outcome: Equatable {
        case found(FilePath)
        case none
    }

    /// Searches from the current folder.
    ///
    /// - Parameter home: `$HOME`, where the search stops (`nil` or empty: no stop).
    /// - Throws: `invalidInput` for a file found that belongs to another user (not root): as
    ///   git refuses a repository another user owns, a `routectl.json` someone else left in a
    ///   shared folder above (such as /tmp) could otherwise choose which file this run writes.
    package static func find(home: String?) throws -> Outcome {
        guard let start = currentFolder() else { return .none }
        return try find(from: start, home: home)
    }

    /// Searches from `start`, an absolute folder.
    package static func find(from start: FilePath, home: String?) throws -> Outcome {
        var homeID: (dev_t, ino_t)?
        if let home, !home.isEmpty {
            var info = stat()
            if stat(FilePath(home).cString, &info) == 0 { homeID = (info.st_dev, info.st_ino) }
        }
        var folder = start
        var device: dev_t?
        // Each pass goes one folder up, so the loop ends by the path's length at most.
        for _ in 0...start.bytes.count {
            var info = stat()
            guard stat(folder.cString, &info) == 0 else { return .none }
            if let device, info.st_dev != device { return .none }  // another file system
            device = info.st_dev
            let candidate = folder.bytes == [UInt8(ascii: "/")] ? FilePath("/" + name) : folder + ("/" + name)
            var found = stat()
            if lstat(candidate.cString, &found) == 0 {
                let owner = found.st_uid
                guard owner == geteuid() || owner == 0 else {
                    throw NavigatorError(
                        .invalidInput,
                        "the project file \(quotedPath(candidate)) belongs to another user (uid \(owner)), so it is not used")
                }
                return .found(candidate)
            }
            guard errno == ENOENT else { return .none }  // a folder routectl may not look into
            if let homeID, info.st_dev == homeID.0, info.st_ino == homeID.1 { return .none }
            let parent = folder.folder
            if parent == folder { return .none }
            folder = parent
        }
        return .none
    }

    /// The target of the symbolic link at `path` when nothing is there (a dangling link), as
    /// the link names it; `nil` when `path` is no link or leads somewhere.
    package static func danglingTarget(_ path: FilePath) -> String? {
        var info = stat()
        guard lstat(path.cString, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, stat(path.cString, &info) != 0, errno == ENOENT else {
            return nil
        }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path.cString, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The current folder, or `nil` when it cannot be named (removed, or too long).
    package static func currentFolder() -> FilePath? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        guard bytes.first == UInt8(ascii: "/") else { return nil }
        return FilePath(bytes: bytes)
    }

    private static func quotedPath(_ path: FilePath) -> String {
        NavigatorError.quote(path.description, limit: 200)
    }
}
