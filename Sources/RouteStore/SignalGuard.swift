#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the temporary file of a write in progress when `SIGTERM`, `SIGHUP` or `SIGINT` ends
/// the process, so that an interrupted write leaves nothing behind (a `SIGKILL` cannot be
/// caught: the next write cleans up after it, see ``TemporaryFile/removeStale(beside:)``).
///
/// The handlers are installed only while the write runs, and do only what is safe in a signal
/// handler: `unlink` the path kept in a buffer allocated beforehand, restore the default action
/// and raise the signal again, so the process still ends as the signal asked. A signal the
/// process ignores (such as `SIGHUP` under `nohup`) stays ignored.
package final class SignalGuard {
    /// The temporary file's path, NUL-terminated; empty when no write is in progress.
    /// Allocated once, before any handler can run, and only read by the handler.
    nonisolated(unsafe) private static let path: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(PATH_MAX) + 1)
        buffer.initialize(repeating: 0, count: Int(PATH_MAX) + 1)
        return buffer
    }()

    /// The actions the handlers replaced, restored by ``release()``.
    private var saved: [(signal: Int32, action: sigaction)] = []

    /// Remembers `file` and installs the handlers. A path too long for the buffer is not
    /// tracked (the system would refuse to create it anyway).
    package init(tracking file: FilePath) {
        let buffer = SignalGuard.path
        let bytes = file.bytes
        // Written before the handlers exist, so a handler never sees a half-copied path.
        if bytes.count <= Int(PATH_MAX), !bytes.contains(0) {
            for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
            buffer[bytes.count] = 0
        } else {
            buffer[0] = 0
        }
        saved = SignalHandlers.install(SignalGuard.handle)
    }

    /// Restores the actions the handlers replaced, then forgets the path. Call it once the
    /// temporary file is renamed into place or removed.
    package func release() {
        SignalHandlers.restore(saved)
        saved = []
        SignalGuard.path[0] = 0
    }

    /// The handler: remove the file, then let the signal do what it would have done.
    private static let handle: @convention(c) (Int32) -> Void = { signal in
        let file = SignalGuard.path
        if file[0] != 0 { unlink(file) }
        SignalHandlers.restoreDefault(signal)
        raise(signal)
    }
}
