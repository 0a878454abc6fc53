#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files a write goes through: `<file>.tmp-<pid>-<random>`, one name per writer,
/// so that two writers never share one (as they could if the sidecar lock were deleted under
/// them), and so that a leftover names the process that made it.
package enum TemporaryFile {
    /// A fresh temporary name beside `path`.
    package static func name(beside path: FilePath) -> FilePath {
        path + ".tmp-\(getpid())-" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
    }

    /// Removes the temporary files beside `path` whose writer is dead (killed by `SIGKILL`, or
    /// by a power cut), and `<file>.tmp` left by earlier versions. Call it only while holding
    /// the file's locks: a live writer's file is kept, whoever's it is.
    package static func removeStale(beside path: FilePath) {
        let folder = path.folder
        let base = path.lastName
        let prefix = base + Array(".tmp-".utf8)
        let legacy = base + Array(".tmp".utf8)
        guard let directory = opendir(folder.cString) else { return }
        defer { closedir(directory) }
        let own = getpid()
        while let entry = readdir(directory) {
            // Most of a folder (an app's preferences folder holds hundreds of files) is other
            // files': told apart in place, without copying each name.
            let name: [UInt8]? = withName(of: entry) { name in
                name.starts(with: legacy) ? Array(name) : nil
            }
            guard let name else { continue }
            if name.count > legacy.count {
                guard name.starts(with: prefix), let pid = writer(of: name.dropFirst(prefix.count)), pid != own,
                    kill(pid, 0) != 0, errno == ESRCH
                else { continue }
            }
            unlink(FilePath(bytes: folder.bytes + [UInt8(ascii: "/")] + name).cString)
        }
    }

    /// The name of `readdir`'s entry `entry`, read in place up to its NUL, for `body`. Swift sees
    /// `d_name` as a fixed array (256 bytes; 1,024 on Darwin) where the kernel's record ends
    /// after the name: copying the array reads past the record, and past the end of `readdir`'s
    /// buffer for its last entry, which can end a few bytes before an unmapped page (a crash).
    package static func withName<R>(of entry: UnsafeMutablePointer<dirent>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        // The field's own address (an inout of a pointee's stored property is not a copy).
        withUnsafeMutablePointer(to: &entry.pointee.d_name) { field in
            let name = UnsafeRawPointer(field)
            return body(UnsafeBufferPointer(start: name.assumingMemoryBound(to: UInt8.self), count: strlen(name.assumingMemoryBound(to: CChar.self))))
        }
    }

    /// The pid in `<pid>-<random>`, or `nil` when the text is not of that shape.
    private static func writer(of rest: ArraySlice<UInt8>) -> pid_t? {
        guard let dash = rest.firstIndex(of: UInt8(ascii: "-")), dash > rest.startIndex, dash - rest.startIndex <= 10,
            rest[..<dash].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let pid = pid_t(String(decoding: rest[..<dash], as: UTF8.self)), pid > 0
        else { return nil }
        return pid
    }
}
