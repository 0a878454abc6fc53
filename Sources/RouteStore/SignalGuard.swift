#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the temporary files of the writes in progress when `SIGTERM`, `SIGHUP` or `SIGINT`
/// ends the process, so that an interrupted write leaves nothing behind (a `SIGKILL` cannot be
/// caught: the next write cleans up after it, see ``TemporaryFile/removeStale(beside:)``).
///
/// Only in a process that asked for it (``SignalHandlers/optIn()``: the command-line tool
/// does, for itself). A library in an app installs no process-wide handler: there a guard does
/// nothing, and a write ended by a signal leaves its temporary file to the next write's sweep.
///
/// The handlers are installed while at least one write runs (by the first, restored by the
/// last), and do only what is safe in a signal handler: `unlink` the paths kept in buffers
/// allocated beforehand, one per write in progress (two writes on two threads never share
/// one), restore the default action and raise the signal again, so the process still ends as
/// the signal asked. A signal the process ignores (such as `SIGHUP` under `nohup`) stays
/// ignored.
package final class SignalGuard {
    /// How many writes at once have their temporary file tracked; one more is left to the sweep.
    private static let slotCount = 8
    /// The length of a slot's buffer: a path of up to `PATH_MAX` bytes and its NUL.
    private static let slotLength = Int(PATH_MAX) + 1

    /// The temporary files' paths, NUL-terminated, one slot per write in progress; a slot is
    /// taken when its flag in ``taken`` is not 0. Allocated once, before any handler can run,
    /// and only read by the handler.
    nonisolated(unsafe) private static let paths: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotLength)
        buffer.initialize(repeating: 0, count: slotCount * slotLength)
        return buffer
    }()
    nonisolated(unsafe) private static let taken: UnsafeMutablePointer<sig_atomic_t> = {
        let flags = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: slotCount)
        flags.initialize(repeating: 0, count: slotCount)
        return flags
    }()

    /// Guards the slots, the count of guards and the saved actions (never taken in a handler).
    nonisolated(unsafe) private static let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        return mutex
    }()
    /// How many guards hold the handlers installed, and the actions they replaced.
    nonisolated(unsafe) private static var holders = 0
    nonisolated(unsafe) private static var saved: [(signal: Int32, action: sigaction)] = []

    /// The slot this guard took, if any.
    private var slot: Int?
    /// Whether this guard holds a slot or the handlers, until ``release()``.
    private var holding = false
    /// Whether this guard counts among ``holders``.
    private var installed = false

    /// Remembers `file` and installs the handlers, in a process that opted in. A path too long
    /// for a slot, or a write beyond ``slotCount`` at once, is not tracked.
    package convenience init(tracking file: FilePath) {
        self.init(tracking: file, optedIn: SignalHandlers.isOptedIn, installing: true)
    }

    /// As ``init(tracking:)``, `optedIn` for the process's choice; without `installing`, the
    /// path is tracked and no handler is installed (for tests, which must not change the
    /// actions of the process they share).
    package init(tracking file: FilePath, optedIn: Bool, installing: Bool) {
        guard optedIn else { return }
        let bytes = file.bytes
        pthread_mutex_lock(SignalGuard.mutex)
        defer { pthread_mutex_unlock(SignalGuard.mutex) }
        if bytes.count < SignalGuard.slotLength, !bytes.contains(0),
            let free = (0..<SignalGuard.slotCount).first(where: { SignalGuard.taken[$0] == 0 })
        {
            // Written before the slot is marked taken, so a handler never sees a half-copied path.
            let buffer = SignalGuard.paths + free * SignalGuard.slotLength
            for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
            buffer[bytes.count] = 0
            SignalGuard.taken[free] = 1
            slot = free
        }
        holding = true
        guard installing else { return }
        installed = true
        if SignalGuard.holders == 0 { SignalGuard.saved = SignalHandlers.install(SignalGuard.handle) }
        SignalGuard.holders += 1
    }

    /// Forgets the path and, for the last guard, restores the actions the handlers replaced.
    /// Call it once the temporary file is renamed into place or removed.
    package func release() {
        guard holding else { return }
        pthread_mutex_lock(SignalGuard.mutex)
        defer { pthread_mutex_unlock(SignalGuard.mutex) }
        if let slot {
            SignalGuard.taken[slot] = 0
            SignalGuard.paths[slot * SignalGuard.slotLength] = 0
            self.slot = nil
        }
        holding = false
        guard installed else { return }
        installed = false
        SignalGuard.holders -= 1
        if SignalGuard.holders == 0 {
            SignalHandlers.restore(SignalGuard.saved)
            SignalGuard.saved = []
        }
    }

    /// The paths the handler would remove now.
    package static func tracked() -> [FilePath] {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return (0..<slotCount).filter { taken[$0] != 0 }.map { slot in
            let start = paths + slot * slotLength
            return FilePath(bytes: (0..<strlen(start)).map { UInt8(bitPattern: start[$0]) })
        }
    }

    /// The handler: remove the files, then let the signal do what it would have done.
    private static let handle: @convention(c) (Int32) -> Void = { signal in
        for slot in 0..<SignalGuard.slotCount where SignalGuard.taken[slot] != 0 {
            unlink(SignalGuard.paths + slot * SignalGuard.slotLength)
        }
        SignalHandlers.restoreDefault(signal)
        raise(signal)
    }
}
