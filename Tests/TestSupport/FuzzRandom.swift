import Foundation

/// A small seedable random number generator (SplitMix64), so that every fuzz run can be
/// replayed exactly from the seed it prints. (`routectlTests/Support` links to this file:
/// test targets cannot otherwise share sources without a support target in Package.swift.)
public struct FuzzRandom: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < p
    }

    /// One of `choices`, which must not be empty.
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int.random(in: 0..<choices.count, using: &self)]
    }
}

/// The knobs of every fuzz test, read from the environment:
///
/// - `ROUTECTL_FUZZ_SEED`: the seed to replay (decimal or `0x` hex); a fresh one otherwise.
/// - `ROUTECTL_FUZZ_CASES`: how many cases each test of the binary tries; in-process tests,
///   being far faster, try 100 times as many.
public enum FuzzSettings {
    /// The seed for `test`, printed with the line that replays it.
    public static func seed(for test: String) -> UInt64 {
        let given = ProcessInfo.processInfo.environment["ROUTECTL_FUZZ_SEED"].flatMap(parse)
        let seed = given ?? UInt64.random(in: 1...UInt64.max)
        print("\(test): seed \(seed) (replay with ROUTECTL_FUZZ_SEED=\(seed))")
        return seed
    }

    /// The number of cases: `ROUTECTL_FUZZ_CASES` times `factor` when set, else `standard`.
    public static func cases(_ standard: Int, factor: Int = 1) -> Int {
        guard let text = ProcessInfo.processInfo.environment["ROUTECTL_FUZZ_CASES"], let value = Int(text), value > 0 else {
            return standard
        }
        return value * factor
    }

    private static func parse(_ text: String) -> UInt64? {
        text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    }
}
