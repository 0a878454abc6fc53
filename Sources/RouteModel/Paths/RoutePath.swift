import PlainText

/// The one-line text form of a navigation state, parsed and rendered:
/// `home/details?id=42/sheet:compose?draft:=7/attachments/cover:login`, or with tabs
/// `home/tab:profile/settings/sheet:edit`.
///
/// Segments are separated by `/`. The first is the root; a plain segment is pushed on the
/// current flow; `sheet:<route>` or `cover:<route>` presents a new flow rooted at that route;
/// `tab:<name>` is the selected tab of a tab container, and what follows is that tab's chain:
/// it comes right after the container's root (`home/tab:feed/details`), after what is presented
/// over the whole container (`home/cover:login/tab:feed`), and first when the container is no
/// route, its tabs' flows having roots of their own (`tab:first/main/details`). A route's parameters follow `?` as `key=value` (text) or `key:=<json>` (a
/// typed value) joined by `&`; every byte of a value outside `A-Z a-z 0-9 - . _ ~` is written
/// `%XX`. Keys need no escaping: they follow the route-name rule.
///
/// This type is the grammar only. Which segments make sense together (a `tab:` after a root
/// that has tabs) depends on the declarations, and is ``NavigatorState/tree(for:)``'s to check.
public struct RoutePath: Hashable, Sendable, CustomStringConvertible {
    /// One `/`-separated part of a path.
    public enum Segment: Hashable, Sendable {
        /// A plain route: the root when first, else pushed on the current flow.
        case route(Route)
        /// `sheet:<route>` or `cover:<route>`: a new flow presented over the current one.
        case presented(PresentationStyle, Route)
        /// `tab:<name>`: the selected tab of a tab container.
        case tab(String)
    }

    /// The segments, first to last.
    public var segments: [Segment]
    /// Whether the path is of a stack without a root of its own (its root view is the app's
    /// code, as for SwiftUI's `NavigationPath`), written with a leading `/`: `/details/more`;
    /// `/` alone is the empty stack. Every segment is then pushed or presented.
    public var withoutRoot = false
    /// Where each segment starts in the text it was parsed from, as a 1-based column counted in
    /// characters (Unicode scalars); empty for a path that was not parsed. It takes no part in
    /// equality.
    public private(set) var columns: [Int] = []
    /// The text the path was parsed from, for messages; `nil` for a path that was not parsed.
    /// It takes no part in equality.
    public private(set) var source: String?

    /// A path of `segments`; `withoutRoot`, of a stack without a root of its own.
    public init(segments: [Segment], withoutRoot: Bool = false) {
        self.segments = segments
        self.withoutRoot = withoutRoot
    }

    /// The path of `tree`: its root; when there are tabs, what is presented over the whole
    /// container, then the selected tab and its chain (from its root when the container is no
    /// route, else from what is pushed on the tab's own route); else the root's chain.
    public init(_ tree: NavigationTree) {
        guard let tabs = tree.tabs else {
            self.init(chain: tree.chain)
            if !tree.hasRoot {
                segments.removeFirst()
                withoutRoot = true
            }
            return
        }
        var segments: [Segment] = tree.rootRoute.map { [.route($0)] } ?? []
        segments += RoutePath(chain: tree.chain).segments.dropFirst()
        segments.append(.tab(tabs.selected.name))
        let selected = RoutePath(chain: tabs.selected.chain).segments
        segments += tree.hasRoot ? selected.dropFirst() : selected[...]
        self.init(segments: segments)
    }

    /// The path of one chain: its base flow's root and pushed routes, then each presentation.
    public init(chain: NavigationChain) {
        var segments: [Segment] = chain.base.routes.map(Segment.route)
        for presentation in chain.presented {
            segments.append(.presented(presentation.style, presentation.flow.root))
            segments += presentation.flow.pushed.map(Segment.route)
        }
        self.segments = segments
    }

    public static func == (lhs: RoutePath, rhs: RoutePath) -> Bool {
        lhs.segments == rhs.segments && lhs.withoutRoot == rhs.withoutRoot
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(segments)
        hasher.combine(withoutRoot)
    }

    // MARK: Rendering

    /// The path as text.
    public var description: String { rendered() }

    /// The path as text, parameters in `order`.
    public func rendered(order: ParameterOrder) -> String {
        rendered(placing: [], order: order)
    }

    /// The path as text, with the value of each parameter that `slots` names written as its
    /// placeholder, `{name}`, instead of encoded (how a path pattern is written, its parameters
    /// in the order declared); without slots, parameters in `order` (``ParameterOrder``).
    package func rendered(placing slots: [PathPattern.Slot] = [], order: ParameterOrder = ParameterOrder()) -> String {
        var bytes: [UInt8] = withoutRoot ? [UInt8(ascii: "/")] : []
        bytes.reserveCapacity(32 * segments.count + 1)
        let slotted = slots.isEmpty ? [:] : Dictionary(grouping: slots, by: \.segment)  // not a scan of every slot per segment
        for (index, segment) in segments.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "/")) }
            let placed = slotted[index] ?? []
            switch segment {
            case .route(let route):
                RoutePath.append(route, to: &bytes, placing: placed, ordered: slots.isEmpty ? order : nil)
            case .presented(let style, let route):
                bytes += style.rawValue.utf8
                bytes.append(UInt8(ascii: ":"))
                RoutePath.append(route, to: &bytes, placing: placed, ordered: slots.isEmpty ? order : nil)
            case .tab(let name):
                bytes += "tab:".utf8
                bytes += name.utf8
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The path of a root route and the stack above it, such as `home/details?id=42`.
    public static func render(root: Route, stack: [Route], order: ParameterOrder = ParameterOrder()) -> String {
        render(root: root, stack, order: order)
    }

    /// The path of a stack without a root of its own, such as `/details?id=42/more` (`/` when
    /// empty).
    public static func render(rootlessStack stack: [Route], order: ParameterOrder = ParameterOrder()) -> String {
        render(root: nil, stack, order: order)
    }

    /// Whether printing the path `text` from its state may order its parameters otherwise
    /// (``ParameterOrder``): when a typed value holds an object (`%7B`), or a route's keys are
    /// not in that order. A path said straight from stored bytes is used only when this is
    /// `false`.
    package static func mayOrderParameters(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(mayOrderParameters)
    }

    /// ``mayOrderParameters(_:)`` of the path's UTF-8 bytes, in one pass: a `%7B` (an object),
    /// else each query's keys in turn, compared where they stand.
    private static func mayOrderParameters(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: Slice<UnsafeBufferPointer<UInt8>>?
        var index = 0
        var inQuery = false
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "%"):
                if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "7"), bytes[index + 2] == UInt8(ascii: "B") { return true }
            case UInt8(ascii: "/"):
                (inQuery, previous) = (false, nil)
            case UInt8(ascii: "?"), UInt8(ascii: "&") where inQuery || bytes[index] == UInt8(ascii: "?"):
                // A key runs to its `=` (a typed one's `:=` drops the `:`).
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "="), bytes[end] != UInt8(ascii: "&"), bytes[end] != UInt8(ascii: "/") {
                    end += 1
                }
                var key = bytes[(index + 1)..<end]
                if key.last == UInt8(ascii: ":") { key = key.dropLast() }
                if let previous, !ParameterOrder.precedes(previous, key) { return true }
                (inQuery, previous, index) = (true, key, end)
                continue
            default:
                break
            }
            index += 1
        }
        return false
    }

    /// The path segment of one route, such as `details?id=42`.
    public static func segment(_ route: Route) -> String {
        render(root: route, [], order: ParameterOrder())
    }

    /// `root` and `stack` as segments joined by `/`, or `/` and `stack` without a root,
    /// written by one ``Writer`` sized first for every value byte escaped. The same text as
    /// ``rendered(placing:)`` gives for their segments.
    private static func render(root: Route?, _ stack: [Route], order: ParameterOrder) -> String {
        // Each route's parameters in the order they print, then sized from those.
        typealias Printed = (name: String, parameters: [Route.Parameter])
        func printed(_ route: Route) -> Printed {
            (route.name, order.declared.isEmpty ? route.canonicalParameters : order.parameters(of: route))
        }
        let root = root.map(printed)
        let stack = stack.map(printed)
        func capacity(_ route: Printed) -> Int {
            var capacity = route.name.utf8.count + 1
            for parameter in route.parameters {
                capacity += parameter.key.utf8.count + 3 + 3 * parameter.value.utf8.count
            }
            return capacity
        }
        var total = root.map(capacity) ?? 1
        for route in stack { total += capacity(route) }
        var writer = Writer(capacity: total)
        // Each pushed route after a `/`: `root/a/b`, or without a root `/a/b` (`/` alone).
        if let root { writer.route(root.name, root.parameters) }
        for route in stack {
            writer.slash()
            writer.route(route.name, route.parameters)
        }
        if root == nil, stack.isEmpty { writer.slash() }
        defer { writer.deallocate() }
        return writer.text
    }

    /// The one writer of a path's text: segments, each a route's name and its parameters
    /// (`name?key=value&typed:=value`, values percent-encoded), joined by `/`. It writes a
    /// route (``route(_:_:)``), or a route's name and parameters given as UTF-8 bytes where
    /// they stand in stored bytes (``name(_:)``, ``parameter(_:key:value:typed:)``: a
    /// NavigationPath's element read without building its route).
    package struct Writer {
        private var buffer: UnsafeMutablePointer<UInt8>
        private var capacity: Int
        private var count = 0

        /// A writer with room for `capacity` bytes (it grows past them when it must). Its
        /// buffer is freed by ``deallocate()``.
        package init(capacity: Int) {
            self.capacity = max(capacity, 16)
            buffer = .allocate(capacity: self.capacity)
        }

        /// Frees the buffer: the writer is not used after.
        package func deallocate() {
            buffer.deallocate()
        }

        /// The text written.
        package var text: String { String(decoding: UnsafeBufferPointer(start: buffer, count: count), as: UTF8.self) }

        /// Makes room for `more` bytes after those written.
        @inline(__always) private mutating func reserve(_ more: Int) {
            guard count &+ more > capacity else { return }
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * (count + more))
            grown.update(from: buffer, count: count)
            buffer.deallocate()
            buffer = grown
            capacity = 2 * (count + more)
        }

        @inline(__always) private mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress else { return }
            (buffer + count).update(from: base, count: bytes.count)
            count &+= bytes.count
        }

        /// Writes the `/` before a segment.
        package mutating func slash() {
            reserve(1)
            buffer[count] = UInt8(ascii: "/")
            count &+= 1
        }

        /// Writes the segment of a route named `name` with `parameters`, in the order given.
        package mutating func route(_ name: String, _ parameters: [Route.Parameter]) {
            var name = name
            name.withUTF8 { self.name($0) }
            for (index, parameter) in parameters.enumerated() {
                var key = parameter.key
                var value = parameter.value
                key.withUTF8 { key in
                    value.withUTF8 { value in self.parameter(index, key: key, value: value, typed: parameter.type != .string) }
                }
            }
        }

        /// Writes a route's name, given as UTF-8 (a valid name).
        package mutating func name(_ utf8: UnsafeBufferPointer<UInt8>) {
            reserve(utf8.count)
            raw(utf8)
        }

        /// Writes the route's parameter `index` (from 0): its key and value as UTF-8 (a valid
        /// key, and the value's text), typed (`:=`) or text (`=`).
        package mutating func parameter(_ index: Int, key: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, typed: Bool) {
            reserve(key.count &+ 3 &+ 3 &* value.count)
            buffer[count] = index == 0 ? UInt8(ascii: "?") : UInt8(ascii: "&")
            count &+= 1
            raw(key)
            if typed {
                buffer[count] = UInt8(ascii: ":")
                count &+= 1
            }
            buffer[count] = UInt8(ascii: "=")
            count &+= 1
            for byte in value {
                if PercentEncoding.isUnreserved(byte) {
                    buffer[count] = byte
                    count &+= 1
                } else {
                    buffer[count] = UInt8(ascii: "%")
                    buffer[count &+ 1] = PercentEncoding.hexDigit(byte >> 4)
                    buffer[count &+ 2] = PercentEncoding.hexDigit(byte & 0x0F)
                    count &+= 3
                }
            }
        }
    }

    private static func append(_ route: Route, to bytes: inout [UInt8], placing slots: [PathPattern.Slot], ordered order: ParameterOrder?) {
        bytes.append(contentsOf: route.name.utf8)
        let parameters = order.map { $0.declared.isEmpty ? route.canonicalParameters : $0.parameters(of: route) } ?? route.parameters
        for (index, parameter) in parameters.enumerated() {
            bytes.append(index == 0 ? UInt8(ascii: "?") : UInt8(ascii: "&"))
            bytes.append(contentsOf: parameter.key.utf8)
            if parameter.type != .string { bytes.append(UInt8(ascii: ":")) }
            bytes.append(UInt8(ascii: "="))
            if let slot = slots.first(where: { $0.parameter == index }) {
                bytes += "{\(slot.name)}".utf8
            } else {
                PercentEncoding.append(parameter.value, to: &bytes)
            }
        }
    }

    // MARK: Parsing

    /// Parses a path, validating every name and parameter.
    ///
    /// - Throws: `invalidInput` saying what is wrong and at which column, with the fact
    ///   ``NavigatorError/Fact/invalidPath(column:)``.
    public init(parsing text: String) throws {
        self = try RoutePath.parse(text, pattern: false).path
    }

    /// Parses a path; with `pattern`, a path pattern, where a parameter value may be a
    /// placeholder, `{name}`: a stand-in value of its kind (text `""`, or the JSON number `0`
    /// for `key:={name}`) is parsed in its place, and `slots` say where each stands.
    package static func parse(_ text: String, pattern: Bool) throws -> (path: RoutePath, slots: [PathPattern.Slot]) {
        let bytes = Array(text.utf8)
        let parser = Parser(text: text, bytes: bytes, isPattern: pattern)
        guard !bytes.isEmpty else { throw parser.error("it names no route", at: 0) }
        // A leading '/': a stack without a root of its own; '/' alone, that stack empty.
        let withoutRoot = bytes[0] == UInt8(ascii: "/")
        var start = withoutRoot ? 1 : 0
        var segments: [Segment] = []
        var columns: [Int] = []
        while start <= bytes.count, !(withoutRoot && bytes.count == 1) {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
            columns.append(parser.column(at: start))
            segments.append(try parser.segment(start..<end, index: segments.count))
            start = end + 1
        }
        var path = RoutePath(segments: segments, withoutRoot: withoutRoot)
        path.columns = columns
        path.source = text
        return (path, parser.slots)
    }

    /// An `invalidInput` error about segment `index` (or the end, past the last segment):
    /// `invalid path '…': at column N, <reason>`.
    public func error(at index: Int, _ reason: String, fact: NavigatorError.Fact? = nil) -> NavigatorError {
        let text = source ?? description
        let column = index < columns.count ? columns[index] : text.unicodeScalars.count + 1
        return NavigatorError(
            .invalidInput, "at column \(column), \(reason)", fact: fact ?? .invalidPath(column: column),
            subject: [errorSubject])
    }

    /// What ``error(at:_:fact:)`` says its errors are about: `invalid path '…':`.
    public var errorSubject: String {
        "invalid path \(quoted(source ?? description)):"
    }

    /// Reads the segments of one path's bytes, turning every problem into one error naming
    /// the path and the column.
    private final class Parser {
        let text: String
        let bytes: [UInt8]
        /// Whether `{name}` values are placeholders (a path pattern).
        let isPattern: Bool
        /// Where the placeholders read so far stand.
        var slots: [PathPattern.Slot] = []
        /// The last offset ``column(at:)`` was asked for and its column: segments are read in
        /// order, so each column is counted on from the one before (counting from the start
        /// each time made a path of n segments cost n² steps).
        private var counted = (offset: 0, column: 1)

        init(text: String, bytes: [UInt8], isPattern: Bool) {
            self.text = text
            self.bytes = bytes
            self.isPattern = isPattern
        }

        /// The 1-based column, in Unicode scalars, of the byte at `offset` (the text is valid
        /// UTF-8: a scalar is a byte that is not a continuation byte).
        func column(at offset: Int) -> Int {
            if offset < counted.offset { counted = (0, 1) }
            var column = counted.column
            for byte in bytes[counted.offset..<offset] where byte & 0xC0 != 0x80 { column += 1 }
            counted = (offset, column)
            return column
        }

        func error(_ reason: String, at offset: Int) -> NavigatorError {
            let column = column(at: offset)
            return NavigatorError(
                .invalidInput, "invalid path \(quoted(text)): at column \(column), \(reason)",
                fact: .invalidPath(column: column))
        }

        /// Runs `body`, turning a model error (an invalid name or value) into a path error at
        /// `offset`.
        func at<T>(_ offset: Int, _ body: () throws -> T) throws -> T {
            do {
                return try body()
            } catch let error as NavigatorError {
                throw self.error(error.message, at: offset)
            }
        }

        func string(_ range: Range<Int>) -> String {
            String(decoding: bytes[range], as: UTF8.self)
        }

        func segment(_ range: Range<Int>, index: Int) throws -> Segment {
            guard !range.isEmpty else {
                throw error("empty segment (two '/' in a row, or one at the end)", at: range.lowerBound)
            }
            let query = bytes[range].firstIndex(of: UInt8(ascii: "?"))
            let head = range.lowerBound..<(query ?? range.upperBound)
            var nameStart = head.lowerBound
            var kind: String?
            if let colon = bytes[head].firstIndex(of: UInt8(ascii: ":")) {
                kind = string(head.lowerBound..<colon)
                nameStart = colon + 1
            }
            let name = string(nameStart..<head.upperBound)
            switch kind {
            case nil:
                return .route(try route(name, query: query, end: range.upperBound, at: range.lowerBound, segment: index))
            case "sheet", "cover":
                let route = try route(name, query: query, end: range.upperBound, at: nameStart, segment: index)
                return .presented(PresentationStyle(rawValue: kind!)!, route)
            case "tab":
                guard query == nil else { throw error("a tab takes no parameters", at: query!) }
                try at(nameStart) { try Route.validateName(name, what: "tab name") }
                return .tab(name)
            default:
                throw error("unknown segment kind \(quoted(kind! + ":")): expected a route, sheet:<route>, cover:<route> or tab:<name>", at: range.lowerBound)
            }
        }

        func route(_ name: String, query: Int?, end: Int, at offset: Int, segment: Int) throws -> Route {
            var parameters: [Route.Parameter] = []
            var keys = UniqueNames()
            if let query {
                var start = query + 1
                while start <= end {
                    let stop = bytes[start..<end].firstIndex(of: UInt8(ascii: "&")) ?? end
                    let parameter = try parameter(start..<stop, segment: segment, index: parameters.count)
                    guard keys.insert(parameter.key) else {
                        throw error("duplicate parameter \(quoted(parameter.key)) for route \(quoted(name))", at: start)
                    }
                    parameters.append(parameter)
                    start = stop + 1
                }
            }
            return try at(offset) { try Route(name, parameters: parameters) }
        }

        func parameter(_ range: Range<Int>, segment: Int, index: Int) throws -> Route.Parameter {
            guard let equals = bytes[range].firstIndex(of: UInt8(ascii: "=")) else {
                throw error("parameter \(quoted(string(range))) has no '=': expected key=value or key:=<json>", at: range.lowerBound)
            }
            let typed = equals > range.lowerBound && bytes[equals - 1] == UInt8(ascii: ":")
            let key = string(range.lowerBound..<(typed ? equals - 1 : equals))
            if isPattern, let name = try placeholder(equals + 1..<range.upperBound) {
                try at(range.lowerBound) { try Route.validateName(key, what: "parameter key") }
                guard !slots.contains(where: { $0.name == name }) else {
                    throw error("placeholder '{\(name)}' appears twice", at: equals + 1)
                }
                slots.append(PathPattern.Slot(segment: segment, parameter: index, name: name, typed: typed))
                // A stand-in of the placeholder's kind: text, or a JSON number.
                return try typed ? Route.Parameter(key: key, json: "0") : Route.Parameter(key: key, value: "")
            }
            let decoded = PercentEncoding.decoded(bytes[(equals + 1)..<range.upperBound])
            if let escape = decoded.badEscape {
                throw error("the value of parameter \(quoted(key)) has a '%' not followed by two hex digits", at: escape)
            }
            guard let value = decoded.text else {
                throw error("the value of parameter \(quoted(key)) is not UTF-8 once its %XX are decoded", at: equals + 1)
            }
            try at(range.lowerBound) { try Route.validateName(key, what: "parameter key") }
            return try at(equals + 1) {
                typed ? try Route.Parameter(key: key, json: value) : try Route.Parameter(key: key, value: value)
            }
        }

        /// In a pattern, the name of the placeholder that `range` (a whole value) is, or `nil`
        /// for a plain value.
        ///
        /// - Throws: for a value that holds `{` or `}` without being one placeholder, or a
        ///   placeholder whose name is not valid.
        func placeholder(_ range: Range<Int>) throws -> String? {
            let value = bytes[range]
            guard value.contains(UInt8(ascii: "{")) || value.contains(UInt8(ascii: "}")) else { return nil }
            guard value.count >= 2, value.first == UInt8(ascii: "{"), value.last == UInt8(ascii: "}"),
                value.dropFirst().dropLast().allSatisfy({ $0 != UInt8(ascii: "{") && $0 != UInt8(ascii: "}") })
            else {
                throw error("a placeholder is a whole parameter value, such as id={id} (write a literal '{' or '}' as %7B or %7D)", at: range.lowerBound)
            }
            let name = string(range.lowerBound + 1..<range.upperBound - 1)
            try at(range.lowerBound + 1) { try Route.validateName(name, what: "placeholder name") }
            return name
        }
    }
}
