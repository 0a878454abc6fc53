/// A path as the system has it: bytes, which need not be UTF-8 (a symbolic link may point to
/// any name). The store follows links and names its lock, temporary and moved-aside files with
/// these bytes, so that a target whose name is not UTF-8 is the file read and replaced, never
/// one whose name was repaired with U+FFFD.
package struct FilePath: Hashable, Sendable, CustomStringConvertible {
    /// The bytes, without a terminating NUL.
    package var bytes: [UInt8]

    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    package init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The bytes, NUL-terminated, for the C calls.
    package var cString: [CChar] {
        bytes.map { CChar(bitPattern: $0) } + [0]
    }

    /// The path for messages (a byte that is not UTF-8 shows as U+FFFD).
    package var description: String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The path with `suffix` appended to its last name, such as `.lock`.
    package static func + (path: FilePath, suffix: String) -> FilePath {
        FilePath(bytes: path.bytes + Array(suffix.utf8))
    }

    /// The folder part (`.` when there is none, `/` for a name in the root).
    package var folder: FilePath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return FilePath(".") }
        return slash == 0 ? FilePath("/") : FilePath(bytes: Array(bytes[..<slash]))
    }

    /// The last name.
    package var lastName: [UInt8] {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return bytes }
        return Array(bytes[(slash + 1)...])
    }
}
