#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls of the write path, as values: the store makes them through a table it is
/// given, which is ``system`` but for tests, which replace one call with a failure to see what
/// the store does when a disk fills, a flush or a rename fails, without a failing disk (as
/// swift-system's mocking does). A table belongs to one store, so tests running side by side
/// never see each other's failures.
package struct SystemCalls: Sendable {
    /// `open(path, flags, mode)`.
    package var open: @Sendable (UnsafePointer<CChar>, Int32, mode_t) -> Int32
    /// `write(fd, buffer, count)`.
    package var write: @Sendable (Int32, UnsafeRawPointer, Int) -> Int
    /// `fsync(fd)`.
    package var fsync: @Sendable (Int32) -> Int32
    /// `close(fd)`.
    package var close: @Sendable (Int32) -> Int32
    /// `rename(from, to)`.
    package var rename: @Sendable (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32
    /// `link(from, to)`.
    package var link: @Sendable (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32
    /// `fchmod(fd, mode)`.
    package var fchmod: @Sendable (Int32, mode_t) -> Int32
    /// `flock(fd, operation)`, as the locks take it (see ``LockWait``).
    package var flock: @Sendable (Int32, Int32) -> Int32

    /// The real calls.
    package static let system = SystemCalls(
        open: { systemOpen($0, $1, $2) }, write: { systemWrite($0, $1, $2) }, fsync: { systemFsync($0) },
        close: { systemClose($0) }, rename: { systemRename($0, $1) }, link: { systemLink($0, $1) },
        fchmod: { systemFchmod($0, $1) }, flock: { systemFlock($0, $1) })

    /// Writes every byte of `pieces` to `fd`, one piece after another (see
    /// ``FullWrite/all(_:_:write:)``).
    package func writeAll(_ fd: Int32, _ pieces: [ArraySlice<UInt8>]) -> Bool {
        pieces.allSatisfy { piece in piece.withUnsafeBytes { FullWrite.all(fd, $0, write: write) } }
    }
}

// The C library's functions under names of their own, so that the table's members, named as
// the calls are, do not hide them.
private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
private func systemFsync(_ fd: Int32) -> Int32 { fsync(fd) }
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
private func systemRename(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>) -> Int32 { rename(from, to) }
private func systemLink(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>) -> Int32 { link(from, to) }
private func systemFchmod(_ fd: Int32, _ mode: mode_t) -> Int32 { fchmod(fd, mode) }
private func systemFlock(_ fd: Int32, _ operation: Int32) -> Int32 { flock(fd, operation) }
