import RouteModel

/// The formats a store can read and write, one row each, as the command table lists the
/// commands: adding a format is one codec file and one row here.
///
/// A store finds the format of what it reads by content (``detect(_:)``); what it writes is in
/// the format it read, or the table's first (its default) where there was nothing.
///
/// `--format <name>` narrows the table to that one row (``narrowed(to:)``): detection stays the
/// same, a value the row does not recognize is refused instead of handed to a decoder, and a
/// state starts in that format where there was none.
public struct FormatTable: Sendable {
    /// The formats, the default first.
    public let formats: [any NavigatorCodec]
    /// Whether the table was narrowed to one format the user named (`--format`): a value that
    /// format does not recognize is refused (``recognizing(_:)``), and a missing key starts a
    /// state in it rather than reading as an unset route setting.
    public let isForced: Bool
    /// The format that a value several formats read alike (`[]`, every stack format's empty
    /// stack) is in, when one of them: the app's, as its project file names it
    /// (``deciding(alike:)``). `nil`: such a value is shown, and a change to it asks which.
    public let alike: String?

    /// A table of `formats`, the default first.
    public init(_ formats: [any NavigatorCodec]) {
        self.init(formats, isForced: false, alike: nil)
    }

    private init(_ formats: [any NavigatorCodec], isForced: Bool, alike: String?) {
        precondition(!formats.isEmpty, "a format table needs a default format")
        self.formats = formats
        self.isForced = isForced
        self.alike = alike
    }

    /// The table of the one format called `name`, forced (see ``isForced``); `nil` when the
    /// table has no such format.
    public func narrowed(to name: String) -> FormatTable? {
        format(named: name).map { FormatTable([$0], isForced: true, alike: alike) }
    }

    /// The table with a value several formats read alike taken to be in the format called
    /// `name` when it is one of them (see ``alike``); `nil` changes nothing.
    public func deciding(alike name: String?) -> FormatTable {
        FormatTable(formats, isForced: isForced, alike: name ?? alike)
    }

    /// The formats routectl reads and writes.
    public static let standard = FormatTable([
        NavigatorFileCodec(),
        VAPNCodec(),
        CodableArrayCodec(),
        FlowStacksCodec(),
        NavigationPathCodec(),
    ])

    /// The default: the format of a new state.
    public var defaultFormat: any NavigatorCodec { formats[0] }

    /// The table with `format` as one more row, after the others.
    public func adding(_ format: any NavigatorCodec) -> FormatTable {
        FormatTable(formats + [format], isForced: isForced, alike: alike)
    }

    /// The table with its first row's codec replaced by `wrap(first)`, such as a check put in
    /// front of the default format.
    public func wrappingDefault(_ wrap: (any NavigatorCodec) -> any NavigatorCodec) -> FormatTable {
        FormatTable([wrap(formats[0])] + formats.dropFirst(), isForced: isForced, alike: alike)
    }

    /// The table with `format` in place of the row of the same name.
    public func replacing(_ format: any NavigatorCodec) -> FormatTable {
        FormatTable(formats.map { $0.name == format.name ? format : $0 }, isForced: isForced, alike: alike)
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

    /// Decodes `bytes` in their format (``detect(_:)``), into a state that records it (see
    /// ``NavigatorCodec/read(_:)``), and says which format that is.
    ///
    /// - Throws: as ``detect(_:)`` and the format's decoder.
    ///
    /// An empty file (0 bytes: swift-sharing's `@Shared(.fileStorage)` writes one before the
    /// app's first save) is an empty stack, as `[]` is: in the format `--format` or the project
    /// file names (``alike``), else in one of the stack formats, to be told before a change
    /// (``UndecidedFormat``). Its first change writes the format's own text.
    public func decode(_ bytes: [UInt8]) throws -> (state: NavigatorState, codec: any NavigatorCodec) {
        if bytes.isEmpty, let empty = try read(recognized: Self.emptyStack) { return empty }
        return try read(recognized: bytes) ?? (try defaultFormat.read(bytes), defaultFormat)
    }

    /// Every stack format's empty stack, what an empty file is read as.
    static let emptyStack = Array("[]".utf8)

    /// The state `bytes` hold in the one format that recognizes them (see ``recognizing(_:)``),
    /// and that format; `nil` when none does (``document(recognized:)``'s state).
    ///
    /// - Throws: as ``recognizing(_:)`` and the format's decoder.
    public func read(recognized bytes: [UInt8]) throws -> (state: NavigatorState, codec: any NavigatorCodec)? {
        guard let found = try document(recognized: bytes) else { return nil }
        return (try found.document.state(), found.codec)
    }

    /// What `bytes` hold in the one format that recognizes them (see ``recognizing(_:)``), as
    /// that format's reader reads them (``NavigatorCodec/document(_:)``), and that format;
    /// `nil` when none does. Each format recognizes and reads in one look where it can.
    ///
    /// - Throws: as ``recognizing(_:)``, when several formats or none recognize them.
    public func document(recognized bytes: [UInt8]) throws -> (document: any NavigatorDocument, codec: any NavigatorCodec)? {
        var found: (document: any NavigatorDocument, codec: any NavigatorCodec)?
        var count = 0
        for format in formats {
            guard let document = format.document(bytes) else { continue }
            found = (document, format)
            count += 1
        }
        guard count == 1, let found else {
            // None: not a state (refused when forced), without looking at every format again.
            guard count > 1 else {
                try refuseIfForced()
                return nil
            }
            // Several: as recognizing(_:) decides.
            guard let codec = try recognizing(bytes) else { return nil }
            return (DecodedDocument(decoding: { try codec.read(bytes) }), codec)
        }
        return found
    }

    /// `state` (a fresh one unless given) as a new state in the default format, where there
    /// was none (see ``NavigatorCodec/newState(_:)``).
    ///
    /// - Throws: `cannotApply` when the default format cannot start from nothing.
    public func newState(_ state: NavigatorState = NavigatorState()) throws -> NavigatorState {
        try defaultFormat.newState(state)
    }

    /// The one format that recognizes `bytes`; `nil` when none does.
    ///
    /// - Throws: as ``detect(_:)``; and, for a forced table (``isForced``) whose format does
    ///   not recognize them, `invalidFile` with the detail ``FormatFact/notInFormat(format:)``.
    public func recognizing(_ bytes: [UInt8]) throws -> (any NavigatorCodec)? {
        let found = formats.filter { $0.recognizes(bytes) }
        if found.isEmpty { try refuseIfForced() }
        guard found.count <= 1 else {
            // Read alike by every format (`[]`, an empty stack), it can be shown; only a change
            // needs the format.
            let states = found.map { try? $0.decode(bytes) }
            if let first = states[0], states.allSatisfy({ $0?.tree == first.tree }) {
                if let alike, let decided = found.first(where: { $0.name == alike }) { return decided }
                return UndecidedFormat(candidates: found)
            }
            throw Self.severalFormats(found.map(\.name))
        }
        return found.first
    }

    /// What bytes no format recognizes are when `--format` named one: refused, as not in it.
    private func refuseIfForced() throws {
        if isForced { throw Self.notInFormat(defaultFormat.name, summary: defaultFormat.summary) }
    }

    /// The refusal of a value that the formats `names` could all be, asking for `--format`.
    public static func severalFormats(_ names: [String]) -> NavigatorError {
        NavigatorError(
            .invalidFile,
            "could be any of the formats \(names.map { NavigatorError.quote($0) }.joined(separator: ", ")): say which with --format",
            detail: FormatFact.severalFormats(formats: names))
    }

    /// The refusal of a value that is not in the format `name` (described by `summary`), which
    /// the user named with `--format`.
    public static func notInFormat(_ name: String, summary: String?) -> NavigatorError {
        NavigatorError(
            .invalidFile,
            "is not in the format \(NavigatorError.quote(name))" + (summary.map { " (expected \($0))" } ?? ""),
            detail: FormatFact.notInFormat(format: name))
    }

    /// Whether `bytes` start, after white space, with `{`.
    /// (Bytes, not any sequence: a generic here runs unspecialized when called from another
    /// module, looking its types up at run time.)
    public static func startsWithObject(_ bytes: [UInt8]) -> Bool {
        firstByte(bytes) == UInt8(ascii: "{")
    }

    /// Whether `bytes` start, after white space, with `{` or `[`: JSON that is some library's
    /// state, never the raw value of an app's route enum.
    public static func startsWithJSONContainer(_ bytes: [UInt8]) -> Bool {
        let first = firstByte(bytes)
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// The first byte of `bytes` after white space.
    private static func firstByte(_ bytes: [UInt8]) -> UInt8? {
        bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    }
}
