#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Seconds on a clock that only goes forward: `CLOCK_MONOTONIC`, never set back, counted from
/// some fixed moment. (The system's clock, not `ContinuousClock`: that one is the concurrency
/// runtime's, whose start every routectl command would then pay.) Darwin's time.h: `int
/// clock_gettime(clockid_t, struct timespec *)`, `CLOCK_MONOTONIC` a `clockid_t` from macOS
/// 10.12 and iOS 10.
package enum Monotonic {
    package static func now() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
