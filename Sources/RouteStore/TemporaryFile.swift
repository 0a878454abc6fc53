#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files a write goes through: `<file>.tmp-<pid>-<8 hex digits>`, one name per
/// writer, so that two writers never share one (as they could if the sidecar lock were deleted
/// under them), and so that a leftover names the process that made it.
///
/// That shape, exactly (the pid in decimal without leading zeros, then eight lowercase hex
/// digits), is the only one the sweep removes: a user's `<file>.tmp` backup or a dated copy
/// `<file>.tmp-2024-06-01` beside the file is theirs, whatever its name starts with.
package enum TemporaryFile {
    /// The number of hex digits after the pid.
    private static let randomDigits = 8

    /// A fresh temporary name beside `path`.
    package static func name(beside path: FilePath) -> FilePath {
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return path + ".tmp-\(getpid())-" + String(repeating: "0", count: randomDigits - random.count) + random
    }

    /// Removes the temporary files beside `path` whose writer is dead (killed by `SIGKILL`, or
    /// by a power cut): names of ``name(beside:)``'s shape only. Call it only while holding the
    /// file's locks: a live writer's file is kept, whoever's it is.
    package static func removeStale(beside path: FilePath) {
        let folder = path.folder
        let prefix = path.lastName + Array(".tmp-".utf8)
        guard let directory = opendir(folder.cString) else { return }
        defer { closedir(directory) }
        let own = getpid()
        while let entry = readdir(directory) {
            // Most of a folder (an app's preferences folder holds hundreds of files) is other
            // files': told apart in place, without copying each name.
            let found: (name: [UInt8], pid: pid_t)? = withName(of: entry) { name in
                guard name.starts(with: prefix), let pid = writer(of: name[prefix.count...]) else { return nil }
                return (Array(name), pid)
            }
            guard let found, found.pid != own, kill(found.pid, 0) != 0, errno == ESRCH else { continue }
            unlink(FilePath(bytes: folder.bytes + [UInt8(ascii: "/")] + found.name).cString)
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

    /// The pid in `<pid>-<8 lowercase hex digits>`, all of `rest`; `nil` when `rest` is not of
    /// that shape, exactly.
    private static func writer(of rest: UnsafeBufferPointer<UInt8>.SubSequence) -> pid_t? {
        guard rest.count > randomDigits + 1 else { return nil }
        let dash = rest.endIndex - randomDigits - 1
        let digits = rest[..<dash], random = rest[(dash + 1)...]
        guard rest[dash] == UInt8(ascii: "-"), digits.count <= 10, digits.first != UInt8(ascii: "0"),
            digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            random.allSatisfy({ ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f")) }),
            let pid = pid_t(String(decoding: digits, as: UTF8.self)), pid > 0
        else { return nil }
        return pid
    }
}
