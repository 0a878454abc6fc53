#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls of file watching, and the only place that differs by system: Linux's inotify,
/// Darwin's kqueue (`EVFILT_VNODE` on the folder), a pipe to wake a waiter, `poll`, and the thread
/// a navigator waits on. Everything else in this target is the same on both.
package enum WatchSystemCalls {
    /// A descriptor that becomes readable when something in `folder` (a path's bytes,
    /// NUL-terminated) changes, and the descriptor
    /// of the folder itself that it needs kept open (kqueue's; none for inotify); `nil` when the
    /// folder cannot be watched (it does not exist, or the limit of watches is reached). The
    /// caller closes both.
    static func watchFolder(_ folder: [CChar]) -> (descriptor: Int32, folder: Int32?)? {
        #if canImport(Glibc)
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        // An atomic write renames a temporary file over the target (IN_MOVED_TO); a tool
        // writing in place closes it (IN_CLOSE_WRITE); a removal or a rename away is a change too.
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)
        guard inotify_add_watch(descriptor, folder, mask) >= 0 else {
            close(descriptor)
            return nil
        }
        return (descriptor, nil)
        #else
        // Darwin: kqueue(2), open(2) with O_EVTONLY (a descriptor for events only, which does not
        // keep the volume from unmounting), kevent(2) with EVFILT_VNODE and NOTE_WRITE: a folder
        // is written when an entry is added, removed or renamed in it.
        let folderDescriptor = open(folder, O_EVTONLY | O_CLOEXEC)
        guard folderDescriptor >= 0 else { return nil }
        let queue = kqueue()
        guard queue >= 0 else {
            close(folderDescriptor)
            return nil
        }
        var change = kevent(
            ident: UInt(folderDescriptor), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR),
            fflags: UInt32(NOTE_WRITE | NOTE_DELETE | NOTE_RENAME | NOTE_REVOKE), data: 0, udata: nil)
        guard kevent(queue, &change, 1, nil, 0, nil) >= 0 else {
            close(queue)
            close(folderDescriptor)
            return nil
        }
        return (queue, folderDescriptor)
        #endif
    }

    /// Reads what the watch descriptor holds without waiting, and says whether any of it is about
    /// the entry `name` (its bytes; always, for kqueue, whose events name no entry), and whether the watch
    /// is lost (the folder was removed or moved away: its events end). Reads until nothing is
    /// left, so that a burst of changes wakes a waiter once.
    static func drain(_ descriptor: Int32, about name: [UInt8]) -> (relevant: Bool, lost: Bool) {
        var relevant = false
        var lost = false
        #if canImport(Glibc)
        var buffer = [UInt8](repeating: 0, count: 16_384)
        let target = name
        let gone = UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED | IN_UNMOUNT)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[]; }, in the
            // machine's byte order.
            var offset = 0
            while offset + 16 <= count {
                let (mask, length) = buffer.withUnsafeBytes {
                    ($0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self), Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
                if mask & gone != 0 { lost = true }
                if mask & (gone | UInt32(IN_Q_OVERFLOW)) != 0 || Array(nameBytes) == target { relevant = true }
                offset += 16 + length
            }
        }
        #else
        var events: [kevent] = Array(repeating: kevent(), count: 16)
        var zero = timespec(tv_sec: 0, tv_nsec: 0)
        while true {
            let count = kevent(descriptor, nil, 0, &events, Int32(events.count), &zero)
            guard count > 0 else { break }
            relevant = true
            for event in events.prefix(Int(count)) where event.fflags & UInt32(NOTE_DELETE | NOTE_RENAME | NOTE_REVOKE) != 0 {
                lost = true
            }
        }
        _ = name
        #endif
        return (relevant, lost)
    }

    /// What ``wait(_:timeout:)`` saw.
    enum Readiness {
        /// The descriptor at this index became readable (or, for the last one, hung up).
        case ready(Int)
        /// The descriptor at this index reported an error or a hang-up.
        case closed(Int)
        /// Nothing, within the timeout.
        case timedOut
    }

    /// Waits until one of `descriptors` is readable (one asked for no events is watched for an
    /// error or a hang-up only: a closed standard output), or `timeout` seconds (forever when
    /// `nil`) pass. A signal that interrupts the wait ends it as a timeout.
    static func wait(_ descriptors: [(descriptor: Int32, readable: Bool)], timeout: Double?) -> Readiness {
        var entries = descriptors.map { pollfd(fd: $0.descriptor, events: $0.readable ? Int16(POLLIN) : 0, revents: 0) }
        let milliseconds = timeout.map { Int32(min(max($0 * 1000, 0), Double(Int32.max))) } ?? -1
        let count = poll(&entries, nfds_t(entries.count), milliseconds)
        guard count > 0 else { return .timedOut }
        for (index, entry) in entries.enumerated() where entry.revents != 0 {
            if entry.revents & Int16(POLLIN) != 0 { return .ready(index) }
            return .closed(index)
        }
        return .timedOut
    }

    /// A pipe (read end, write end), both ends close-on-exec and the write end non-blocking.
    static func pipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        // pipe2 is a GNU extension Glibc's module map leaves out: pipe, then fcntl.
        guard Self.systemPipe(&ends) == 0 else { return nil }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        return (ends[0], ends[1])
    }

    private static func systemPipe(_ ends: inout [Int32]) -> Int32 {
        #if canImport(Glibc)
        return Glibc.pipe(&ends)
        #else
        return Darwin.pipe(&ends)
        #endif
    }

    /// Writes one byte to `descriptor` (a pipe's write end), to wake whoever waits on its read
    /// end; a full pipe is already awake.
    static func poke(_ descriptor: Int32) {
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }

    /// Reads one byte ``poke(_:)`` wrote.
    static func consume(_ descriptor: Int32) {
        var byte: UInt8 = 0
        _ = read(descriptor, &byte, 1)
    }

    /// Closes `descriptor`.
    static func close(_ descriptor: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
    }

    /// Runs `body` on a new detached thread.
    package static func startThread(_ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        // The routine's argument differs: Glibc's pthread.h takes `void *(*)(void *)`, Darwin's
        // `void * _Nullable (* _Nonnull)(void * _Nonnull)`, a non-optional pointer (as swift-nio's
        // ThreadPosix.swift declares it for each).
        #if canImport(Glibc)
        let routine: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { argument in
            guard let argument else { return nil }
            Unmanaged<ThreadBody>.fromOpaque(argument).takeRetainedValue().body()
            return nil
        }
        var thread = pthread_t()
        #else
        let routine: @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? = { argument in
            Unmanaged<ThreadBody>.fromOpaque(argument).takeRetainedValue().body()
            return nil
        }
        var thread: pthread_t?
        #endif
        let started = pthread_create(&thread, nil, routine, box)
        guard started == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(box).release()
            return false
        }
        #if canImport(Glibc)
        pthread_detach(thread)
        #else
        if let thread { pthread_detach(thread) }
        #endif
        return true
    }

    /// A thread's work, boxed to pass through `pthread_create`'s pointer.
    private final class ThreadBody {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
