/// The version `routectl --version` prints.
enum Version {
    static let current = "2.0.0"
    /// The date of this version, as the man page shows it.
    static let date = "2026-11-23"
}
