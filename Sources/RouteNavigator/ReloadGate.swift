#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// At most one reload queued on the main actor by a watching thread: the thread asks before it
/// queues one (``claim()``), and the reload opens the gate as it starts (``open()``), so that a
/// change seen while it reads queues the next. A main actor kept busy thus finds one reload
/// waiting, not one for each change the thread saw meanwhile (each a read of the whole store).
final class ReloadGate: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var queued = false

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Whether the caller may queue a reload: none is queued now (it then is).
    func claim() -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard !queued else { return false }
        queued = true
        return true
    }

    /// The queued reload starts: a change seen from now on queues another.
    func open() {
        pthread_mutex_lock(mutex)
        queued = false
        pthread_mutex_unlock(mutex)
    }
}
