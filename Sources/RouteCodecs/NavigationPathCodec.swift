import JSONText
import RouteModel
import PlainText

/// SwiftUI's `NavigationPath.CodableRepresentation` (format `navigation-path`): the JSON an app
/// saves of its `NavigationStack`'s path, in a file or under a key of its preferences.
///
/// A flat array of strings, two per element, the last pushed first: the element's type name
/// (``NavigationPathTypeName``) and its JSON text, as the app's encoder wrote it.
/// `["Swift.Int","7","MyApp.Recipe","{\"id\":42}"]` is `Recipe(id: 42)` pushed, then `7`.
///
/// Read: a stack without a root of its own (the root view is the app's code), bottom first;
/// each element a route (``NavigationPathElement``). Written: every element that is still there,
/// unchanged, keeps its two strings byte for byte and the array its layout; a new element gets
/// its type from ``GivenElementType`` (`push --type`), the schema (``schemaType``), or the
/// elements already there that show under its name; nothing else (``NavigationPathTypeChoice``).
/// A private type's name is never written anew, and a document the app cannot decode as it
/// stands (``appCannotDecode(_:)``) is never changed; sheets, covers, tabs and a root route
/// cannot be held.
public struct NavigationPathCodec: NavigatorCodec {
    /// The schema's type for a new element's route, when one declares it (the project file's
    /// `store.type`). `nil`: no schema, or none that names the type.
    public var schemaType: (@Sendable (Route) -> String?)?

    /// The project file's schema, when there is one: a new element's route is then checked by
    /// it (before the codec sees it), and the quick way to push is not taken.
    public var schema: SchemaInfo?

    /// What the codec knows of the project file's schema, for a refusal to say why.
    public struct SchemaInfo: Sendable {
        /// The route enum's Swift type (`store.type`, such as `MyApp.Screen`), if named.
        public var routeType: String?

        public init(routeType: String?) {
            self.routeType = routeType
        }
    }

    /// A codec for SwiftUI's `NavigationPath`; `schemaType` as ``schemaType``, `schema` as
    /// ``schema``.
    public init(schemaType: (@Sendable (Route) -> String?)? = nil, schema: SchemaInfo? = nil) {
        self.schemaType = schemaType
        self.schema = schema
    }

    public static let formatName = "navigation-path"

    public var name: String { Self.formatName }

    public var summary: String? { "SwiftUI's NavigationPath, a JSON array of type names and JSON texts" }

    public var namesElementTypes: Bool { true }

    public var maxBytes: Int { 8 << 20 }

    /// Whether `bytes` are a JSON array of strings (`[]` included) whose even elements look like
    /// type names: module-qualified ones (`Swift.Int`, SwiftUI's); or, when the odd elements
    /// all parse as JSON (so that an array of a `String`-backed enum's raw values is not taken
    /// for a path), unqualified (`User`) or mangled ones (`Si`, `5MyApp6RecipeV`: pointfreeco's
    /// `UINavigationPath`'s and NavigationBackport's, recognized to be refused by name).
    public func recognizes(_ bytes: [UInt8]) -> Bool {
        guard Self.startsWithArray(bytes) else { return false }
        var scanner = JSONScanner(bytes)
        var index = 0
        var checkItems = false
        // The last few readable names' strings, plain: a path names few types over and over,
        // each looked at once.
        var known: [Range<Int>] = []
        do {
            try scanner.readArray(depth: 1) { scanner in
                let (range, escaped) = try scanner.scanString()
                defer { index += 1 }
                guard index % 2 == 0 else { return }
                if !escaped, scanner.bytes.withUnsafeBufferPointer({ buffer in known.contains { Self.sameString($0, range, in: buffer) } }) {
                    return
                }
                let name = escaped ? ArraySlice(try scanner.decoded(range).utf8) : scanner.bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]
                switch NavigationPathTypeName.kind(of: name) {
                case .readable?:
                    if !escaped {
                        if known.count == 4 { known.removeFirst() }
                        known.append(range)
                    }
                case .unqualified?, .mangled?: checkItems = true
                case nil: throw NotRecognized()
                }
            }
            try scanner.expectEnd()
            if checkItems {
                // Names not module-qualified: the odd elements must all parse as JSON.
                var items = JSONScanner(bytes)
                var index = 0
                try items.readArray(depth: 1) { scanner in
                    let (range, _) = try scanner.scanString()
                    defer { index += 1 }
                    guard index % 2 == 1 else { return }
                    var item = JSONScanner(Array(try scanner.decoded(range).utf8))
                    try item.skipValue(depth: 1)
                    try item.expectEnd()
                }
            }
        } catch {
            return false
        }
        return true
    }

    /// Whether the strings at `first` and `second` of `buffer` (quotes included) hold the same
    /// bytes (``sameBytes(_:at:in:)``).
    static func sameString(_ first: Range<Int>, _ second: Range<Int>, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        first.count == second.count && sameBytes(first, at: second.lowerBound, in: buffer)
    }

    /// Whether the bytes at `range` of `buffer` stand at `start` too (as many lie there): eight
    /// at a time, the last eight overlapping (a type name is short), or one at a time for fewer
    /// than eight.
    @inline(__always) static func sameBytes(_ range: Range<Int>, at start: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = range.count
        guard count >= 8 else {
            for offset in 0..<count where buffer[range.lowerBound &+ offset] != buffer[start &+ offset] { return false }
            return true
        }
        let raw = UnsafeRawPointer(buffer.baseAddress!)
        func word(_ at: Int) -> UInt64 { raw.loadUnaligned(fromByteOffset: at, as: UInt64.self) }
        var offset = 0
        while offset < count &- 8 {
            guard word(range.lowerBound &+ offset) == word(start &+ offset) else { return false }
            offset &+= 8
        }
        return word(range.lowerBound &+ count &- 8) == word(start &+ count &- 8)
    }

    private struct NotRecognized: Error {}

    public func decode(_ bytes: [UInt8]) throws -> NavigatorState {
        state(of: try Document(bytes))
    }

    /// ``recognizes(_:)`` and ``decode(_:)`` in one look: the scan that recognizes a path whose
    /// type names are all module-qualified (as SwiftUI writes them) is the one decoding reads.
    /// Names of another kind (whose elements ``recognizes(_:)`` must also find to be JSON) are
    /// recognized as before, then decoded from the same scan; a document that does not scan
    /// is looked at as before.
    public func decodeIfRecognized(_ bytes: [UInt8]) -> Result<NavigatorState, any Error>? {
        guard Self.startsWithArray(bytes) else { return nil }
        guard let scan = try? Document.Scan(bytes), let names = try? Document.Names(scan, in: bytes) else {
            return recognizes(bytes) ? Result { try decode(bytes) } : nil
        }
        guard names.types.kinds.allSatisfy({ $0 == .readable }) || recognizes(bytes) else { return nil }
        return Result { state(of: try Document(bytes, scan: scan, names: names)) }
    }

    /// What `show --path` prints of `bytes` (the path of ``decodeIfRecognized(_:)``'s state),
    /// written straight from them when they are a path of the usual shape
    /// (``NavigationPathQuickPath``): no route, element or state is made for it. `nil` for any
    /// other bytes, for decoding to read (or refuse) them.
    public func recognizedPath(_ bytes: [UInt8]) -> String? {
        // Said straight from the bytes, parameters stand in their stored order: a path that may
        // print them in another (``RoutePath/mayOrderParameters(_:)``) is decoded instead.
        guard let path = NavigationPathQuickPath.path(of: bytes), !RoutePath.mayOrderParameters(path) else { return nil }
        return path
    }

    /// `bytes` after a push of `route`, written straight into them (``NavigationPathQuickPush``)
    /// when there is no schema (``schemaType``, ``schema``) and the route names no type (`push
    /// --type`); `nil` otherwise, or where the quick way does not settle it (a type it cannot
    /// tell, a document the app cannot decode: the full way refuses them).
    public func pushed(_ route: Route, ontoRecognized bytes: [UInt8]) -> [UInt8]? {
        guard schemaType == nil, schema == nil, route.preserved == nil else { return nil }
        return NavigationPathQuickPush.pushed(route, onto: bytes, maxBytes: maxBytes)
    }

    /// The state `document` holds.
    private func state(of document: Document) -> NavigatorState {
        var state = NavigatorState()
        state.resetRule = .closeToRoots
        state.tree = NavigationTree(stack: zip(document.elements, document.preserved).map { element, preserved in
            var route = element.route
            route.preserved = preserved
            return route
        })
        state.preserved = Preserved(document)
        return state
    }

    public func checkWritable(_ state: NavigatorState) throws {}

    /// Why the app cannot decode the path read into `state` as it stands: its first type name
    /// that no run of the app resolves (a private type's, which holds a memory address of the
    /// run that wrote it; one without its module), by its index in the array.
    public func appCannotDecode(_ state: NavigatorState) -> String? {
        guard let document = state.preserved?.payload as? Document else { return nil }
        return Self.unresolvable(in: document)
    }

    /// ``appCannotDecode(_:)`` of `document`.
    static func unresolvable(in document: Document) -> String? {
        document.unresolvable
    }

    public func encode(_ state: inout NavigatorState) throws -> EncodedState {
        let tree = state.tree
        guard tree.isRootlessStack else {
            if tree.tabs != nil { throw Self.cannotHold("tabs (the path is one stack)") }
            let root = tree.root
            throw NavigatorError(
                .cannotApply,
                "SwiftUI's NavigationPath (format 'navigation-path') cannot hold a root route: the app's root view is its code; to make \(quoted(root.description)) the only screen pushed, run go \(quoted("/" + root.description))")
        }
        guard !tree.chain.isPresenting else {
            throw Self.cannotHold("a sheet or a cover (the path is one stack, pushed screens only)")
        }
        guard state.links.isEmpty else {
            throw Self.cannotHold("deep links (the path holds its screens only)")
        }
        let document = state.preserved?.payload as? Document ?? Document.empty
        let stack = tree.chain.base.pushed
        if let reason = document.unreadable, document.unresolvable == nil,
            stack.count != document.elements.count || !zip(stack, document.elements).allSatisfy({ $0 == $1.route })
        {
            throw MangledTypeName.refusal(reason, format: Self.formatName)
        }
        if let reason = Self.unresolvable(in: document),
            stack.count != document.elements.count || !zip(stack, document.elements).allSatisfy({ $0 == $1.route })
        {
            // The app restores none of it: a change would hide that, never mend it.
            throw NavigatorError(
                .invalidFile, "the app cannot decode this path as it stands: \(reason); routectl changes nothing in it",
                detail: FormatFact.appCannotDecode(format: Self.formatName))
        }
        var elements: [Written] = []
        elements.reserveCapacity(stack.count)
        var types = NavigationPathTypeChoice(document: document, schemaType: schemaType, schema: schema)
        var reading = document.reading
        for (index, route) in stack.enumerated() {
            elements.append(try write(route, at: index, reading: &reading, types: &types))
        }
        var writer = JSONWriter(capacity: document.bytes.count + 64)
        document.write(elements.reversed(), into: &writer)
        guard writer.bytes.count <= maxBytes else {
            throw NavigatorError(.cannotApply, "the path would be \(writer.bytes.count) bytes of JSON, more than the \(maxBytes) routectl writes for SwiftUI's NavigationPath")
        }
        return EncodedState(bytes: writer.bytes)
    }

    // MARK: Writing

    /// One element as it is written: its two JSON strings, and where it stood when it is one
    /// read from the document (for the layout around it).
    struct Written {
        var typeToken: ArraySlice<UInt8>
        var itemToken: ArraySlice<UInt8>
        /// The element's pair in the document it was read from, if it was.
        var pair: Int?
    }

    /// `route`, the `index`th from the bottom, as an element: the element read, unchanged,
    /// when it is one (an element read that shows as the route, for a route `go` made); else a
    /// new one of the type ``NavigationPathTypeChoice`` finds, checked to read back as `route`.
    private func write(_ route: Route, at index: Int, reading: inout Document.Reading, types: inout NavigationPathTypeChoice) throws -> Written {
        // A route read and kept in its place (most of a push's): known by its wrapper, no cast.
        if let preserved = route.preserved, index < reading.document.preserved.count, reading.document.preserved[index] === preserved,
            reading.document.elements[index].route == route {
            return reading.written(reading.document.elements[index])
        }
        let payload = route.preserved?.payload
        if let element = payload as? NavigationPathElement, element.route == route {
            return reading.written(element)
        }
        var given = (payload as? GivenElementType)?.name
        if let element = payload as? NavigationPathElement {
            // An element read whose route changed (`migrate --rename`): a value of its own type.
            given = element.type.text
        }
        if given == nil, let element = reading.element(equalTo: route, at: index) {
            return reading.written(element)
        }
        if let name = given {
            do {
                // A mangled name is checked as it is turned into the document's kind, below.
                if NavigationPathTypeName.kind(of: name) != .mangled { try NavigationPathTypeName.checkWritable(name) }
            } catch let error as NavigatorError {
                throw error.about("cannot write \(quoted(route.description)) as a value of \(quoted(name)):")
            }
            // --type naming the route enum the schema declares: a route it lacks is no case of it.
            if payload is GivenElementType, name == schema?.routeType, schemaType?(route) == nil {
                throw NavigatorError(
                    .invalidInput,
                    "route \(quoted(route.name)) is not in the schema's routes, which are those of \(quoted(name)) (store.type): the app could not decode it")
            }
        } else {
            given = try types.type(for: route)
        }
        do {
            // Named as the document names types: mangled where its names are, else readable.
            given = try MangledTypeName.stored(
                given!, mangled: !reading.document.mangledNames.isEmpty, known: reading.document.mangledNames,
                enumValue: route.name != NavigationPathTypeName(MangledTypeName.readable(given!) ?? given!).routeName)
        } catch let error as NavigatorError {
            throw error.about("cannot write \(quoted(route.description)) as a value of \(quoted(given!)):")
        }
        let type = NavigationPathTypeName(given!)
        let shape = try types.shape(of: route, type: type)
        let text = NavigationPathElement.text(of: route, shape: shape)
        // Never write what does not read back as the route (a plain value shaped like an enum value).
        let back = try? NavigationPathElement.route(type: type, text: text)
        guard let back, back.0 == route else {
            throw Self.cannotHold(
                "\(route) as a value of \(quoted(type.text)): its JSON \(quoted(text)) would read back as \(back.map { quoted($0.0.description) } ?? "nothing routectl shows")")
        }
        var typeWriter = JSONWriter(capacity: type.text.utf8.count + 2)
        typeWriter.string(type.text)
        var itemWriter = JSONWriter(capacity: text.utf8.count + 8)
        itemWriter.string(text)
        return Written(typeToken: typeWriter.bytes[...], itemToken: itemWriter.bytes[...], pair: nil)
    }

    static func cannotHold(_ what: String) -> NavigatorError {
        NavigatorError(.cannotApply, "SwiftUI's NavigationPath (format 'navigation-path') cannot hold \(what)")
    }

    /// The refusal of a document, naming where: `at [3], ...` (the index in the array).
    static func invalid(_ reason: String, at index: Int? = nil, appRejects: Bool = true) -> NavigatorError {
        NavigatorError(
            .invalidFile, "is not a SwiftUI NavigationPath routectl can read: \(index.map { "at [\($0)], " } ?? "")\(reason)",
            detail: FormatFact.foreignStateUnreadable(format: formatName, appRejects: appRejects))
    }

    /// Whether `bytes` start, after white space, with `[`.
    static func startsWithArray(_ bytes: [UInt8]) -> Bool {
        for byte in bytes {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            default: return byte == UInt8(ascii: "[")
            }
        }
        return false
    }
}


extension JSONScanner {
    /// The decoded text of the string token at `range` (quotes included).
    fileprivate func decoded(_ range: Range<Int>) throws -> String {
        var scanner = JSONScanner(Array(bytes[range]))
        return try scanner.readString()
    }
}

// MARK: - The document

extension NavigationPathCodec {
    /// The array as read: its bytes, its elements, and its layout (what stands before and after
    /// the array, and between its strings), so that what stays is written back as it was.
    struct Document: Sendable {
        let bytes: [UInt8]
        /// The elements, bottom first (the document's last pair first).
        let elements: [NavigationPathElement]
        /// Each element wrapped as its route carries it (``Route/preserved``), so that the
        /// writer knows a route read and kept in its place by the wrapper's identity alone.
        let preserved: [Preserved]
        /// The offsets of the `[` and `]` of the array.
        let open: Int
        let close: Int
        /// How many pairs the array holds.
        let pairs: Int
        /// The bytes between the first pair's two strings (what separates strings when
        /// elements are written anew), and those between the last pair's second string and
        /// `]`; `nil` for an empty array.
        let separator: Range<Int>?
        let end: Range<Int>?
        /// The white space between `[` and the first string (empty for an empty array).
        let lead: Range<Int>
        /// Why the app cannot decode the document as it stands (``NavigationPathCodec/appCannotDecode(_:)``);
        /// `nil` when it can.
        let unresolvable: String?
        /// The document's mangled type names (`Si`, `5MyApp6ScreenO`), each once; empty when
        /// its names are readable, as SwiftUI writes them.
        let mangledNames: [String]
        /// Why routectl changes nothing in the document: its first mangled type name that
        /// routectl cannot read (``MangledTypeName``); `nil` when none.
        let unreadable: String?

        static let empty = Document()

        private init() {
            unresolvable = nil
            mangledNames = []
            unreadable = nil
            bytes = Array("[]".utf8)
            elements = []
            preserved = []
            open = 0
            close = 1
            pairs = 0
            separator = nil
            end = nil
            lead = 1..<1
        }

        /// The array's strings as scanned: each one's range and whether it holds escapes, and
        /// the offsets of the array's `[` and `]`.
        struct Scan {
            /// One string of the array: where it stands (quotes included), and whether it holds
            /// escapes. (Offsets in 32 bits: a path is at most 8 MiB, a plist 16.)
            struct Token {
                private let start: Int32
                private let end: Int32
                let escaped: Bool

                init(_ scanned: (range: Range<Int>, escaped: Bool)) {
                    start = Int32(truncatingIfNeeded: scanned.range.lowerBound)
                    end = Int32(truncatingIfNeeded: scanned.range.upperBound)
                    escaped = scanned.escaped
                }

                var range: Range<Int> { Int(start)..<Int(end) }
            }

            var tokens: [Token] = []
            var open = 0
            var close = 0

            /// Scans `bytes` as a JSON array of strings.
            ///
            /// - Throws: `invalidFile` naming what is wrong and where.
            init(_ bytes: [UInt8]) throws {
                var scanner = JSONScanner(bytes)
                var tokens: [Token] = []
                // About one string per 16 bytes in a usual path (at most one per 3): fewer copies
                // as the list grows.
                tokens.reserveCapacity(bytes.count / 16)
                do {
                    guard scanner.peek() == UInt8(ascii: "[") else {
                        throw NavigationPathCodec.invalid("the path is a JSON array of strings, not \(scanner.peek() == UInt8(ascii: "{") ? "an object" : "this")")
                    }
                    open = scanner.position
                    try scanner.readArray(depth: 1) { scanner in
                        guard scanner.peek() == UInt8(ascii: "\"") else {
                            throw NavigationPathCodec.invalid("not a string: the path holds strings only, a type name then a JSON text for each screen", at: tokens.count)
                        }
                        tokens.append(Token(try scanner.scanString()))
                    }
                    close = scanner.position - 1
                    try scanner.expectEnd()
                } catch let error as JSONSyntaxError {
                    throw NavigationPathCodec.invalid(error.reason + (error.place(in: bytes).map { " (\($0))" } ?? ""))
                }
                self.tokens = tokens
            }
        }

        /// The type names of a scanned document: the distinct ones, and which each pair names.
        struct Names {
            var types = TypeNames()
            /// For each pair (and a last string without a pair), the index of its type in ``types``.
            var typeOf: [Int] = []

            /// Decodes, checks and names each distinct type name once (a path holds few types,
            /// each written over and over).
            ///
            /// - Throws: `invalidFile` for a string that does not decode.
            init(_ scan: Scan, in bytes: [UInt8]) throws {
                typeOf.reserveCapacity((scan.tokens.count + 1) / 2)
                for index in stride(from: 0, to: scan.tokens.count, by: 2) {
                    typeOf.append(try types.index(of: scan.tokens[index], in: bytes, decoded: { try Document.decoded($0, in: bytes) }))
                }
            }
        }

        /// The decoded bytes of the string `token` of `bytes`. A string that scanned always
        /// decodes; were it not to, the document is refused.
        static func decoded(_ token: Scan.Token, in bytes: [UInt8]) throws -> [UInt8] {
            do {
                return try JSONScanner(bytes).decodedBytes(token.range, escaped: token.escaped)
            } catch let error as JSONSyntaxError {
                throw NavigationPathCodec.invalid(error.reason)
            }
        }

        /// Reads the document, checking it as SwiftUI's decoder would: an array of strings, in
        /// pairs, each a type name and the JSON text of a value.
        ///
        /// - Throws: `invalidFile` naming the index of what is wrong.
        init(_ bytes: [UInt8]) throws {
            let scan = try Scan(bytes)
            try self.init(bytes, scan: scan, names: Names(scan, in: bytes))
        }

        /// Reads the document that `scan` and `names` are of, as ``init(_:)`` does.
        init(_ bytes: [UInt8], scan: Scan, names: Names) throws {
            self.bytes = bytes
            let tokens = scan.tokens
            open = scan.open
            close = scan.close
            func decoded(_ token: Scan.Token) throws -> [UInt8] {
                try Document.decoded(token, in: bytes)
            }
            var types = names.types
            let typeOf = names.typeOf
            guard tokens.count % 2 == 0 else {
                throw NavigationPathCodec.invalid("an odd number of strings: the type name \(quoted(types.names[typeOf[typeOf.count - 1]].text)) has no JSON text after it", at: tokens.count - 1)
            }
            // NavigationBackport's and pointfreeco's UINavigationPath's names are mangled
            // (``MangledTypeName``): new elements are written so too.
            mangledNames = zip(types.names, types.kinds).compactMap { $1 == .mangled ? $0.text : nil }
            var elements: [NavigationPathElement] = []
            let pairs = tokens.count / 2
            elements.reserveCapacity(pairs)
            // One pointer for the whole walk: a route handed out of a closure per element goes
            // through the generic copy of an optional, a few hundred instructions each.
            try bytes.withUnsafeBufferPointer { buffer in
                var parts = NavigationPathQuickRoute.Parts()
                for pair in (0..<pairs).reversed() {
                    let typeToken = tokens[2 * pair].range
                    let typeIndex = typeOf[pair]
                    let type = types.names[typeIndex]
                    let item = tokens[2 * pair + 1]
                    guard types.kinds[typeIndex] != nil else {
                        throw NavigationPathCodec.invalid("\(quoted(type.text)) is not a type name (the module, a '.', then the type, such as Swift.Int)", at: 2 * pair)
                    }
                    let route: Route
                    let shape: NavigationPathElement.Shape
                    // The usual element straight from the document's bytes; any other as before.
                    if let quick = NavigationPathQuickRoute.route(
                        in: buffer, content: (item.range.lowerBound + 1)..<(item.range.upperBound - 1), parts: &parts, routeName: { types.routeName(typeIndex) })
                    {
                        (route, shape) = quick
                    } else {
                        do {
                            (route, shape) = try NavigationPathElement.route(type: type, bytes: try decoded(item))
                        } catch let error as NavigatorError {
                            // A value the app reads that routectl cannot hold (long text, a control
                            // character, JSON past 64 levels) is never said to be rejected by it.
                            let beyond = try error.detail is ValueBeyondRoutectl || JSONValue.nestsTooDeep(decoded(item))
                            throw NavigationPathCodec.invalid(error.reason, at: 2 * pair + 1, appRejects: !beyond)
                        }
                    }
                    elements.append(NavigationPathElement(
                        type: type, shape: shape, route: route, document: bytes, typeToken: typeToken, itemToken: item.range, pair: pair))
                }
            }
            self.pairs = pairs
            separator = pairs == 0 ? nil : tokens[0].range.upperBound..<tokens[1].range.lowerBound
            end = pairs == 0 ? nil : tokens[2 * pairs - 1].range.upperBound..<close
            self.elements = elements
            preserved = elements.map { Preserved($0) }
            lead = (open + 1)..<(tokens.first?.range.lowerBound ?? open + 1)
            unresolvable = Self.unresolvable(types.names, typeOf: typeOf) ?? Self.misfit(elements, types.names)
            unreadable = mangledNames.isEmpty ? nil : Self.unreadable(types.names, typeOf: typeOf)
        }

        /// The first value (lowest index) of the standard library's Int, String, Bool... that
        /// is not of its kind (``StandardScalar/misfit(_:typeName:name:)``); `nil` when none.
        /// Only a document naming such a type is looked at.
        static func misfit(_ elements: [NavigationPathElement], _ names: [NavigationPathTypeName]) -> String? {
            guard names.contains(where: { StandardScalar(typeName: $0.text) != nil }) else { return nil }
            for (index, element) in elements.enumerated().reversed() {
                guard let name = element.type.routeName, let reason = StandardScalar.misfit(element.route, typeName: element.type.text, name: name) else { continue }
                return "at [\(2 * (elements.count - 1 - index) + 1)], \(reason)"
            }
            return nil
        }

        /// Why the app cannot decode a document whose distinct type names are `names`, each
        /// pair's the one at its index of `typeOf`: the first pair's (lowest index) whose name no
        /// run of the app resolves (a private type's, one without its module); `nil` when none.
        /// Each distinct name is looked at once; the pairs only when one is such a name.
        static func unresolvable(_ names: [NavigationPathTypeName], typeOf: [Int]) -> String? {
            let bad = names.map { $0.isPrivate || NavigationPathTypeName.kind(of: $0.text) == .unqualified || MangledTypeName.isPrivate($0.text) }
            guard bad.contains(true), let pair = typeOf.firstIndex(where: { bad[$0] }) else { return nil }
            let type = names[typeOf[pair]]
            let place = "at [\(2 * pair)], \(quoted(type.text))"
            if type.isPrivate || MangledTypeName.isPrivate(type.text) {
                return "\(place) is a private type's name, which holds a memory address of the run of the app that wrote it: no later run resolves it"
            }
            return "\(place) is a type name without its module, which the app does not resolve (SwiftUI writes MyApp.Recipe)"
        }

        /// The first pair's (lowest index) mangled type name that routectl cannot read (a
        /// generic's, a private type's, a form ``MangledTypeName`` does not read), said; `nil`
        /// when none.
        static func unreadable(_ names: [NavigationPathTypeName], typeOf: [Int]) -> String? {
            let bad = names.map { NavigationPathTypeName.kind(of: $0.text) == .mangled && !MangledTypeName.isReadable($0.text) }
            guard bad.contains(true), let pair = typeOf.firstIndex(where: { bad[$0] }) else { return nil }
            return MangledTypeName.cannotRead(names[typeOf[pair]].text, at: 2 * pair)
        }

        /// The distinct type names of a document, as read: each one's name, kind and route name,
        /// looked up by its bytes.
        struct TypeNames {
            var names: [NavigationPathTypeName] = []
            var kinds: [NavigationPathTypeName.Kind?] = []
            /// Where each name's string stands in the document (empty: one with escapes, never
            /// looked up, as no string's range is empty), and its route name once asked for.
            private var tokens: [Range<Int>] = []
            private var routeNames: [String??] = []

            /// The index of the name the string `token` of `bytes` holds, added when new.
            mutating func index(
                of token: Scan.Token, in bytes: [UInt8],
                decoded: (Scan.Token) throws -> [UInt8]
            ) throws -> Int {
                if !token.escaped, let found = bytes.withUnsafeBufferPointer({ find(token.range, in: $0) }) {
                    return found
                }
                return add(String(decoding: try decoded(token), as: UTF8.self), token: token.escaped ? 0..<0 : token.range)
            }

            /// The index of the name the string at `range` of `buffer` (quotes included, no
            /// escapes) holds, added when new: as ``index(of:in:decoded:)``, for a walk over a
            /// buffer (``NavigationPathQuickWalk``).
            mutating func index(ofPlain range: Range<Int>, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
                if let found = find(range, in: buffer) { return found }
                let name = UnsafeBufferPointer(rebasing: buffer[(range.lowerBound + 1)..<(range.upperBound - 1)])
                return add(String(decoding: name, as: UTF8.self), token: range)
            }

            /// The index of a name met among the last few whose string stands, quotes and all,
            /// at `start` of `buffer` (the buffer their tokens are ranges of, as in a walk), and
            /// where that string ends; `nil` when none does. A string is the same as a token
            /// whose bytes it starts with: a token's quotes stand at its ends only (it has no
            /// escape), so its bytes end a string where they end. For a walk over a path that
            /// names a few types over and over, this replaces the scan of the string and the
            /// comparison after it with a comparison of a word or two.
            @inline(__always) func match(at start: Int, in buffer: UnsafeBufferPointer<UInt8>) -> (type: Int, end: Int)? {
                var index = tokens.count - 1
                let last = max(tokens.count - 8, 0)
                while index >= last {
                    let token = tokens[index]
                    if !token.isEmpty, token.count <= buffer.count - start,
                        NavigationPathCodec.sameBytes(token, at: start, in: buffer)
                    {
                        return (index, start + token.count)
                    }
                    index -= 1
                }
                return nil
            }

            private mutating func add(_ text: String, token: Range<Int>) -> Int {
                names.append(NavigationPathTypeName(text))
                kinds.append(NavigationPathTypeName.kind(of: text))
                tokens.append(token)
                routeNames.append(nil)
                return names.count - 1
            }

            /// The name whose string's bytes are those at `range`, looked for among the last few.
            @inline(__always) private func find(_ range: Range<Int>, in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
                var index = tokens.count - 1
                let last = max(tokens.count - 8, 0)
                while index >= last {
                    if NavigationPathCodec.sameString(tokens[index], range, in: buffer) { return index }
                    index -= 1
                }
                return nil
            }

            /// ``NavigationPathTypeName/routeName`` of the name at `index`, made once.
            mutating func routeName(_ index: Int) -> String? {
                if let known = routeNames[index] { return known }
                let name = names[index].routeName
                routeNames[index] = .some(name)
                return name
            }
        }

        /// What the writer asks of the elements read.
        var reading: Reading { Reading(document: self) }

        /// The elements read, looked up by the route they show as (for routes that `go`
        /// made, which carry no element), with an index built on first use so that a long
        /// path is matched in linear time.
        struct Reading {
            let document: Document
            private var byRoute: [Route: Int]?
            private var lookups = 0

            init(document: Document) {
                self.document = document
            }

            /// The element read that shows as `route`: the one at `index` from the bottom when
            /// it does (so that `go` to the path shown keeps every element as it was, its members
            /// in the order they were stored), else the lowest one that does with its parameters
            /// in the same order (a pushed route is written as it was given).
            mutating func element(equalTo route: Route, at index: Int) -> NavigationPathElement? {
                let elements = document.elements
                if index < elements.count, elements[index].route == route { return elements[index] }
                return anyElement(equalTo: route).flatMap { $0.route.parameters == route.parameters ? $0 : nil }
            }

            /// The lowest element read that shows as `route`.
            private mutating func anyElement(equalTo route: Route) -> NavigationPathElement? {
                let elements = document.elements
                // A push asks once: a scan beats hashing every route read.
                lookups += 1
                if byRoute == nil, lookups <= 4 { return elements.first { $0.route == route } }
                if byRoute == nil {
                    var byRoute: [Route: Int] = [:]
                    for (index, element) in elements.enumerated() where byRoute[element.route] == nil {
                        byRoute[element.route] = index
                    }
                    self.byRoute = byRoute
                }
                return byRoute![route].map { elements[$0] }
            }

            /// `element`'s two strings as they stand in the document it was read from, with its
            /// place in this document when it was read from it.
            func written(_ element: NavigationPathElement) -> Written {
                // Read from this very document (the same bytes, not a copy of its length).
                let here = element.pair < document.pairs && element.document.count == document.bytes.count
                    && element.document.withUnsafeBufferPointer({ $0.baseAddress }) == document.bytes.withUnsafeBufferPointer({ $0.baseAddress })
                return Written(
                    typeToken: element.document[element.typeToken], itemToken: element.document[element.itemToken],
                    pair: here ? element.pair : nil)
            }
        }

        /// Writes `elements` (top first) in this document's layout: what stood before and after
        /// the array, the white space after `[` and before `]`, and between two strings the bytes
        /// that stood between them when both were there side by side, else those that stood
        /// between its first two.
        func write(_ elements: [Written], into writer: inout JSONWriter) {
            writer.raw(bytes[...open])
            let separator: ArraySlice<UInt8> = self.separator.map { bytes[$0] } ?? Array(",".utf8)[...]
            if !elements.isEmpty { writer.raw(bytes[lead]) }
            var index = 0
            while index < elements.count {
                let element = elements[index]
                var last = index
                if let pair = element.pair {
                    // Pairs of this document side by side, in its order: their strings and what
                    // stands between them are its bytes as they stand, written in one piece.
                    while last + 1 < elements.count, elements[last + 1].pair == pair + (last + 1 - index) { last += 1 }
                    writer.raw(bytes[element.typeToken.startIndex..<elements[last].itemToken.endIndex])
                } else {
                    writer.raw(element.typeToken)
                    writer.raw(separator)
                    writer.raw(element.itemToken)
                }
                writer.raw(last + 1 == elements.count ? end.map { bytes[$0] } ?? [] : separator)
                index = last + 1
            }
            // An empty path stays as it was inside (JSONEncoder's pretty `[\n\n]`).
            if elements.isEmpty, self.elements.isEmpty { writer.raw(bytes[(open + 1)..<close]) }
            writer.raw(bytes[close...])
        }
    }
}

extension NavigationPathCodec {
    /// Every element that is an enum value, by the index of its JSON text in the array, which
    /// holds the last pushed first: of three, the bottom's is `[5]`, the top's `[1]`. Plain
    /// values (a `Swift.Int`, a struct) are no routes of the app's enum and are not listed.
    public func routePlaces(in state: NavigatorState) -> [RoutePlace] {
        let stack = state.tree.chain.base.pushed
        return stack.enumerated().compactMap { index, route in
            if let element = route.preserved?.payload as? NavigationPathElement, element.shape != .enumValue { return nil }
            return RoutePlace("[\(2 * (stack.count - 1 - index) + 1)]", route)
        }
    }
}
