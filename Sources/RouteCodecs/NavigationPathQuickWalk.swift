import JSONText
import RouteModel

/// One pass over a SwiftUI `NavigationPath` document of the usual shape, a pair at a time, top
/// first: what `show --path` (``NavigationPathQuickPath``) and a push
/// (``NavigationPathQuickPush``) read instead of decoding it. Nothing is made for an element:
/// each one's string is read as it stands (``NavigationPathQuickRoute/element(inStringAt:of:parts:)``).
///
/// The usual shape is what an app's encoder writes, compact or pretty: a JSON array of strings
/// in pairs, each type name module-qualified and without escapes or bytes outside ASCII, each
/// element one ``NavigationPathQuickRoute`` reads. Anything else is refused (the walk ends
/// without being done, ``isDone``), for decoding to read (or refuse): where the walk reads a
/// document, decoding reads the same elements (the codec's fuzz tests compare them on every
/// case). Its type names are decoding's table (``NavigationPathCodec/Document/TypeNames``).
struct NavigationPathQuickWalk {
    /// One element as it stands: the index of its type in ``types``, and its two strings
    /// (quotes included).
    struct Pair {
        let type: Int
        let typeToken: Range<Int>
        let itemToken: Range<Int>
    }

    let buffer: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var state = State.pairs
    private enum State { case pairs, done, refused }

    /// The distinct type names met, each at most once among the last eight.
    private(set) var types = NavigationPathCodec.Document.TypeNames()
    /// How many pairs were read.
    private(set) var pairs = 0
    /// What stands between the first pair's two strings, once read.
    private(set) var firstSeparator = 0..<0

    /// A walk of `buffer`, refused at once unless it starts as a JSON array.
    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
        guard take(UInt8(ascii: "[")) else {
            state = .refused
            return
        }
        if take(UInt8(ascii: "]")) { finish() }
    }

    /// Whether the whole document was read: every pair, the `]`, and only white space after.
    var isDone: Bool { state == .done }

    /// The next pair, its element read into `parts`; `nil` when the walk is done or refused.
    mutating func next(into parts: inout NavigationPathQuickRoute.Parts) -> Pair? {
        guard state == .pairs else { return nil }
        skipWhitespace()
        let typeStart = index
        guard let type = typeName() else { return refuse() }
        let typeEnd = index
        guard take(UInt8(ascii: ",")) else { return refuse() }
        skipWhitespace()
        let itemStart = index
        // A plain value shows under its type's route name: decoding refuses one whose type has none.
        guard index < buffer.count, buffer[index] == UInt8(ascii: "\""),
            let quote = NavigationPathQuickRoute.element(inStringAt: index, of: buffer, parts: &parts),
            parts.name != nil || routeName(type) != nil
        else { return refuse() }
        index = quote + 1
        if pairs == 0 { firstSeparator = typeEnd..<itemStart }
        pairs += 1
        let pair = Pair(type: type, typeToken: typeStart..<typeEnd, itemToken: itemStart..<index)
        if !take(UInt8(ascii: ",")) {
            guard take(UInt8(ascii: "]")) else { return refuse() }
            finish()
        }
        return pair
    }

    /// The route name a plain value of type `type` shows under (``NavigationPathTypeName/routeName``).
    mutating func routeName(_ type: Int) -> String? {
        types.routeName(type)
    }

    /// The name of type `type`.
    func typeName(_ type: Int) -> NavigationPathTypeName {
        types.names[type]
    }

    private mutating func refuse() -> Pair? {
        state = .refused
        return nil
    }

    /// After the `]`: only white space to the end.
    private mutating func finish() {
        skipWhitespace()
        state = index == buffer.count ? .done : .refused
    }

    private mutating func skipWhitespace() {
        while index < buffer.count {
            switch buffer[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Consumes `byte`, after white space, when it is next.
    private mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < buffer.count, buffer[index] == byte else { return false }
        index += 1
        return true
    }

    /// Reads the type name whose string is next, one without escapes or bytes outside ASCII,
    /// and returns its index in ``types``; `nil` for any other string, or a name that is not
    /// module-qualified.
    private mutating func typeName() -> Int? {
        guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else { return nil }
        // A name met before (a path names few types over and over): its string matched where
        // it stands, without a scan.
        if let (type, end) = types.match(at: index, in: buffer) {
            index = end
            return type
        }
        let start = index
        // Up to the first quote, backslash, control character or byte outside ASCII.
        index = JSONScanner.skipPlainBytes(buffer, from: index + 1)
        guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        // A path names few types over and over: each new one named, and its kind checked, once.
        let known = types.names.count
        let type = types.index(ofPlain: start..<index, in: buffer)
        return type < known || types.kinds[type] == .readable ? type : nil
    }
}
