import RouteModel

/// What a codec knows of a failure, for a caller to advise on (``NavigatorError/detail``).
public enum FormatFact: ErrorDetail, Equatable {
    /// A value in another library's format (named, such as `vapn`) that routectl cannot read
    /// or that the library's own decoder would reject. It is the app's data, not routectl's:
    /// nothing may suggest replacing it.
    case foreignStateUnreadable(format: String)
}
