#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Installing and removing the handlers of ``SignalGuard`` and of RouteDefaults' child-group
/// guard: `SIGTERM`, `SIGHUP` and `SIGINT`, each handler blocking the others while it runs; a
/// signal the process ignores (`nohup`) stays ignored.
package enum SignalHandlers {
    /// The signals that end routectl by request.
    package static let signals: [Int32] = [SIGTERM, SIGHUP, SIGINT]

    /// Makes `handler` the action of each of ``signals`` the process does not ignore; returns
    /// the actions it replaced, for ``restore(_:)``.
    package static func install(_ handler: @convention(c) (Int32) -> Void) -> [(signal: Int32, action: sigaction)] {
        var saved: [(signal: Int32, action: sigaction)] = []
        for signal in signals {
            var old = sigaction()
            guard sigaction(signal, nil, &old) == 0, !ignores(old) else { continue }
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handler
            #else
            action.__sigaction_u.__sa_handler = handler
            #endif
            sigemptyset(&action.sa_mask)
            for other in signals { sigaddset(&action.sa_mask, other) }
            action.sa_flags = 0
            if sigaction(signal, &action, nil) == 0 { saved.append((signal, old)) }
        }
        return saved
    }

    /// Puts back the actions ``install(_:)`` replaced.
    package static func restore(_ saved: [(signal: Int32, action: sigaction)]) {
        for (signal, action) in saved {
            var old = action
            sigaction(signal, &old, nil)
        }
    }

    /// Restores the default action of `signal` (async-signal-safe: one `sigaction`), for a
    /// handler that then raises it again.
    package static func restoreDefault(_ signal: Int32) {
        var action = sigaction()  // a zeroed handler is SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
    }

    /// Whether `action` ignores its signal.
    private static func ignores(_ action: sigaction) -> Bool {
        #if canImport(Glibc)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == 1
        #else
        return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self) == 1
        #endif
    }
}
