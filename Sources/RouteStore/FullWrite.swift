#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing all of a buffer to a file descriptor: short writes continued, interruptions
/// retried. The store writes files with it; a command-line tool can write its output with it.
package enum FullWrite {
    /// Writes every byte of `buffer` to `fd` with `write` (the C library's, unless a store's
    /// ``SystemCalls`` say otherwise); returns false when a write fails (see `errno`), or
    /// writes nothing (`errno` is then `ENOSPC`).
    package static func all(
        _ fd: Int32, _ buffer: UnsafeRawBufferPointer,
        write: (Int32, UnsafeRawPointer, Int) -> Int = { systemWrite($0, $1, $2) }
    ) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let wrote = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if wrote < 0 {
                if errno == EINTR { continue }
                return false
            }
            // Nothing written of bytes asked for: no progress, however often tried (as
            // gnulib's full_write, said as a full disk).
            guard wrote > 0 else {
                errno = ENOSPC
                return false
            }
            offset += wrote
        }
        return true
    }
}

/// The C library's `write`, under a name the parameter called `write` does not hide.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
