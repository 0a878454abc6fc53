#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
// Glibc's module map leaves out <sys/xattr.h>.
@_extern(c, "flistxattr")
private func flistxattr(_ fd: Int32, _ list: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int
@_extern(c, "fgetxattr")
private func fgetxattr(_ fd: Int32, _ name: UnsafePointer<CChar>, _ value: UnsafeMutableRawPointer?, _ size: Int) -> Int
@_extern(c, "fsetxattr")
private func fsetxattr(
    _ fd: Int32, _ name: UnsafePointer<CChar>, _ value: UnsafeRawPointer?, _ size: Int, _ flags: Int32) -> Int32
#endif
import RouteModel
import PlainText

/// Copies a file's extended attributes to the file that replaces it: `user.*` attributes,
/// and on Linux the POSIX ACL (`system.posix_acl_access`), so a write neither drops an ACL nor
/// widens access. Attributes the file system or our privileges refuse (`ENOTSUP`, `EPERM`,
/// such as `security.*` for an ordinary user) are skipped; every other one is copied, or the
/// write fails.
package enum ExtendedAttributes {
    /// Copies every extended attribute of `source` to `target` (the temporary file at `path`).
    /// Call it after `fchown` and before `fchmod`: setting an ACL sets the group bits of the
    /// mode, and the `fchmod` of the old mode that follows puts the ACL mask back as it was.
    package static func copy(from source: Int32, to target: Int32, _ path: String) throws {
        guard var names = try list(source, path) else { return }
        names.append(0)
        var start = 0
        var value: [UInt8] = []
        while start < names.count - 1 {
            let end = names[start...].firstIndex(of: 0)!
            defer { start = end + 1 }
            guard end > start else { continue }
            let name = Array(names[start...end])
            guard try read(source, name, into: &value, path) else { continue }  // gone meanwhile
            let result = name.withUnsafeBufferPointer { name in
                name.withMemoryRebound(to: CChar.self) { name in
                    value.withUnsafeBytes { set(target, name.baseAddress!, $0.baseAddress, $0.count) }
                }
            }
            if result != 0, !skippable(errno) {
                let text = String(decoding: name.dropLast(), as: UTF8.self)
                throw SystemCall.failure("copy the extended attribute \(quoted(text)) to", path)
            }
        }
    }

    /// The NUL-separated attribute names of `fd`, or `nil` when it has none or the file system
    /// has none.
    private static func list(_ fd: Int32, _ path: String) throws -> [UInt8]? {
        while true {
            let size = listNames(fd, nil, 0)
            if size == 0 || (size < 0 && skippable(errno)) { return nil }
            guard size > 0 else { throw SystemCall.failure("list the extended attributes of", path) }
            var names = [UInt8](repeating: 0, count: size)
            let got = names.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { listNames(fd, $0.baseAddress, size) }
            }
            if got >= 0 { return Array(names.prefix(got)) }
            guard errno == ERANGE else { throw SystemCall.failure("list the extended attributes of", path) }
        }
    }

    /// Reads the attribute `name` (NUL-terminated) of `fd` into `value`; `false` when it is gone.
    private static func read(_ fd: Int32, _ name: [UInt8], into value: inout [UInt8], _ path: String) throws -> Bool {
        while true {
            let size = name.withUnsafeBufferPointer { name in
                name.withMemoryRebound(to: CChar.self) { get(fd, $0.baseAddress!, nil, 0) }
            }
            guard size >= 0 else {
                if errno == missingAttribute || skippable(errno) { return false }
                throw SystemCall.failure("read the extended attributes of", path)
            }
            value = [UInt8](repeating: 0, count: size)
            let got = name.withUnsafeBufferPointer { name in
                name.withMemoryRebound(to: CChar.self) { name in
                    value.withUnsafeMutableBytes { get(fd, name.baseAddress!, $0.baseAddress, size) }
                }
            }
            if got >= 0 {
                value.removeLast(size - got)
                return true
            }
            guard errno == ERANGE else { throw SystemCall.failure("read the extended attributes of", path) }
        }
    }

    /// Whether a failure with `code` means "not here, not for us": the attribute is skipped.
    private static func skippable(_ code: Int32) -> Bool {
        code == ENOTSUP || code == EOPNOTSUPP || code == EPERM
    }

    #if canImport(Glibc)
    /// The `errno` of an attribute that is not there.
    private static let missingAttribute = ENODATA
    private static func listNames(_ fd: Int32, _ list: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
        flistxattr(fd, list, size)
    }
    private static func get(_ fd: Int32, _ name: UnsafePointer<CChar>, _ value: UnsafeMutableRawPointer?, _ size: Int) -> Int {
        fgetxattr(fd, name, value, size)
    }
    private static func set(_ fd: Int32, _ name: UnsafePointer<CChar>, _ value: UnsafeRawPointer?, _ size: Int) -> Int32 {
        fsetxattr(fd, name, value, size, 0)
    }
    #else
    /// The `errno` of an attribute that is not there.
    private static let missingAttribute = ENOATTR
    private static func listNames(_ fd: Int32, _ list: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
        flistxattr(fd, list, size, 0)
    }
    private static func get(_ fd: Int32, _ name: UnsafePointer<CChar>, _ value: UnsafeMutableRawPointer?, _ size: Int) -> Int {
        fgetxattr(fd, name, value, size, 0, 0)
    }
    private static func set(_ fd: Int32, _ name: UnsafePointer<CChar>, _ value: UnsafeRawPointer?, _ size: Int) -> Int32 {
        fsetxattr(fd, name, value, size, 0, 0)
    }
    #endif
}
