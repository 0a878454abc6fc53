/// The navigator file, format 1: decoding and encoding a ``NavigatorState`` as JSON.
///
/// Decoding is strict (valid UTF-8, RFC 8259 JSON, no duplicate keys, nesting at most 64 deep,
/// every route and parameter valid) and keeps members it does not know. History entries are
/// checked but kept as their bytes, and written back unchanged. A file with a higher `format`
/// decodes where its shape allows, and ``NavigatorState/format`` tells the caller so.
public enum NavigatorFile {
    /// The largest file accepted, in bytes (16 MiB).
    public static let maxBytes = 16 << 20

    /// Decodes a file's bytes.
    ///
    /// - Throws: `invalidFile` saying what is wrong and where (line and column), or
    ///   `newerFormat` when a file of a later format cannot be read by this build.
    public static func decode(_ bytes: [UInt8]) throws -> NavigatorState {
        guard bytes.count <= maxBytes else {
            throw NavigatorError(.invalidFile, "is larger than 16 MiB (\(bytes.count) bytes)")
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw NavigatorError(.invalidFile, "is not valid UTF-8")
        }
        var format: Int?
        do {
            var scanner = JSONScanner(bytes)
            return try FileReader.read(&scanner, format: &format)
        } catch let error as JSONSyntaxError {
            let (line, column) = error.location(in: bytes)
            let where_ = "at line \(line), column \(column)"
            if let format, format > NavigatorState.currentFormat {
                throw NavigatorError(
                    .newerFormat,
                    "has format \(format), newer than this build understands (\(NavigatorState.currentFormat)), and cannot be read: \(error.reason) \(where_)")
            }
            throw NavigatorError(.invalidFile, "is not a valid navigator file: \(error.reason) \(where_)")
        }
    }

    /// Encodes a state as format-1 JSON: top-level keys one per line in a fixed order, history
    /// entries one per line, unknown members last.
    public static func encode(_ state: NavigatorState) -> [UInt8] {
        var writer = JSONWriter(capacity: 512 + 200 * state.history.count)
        writer.raw("{\n  \"format\": ")
        writer.integer(NavigatorState.currentFormat)
        writer.raw(",\n  \"initial\": ")
        writer.route(state.initial)
        writer.raw(",\n  \"root\": ")
        writer.route(state.root)
        writer.raw(",\n  \"stack\": ")
        writer.routeArray(state.stack)
        if let routes = state.routes {
            writer.raw(",\n  \"routes\": ")
            writer.stringArray(routes)
        }
        writer.raw(",\n  \"historyLimit\": ")
        writer.integer(state.historyLimit)
        writer.raw(",\n  \"history\": [")
        for (index, item) in state.history.items.enumerated() {
            writer.raw(index == 0 ? "\n    " : ",\n    ")
            switch item {
            case .encoded(let bytes, _): writer.raw(bytes)
            case .decoded(let entry): writer.historyEntry(entry)
            }
        }
        writer.raw(state.history.items.isEmpty ? "]" : "\n  ]")
        for member in state.unknownMembers {
            writer.raw(",\n  ")
            writer.string(member.key)
            writer.raw(": ")
            writer.raw(member.value)
        }
        writer.raw("\n}\n")
        return writer.bytes
    }

    /// Decodes one history entry from the bytes the file held for it.
    static func decodeEntry(_ bytes: ArraySlice<UInt8>) throws -> HistoryEntry {
        var scanner = JSONScanner(Array(bytes))
        var entry = HistoryEntry(seq: 0, at: "", op: "", args: [], path: "")
        do {
            try scanner.readObject(depth: 1) { scanner, key in
                switch key {
                case "seq": entry.seq = try scanner.readInt()
                case "at": entry.at = try scanner.readString()
                case "op": entry.op = try scanner.readString()
                case "path": entry.path = try scanner.readString()
                case "args": try scanner.readArray(depth: 2) { entry.args.append(try $0.readString()) }
                default: try scanner.skipValue(depth: 2)
                }
            }
        } catch let error as JSONSyntaxError {
            throw NavigatorError(.invalidFile, "has an invalid history entry: \(error.reason)")
        }
        return entry
    }
}

/// Reads the members of a navigator file into a state, one pass over the bytes.
private enum FileReader {
    /// Reads the whole document; `format` is set as soon as the member is read, so a caller can
    /// tell a corrupt file from one of a newer format.
    static func read(_ scanner: inout JSONScanner, format: inout Int?) throws -> NavigatorState {
        var state = NavigatorState()
        var seen = Set<String>()
        var firstProblem: JSONSyntaxError?
        var hasInitial = false
        var hasRoot = false
        guard scanner.peek() == UInt8(ascii: "{") else {
            throw scanner.error("expected a JSON object")
        }
        try scanner.readObject(depth: 1) { scanner, key in
            guard seen.insert(key).inserted else {
                throw scanner.error("duplicate key \(quoted(key))")
            }
            let start = scanner.position
            do {
                switch key {
                case "format":
                    let value = try scanner.readInt()
                    guard value >= 1 else { throw scanner.error("format must be a whole number >= 1", at: start) }
                    format = value
                case "initial":
                    state.initial = try readRoute(&scanner, depth: 2)
                    hasInitial = true
                case "root":
                    state.root = try readRoute(&scanner, depth: 2)
                    hasRoot = true
                case "stack":
                    var stack: [Route] = []
                    try scanner.readArray(depth: 2) { stack.append(try readRoute(&$0, depth: 3)) }
                    state.stack = stack
                case "routes":
                    state.routes = try readRouteNames(&scanner)
                case "historyLimit":
                    let value = try scanner.readInt()
                    guard value >= 1 else { throw scanner.error("historyLimit must be a whole number >= 1", at: start) }
                    state.historyLimit = value
                case "history":
                    state.history = try readHistory(&scanner)
                default:
                    let range = try scanner.skipValue(depth: 2)
                    state.unknownMembers.append(JSONMember(key: key, value: scanner.bytes[range]))
                }
            } catch let problem as JSONSyntaxError {
                // Checked again below as plain JSON: a syntax error stops the read here, a wrong
                // shape is reported once the whole file (and its format) has been seen.
                firstProblem = firstProblem ?? problem
                scanner.position = start
                try scanner.skipValue(depth: 2)
            }
        }
        try scanner.expectEnd()
        if let firstProblem { throw firstProblem }
        guard let format else { throw JSONSyntaxError(reason: "no \"format\" member", offset: 0) }
        guard hasInitial else { throw JSONSyntaxError(reason: "no \"initial\" member", offset: 0) }
        state.format = format
        if !hasRoot { state.root = state.initial }
        return state
    }

    /// Reads `{"name": ..., "params": {...}}`, validating both.
    private static func readRoute(_ scanner: inout JSONScanner, depth: Int) throws -> Route {
        let start = scanner.position
        var name: String?
        var parameters: [Route.Parameter] = []
        var unknown: [JSONMember] = []
        var seen = Set<String>()
        try scanner.readObject(depth: depth) { scanner, key in
            guard seen.insert(key).inserted else { throw scanner.error("duplicate key \(quoted(key))") }
            let valueStart = scanner.position
            switch key {
            case "name":
                name = try scanner.readString()
            case "params":
                var keys = Set<String>()
                try scanner.readObject(depth: depth + 1) { scanner, parameterKey in
                    guard keys.insert(parameterKey).inserted else {
                        throw scanner.error("duplicate parameter \(quoted(parameterKey))")
                    }
                    let value = try scanner.readString()
                    do {
                        parameters.append(try Route.Parameter(key: parameterKey, value: value))
                    } catch let error as NavigatorError {
                        throw scanner.error(error.message, at: valueStart)
                    }
                }
            default:
                let range = try scanner.skipValue(depth: depth + 1)
                unknown.append(JSONMember(key: key, value: scanner.bytes[range]))
            }
        }
        guard let name else { throw scanner.error("route without a \"name\"", at: start) }
        do {
            var route = try Route(name, parameters: parameters)
            route.unknownMembers = unknown
            return route
        } catch let error as NavigatorError {
            throw scanner.error(error.message, at: start)
        }
    }

    private static func readRouteNames(_ scanner: inout JSONScanner) throws -> [String]? {
        if try scanner.skipNull() { return nil }
        var names: [String] = []
        try scanner.readArray(depth: 2) { scanner in
            let start = scanner.position
            let name = try scanner.readString()
            guard Route.isValidName(name) else { throw scanner.error("invalid route name \(quoted(name)) in routes", at: start) }
            guard !names.contains(name) else { throw scanner.error("duplicate route \(quoted(name)) in routes", at: start) }
            names.append(name)
        }
        return names
    }

    /// Checks each entry's shape, keeping its bytes and `seq` without decoding the rest.
    private static func readHistory(_ scanner: inout JSONScanner) throws -> History {
        var items: [History.Item] = []
        var lastSeq = 0
        try scanner.readArray(depth: 2) { scanner in
            _ = scanner.peek()
            let start = scanner.position
            var seq: Int?
            var found = 0
            try scanner.readObject(depth: 3) { scanner, key in
                switch key {
                case "seq":
                    let valueStart = scanner.position
                    let value = try scanner.readInt()
                    guard value >= 1 else { throw scanner.error("seq must be a whole number >= 1", at: valueStart) }
                    seq = value
                    found |= 1
                case "at": _ = try scanner.scanString(); found |= 2
                case "op": _ = try scanner.scanString(); found |= 4
                case "path": _ = try scanner.scanString(); found |= 8
                case "args":
                    try scanner.readArray(depth: 4) { _ = try $0.scanString() }
                    found |= 16
                default: try scanner.skipValue(depth: 4)
                }
            }
            guard found == 31, let seq else {
                throw scanner.error("history entry needs seq, at, op, args and path", at: start)
            }
            items.append(.encoded(scanner.bytes[start..<scanner.position], seq: seq))
            lastSeq = max(lastSeq, seq)
        }
        return History(items: items, lastSeq: lastSeq)
    }
}
