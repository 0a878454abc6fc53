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
/// stands (``NavigatorState/appCannotDecode``) is never changed; sheets, covers, tabs and a root route
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
        state(of: try Document(Map(bytes)))
    }

    /// What `bytes` hold when they are a path (``recognizes(_:)``), read once (``Map``): the
    /// scan that recognizes a path whose type names are all module-qualified (as SwiftUI writes
    /// them) is the one every command reads through. Names of another kind (whose elements
    /// ``recognizes(_:)`` must also find to be JSON) are recognized as before; a document that
    /// does not scan is looked at as before, and decoding says what is wrong with it.
    public func document(_ bytes: [UInt8]) -> (any NavigatorDocument)? {
        guard Self.startsWithArray(bytes) else { return nil }
        guard let map = try? Map(bytes) else {
            return recognizes(bytes) ? DecodedDocument(decoding: { try read(bytes) }) : nil
        }
        guard map.names.types.kinds.allSatisfy({ $0 == .readable }) || recognizes(bytes) else { return nil }
        return MapDocument(codec: self, map: map)
    }

    /// A path as ``Map`` read it: the state built from it when asked; its path written from it,
    /// and a push spliced into its bytes, without building a route where the elements read in
    /// place allow.
    struct MapDocument: NavigatorDocument {
        let codec: NavigationPathCodec
        let map: Map

        func state() throws -> NavigatorState {
            var state = codec.state(of: try Document(map))
            state.formatName = codec.name
            state.keepsHistory = codec.keepsHistory
            return state
        }

        /// The path written from the elements as they stand (``Map/path()``) with parameters in
        /// their canonical order; the state's where a schema orders them (`order`), or where
        /// the map cannot say it (the state then reads or refuses the path).
        func path(order: ParameterOrder) throws -> String {
            if order.declared.isEmpty, let path = map.path() { return path }
            return try state().path(order: order)
        }

        /// A push written straight into the bytes (``Map/pushed(_:maxBytes:)``) when there is no
        /// schema (``schemaType``, ``schema``) and the route names no type (`push --type`); `nil`
        /// for anything else, or where the map does not settle it (a type it cannot tell, a
        /// document the app cannot decode: the state refuses them).
        func applying(_ operation: NavigationOperation) -> [UInt8]? {
            guard case .push(let route) = operation, codec.schemaType == nil, codec.schema == nil, route.preserved == nil else { return nil }
            return map.pushed(route, maxBytes: codec.maxBytes)
        }
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
        state.appCannotDecode = document.unresolvable
        return state
    }

    public func checkWritable(_ state: NavigatorState) throws {}

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
        if let reason = document.unresolvable,
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

        /// The array's strings as scanned: each one's range and whether it holds escapes, the
        /// offsets of the array's `[` and `]`, and each element as read where it stands
        /// (``NavigationPathElement/InPlace``) while its string is scanned.
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

            /// An element as read where it stands: its case's name (`nil`: a plain value, shown
            /// under its type's route name), its shape, and its parameters, ``parts`` in
            /// `parts` (`nil`: an element of another shape, read from its unescaped text when
            /// its route is built).
            struct Element {
                let name: Range<Int>?
                let shape: NavigationPathElement.Shape
                let parts: Range<Int>?
            }

            var tokens: [Token] = []
            var open = 0
            var close = 0
            /// Each pair's element, by pair (the first pair first), and their parameters.
            var elements: [Element] = []
            var parts: [NavigationPathElement.InPlace.Part] = []

            /// Scans `bytes` as a JSON array of strings.
            ///
            /// - Throws: `invalidFile` naming what is wrong and where.
            init(_ bytes: [UInt8]) throws {
                var scanner = JSONScanner(bytes)
                var tokens: [Token] = []
                var elements: [Element] = []
                // About one string per 16 bytes in a usual path (at most one per 3): fewer copies
                // as the list grows.
                tokens.reserveCapacity(bytes.count / 16)
                elements.reserveCapacity(bytes.count / 32)
                var read = NavigationPathElement.InPlace.Parts()
                var open = 0
                try bytes.withUnsafeBufferPointer { buffer in
                    do {
                        guard scanner.peek() == UInt8(ascii: "[") else {
                            throw NavigationPathCodec.invalid("the path is a JSON array of strings, not \(scanner.peek() == UInt8(ascii: "{") ? "an object" : "this")")
                        }
                        open = scanner.position
                        try scanner.readArray(depth: 1) { scanner in
                            guard scanner.peek() == UInt8(ascii: "\"") else {
                                throw NavigationPathCodec.invalid("not a string: the path holds strings only, a type name then a JSON text for each screen", at: tokens.count)
                            }
                            guard tokens.count % 2 == 1 else {
                                tokens.append(Token(try scanner.scanString()))
                                return
                            }
                            // An element's string: read where it stands, checked as the scan checks it.
                            let start = scanner.position
                            if let quote = NavigationPathElement.InPlace.element(inStringAt: start, of: buffer, parts: &read) {
                                scanner.position = quote + 1
                                tokens.append(Token((start..<(quote + 1), true)))
                                elements.append(Element(name: read.name, shape: read.shape, parts: read.start..<read.end))
                                read.keepParameters()
                            } else {
                                read.removeAll()
                                tokens.append(Token(try scanner.scanString()))
                                elements.append(Element(name: nil, shape: .single, parts: nil))
                            }
                        }
                        close = scanner.position - 1
                        try scanner.expectEnd()
                    } catch let error as JSONSyntaxError {
                        throw NavigationPathCodec.invalid(error.reason + (error.place(in: bytes).map { " (\($0))" } ?? ""))
                    }
                }
                self.open = open
                self.tokens = tokens
                self.elements = elements
                parts = read.storage
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

        /// Reads the document ``Map`` read, checking it as SwiftUI's decoder would: an array of
        /// strings, in pairs, each a type name and the JSON text of a value; each element's
        /// route built.
        ///
        /// - Throws: `invalidFile` naming the index of what is wrong.
        init(_ map: Map) throws {
            let bytes = map.bytes
            let scan = map.scan
            self.bytes = bytes
            let tokens = scan.tokens
            open = scan.open
            close = scan.close
            var types = map.names.types
            let typeOf = map.names.typeOf
            try map.check()
            // NavigationBackport's and pointfreeco's UINavigationPath's names are mangled
            // (``MangledTypeName``): new elements are written so too.
            mangledNames = zip(types.names, types.kinds).compactMap { $1 == .mangled ? $0.text : nil }
            var elements: [NavigationPathElement] = []
            let pairs = tokens.count / 2
            elements.reserveCapacity(pairs)
            // One pointer for the whole walk: a route handed out of a closure per element goes
            // through the generic copy of an optional, a few hundred instructions each.
            try bytes.withUnsafeBufferPointer { buffer in
                for pair in (0..<pairs).reversed() {
                    let typeIndex = typeOf[pair]
                    let (route, shape) = try map.route(pair, in: buffer, routeName: { types.routeName(typeIndex) })
                    elements.append(NavigationPathElement(
                        type: types.names[typeIndex], shape: shape, route: route, document: bytes, typeToken: tokens[2 * pair].range,
                        itemToken: tokens[2 * pair + 1].range, pair: pair))
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

// MARK: - The one reading

extension NavigationPathCodec {
    /// A document read once: its strings checked and where each stands (``Document/Scan``),
    /// each element read where it stands (its case's name and parameters as byte ranges,
    /// ``NavigationPathElement/InPlace``), and its distinct type names (``Document/Names``).
    /// Nothing else is built: the state (``Document/init(_:)``), the path (``path()``) and a
    /// push (``pushed(_:maxBytes:)``) are all read from it.
    struct Map: Sendable {
        let bytes: [UInt8]
        let scan: Document.Scan
        let names: Document.Names

        /// Reads `bytes`.
        ///
        /// - Throws: `invalidFile` for bytes that are no JSON array of strings, or a type name
        ///   that does not decode.
        init(_ bytes: [UInt8]) throws {
            self.bytes = bytes
            scan = try Document.Scan(bytes)
            names = try Document.Names(scan, in: bytes)
        }

        /// How many pairs the array holds.
        var pairs: Int { scan.tokens.count / 2 }

        /// Whether every string has its pair and every type name is module-qualified (as
        /// SwiftUI writes them): the documents whose path and push are read from the map.
        var isUsual: Bool {
            scan.tokens.count % 2 == 0 && names.types.kinds.allSatisfy { $0 == .readable }
        }

        /// Refuses an odd number of strings. (Mangled type names are read: ``MangledTypeName``.)
        ///
        /// - Throws: `invalidFile` naming what is wrong.
        func check() throws {
            let types = names.types
            let typeOf = names.typeOf
            guard scan.tokens.count % 2 == 0 else {
                throw NavigationPathCodec.invalid(
                    "an odd number of strings: the type name \(quoted(types.names[typeOf[typeOf.count - 1]].text)) has no JSON text after it",
                    at: scan.tokens.count - 1)
            }
        }

        /// The route of pair `pair` (whose type name is one) and its shape, built from the
        /// element as read where it stands, or else read from its unescaped text; `routeName`
        /// gives the name a plain value shows under.
        ///
        /// - Throws: `invalidFile` naming the pair's index, for a type name that is none, or a
        ///   value that shows as no route.
        func route(_ pair: Int, in buffer: UnsafeBufferPointer<UInt8>, routeName: () -> String?) throws -> (Route, NavigationPathElement.Shape) {
            let type = names.types.names[names.typeOf[pair]]
            guard names.types.kinds[names.typeOf[pair]] != nil else {
                throw NavigationPathCodec.invalid("\(quoted(type.text)) is not a type name (the module, a '.', then the type, such as Swift.Int)", at: 2 * pair)
            }
            let element = scan.elements[pair]
            func text(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
            }
            // The usual element, from its parts; any other from its text.
            if let parts = element.parts, let name = element.name.map(text) ?? routeName() {
                let parameters = scan.parts[parts].map { part in
                    Route.Parameter(checkedKey: part.key.map(text) ?? "_0", value: text(part.value), type: part.type)
                }
                return (Route(checkedName: name, parameters: parameters), element.shape)
            }
            let item = scan.tokens[2 * pair + 1]
            do {
                return try NavigationPathElement.route(type: type, bytes: try Document.decoded(item, in: bytes))
            } catch let error as NavigatorError {
                // A value the app reads that routectl cannot hold (long text, a control
                // character, JSON past 64 levels) is never said to be rejected by it.
                let beyond = try error.detail is ValueBeyondRoutectl || JSONValue.nestsTooDeep(Document.decoded(item, in: bytes))
                throw NavigationPathCodec.invalid(error.reason, at: 2 * pair + 1, appRejects: !beyond)
            }
        }

        /// The path of the state the document holds, parameters in their canonical order,
        /// written by the path's one writer (``RoutePath/Writer``) from the elements as they
        /// stand: no route is built but for an element whose keys stand in another order.
        /// `nil` for a document that is not usual (``isUsual``), or holds an element not read
        /// where it stands, or a plain value whose type gives no route name: the state reads
        /// (or refuses) those.
        func path() -> String? {
            guard isUsual else { return nil }
            var types = names.types
            let typeOf = names.typeOf
            // Each segment takes at most three bytes per byte of its pair.
            var writer = RoutePath.Writer(capacity: 3 * bytes.count + 8)
            defer { writer.deallocate() }
            let written = bytes.withUnsafeBufferPointer { buffer -> Bool in
                scan.elements.withUnsafeBufferPointer { elements in
                    scan.parts.withUnsafeBufferPointer { parts in
                        if elements.isEmpty { writer.slash() }
                        for pair in (0..<elements.count).reversed() {
                            let element = elements[pair]
                            guard let range = element.parts else { return false }
                            writer.slash()
                            // Keys in the order they print (most are): written as they stand.
                            var inOrder = true
                            var index = range.lowerBound + 1
                            while index < range.upperBound {
                                if let before = parts[index - 1].key, let key = parts[index].key,
                                    !ParameterOrder.precedes(UnsafeBufferPointer(rebasing: buffer[before]), UnsafeBufferPointer(rebasing: buffer[key])) {
                                    inOrder = false
                                    break
                                }
                                index += 1
                            }
                            let type = typeOf[pair]
                            guard inOrder else {
                                guard let (route, _) = try? route(pair, in: buffer, routeName: { types.routeName(type) }) else { return false }
                                writer.route(route.name, route.canonicalParameters)
                                continue
                            }
                            if let name = element.name {
                                writer.name(UnsafeBufferPointer(rebasing: buffer[name]))
                            } else {
                                guard var name = types.routeName(type) else { return false }
                                name.withUTF8 { writer.name($0) }
                            }
                            for index in range {
                                let part = parts[index]
                                let value = UnsafeBufferPointer(rebasing: buffer[part.value])
                                let typed = part.type != .string
                                if let key = part.key {
                                    writer.parameter(index - range.lowerBound, key: UnsafeBufferPointer(rebasing: buffer[key]), value: value, typed: typed)
                                } else {
                                    StaticString("_0").withUTF8Buffer { writer.parameter(0, key: $0, value: value, typed: typed) }
                                }
                            }
                        }
                        return true
                    }
                }
            }
            return written ? writer.text : nil
        }

        /// The bytes after a push of `route`, the new pair spliced in after the `[` and every
        /// other byte kept: what the state, the push and ``NavigationPathCodec/encode(_:)`` give.
        /// The element that shows as the route when there is one (the bottom-most), else a new
        /// one of the type ``NavigationPathTypeChoice`` tells from the elements, shaped as it
        /// shapes it and checked to read back as the route. `nil` wherever the map does not
        /// settle that (a document that is not usual, an empty path, an element not read where
        /// it stands, a type the elements do not tell, a document the app cannot decode as it
        /// stands, a route that would not read back, a path past `maxBytes`), for the state to
        /// write or refuse it.
        func pushed(_ route: Route, maxBytes: Int) -> [UInt8]? {
            guard isUsual, pairs > 0, !names.types.names.contains(where: \.isPrivate) else { return nil }
            var types = names.types
            let tokens = scan.tokens
            let scalars = types.names.map { StandardScalar(typeName: $0.text) }
            // By type: the shapes of its values (bits by shape).
            var shapes = [UInt8](repeating: 0, count: types.names.count)
            var choice = NavigationPathTypeChoice.Scan()
            // The bottom-most element that shows as the route: its two strings, as they stand.
            var same: Range<Int>?
            let typeOf = names.typeOf
            // The route's parameters as bytes, once.
            let parameters = route.parameters.map { parameter in
                (key: Array(parameter.key.utf8), value: Array(parameter.value.utf8), ascii: parameter.value.utf8.allSatisfy { $0 < 0x80 },
                 text: parameter.value, type: parameter.type)
            }
            let found = bytes.withUnsafeBufferPointer { buffer -> Bool in
                scan.elements.withUnsafeBufferPointer { elements in
                    scan.parts.withUnsafeBufferPointer { allParts in
                        for pair in 0..<elements.count {
                            let element = elements[pair]
                            guard let range = element.parts else { return false }
                            let parts = allParts[range]
                            let type = typeOf[pair]
                            let routeName = element.name == nil ? types.routeName(type) : nil
                            // A plain value shows under its type's route name: the state refuses one without.
                            if element.name == nil, routeName == nil { return false }
                            // A value of the standard library's Int, String... not of its kind: the
                            // app cannot decode the document, which the state refuses.
                            if let scalar = scalars[type] {
                                guard element.name == nil, parts.count == 1, let part = parts.first, part.key == nil,
                                    scalar.holds(type: part.type, utf8: UnsafeBufferPointer(rebasing: buffer[part.value]), lenient: true)
                                else { return false }
                            }
                            shapes[type] |= Self.bit(element.shape)
                            let showsUnderName = element.name.map { Self.equal(UnsafeBufferPointer(rebasing: buffer[$0]), route.name) } ?? (routeName == route.name)
                            if showsUnderName {
                                choice.add(types.names[type], element.shape, showsUnderName: true)
                                if Self.sameParameters(parts, in: buffer, as: parameters) {
                                    same = tokens[2 * pair].range.lowerBound..<tokens[2 * pair + 1].range.upperBound
                                }
                            }
                        }
                        return true
                    }
                }
            }
            guard found else { return nil }
            let separator = bytes[tokens[0].range.upperBound..<tokens[1].range.lowerBound]
            let new: [UInt8]
            if let same {
                new = Array(bytes[same])
            } else {
                guard let text = choice.type, let index = types.names.firstIndex(where: { $0.text == text }) else { return nil }
                let type = types.names[index]
                let seen = Set([NavigationPathElement.Shape.enumValue, .object, .single].filter { shapes[index] & Self.bit($0) != 0 })
                guard let shape = try? NavigationPathTypeChoice.shape(of: route, type: type, seen: seen) else { return nil }
                let item = NavigationPathElement.text(of: route, shape: shape)
                // Never written when it does not read back as the route.
                guard let back = try? NavigationPathElement.route(type: type, text: item), back.0 == route else { return nil }
                var writer = JSONWriter(capacity: type.text.utf8.count + item.utf8.count + 16)
                writer.string(type.text)
                writer.raw(separator)
                writer.string(item)
                new = writer.bytes
            }
            guard bytes.count + new.count + separator.count <= maxBytes else { return nil }
            // In front of the first pair, with what separates the first pair's strings after it.
            let first = tokens[0].range.lowerBound
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + new.count + separator.count)
            output += bytes[..<first]
            output += new
            output += separator
            output += bytes[first...]
            return output
        }

        private static func bit(_ shape: NavigationPathElement.Shape) -> UInt8 {
            switch shape {
            case .enumValue: 1
            case .object: 2
            case .single: 4
            }
        }

        /// Whether the bytes `utf8` are `text`'s.
        private static func equal(_ utf8: UnsafeBufferPointer<UInt8>, _ text: String) -> Bool {
            guard text.utf8.count == utf8.count else { return false }
            var text = text
            return text.withUTF8 { text in
                for index in 0..<text.count where text[index] != utf8[index] { return false }
                return true
            }
        }

        /// Whether the parameters `parts` are a route's (`parameters`, each as bytes, whether its
        /// value is ASCII, and its text), as ``Route`` compares them: keys and types the same,
        /// values the same text (the same bytes, or canonically equivalent).
        private static func sameParameters(
            _ parts: Slice<UnsafeBufferPointer<NavigationPathElement.InPlace.Part>>, in buffer: UnsafeBufferPointer<UInt8>,
            as parameters: [(key: [UInt8], value: [UInt8], ascii: Bool, text: String, type: Route.ValueType)]
        ) -> Bool {
            guard parts.count == parameters.count else { return false }
            for (part, parameter) in zip(parts, parameters) {
                guard part.type == parameter.type else { return false }
                if let key = part.key {
                    guard buffer[key].elementsEqual(parameter.key) else { return false }
                } else {
                    guard parameter.key.elementsEqual("_0".utf8) else { return false }
                }
                let value = UnsafeBufferPointer(rebasing: buffer[part.value])
                if value.elementsEqual(parameter.value) { continue }
                // Canonically equivalent texts differ in bytes only outside ASCII.
                guard !(parameter.ascii && value.allSatisfy { $0 < 0x80 }), String(decoding: value, as: UTF8.self) == parameter.text else { return false }
            }
            return true
        }
    }
}
