#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteModel

/// The only place that prints errors and picks the exit status; everything else throws.
func runRoutectl(_ read: () throws -> [String]) -> Int32 {
    var fileOption: String?
    do {
        let invocation = try Invocation(ParsedCommandLine(read()))
        fileOption = invocation.options.file
        let result = try Run.perform(invocation)
        if !invocation.options.quiet {
            for note in result.notes {
                Terminal.emit("routectl: \(note)\n", to: 2)
            }
        }
        if !result.output.isEmpty, !Terminal.emit(result.output, to: 1) {
            return fail(ExitStatus.ioError, "cannot write to standard output: \(String(cString: strerror(errno)))", hint: nil)
        }
        return ExitStatus.success
    } catch let error as UsageError {
        return fail(ExitStatus.usage, error.message, hint: error.hint)
    } catch let error as NavigatorError {
        return fail(ExitStatus.of(error.kind), error.message, hint: error.hint ?? hint(for: error.kind, file: fileOption))
    } catch {
        return fail(ExitStatus.software, "internal error: \(error)", hint: "please report this")
    }
}

/// What to suggest for an error that brings no hint of its own: the command to run next, on
/// the same file the failing command used.
private func hint(for kind: NavigatorError.Kind, file: String?) -> String? {
    let routectl = "routectl" + (file.map { " -f " + ShellWord.quote($0) } ?? "")
    switch kind {
    case .invalidFile: return "to move it aside and start fresh, run '\(routectl) reset --force'"
    case .newerFormat: return "use a newer routectl, or start over with '\(routectl) init --force' (the file is kept beside it)"
    case .lockTimeout: return "try again, or wait longer with --lock-timeout <seconds>"
    default: return nil
    }
}

private func fail(_ status: Int32, _ message: String, hint: String?) -> Int32 {
    var text = "routectl: \(message)\n"
    if let hint { text += "hint: \(hint)\n" }
    Terminal.emit(text, to: 2)
    return status
}

exit(runRoutectl(CommandArguments.read))
