#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteModel
import RouteCodecs
import PlainText

/// Thin wrappers over the POSIX calls the store makes, turning `errno` into ``NavigatorError``.
package enum SystemCall {
    /// Seconds since 1970.
    package static func time() -> Int {
        #if canImport(Glibc)
        Int(Glibc.time(nil))
        #else
        Int(Darwin.time(nil))
        #endif
    }

    /// The text of an `errno` value, such as `Permission denied`.
    package static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// An error for a failed call on `path`: `cannotCreate` when the failure is one of
    /// permission or of something in the way, whether the call read or wrote (so that every
    /// command tells the same story for the same cause), `io` otherwise.
    package static func failure(_ action: String, _ path: String, _ code: Int32 = errno) -> NavigatorError {
        let kind: NavigatorError.Kind
        switch code {
        case EACCES, EPERM, EROFS, EISDIR, ENOTDIR, EEXIST, ENAMETOOLONG, ELOOP:
            kind = .cannotCreate
        default:
            kind = .io
        }
        return NavigatorError(kind, "cannot \(action) \(quoted(path, limit: 200)): \(describe(code))")
    }

    /// An error for a failed call on `path` (see ``failure(_:_:_:)-(String,String,Int32)``).
    package static func failure(_ action: String, _ path: FilePath, _ code: Int32 = errno) -> NavigatorError {
        failure(action, path.description, code)
    }

    /// An error for a file that could not be made in its folder: `cannot <action> '<path>': its
    /// folder '<folder>' is not writable: <reason>`, with the folder as a fact (but on a
    /// read-only file system, where no `chmod` helps).
    package static func folderNotWritable(_ action: String, _ path: FilePath, _ code: Int32) -> NavigatorError {
        let folder = path.folder.description
        return NavigatorError(
            .cannotCreate,
            "cannot \(action) \(quoted(path.description, limit: 200)): its folder \(quoted(folder, limit: 200)) is not writable: \(describe(code))",
            detail: code == EROFS ? nil : StoreFact.folderNotWritable(folder: folder))
    }

    /// The folder part of `path` (`.` when it has none).
    package static func directory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }

    /// Creates `path` and any missing parent folders.
    ///
    /// A loop rather than a recursion, so that a path of many thousands of folders cannot
    /// exhaust the stack; a path the system would refuse as too long creates nothing.
    package static func makeDirectories(_ path: FilePath) throws {
        guard path.bytes.count < Int(PATH_MAX) else {
            throw failure("create the folder", path, ENAMETOOLONG)
        }
        var missing: [FilePath] = []  // deepest first
        var current = path
        while true {
            var info = stat()
            if stat(current.cString, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw failure("create the folder", current, ENOTDIR)
                }
                break
            }
            missing.append(current)
            let parent = current.folder
            if parent == current || parent == FilePath(".") { break }
            current = parent
        }
        for folder in missing.reversed() {
            if mkdir(folder.cString, 0o755) != 0, errno != EEXIST {
                throw failure("create the folder", folder)
            }
        }
    }

    /// Whether anything (file, folder, link) exists at `path`.
    package static func exists(_ path: FilePath) -> Bool {
        var info = stat()
        return lstat(path.cString, &info) == 0
    }

    /// Reads the whole file at `path`, or returns `nil` when there is none. Refuses a file
    /// larger than `limit` bytes without reading it. `forWriting` says the read is the first
    /// step of a change, so that a folder in the way counts as `cannotCreate`.
    package static func readFile(_ path: FilePath, limit: Int, forWriting: Bool) throws -> [UInt8]? {
        // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused just below).
        let fd = open(path.cString, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            // A socket cannot be opened (Linux says ENXIO, macOS EOPNOTSUPP): not a regular file.
            if errno == ENXIO || errno == EOPNOTSUPP { throw TargetCheck.notRegular(path.description) }
            throw failure("read", path)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure("read", path) }
        return try readAll(fd, info, path.description, limit: limit, forWriting: forWriting)
    }

    /// Reads the whole file open at `fd`, whose `fstat` is `info`, from where it stands (its
    /// start, for a descriptor just opened); refuses anything but a regular file.
    package static func readAll(_ fd: Int32, _ info: stat, _ path: String, limit: Int, forWriting: Bool) throws -> [UInt8] {
        if info.st_mode & S_IFMT == S_IFDIR { throw failure("read", path, EISDIR) }
        if info.st_mode & S_IFMT != S_IFREG {
            // Never a candidate for --force either: moving a device or a FIFO aside and writing
            // a file in its place is not ours to do.
            if forWriting {
                throw NavigatorError(
                    .cannotCreate, "cannot replace \(quoted(path, limit: 200)): it is not a regular file",
                    detail: StoreFact.notARegularFile(path: path))
            }
            // Something in the way, as for a change (73), named (found here when it took the
            // place of the regular file between the look and the open).
            throw TargetCheck.notRegular(path)
        }
        if Int(info.st_size) > limit { throw tooLarge(Int(info.st_size), limit: limit) }
        // Read into uninitialized memory sized by fstat (one spare byte tells a file that grew),
        // then keep reading in chunks until the end, for files whose size fstat does not know.
        let expected = max(Int(info.st_size), 0) + 1
        var readError: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
            initialized = 0
            prefault(buffer)
            while initialized < buffer.count {
                let got = read(fd, buffer.baseAddress! + initialized, buffer.count - initialized)
                if got < 0 {
                    if errno == EINTR { continue }
                    readError = errno
                    return
                }
                if got == 0 { return }
                initialized += got
            }
        }
        guard readError == 0 else { throw failure("read", path, readError) }
        var chunk: [UInt8] = []
        while bytes.count >= expected {
            if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: 65536) }
            let got = read(fd, &chunk, chunk.count)
            if got < 0 {
                if errno == EINTR { continue }
                throw failure("read", path)
            }
            if got == 0 { break }
            bytes.append(contentsOf: chunk[..<got])
            guard bytes.count <= limit else { throw tooLarge(bytes.count, limit: limit) }
        }
        return bytes
    }

    /// Has the kernel back a large buffer about to be read into with memory in one call, rather
    /// than one page fault a page as `read` fills it (Linux 5.14's `MADV_POPULATE_WRITE`; a
    /// kernel without it says `EINVAL`, and the faults happen as before). A 137 KB file: 33
    /// faults fewer, 4% of a `show`'s time. Elsewhere nothing is done.
    private static func prefault(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        #if os(Linux)
        let page = 4096
        guard buffer.count >= 16 * page, let base = buffer.baseAddress else { return }
        let start = (Int(bitPattern: base) + page - 1) & ~(page - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(page - 1)
        guard end > start, let pages = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(pages, end - start, 23)  // MADV_POPULATE_WRITE, whatever the headers know
        #endif
    }

    private static func tooLarge(_ size: Int, limit: Int) -> NavigatorError {
        NavigatorError(.invalidFile, "is larger than \(byteSize(limit)) (\(size) bytes)", detail: FileTooLarge(size: size, limit: limit))
    }
}
