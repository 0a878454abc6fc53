#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Installing and removing the handlers of ``SignalGuard`` and of RouteDefaults' child-group
/// guard: `SIGTERM`, `SIGHUP` and `SIGINT`, each handler blocking the others while it runs; a
/// signal the process ignores (`nohup`) stays ignored.
///
/// Only in a program that opted in (``optIn()``): the command-line tool does, for itself. A
/// library in an app (a ``RouteNavigator``, the stores it uses) installs no process-wide
/// handler, since a signal's action belongs to the app.
package enum SignalHandlers {
    /// The signals that end routectl by request.
    package static let signals: [Int32] = [SIGTERM, SIGHUP, SIGINT]

    /// Whether the process opted in; set once, at the start of the command-line tool.
    nonisolated(unsafe) package private(set) static var isOptedIn = false

    /// Lets the guards install their handlers in this process. Call it at the program's
    /// start, before any other thread runs (the command-line tool's `main` does).
    package static func optIn() {
        isOptedIn = true
    }

    /// Makes `handler` the action of each of ``signals`` the process does not ignore; returns
    /// the actions it replaced, for ``restore(_:)``. Installs nothing (and returns nothing)
    /// unless the process opted in (``optIn()``).
    package static func install(_ handler: @convention(c) (Int32) -> Void) -> [(signal: Int32, action: sigaction)] {
        guard isOptedIn else { return [] }
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
