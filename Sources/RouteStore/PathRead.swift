import RouteModel

/// What ``StateStorage/readPath()`` reads for `show --path`: the path of the navigator state a
/// store holds, said without reading the state (``FormatTable/path(recognized:)``); or, where
/// it cannot be said so, what the store holds, read as ``StateStorage/readLocated()`` reads it.
public enum PathRead {
    /// The state's path (``NavigatorState/path``).
    case path(String)
    /// What the store holds, and the key that holds it when a prefix found it.
    case state(StoredState, foundKey: String?)
}
