import RouteModel
import PlainText

/// What is stored: a navigator state as bytes and back, with no idea where the bytes live.
///
/// A store (such as ``NavigatorStore``) decides where and how safely; a codec decides what the
/// bytes are. A new file format is a new codec, not edits throughout.
/// The formats routectl knows are rows of one ``FormatTable``; a store picks the codec of what
/// it reads from the table, by content.
public protocol NavigatorCodec: Sendable {
    /// The format's name, as `--format` and `show` give it, such as `routectl`.
    var name: String { get }

    /// Whether `bytes` look like this format: a quick look at the shape, not a full decode.
    /// A ``FormatTable`` asks every row, so that two formats that could both fit are found.
    func recognizes(_ bytes: [UInt8]) -> Bool

    /// What `bytes` hold when this format recognizes them (``recognizes(_:)``), as this
    /// format's one reader reads them: the state, and what a command can have of them without
    /// more (``NavigatorDocument``); `nil` when the bytes are not in this format. Default: the
    /// state ``decode(_:)`` gives, once recognized.
    func document(_ bytes: [UInt8]) -> (any NavigatorDocument)?

    /// The largest input ``decode(_:)`` accepts, in bytes; a store refuses a larger file
    /// without reading it.
    var maxBytes: Int { get }

    /// Decodes a stored state.
    ///
    /// - Throws: `invalidFile` for bytes that are not a valid state; `newerFormat` for a state
    ///   written by a later version that this build cannot read.
    func decode(_ bytes: [UInt8]) throws -> NavigatorState

    /// Throws `newerFormat` when `state` was read from a format this codec reads but must not
    /// write back (it would lose what the later format holds).
    func checkWritable(_ state: NavigatorState) throws

    /// Encodes a state about to be stored. When it would not fit in ``maxBytes``, the codec
    /// drops the oldest history entries from `state` until it does, and says how many.
    ///
    /// - Throws: `cannotApply` when the state does not fit even so.
    func encode(_ state: inout NavigatorState) throws -> EncodedState

    /// What the format is, in a few words, for a message saying that a value is not in it
    /// (`--format`), such as `routectl's navigator JSON, an object with a "format" member`;
    /// `nil` when its name says enough. Default: `nil`.
    var summary: String? { get }

    /// Whether a state in this format can start from nothing: a new state written where there
    /// was none (a missing file or key). routectl's own format can; another library's state is
    /// the app's to start. Default: `false`.
    var canCreate: Bool { get }

    /// Whether the format keeps a state's history (routectl's own does, inside the state).
    /// A state read in a format that keeps none records no changes, and `history`, `undo` and
    /// `redo` are refused on it (see ``NavigatorState/keepsHistory``). Default: `false`.
    var keepsHistory: Bool { get }

    /// Whether the format writes each element's type beside its value (SwiftUI's
    /// NavigationPath), so that a new element takes one (`push --type`, ``GivenElementType``).
    /// Default: `false`.
    var namesElementTypes: Bool { get }

    /// Every route `state` holds that the app decodes as a value of its route enum, with where
    /// it stands in the format's own terms (a coding path such as `tabs[1].destinations[0]`),
    /// history included when the format keeps one: what `check` and `migrate` go through.
    /// Default: the state's path up to each route (``RoutePlace/pathPlaces(_:)``).
    func routePlaces(in state: NavigatorState) -> [RoutePlace]
}

extension NavigatorCodec {
    public var summary: String? { nil }
    public var canCreate: Bool { false }
    public var keepsHistory: Bool { false }
    public var namesElementTypes: Bool { false }

    public func document(_ bytes: [UInt8]) -> (any NavigatorDocument)? {
        recognizes(bytes) ? DecodedDocument(decoding: { try read(bytes) }) : nil
    }

    /// Decodes `bytes` into a state that records this format: its name and whether it keeps
    /// history (``NavigatorState/formatName``, ``NavigatorState/keepsHistory``).
    ///
    /// - Throws: as ``decode(_:)``.
    public func read(_ bytes: [UInt8]) throws -> NavigatorState {
        var state = try decode(bytes)
        state.formatName = name
        state.keepsHistory = keepsHistory
        return state
    }

    /// Refuses `tree` (`cannotApply`) when it presents a sheet or cover without navigation of
    /// its own (``Presentation/withNavigation``), for a format that cannot hold one;
    /// `description` names the format, such as `routectl's navigator file`.
    public func checkEveryPresentationNavigates(_ tree: NavigationTree, description: String) throws {
        guard tree.presentsWithoutNavigation else { return }
        throw NavigatorError(
            .cannotApply,
            "\(description) cannot hold a sheet or cover without navigation of its own (present --no-navigation): only FlowStacks' routes (format 'flowstacks') hold one")
    }

    /// ``recognizes(_:)`` and, when it does, ``read(_:)``, through ``document(_:)``: `nil` when
    /// the bytes are not in this format, else the state they hold.
    public func readIfRecognized(_ bytes: [UInt8]) -> Result<NavigatorState, any Error>? {
        document(bytes).map { document in Result { try document.state() } }
    }

    /// `state` (a fresh one unless given) as a new state in this format, where there was none,
    /// recording the format as ``read(_:)`` does.
    ///
    /// - Throws: `cannotApply` with the detail ``FormatFact/cannotStartFromNothing(format:)``
    ///   when the format cannot start from nothing (see ``canCreate``).
    public func newState(_ state: NavigatorState = NavigatorState()) throws -> NavigatorState {
        guard canCreate else {
            throw NavigatorError(
                .cannotApply,
                "holds no state, and the format \(NavigatorError.quote(name)) cannot start from nothing: the app writes its first state",
                detail: FormatFact.cannotStartFromNothing(format: name))
        }
        var state = state
        state.formatName = name
        state.keepsHistory = keepsHistory
        return state
    }
}

/// What a codec reads of stored bytes in its format (``NavigatorCodec/document(_:)``): the
/// state they hold, and what a command can have of them without building more of it than it
/// needs (the format's one reader records where things are; values are built when asked).
public protocol NavigatorDocument {
    /// The state the bytes hold, recording the format that read it (as
    /// ``NavigatorCodec/read(_:)``).
    ///
    /// - Throws: as ``NavigatorCodec/decode(_:)``.
    func state() throws -> NavigatorState

    /// The path of ``state()`` with parameters in `order` (``NavigatorState/path(order:)``):
    /// what `show --path` prints. Default: ``state()``'s.
    func path(order: ParameterOrder) throws -> String

    /// The bytes after `operation`, spliced into the bytes read (every other byte kept) where
    /// the format can without reading the state: what ``state()``, the operation and
    /// ``NavigatorCodec/encode(_:)`` give. `nil` otherwise, for the change to go through the
    /// state. Default: `nil`.
    func applying(_ operation: NavigationOperation) -> [UInt8]?
}

extension NavigatorDocument {
    public func path(order: ParameterOrder) throws -> String {
        try state().path(order: order)
    }

    public func applying(_ operation: NavigationOperation) -> [UInt8]? { nil }
}

/// The document of a format that reads its bytes in one go: the state it decoded (or why not).
public struct DecodedDocument: NavigatorDocument {
    private let make: () -> Result<NavigatorState, any Error>

    /// The state decoded, or the error decoding threw (decoded when asked for).
    public var decoded: Result<NavigatorState, any Error> { make() }

    public init(_ decoded: Result<NavigatorState, any Error>) {
        make = { decoded }
    }

    /// A document whose state is decoded only when it is asked for (``state()``): a store that
    /// looks for a change to splice in (``NavigatorDocument/applying(_:)``, which such a
    /// document never does) decodes nothing.
    public init(decoding decode: @escaping () throws -> NavigatorState) {
        make = { Result { try decode() } }
    }

    public func state() throws -> NavigatorState {
        try decoded.get()
    }
}

/// A state as a codec encoded it for storing.
public struct EncodedState: Sendable {
    /// The bytes to store, as pieces to write one after another (a codec that keeps bytes it
    /// read hands them over as slices of what it read, not copies).
    public var pieces: [ArraySlice<UInt8>]
    /// How many of the oldest history entries were dropped to fit the size limit.
    public var droppedHistory: Int

    /// The bytes to store, in one array.
    public var bytes: [UInt8] {
        get { BytePieces.joined(pieces) }
        set { pieces = [newValue[...]] }
    }

    /// Wraps encoded bytes.
    public init(bytes: [UInt8], droppedHistory: Int = 0) {
        self.init(pieces: [bytes[...]], droppedHistory: droppedHistory)
    }

    /// Wraps encoded bytes given as pieces.
    public init(pieces: [ArraySlice<UInt8>], droppedHistory: Int = 0) {
        self.pieces = pieces
        self.droppedHistory = droppedHistory
    }
}
