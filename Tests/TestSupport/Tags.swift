import Testing

/// The layers of the test suite, for `swift test --filter` by tag (see README, "Tests").
extension Tag {
    /// Pure code in one process: no routectl spawned, no tools, no fuzzing. The fast layer.
    @Tag public static var unit: Self
    /// Randomised: property tests and fuzzers, seeded (the seed is printed for a replay).
    @Tag public static var fuzz: Self
    /// Runs the built binary, or a tool such as python3, zsh, fish or mandoc.
    @Tag public static var endToEnd: Self
}
