import RouteStore

/// Where a navigator learns that another process changed its store.
public enum ChangeSource: Equatable, Sendable {
    /// A file: its folder is watched (inotify on Linux, kqueue on Darwin), since an atomic write
    /// replaces the file by renaming another over it. Its symbolic links are followed as the
    /// stores follow them when they write (``LinkPolicy``): a write through a link replaces the
    /// file in the target's folder, which is the folder watched, and the target's name is
    /// matched byte for byte (it need not be UTF-8). A link that retargets later is not seen; a
    /// path the policy will not follow is watched as given.
    case file(path: String)
    /// A store no event reaches (the preferences system behind `defaults`): it is read again
    /// every `interval` seconds.
    case poll(interval: Double)
}

/// Waits for a store to change: one type over inotify, kqueue and polling (see ``ChangeSource``).
/// A wait may be cancelled from any thread; a wait that says "changed" means "look again" (a
/// reader compares what it reads with what it had).
public final class StoreWatcher: @unchecked Sendable {
    /// What a wait ended with.
    public enum Event: Equatable, Sendable {
        /// The store may have changed: read it again.
        case changed
        /// The timeout passed with no change.
        case timedOut
        /// ``cancel()`` was called.
        case cancelled
        /// The descriptor given to watch for closing (a closed standard output) was closed.
        case closed
    }

    /// When the folder of a file cannot be watched (it does not exist yet, or it was removed),
    /// how often it is looked at instead, in seconds: often enough that a change is still seen
    /// within 100 ms. Each look also tries to watch the folder again.
    public static let fallbackInterval = 0.05

    /// What is watched.
    public let source: ChangeSource
    /// The watch's descriptor and the folder's (kqueue keeps one open); `nil` when polling.
    private var watch: (descriptor: Int32, folder: Int32?)?
    /// The file's name in its folder, as bytes (a link's target need not be UTF-8).
    private let name: [UInt8]
    /// The folder.
    private let folder: FilePath
    /// The pipe ``cancel()`` writes to.
    private let wake: (read: Int32, write: Int32)?

    /// A watcher of `source`. It holds a descriptor or two until it is released.
    public init(_ source: ChangeSource) {
        self.source = source
        wake = WatchSystemCalls.pipe()
        switch source {
        case .file(let path):
            // Resolved as bytes: the target's name, made a String, would lose what is not UTF-8.
            let file = (try? LinkPolicy.resolve(path))?.path ?? FilePath(path)
            name = file.lastName
            folder = file.folder
            watch = WatchSystemCalls.watchFolder(folder.cString)
        case .poll:
            name = []
            folder = FilePath("")
            watch = nil
        }
    }

    /// Closes the watch of a folder that went; the folder is polled until it can be watched.
    private func unwatch() {
        guard let watch else { return }
        WatchSystemCalls.close(watch.descriptor)
        if let folder = watch.folder { WatchSystemCalls.close(folder) }
        self.watch = nil
    }

    deinit {
        unwatch()
        if let wake {
            WatchSystemCalls.close(wake.read)
            WatchSystemCalls.close(wake.write)
        }
    }

    /// Whether the file's folder is watched by the system (`false`: it is polled, every
    /// ``fallbackInterval`` for a file whose folder could not be watched).
    public var isWatchingEvents: Bool { watch != nil }

    /// Ends the current wait (or, when none is under way, the next one) with ``Event/cancelled``.
    public func cancel() {
        if let wake { WatchSystemCalls.poke(wake.write) }
    }

    /// Waits until the store may have changed, `timeout` seconds pass (forever when `nil`), the
    /// watcher is cancelled, or `closing` (a descriptor, such as standard output) is closed by
    /// its other end. One thread waits at a time.
    public func wait(timeout: Double? = nil, closing: Int32? = nil) -> Event {
        let deadline = timeout.map { Monotonic.now() + $0 }
        while true {
            var descriptors: [(descriptor: Int32, readable: Bool)] = []
            if let wake { descriptors.append((wake.read, true)) }
            if let watch { descriptors.append((watch.descriptor, true)) }
            if let closing { descriptors.append((closing, false)) }
            let interval: Double?
            switch source {
            case .poll(let every): interval = every
            case .file: interval = watch == nil ? Self.fallbackInterval : nil
            }
            let remaining = deadline.map { max($0 - Monotonic.now(), 0) }
            let step = [remaining, interval].compactMap { $0 }.min()
            switch WatchSystemCalls.wait(descriptors, timeout: step) {
            case .ready(let index):
                let descriptor = descriptors[index].descriptor
                if descriptor == wake?.read {
                    WatchSystemCalls.consume(descriptor)
                    return .cancelled
                }
                if descriptor == closing { return .closed }
                let drained = WatchSystemCalls.drain(descriptor, about: name)
                if drained.lost { unwatch() }
                if drained.relevant { return .changed }
            case .closed(let index):
                let descriptor = descriptors[index].descriptor
                if descriptor == closing { return .closed }
                return .cancelled
            case .timedOut:
                if case .file = source, watch == nil {
                    // Polled: watch the folder again when it can be (it has been made again).
                    watch = WatchSystemCalls.watchFolder(folder.cString)
                }
                if let interval, remaining.map({ $0 > interval }) ?? true { return .changed }
                if let deadline, Monotonic.now() >= deadline { return .timedOut }
            }
        }
    }
}

extension StoreWatcher {
    /// Waits until `storage` may have changed, then calls `reload`, until it says that what is
    /// shown changed (``StoreWatcher/Event/changed``) or the wait ends otherwise: the loop of
    /// ``StoreFollower`` and of the app's navigator. The first call makes `watcher` and reloads
    /// at once (a change made since the store was read is looked for).
    package static func waitForChange(
        of storage: any WatchedStorage, watcher: inout StoreWatcher?, timeout: Double?, closing: Int32?, reload: () -> Bool
    ) -> Event {
        let deadline = timeout.map { Monotonic.now() + $0 }
        while true {
            let remaining = deadline.map { max($0 - Monotonic.now(), 0) }
            let event: Event
            if let watcher {
                event = watcher.wait(timeout: remaining, closing: closing)
            } else {
                watcher = StoreWatcher(storage.changeSource)
                event = .changed
            }
            guard event == .changed else { return event }
            if reload() { return .changed }
        }
    }
}
