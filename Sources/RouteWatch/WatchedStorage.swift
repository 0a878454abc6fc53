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
    /// The file (where its symbolic links lead: the store writes there).
    public var changeSource: ChangeSource { .linkedFile(path) }
}

extension PreferenceKeyStore: WatchedStorage {
    /// The plist file, for a key of one; otherwise (the preferences system, reached through the
    /// `defaults` tool) a poll every ``PreferenceKeyStore/pollInterval`` seconds.
    public var changeSource: ChangeSource {
        if let file = preferences as? PropertyListFileStore { return .linkedFile(file.path) }
        return .poll(interval: Self.pollInterval)
    }

    /// How often a key that no file event reaches (a domain of the preferences system) is read
    /// again, in seconds: each read runs `defaults export` (and for a simulator, `xcrun simctl`).
    public static let pollInterval = 1.0
}

extension ChangeSource {
    /// The file at `path`, its symbolic links followed as the stores follow them when they write
    /// (``LinkPolicy``): an atomic write through a link replaces the file in the target's folder,
    /// which is the folder to watch. A link that retargets later is not seen. A path the policy
    /// will not follow is watched as given (the store refuses to write through it anyway).
    static func linkedFile(_ path: String) -> ChangeSource {
        guard let resolved = try? LinkPolicy.resolve(path) else { return .file(path: path) }
        return .file(path: String(decoding: resolved.path.bytes, as: UTF8.self))
    }
}
