import RouteModel
import RouteStore
import RoutePreferences

/// A store a ``RouteNavigator`` keeps its state in: a ``StateStorage`` (read, and change under
/// the store's lock with an atomic write) that says where another process's changes show
/// (``ChangeSource``). routectl's stores are ones: a navigator file (``NavigatorStore``, in any
/// format of its table) and a key of an app's preferences (``PreferenceKeyStore``). An app's own
/// store is one when it implements the four requirements (as VAPersistentNavigator's
/// `NavigatorStorage`).
public protocol WatchedStorage: StateStorage {
    /// Where a change made by another process shows.
    var changeSource: ChangeSource { get }
}

extension NavigatorStore: WatchedStorage {
    /// The file (the watcher follows its symbolic links, as the store does when it writes).
    public var changeSource: ChangeSource { .file(path: path) }
}

extension PreferenceKeyStore: WatchedStorage {
    /// The plist file, for a key of one; otherwise (the preferences system, reached through the
    /// `defaults` tool) a poll every ``PreferenceKeyStore/pollInterval`` seconds.
    public var changeSource: ChangeSource {
        if let file = preferences as? PropertyListFileStore { return .file(path: file.path) }
        return .poll(interval: Self.pollInterval)
    }

    /// How often a key that no file event reaches (a domain of the preferences system) is read
    /// again, in seconds: each read runs `defaults export` (and for a simulator, `xcrun simctl`).
    public static let pollInterval = 1.0
}
