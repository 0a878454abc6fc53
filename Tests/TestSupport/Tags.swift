// A static release build (the README's install command) has no Testing module; the tags are
// for test builds only.
#if canImport(Testing)
import Foundation
import Testing

/// The layers of the test suite, for `swift test --filter` by tag (see README, "Tests").
extension Tag {
    /// Pure code in one process: no routectl spawned, no tools, no fuzzing. The fast layer.
    @Tag public static var unit: Self
    /// Randomised: property tests and fuzzers, seeded (the seed is printed for a replay).
    @Tag public static var fuzz: Self
    /// Runs the built binary, or a tool such as python3, zsh, fish or mandoc.
    @Tag public static var endToEnd: Self
    /// Inputs large enough to show that work stays linear (slow in a debug build).
    @Tag public static var scale: Self
}

/// Which layers this run takes: all of them, unless `ROUTECTL_TEST_LAYER=unit` asks for the fast
/// layer alone (README, "Tests"). `swift test --filter` selects by name only, so the layers
/// other than `unit` carry ``Trait/slowLayer``, which leaves them out of such a run.
public enum TestLayer {
    /// Whether this run takes the unit layer only.
    public static let unitOnly = ProcessInfo.processInfo.environment["ROUTECTL_TEST_LAYER"] == "unit"
}

extension Trait where Self == ConditionTrait {
    /// Runs unless the run takes the unit layer only (``TestLayer/unitOnly``).
    public static var slowLayer: Self {
        .enabled(if: !TestLayer.unitOnly, "ROUTECTL_TEST_LAYER=unit runs the unit layer only")
    }
}
#endif
