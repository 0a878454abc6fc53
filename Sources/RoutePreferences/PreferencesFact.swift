import RouteModel

/// What the preferences stores know of a failure, for a caller to advise on
/// (``NavigatorError/detail``).
public enum PreferencesFact: ErrorDetail, Equatable {
    /// A property list was named without the key that holds the route; `candidates` are the
    /// keys whose values could hold one.
    case propertyListNeedsKey(candidates: [String])
    /// A property list could not be read; routectl never replaces one it cannot read.
    case unreadablePropertyList
    /// A key of an app's preferences already holds a value, where a state was to be created.
    case keyHoldsValue
    /// The tool `name` a store runs is not on `PATH`.
    case toolMissing(name: String)
    /// A key of an app's preferences holds a value that is not routectl's (another type, or
    /// JSON that is not its navigator state): most likely the wrong key. `candidates` are the
    /// other keys whose values could hold a route.
    case keyHoldsNoRoute(candidates: [String])
    /// The key named is missing, and the key `near` differs from it as a typo would.
    case missingKeyNear(near: String)
    /// The key named is missing, and the several `keys` that start with it hold a state: which
    /// one is meant is for the user to say.
    case keyPrefixMatchesSeveral(keys: [String])
}
