import RouteModel

/// What the format table and the codecs know of a failure, for a caller to advise on
/// (``NavigatorError/detail``).
public enum FormatFact: ErrorDetail, Equatable {
    /// The value is not in the format `format`, which `--format` named.
    case notInFormat(format: String)
    /// There is no state, and the format `format` cannot start one from nothing (see
    /// ``NavigatorCodec/canCreate``).
    case cannotStartFromNothing(format: String)
}
