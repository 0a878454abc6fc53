#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteStore

/// Kills the process group of a program routectl runs (see ``Subprocess``) when `SIGINT`,
/// `SIGTERM` or `SIGHUP` ends routectl while it waits: the program runs in a group of its own,
/// which a terminal's Ctrl-C does not reach, so without this a `defaults` that hangs would
/// outlive the routectl that started it.
///
/// As ``SignalGuard`` does, the handlers are installed only while the program runs, and only in
/// a process that opted in (``SignalHandlers/optIn()``: the command-line tool; a library in an
/// app installs no handler), and do only what is safe in a signal handler: `kill` the group kept
/// in a variable set beforehand, restore the default action and raise the signal again. A
/// signal the process ignores stays ignored.
package final class ChildGroupGuard {
    /// The process group to kill; 0 when none is running.
    nonisolated(unsafe) private static var group: pid_t = 0

    /// The actions the handlers replaced, restored by ``release()``.
    private var saved: [(signal: Int32, action: sigaction)] = []

    /// Installs the handlers; ``track(_:)`` then names the group they kill.
    package init() {
        ChildGroupGuard.group = 0
        saved = SignalHandlers.install(ChildGroupGuard.handle)
    }

    /// Makes the process group `group` (the leader's pid) the one the handlers kill.
    package func track(_ group: pid_t) {
        ChildGroupGuard.group = group
    }

    /// Restores the actions the handlers replaced, and forgets the group.
    package func release() {
        ChildGroupGuard.group = 0
        SignalHandlers.restore(saved)
        saved = []
    }

    private static let handle: @convention(c) (Int32) -> Void = { signal in
        let group = ChildGroupGuard.group
        if group > 0 { kill(-group, SIGKILL) }
        SignalHandlers.restoreDefault(signal)
        raise(signal)
    }
}
