#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteModel
import RouteStore
import RouteWatch

/// `show --watch`: prints the state, then again each time it changes, following the store as the
/// navigator an app uses does (``StoreFollower``: a change that changes nothing prints nothing),
/// until a signal ends the process or standard output is closed.
enum WatchCommand {
    static func run(pathOnly: Bool, _ context: Context) throws -> CommandResult {
        guard let watched = context.store as? any WatchedStorage else {
            throw NavigatorError(.cannotApply, "\(context.subject()) cannot be watched")
        }
        // A reader that goes away (`| head -1`) ends the watch quietly, whether it is seen
        // while waiting or on a write: no SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        // A watch runs until a signal ends it: one its parent left blocked (Foundation's Process
        // on Linux starts programs with nearly every signal blocked) would never arrive. An
        // ignored one (nohup) stays ignored.
        var endings = sigset_t()
        sigemptyset(&endings)
        for ending in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&endings, ending) }
        sigprocmask(SIG_UNBLOCK, &endings, nil)
        var follower = StoreFollower(storage: watched)
        if let error = follower.readError { throw context.about(error) }
        // The key that holds the state, when a prefix of it was named (VAPersistentNavigator's
        // key ends with a scene's id), as show names it.
        let foundKey = (try? watched.readLocated())?.foundKey
        guard print(follower.stored, pathOnly: pathOnly, foundKey: foundKey, context) else { return CommandResult() }
        while true {
            switch follower.waitForChange(closing: 1) {
            case .changed:
                if let error = follower.readError {
                    // A store that cannot be read keeps the last state shown: say why, once
                    // (the next change is one that reads again).
                    Terminal.emit("routectl: \(Printable.escaped(context.about(error).message))\n", to: 2)
                } else {
                    guard print(follower.stored, pathOnly: pathOnly, foundKey: foundKey, context) else { return CommandResult() }
                }
            case .closed, .cancelled:
                return CommandResult()
            case .timedOut:
                continue
            }
        }
    }

    /// Prints one state: as `show` does, a blank line before each later table; a path a line;
    /// one JSON object a line. Returns `false` when standard output is closed.
    private static func print(_ state: StoredState, pathOnly: Bool, foundKey: String?, _ context: Context) -> Bool {
        let text: String
        if context.options.json {
            // One object a line: the writer's newlines are all between members (a newline
            // inside a string is written escaped).
            let lines = context.render(state, foundKey: foundKey).split(separator: "\n").map { $0.drop { $0 == " " } }
            let line = lines.map { $0.hasSuffix(",") ? $0 + " " : String($0) }.joined()
            text = Printable.jsonEscaped(line) + "\n"
        } else if pathOnly {
            switch state {
            case .navigator(let navigator): text = navigator.path(order: context.parameterOrder) + "\n"
            case .setting(let setting): text = (SettingView.path(setting, caseName: SchemaCheck.caseName(of: setting, context.schema)).map { Printable.escaped($0) } ?? "") + "\n"
            }
        } else {
            text = (printedOnce ? "\n" : "") + context.render(state, foundKey: foundKey)
        }
        printedOnce = true
        return Terminal.emit(text, to: 1)
    }

    /// Whether a state was printed (the tables after the first are separated by a blank line).
    nonisolated(unsafe) private static var printedOnce = false
}
