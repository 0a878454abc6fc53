import RouteModel

/// Exit statuses, named as in sysexits(3).
enum ExitStatus {
    static let success: Int32 = 0
    /// The operation cannot apply to the state.
    static let failure: Int32 = 1
    static let usage: Int32 = 64
    static let dataError: Int32 = 65
    /// A tool a store runs (`defaults`, `xcrun`) is missing or failed.
    static let unavailable: Int32 = 69
    static let software: Int32 = 70
    static let cannotCreate: Int32 = 73
    static let ioError: Int32 = 74
    static let temporaryFailure: Int32 = 75

    static func of(_ kind: NavigatorError.Kind) -> Int32 {
        switch kind {
        case .invalidInput: return usage
        case .cannotApply: return failure
        case .invalidFile, .newerFormat: return dataError
        case .cannotCreate: return cannotCreate
        case .io: return ioError
        case .lockTimeout: return temporaryFailure
        case .toolFailed: return unavailable
        }
    }
}
