/// An error from `RouteModel`: what went wrong, in one line, and what kind of failure it is.
///
/// The message names the route, parameter or file concerned. A caller such as a command-line
/// tool maps ``Kind`` to its exit status and shows ``message`` and ``hint`` as they are.
public struct NavigatorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The class of failure, stable enough for a caller to act on.
    public enum Kind: Equatable, Sendable {
        /// The caller's input is invalid: a bad route name or parameter, a route not allowed.
        case invalidInput
        /// The operation cannot apply to the current state, such as a pop on an empty stack.
        case cannotApply
        /// The file is not a navigator file: corrupt, foreign, too large or nested too deep.
        case invalidFile
        /// The file has a newer format than this build can read, or (for a change) write.
        case newerFormat
        /// The file or its folder cannot be created or replaced.
        case cannotCreate
        /// Any other input or output failure.
        case io
        /// The file's lock could not be taken in time.
        case lockTimeout
    }

    /// The class of failure.
    public var kind: Kind
    /// One line saying what went wrong.
    public var message: String
    /// An optional one-line suggestion of how to fix it.
    public var hint: String?

    /// Creates an error of the given kind.
    public init(_ kind: Kind, _ message: String, hint: String? = nil) {
        self.kind = kind
        self.message = message
        self.hint = hint
    }

    public var description: String { message }
}

/// Quotes user-supplied text for an error message: single quotes around it, control
/// characters escaped, and anything past `limit` characters elided, so a message stays one line.
public func quoted(_ text: String, limit: Int = 80) -> String {
    var out = "'"
    var count = 0
    for scalar in text.unicodeScalars {
        if count == limit {
            out += "…"
            break
        }
        switch scalar.value {
        case 0x0A: out += "\\n"
        case 0x09: out += "\\t"
        case 0x0D: out += "\\r"
        case 0x00..<0x20, 0x7F..<0xA0:
            out += "\\u{" + String(scalar.value, radix: 16) + "}"
        default: out.unicodeScalars.append(scalar)
        }
        count += 1
    }
    return out + "'"
}
