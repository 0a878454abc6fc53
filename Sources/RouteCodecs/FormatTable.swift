import RouteModel

/// The formats a store can read and write, one row each, as the command table lists the
/// commands: adding a format is one codec file and one row here.
///
/// A store finds the format of what it reads by content (``detect(_:)``); what it writes is in
/// the format it read, or the table's first (its default) where there was nothing.
public struct FormatTable: Sendable {
    /// The formats, the default first.
    public let formats: [any NavigatorCodec]

    /// A table of `formats`, the default first.
    public init(_ formats: [any NavigatorCodec]) {
        precondition(!formats.isEmpty, "a format table needs a default format")
        self.formats = formats
    }

    /// The formats routectl reads and writes.
    public static let standard = FormatTable([
        NavigatorFileCodec(),
        VAPNCodec(),
    ])

    /// The default: the format of a new state.
    public var defaultFormat: any NavigatorCodec { formats[0] }

    /// The table with `format` as one more row, after the others.
    public func adding(_ format: any NavigatorCodec) -> FormatTable {
        FormatTable(formats + [format])
    }

    /// The table with its first row's codec replaced by `wrap(first)`, such as a check put in
    /// front of the default format.
    public func wrappingDefault(_ wrap: (any NavigatorCodec) -> any NavigatorCodec) -> FormatTable {
        FormatTable([wrap(formats[0])] + formats.dropFirst())
    }

    /// The format called `name`.
    public func format(named name: String) -> (any NavigatorCodec)? {
        formats.first { $0.name == name }
    }

    /// The names of the formats, in order.
    public var names: [String] { formats.map(\.name) }

    /// The format of `bytes`: the one that recognizes them, or the default when none does (its
    /// decoder then says what is wrong).
    ///
    /// - Throws: `invalidFile` when more than one format recognizes them, naming them, so that
    ///   the user can say which (`--format`).
    public func detect(_ bytes: [UInt8]) throws -> any NavigatorCodec {
        try recognizing(bytes) ?? defaultFormat
    }

    /// The one format that recognizes `bytes`; `nil` when none does.
    ///
    /// - Throws: as ``detect(_:)``.
    public func recognizing(_ bytes: [UInt8]) throws -> (any NavigatorCodec)? {
        let found = formats.filter { $0.recognizes(bytes) }
        guard found.count <= 1 else {
            throw NavigatorError(
                .invalidFile,
                "could be any of the formats \(found.map { NavigatorError.quote($0.name) }.joined(separator: ", ")): say which with --format")
        }
        return found.first
    }

    /// Whether `bytes` start, after white space, with `{`.
    /// (Bytes, not any sequence: a generic here runs unspecialized when called from another
    /// module, looking its types up at run time.)
    public static func startsWithObject(_ bytes: [UInt8]) -> Bool {
        for byte in bytes {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            default: return byte == UInt8(ascii: "{")
            }
        }
        return false
    }
}
