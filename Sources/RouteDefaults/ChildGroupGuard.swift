#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Kills the process group of a program routectl runs (see ``Subprocess``) when `SIGINT`,
/// `SIGTERM` or `SIGHUP` ends routectl while it waits: the program runs in a group of its own,
/// which a terminal's Ctrl-C does not reach, so without this a `defaults` that hangs would
/// outlive the routectl that started it.
///
/// As ``SignalGuard`` does, the handlers are installed only while the program runs, and do only
/// what is safe in a signal handler: `kill` the group kept in a variable set beforehand, restore
/// the default action and raise the signal again. A signal the process ignores stays ignored.
package final class ChildGroupGuard {
    private static let signals: [Int32] = [SIGTERM, SIGHUP, SIGINT]

    /// The process group to kill; 0 when none is running.
    nonisolated(unsafe) private static var group: pid_t = 0

    /// The actions the handlers replaced, restored by ``release()``.
    private var saved: [(signal: Int32, action: sigaction)] = []

    /// Installs the handlers; ``track(_:)`` then names the group they kill.
    package init() {
        ChildGroupGuard.group = 0
        for signal in ChildGroupGuard.signals {
            var old = sigaction()
            guard sigaction(signal, nil, &old) == 0, !ChildGroupGuard.ignores(old) else { continue }
            var action = sigaction()
            ChildGroupGuard.setHandler(&action)
            sigemptyset(&action.sa_mask)
            for other in ChildGroupGuard.signals { sigaddset(&action.sa_mask, other) }
            action.sa_flags = 0
            if sigaction(signal, &action, nil) == 0 { saved.append((signal, old)) }
        }
    }

    /// Makes the process group `group` (the leader's pid) the one the handlers kill.
    package func track(_ group: pid_t) {
        ChildGroupGuard.group = group
    }

    /// Restores the actions the handlers replaced, and forgets the group.
    package func release() {
        ChildGroupGuard.group = 0
        for (signal, action) in saved {
            var old = action
            sigaction(signal, &old, nil)
        }
        saved = []
    }

    private static let handle: @convention(c) (Int32) -> Void = { signal in
        let group = ChildGroupGuard.group
        if group > 0 { kill(-group, SIGKILL) }
        var action = sigaction()  // a zeroed handler is SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        raise(signal)
    }

    private static func ignores(_ action: sigaction) -> Bool {
        #if canImport(Glibc)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == 1
        #else
        return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self) == 1
        #endif
    }

    private static func setHandler(_ action: inout sigaction) {
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handle
        #else
        action.__sigaction_u.__sa_handler = handle
        #endif
    }
}
