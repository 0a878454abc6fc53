#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteModel
import RouteCodecs
import RouteStore
import PropertyListCodec
import PlainText

/// An environment variable's value as it is set: its text, or bytes that are not UTF-8 (never
/// repaired into text that would name some other file).
enum EnvironmentValue: Equatable {
    case text(String)
    case notUTF8
}

/// The process's surroundings: environment variables, the working folder, standard streams.
enum Terminal {
    /// The value of an environment variable, if set.
    static func variable(_ name: String) -> EnvironmentValue? {
        guard let value = getenv(name) else { return nil }
        let bytes = UnsafeBufferPointer(start: value, count: strlen(value)).map { UInt8(bitPattern: $0) }
        return validUTF8(bytes).map(EnvironmentValue.text) ?? .notUTF8
    }

    /// The text of an environment variable, if set, for a variable read as a word or a number
    /// (`TERM`, `COLUMNS`), or only as set or not (`NO_COLOR`, whether `ROUTECTL_FILE` names
    /// a file): never as a path or a value a message shows, which are read with ``variable(_:)``.
    /// Bytes that are not UTF-8 are repaired (U+FFFD), so such a value is set, not empty, and
    /// matches no word or number.
    static func environment(_ name: String) -> String? {
        switch variable(name) {
        case .text(let text)?: return text
        case .notUTF8?: return "\u{FFFD}"
        case nil: return nil
        }
    }

    /// Whether standard output is a terminal.
    static var stdoutIsTerminal: Bool { isatty(1) == 1 }

    /// Whether to colour standard output. `--no-color`, `--color never` and `--json` say no;
    /// `--color always` says yes; otherwise (auto) `NO_COLOR` set to anything, even empty, says
    /// no, `CLICOLOR_FORCE` or `FORCE_COLOR` set to something other than empty or `0` say yes,
    /// and else only a terminal whose `TERM` is not `dumb` gets colour.
    static func useColor(_ options: ParsedOptions) -> Bool {
        if options.noColor || options.json || options.color == .never { return false }
        if options.color == .always { return true }
        if environment("NO_COLOR") != nil { return false }
        if ["CLICOLOR_FORCE", "FORCE_COLOR"].contains(where: { environment($0).map { !$0.isEmpty && $0 != "0" } ?? false }) {
            return true
        }
        return stdoutIsTerminal && environment("TERM") != "dumb"
    }

    /// How many columns a table may take: the terminal's width when standard output is a
    /// terminal (`TIOCGWINSZ`, else `$COLUMNS`, else 80); `nil` when it is not, so that piped
    /// output is never cut.
    static func tableWidth() -> Int? {
        guard stdoutIsTerminal else { return nil }
        var size = winsize()
        if withUnsafeMutablePointer(to: &size, { ioctl(1, windowSizeRequest, $0) }) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        if let columns = environment("COLUMNS").flatMap(Int.init), columns > 0 { return columns }
        return 80
    }

    /// The `TIOCGWINSZ` request. Darwin's header defines it with a macro Swift does not import,
    /// so its value (`_IOR('t', 104, struct winsize)`) is written out there.
    #if canImport(Glibc)
    private static let windowSizeRequest = UInt(TIOCGWINSZ)
    #else
    private static let windowSizeRequest: UInt = 0x4008_7468
    #endif

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
        return text.withUTF8 { FullWrite.all(fd, UnsafeRawBufferPointer($0)) }
    }
}
