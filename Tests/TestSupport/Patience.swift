/// How long a test waits for what it waits on (a process to end, a line, a change to be seen)
/// before it calls that a hang: ten minutes, so that only a hang reaches it, never a busy
/// machine. A test waits on events (a process's exit, a line, a condition it polls without
/// holding the main actor), not for a time: nothing a test asserts depends on how fast the
/// machine is. `ROUTECTL_TEST_PATIENCE` (seconds) overrides it.
public enum Patience {
    public static let hang: Double = {
        let text = getenv("ROUTECTL_TEST_PATIENCE").map { String(cString: $0) }
        return text.flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil } ?? 600
    }()
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
