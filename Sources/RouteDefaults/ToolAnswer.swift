import RouteModel

/// How a run of a tool (``Subprocess``) that did not end well is said: one line naming the
/// command, why it is taken as failed, and the first line of what it wrote to standard error.
extension Subprocess.Result {
    /// The error for this run of `command` (as a user would type it), or `nil` when it ended
    /// in time, by itself, with exit status 0. `said` replaces the first line of its standard
    /// error when given (what the tool said another way, such as in its JSON answer).
    package func failure(_ command: String, timeout: Double, said: String? = nil) -> NavigatorError? {
        let text = said ?? firstErrorLine
        let tail = text.isEmpty ? "" : ": " + text
        switch overtime {
        case .running?:
            return NavigatorError(.toolFailed, "\(command) did not answer within \(Subprocess.seconds(timeout)); it was stopped")
        case .outputHeld?:
            return NavigatorError(.toolFailed, "\(command) ended, but a process it started kept its output open for \(Subprocess.seconds(timeout)); it was stopped")
        case nil:
            break
        }
        if let signal {
            return NavigatorError(.toolFailed, "\(command) was ended by signal \(signal)" + tail)
        }
        guard status == 0 else {
            return NavigatorError(.toolFailed, "\(command) failed with exit status \(status)" + tail)
        }
        return nil
    }

    /// Whether the run ended in time, by itself, with exit status 0.
    package var succeeded: Bool { overtime == nil && signal == nil && status == 0 }
}

extension Subprocess {
    /// `timeout` in words: `30 seconds`, `1 second`, `0.5 seconds`.
    package static func seconds(_ timeout: Double) -> String {
        let number = timeout == timeout.rounded() && timeout < 1e15 ? String(Int(timeout)) : String(timeout)
        return number + (timeout == 1 ? " second" : " seconds")
    }

    /// `arguments` as one quoted command for a message: `'xcrun simctl launch booted x'`.
    package static func named(_ arguments: [String]) -> String {
        "'\(arguments.joined(separator: " "))'"
    }
}
