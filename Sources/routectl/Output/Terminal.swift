#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's surroundings: environment variables, the working folder, standard streams.
enum Terminal {
    /// The value of an environment variable, if set; ``CommandArguments/invalidUTF8`` when it
    /// is not valid UTF-8 (rather than a repaired string naming some other file).
    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let bytes = UnsafeBufferPointer(start: value, count: strlen(value)).map { UInt8(bitPattern: $0) }
        return String(validating: bytes, as: UTF8.self) ?? CommandArguments.invalidUTF8
    }

    /// Whether standard output is a terminal.
    static var stdoutIsTerminal: Bool { isatty(1) == 1 }

    /// Whether to colour standard output: only on a terminal that is not `dumb`, when `NO_COLOR`
    /// is unset (set to anything, even empty, turns colour off, as the SPEC words it), and when
    /// `--no-color` and `--json` were not given.
    static func useColor(_ options: ParsedOptions) -> Bool {
        guard !options.noColor, !options.json, environment("NO_COLOR") == nil, stdoutIsTerminal else { return false }
        return environment("TERM") != "dumb"
    }

    /// `path` made absolute against the working folder, without resolving links.
    static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let folder = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return (folder == "/" ? "" : folder) + "/" + relative
    }

    /// Writes all of `text` to a file descriptor; returns false when that fails.
    @discardableResult
    static func emit(_ text: String, to fd: Int32) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let wrote = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if wrote < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += wrote
            }
            return true
        }
    }
}
