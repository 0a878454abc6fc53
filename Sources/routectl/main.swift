#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteModel
import RouteStore

/// The only place that prints errors and picks the exit status; everything else throws.
func runRoutectl(_ read: () throws -> [String]) -> Int32 {
    var store = StoreOptions()
    var typed: [String] = []
    var command: Command?
    do {
        typed = try read()
        let parsed = try ParsedCommandLine(typed)
        command = parsed.command
        // Known before the arguments are checked: a hint for a bad argument (such as a path
        // for go) names the file (and key) the command was given.
        store = parsed.options.store
        let invocation = try Invocation(parsed)
        let result = try Run.perform(invocation)
        if !invocation.options.quiet {
            for note in result.notes {
                Terminal.emit("routectl: \(Printable.escaped(note))\n", to: 2)
            }
        }
        // JSON keeps format characters and C1 controls raw inside strings: escape them too, so
        // that nothing printed can move the cursor or reorder text (issue 17, item 10).
        let output = invocation.options.json ? Printable.jsonEscaped(result.output) : result.output
        if !output.isEmpty, !Terminal.emit(output, to: 1) {
            return fail(ExitStatus.ioError, "cannot write to standard output: \(String(cString: strerror(errno)))", hint: nil)
        }
        // The process exits next, and its memory goes with it: what the command read is not
        // freed piece by piece first.
        if let kept = result.kept { _ = Unmanaged.passRetained(Kept(kept)) }
        return result.status
    } catch let error as UsageError {
        if let preamble = error.preamble { Terminal.emit(preamble, to: 2) }
        return fail(ExitStatus.usage, error.message, hint: error.hint)
    } catch let error as NavigatorError {
        return fail(ExitStatus.of(error.kind), error.message, hint: Advice.hint(for: error, store: store, command: command, typed: typed))
    } catch {
        return fail(ExitStatus.software, "internal error: \(error)", hint: "please report this")
    }
}

/// What a command read, held past the exit (``CommandResult/kept``).
private final class Kept {
    let value: Any

    init(_ value: Any) {
        self.value = value
    }
}

private func fail(_ status: Int32, _ message: String, hint: String?) -> Int32 {
    // Every line escaped once more, as a last line of defence: nothing an error quotes can
    // reach the terminal raw.
    var text = "routectl: \(Printable.escaped(message))\n"
    if let hint { text += "hint: \(Printable.escaped(hint))\n" }
    Terminal.emit(text, to: 2)
    return status
}

// The command-line tool removes a write's temporary file when a signal ends it; a library in
// an app installs no handler (see SignalHandlers).
SignalHandlers.optIn()
exit(runRoutectl(CommandArguments.read))
