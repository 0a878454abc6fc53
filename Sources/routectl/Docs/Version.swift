/// The version `routectl --version` and the man page print: the one place it is defined. It is
/// CHANGELOG.md's newest heading and, once released, the tag (SemVer, no `v`); VersionTests
/// checks the first. Bump both together, then run scripts/generate-docs.sh (the man page shows it).
enum Version {
    static let current = "2.1.0"
    /// The date of this version, as the man page shows it.
    static let date = "2026-11-23"
}
