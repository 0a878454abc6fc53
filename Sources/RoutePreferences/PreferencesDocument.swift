/// Where an app's preferences (a ``PropertyListDocument``) are kept and how they are changed:
/// a property-list file (``PropertyListFileStore``) or a preferences domain that the system's
/// `defaults` tool reaches (``DefaultsDomainStore``). A new place is a new conforming type;
/// ``PreferenceKeyStore`` works on any of them.
public protocol PreferencesDocument: Sendable {
    /// What the preferences are called in messages, quoted: `'/x/prefs.plist'`, or
    /// `domain 'com.example.app'`.
    var name: String { get }

    /// Reads the preferences; where there are none yet, an empty document.
    func read() throws -> PropertyListDocument

    /// Reads the preferences, lets `change` return a replacement (`nil`: leave them as they
    /// are) and a result, stores the replacement, and returns the result. As safe as the place
    /// allows: a file is changed under its lock and replaced atomically.
    func update<Result>(_ change: (PropertyListDocument) throws -> (replacement: PropertyListDocument?, result: Result)) throws -> Result

    /// As ``read()``, but the document may hold only the keys that start with `prefix` (see
    /// ``PropertyListDocument/isPartial``): a place that can read one key without the others
    /// does so. By default, ``read()``.
    func read(keysStartingWith prefix: String) throws -> PropertyListDocument

    /// As ``update(_:)``, but `change` may see only the keys that start with `prefix`, and
    /// return that document changed: what it did not read is kept. By default, ``update(_:)``.
    func update<Result>(
        keysStartingWith prefix: String, _ change: (PropertyListDocument) throws -> (replacement: PropertyListDocument?, result: Result)
    ) throws -> Result
}

extension PreferencesDocument {
    public func read(keysStartingWith prefix: String) throws -> PropertyListDocument {
        try read()
    }

    public func update<Result>(
        keysStartingWith prefix: String, _ change: (PropertyListDocument) throws -> (replacement: PropertyListDocument?, result: Result)
    ) throws -> Result {
        try update(change)
    }
}
