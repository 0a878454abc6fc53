import RouteModel

/// What the format table and the codecs know of a failure, for a caller to advise on
/// (``NavigatorError/detail``).
public enum FormatFact: ErrorDetail, Equatable {
    /// The value is not in the format `format`, which `--format` named.
    case notInFormat(format: String)
    /// There is no state, and the format `format` cannot start one from nothing (see
    /// ``NavigatorCodec/canCreate``).
    case cannotStartFromNothing(format: String)
    /// A value in another library's format (named, such as `vapn`) that routectl cannot read
    /// or that the library's own decoder would reject. It is the app's data, not routectl's:
    /// nothing may suggest replacing it. `appRejects`: whether the app's own decoder would
    /// reject it too (`false` for a value another library writes in a shape routectl does
    /// not read, such as a NavigationPath with mangled type names).
    case foreignStateUnreadable(format: String, appRejects: Bool = true)
    /// The value could be in any of the formats `formats` (such as `[]`, an empty array in
    /// several libraries' formats), and its content cannot tell which: `--format` must say.
    case severalFormats(formats: [String])
    /// A value in another library's format (named) that routectl reads and shows, but that
    /// the app cannot decode as it stands (a type name no run of the app resolves): routectl
    /// writes nothing to it, since no change mends it and any would hide it.
    case appCannotDecode(format: String)
    /// A value in another library's format (named) that holds a mangled type name routectl
    /// cannot read (a generic's, a private type's): shown as stored, and routectl writes
    /// nothing to it, since it could not tell what a change would write.
    case unreadableTypeName(format: String)
}
