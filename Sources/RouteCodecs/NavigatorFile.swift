import RouteModel
import JSONText
import PlainText

/// The navigator file, format 1: decoding and encoding a ``NavigatorState`` as JSON.
///
/// Decoding is strict (RFC 8259 JSON in valid UTF-8, no duplicate keys, nesting at most 64 deep,
/// every route and parameter valid) and keeps members it does not know. History entries are
/// checked but kept as their bytes, and written back unchanged. A file with a higher `format`
/// decodes where its shape allows, and ``NavigatorState/format`` tells the caller so.
package enum NavigatorFile {
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
        var format: Int?
        do {
            var scanner = JSONScanner(bytes)
            return try FileReader.read(&scanner, format: &format)
        } catch let error as JSONSyntaxError {
            throw fileError(error, in: bytes, format: format)
        }
    }

    /// The error for a file that does not read: corrupt, or of a newer format.
    private static func fileError(_ error: JSONSyntaxError, in bytes: [UInt8], format: Int?) -> NavigatorError {
        let place = error.place(in: bytes).map { " " + $0 } ?? ""
        if let format, format > NavigatorState.currentFormat {
            return NavigatorError(
                .newerFormat,
                "has format \(format), newer than this build understands (\(NavigatorState.currentFormat)), and cannot be read: \(error.reason)\(place)")
        }
        return NavigatorError(.invalidFile, "is not a valid navigator file: \(error.reason)\(place)")
    }

    /// Encodes a state as JSON: top-level keys one per line in a fixed order, history entries
    /// one per line, unknown members last. A state that uses nothing of format 2
    /// (``NavigatorState/isPlain``) is written as format 1, byte for byte as 1.0 wrote it;
    /// any other as format 2, which adds `presented`, `tabs`, `selectedTab`, `tabContainers`,
    /// `links` and typed parameter values.
    ///
    /// A state read from a file of a newer format must not be encoded (it would lose what that
    /// format holds); ``NavigatorStore`` refuses to change such a file.
    public static func encode(_ state: NavigatorState) -> [UInt8] {
        BytePieces.joined(encodePieces(state))
    }

    /// The fewest bytes of history entries read that ``encodePieces(_:)`` hands over as a
    /// slice of the bytes read rather than copying them (a page: fewer cost less to copy than a
    /// piece of their own costs).
    static let smallestSlice = 4096

    /// ``encode(_:)`` as pieces to write one after another: the history entries read from a
    /// file are slices of the bytes read, not copies (a push to a file of 1,000 entries writes
    /// a few hundred new bytes beside them), but for runs shorter than ``smallestSlice``.
    public static func encodePieces(_ state: NavigatorState) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        var writer = JSONWriter(capacity: 1024 + 200 * state.history.recorded.count)
        let plain = state.isPlain
        writer.raw("{\n  \"format\": ")
        writer.integer(plain ? 1 : 2)
        writer.routeMembers(of: state)
        if !plain { writer.treeMembers(of: state) }
        writer.routeList(of: state)
        writer.tabContainers(of: state)
        writer.links(of: state)
        writer.raw(",\n  \"historyLimit\": ")
        writer.integer(state.historyLimit)
        if let start = state.history.validStart {
            writer.raw(",\n  \"historyStart\": ")
            writer.historyStart(start)
        }
        if let given = state.history.givenSeq {
            writer.raw(",\n  \"historyLastSeq\": ")
            writer.integer(given)
        }
        writer.raw(",\n  \"history\": [")
        var first = true
        func separate() {
            writer.raw(first ? "\n    " : ",\n    ")
            first = false
        }
        let history = state.history
        if let stored = history.stored as? JSONStoredHistory {
            // Entries read from a file are copied as they stood, not decoded and re-encoded.
            // Entries separated as this encoder separates them are copied as one run: a long
            // run is handed over as a slice of the bytes read, a short one (entries separated
            // otherwise, one a run) copied, as a piece costs a buffer and a write(2) of its own.
            var index = history.storedDropped
            while index < stored.count {
                separate()
                let first = index
                while index + 1 < stored.count, stored.isSeparatedAsWritten(index) { index += 1 }
                let run = stored.buffer[stored.bounds[2 * first]..<stored.bounds[2 * index + 1]]
                if run.count < Self.smallestSlice {
                    writer.raw(run)
                } else {
                    pieces.append(writer.bytes[...])
                    pieces.append(run)
                    writer = JSONWriter(capacity: 256 + 200 * history.recorded.count)
                }
                index += 1
            }
        } else if let stored = history.stored {
            // Another codec's entries were checked when it read them; one that no longer
            // decodes is left out rather than written as an invalid entry.
            for index in history.storedDropped..<stored.count {
                guard let entry = try? stored.entry(at: index) else { continue }
                separate()
                writer.historyEntry(entry)
            }
        }
        for entry in history.recorded {
            separate()
            writer.historyEntry(entry)
        }
        writer.raw(first ? "]" : "\n  ]")
        for member in (state.preserved?.payload as? [JSONMember]) ?? [] {
            writer.raw(",\n  ")
            writer.string(member.key)
            writer.raw(": ")
            writer.raw(member.value)
        }
        writer.raw("\n}\n")
        pieces.append(writer.bytes[...])
        return pieces
    }

    /// Encodes a state that is about to be written, so that the file stays readable: when the
    /// whole would be larger than `limit` bytes (``maxBytes`` for a real file), the oldest history
    /// entries are dropped from `state` until it fits. The current state and the newest entry
    /// are never dropped, and `seq` goes on from where it was.
    ///
    /// - Returns: the bytes (as ``encodePieces(_:)`` gives them), and how many history entries
    ///   were dropped.
    /// - Throws: `cannotApply` when the state does not fit even with only its newest entry.
    public static func encode(_ state: inout NavigatorState, limit: Int) throws -> (pieces: [ArraySlice<UInt8>], dropped: Int) {
        var trimmed = state
        var pieces = encodePieces(trimmed)
        var total = BytePieces.count(pieces)
        var dropped = 0
        while total > limit {
            // Drop as many of the oldest entries as cover the excess in one go (a few bytes of
            // separator each), then check again.
            var excess = total - limit
            var count = 0
            for size in entrySizes(trimmed.history).dropLast() where excess > 0 {
                excess -= size + 6
                count += 1
            }
            guard count > 0 else {
                throw NavigatorError(
                    .cannotApply,
                    "the change would make the file \(total) bytes, more than the \(limit >> 20) MiB a navigator file may hold, even keeping only the newest history entry",
                    fact: .tooLargeToStore)
            }
            trimmed.history.dropOldest(count)
            // A file at its size limit keeps no start: the bytes go to entries.
            trimmed.history.start = nil
            dropped += count
            pieces = encodePieces(trimmed)
            total = BytePieces.count(pieces)
        }
        state = trimmed
        return (pieces, dropped)
    }

    /// The length of each kept history entry's JSON in the file, oldest first.
    private static func entrySizes(_ history: History) -> [Int] {
        func size(_ entry: HistoryEntry) -> Int {
            var writer = JSONWriter(capacity: 256)
            writer.historyEntry(entry)
            return writer.bytes.count
        }
        var sizes: [Int] = []
        if let stored = history.stored as? JSONStoredHistory {
            sizes = (history.storedDropped..<stored.count).map { stored.bytes(at: $0).count }
        } else if let stored = history.stored {
            sizes = (history.storedDropped..<stored.count).map { ((try? stored.entry(at: $0)).map(size)) ?? 0 }
        }
        return sizes + history.recorded.map(size)
    }

    /// The history array at `start` (its value in a file) as the full reader reads it, without
    /// ``HistoryScan``: for tests that hold the scan to it. `nil` for an empty history.
    package static func readHistoryFully(_ bytes: [UInt8], at start: Int) throws -> (history: JSONStoredHistory?, end: Int) {
        var scanner = JSONScanner(bytes)
        scanner.position = start
        var badTabs: Int?
        let history = try FileReader.readHistoryFully(&scanner, badTabs: &badTabs)
        guard badTabs == nil else { throw JSONSyntaxError(reason: "bad tabs", offset: badTabs) }
        return (history.stored as? JSONStoredHistory, scanner.position)
    }

    /// Decodes one history entry from the bytes the file held for it.
    /// `readsTabs`: the file is of format 2, whose entries may hold `tabs`.
    package static func decodeEntry(_ bytes: ArraySlice<UInt8>, readsTabs: Bool) throws -> HistoryEntry {
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
                case "tabs" where readsTabs:
                    var paths: [String] = []
                    try scanner.readArray(depth: 2) { paths.append(try $0.readString()) }
                    entry.tabs = paths
                case "tabs":
                    // A format-1 file keeps the tabs this build recorded while the state had
                    // some (a tab view's, whose file is plain again once set to a route): read
                    // when they are paths, ignored otherwise, as 1.0 ignored the member.
                    var paths: [String] = []
                    var copy = scanner
                    if (try? copy.readArray(depth: 2, { paths.append(try $0.readString()) })) != nil {
                        entry.tabs = paths
                        scanner = copy
                    } else {
                        try scanner.skipValue(depth: 2)
                    }
                case "to":
                    // Written by undo and redo; anything but a whole number >= 0 is ignored
                    // (the entry is then a change like any other), as older builds ignore it.
                    var number = scanner
                    if let to = try? number.readInt(), to >= 0 {
                        entry.to = to
                        scanner = number
                    } else {
                        try scanner.skipValue(depth: 2)
                    }
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
    package static func read(_ scanner: inout JSONScanner, format: inout Int?) throws -> NavigatorState {
        var state = NavigatorState()
        var seen = SeenKeys()
        var unknown: [JSONMember] = []
        var firstProblem: JSONSyntaxError?
        var hasInitial = false
        var hasRoot = false
        var rootless = false
        var tabs: [(tab: RouteTab, hasOwnRoot: Bool)]?
        var selectedTab: (name: String, offset: Int)?
        // Format 2's members, read once the format is known: in a format-1 file they are
        // members 1.0 did not know, kept as they are.
        var formatTwoMembers: [(key: String, start: Int)] = []
        var badEntryTabs: Int?
        var historyStart: HistoryStart?
        var historyLastSeq = 0
        guard scanner.peek() == UInt8(ascii: "{") else {
            throw scanner.error("expected a JSON object")
        }
        try scanner.readObject(depth: 1) { scanner, key in
            guard seen.insert(key) else {
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
                    state.initial = try TreeReader.route(&scanner, depth: 2)
                    hasInitial = true
                case "root":
                    if scanner.peek() == UInt8(ascii: "n") {
                        // A tab container that is no route (format 2): its tabs have roots.
                        _ = try scanner.readScalar()
                        rootless = true
                    } else {
                        state.root = try TreeReader.route(&scanner, depth: 2)
                    }
                    hasRoot = true
                case "stack":
                    state.stack = try TreeReader.routes(&scanner, depth: 2)
                case "presented", "tabs", "selectedTab", "tabContainers", "links":
                    let range = try scanner.skipValue(depth: 2)
                    unknown.append(JSONMember(key: key, value: scanner.bytes[range]))
                    formatTwoMembers.append((key, start))
                case "routes":
                    state.routes = try readRouteNames(&scanner)
                case "historyLimit":
                    let value = try scanner.readInt()
                    // The same range `init --history-limit` accepts: a file no command could have
                    // written is refused as a whole, so that `reset --force` recovers it.
                    guard (1...NavigatorState.maxHistoryLimit).contains(value) else {
                        throw scanner.error("historyLimit must be a whole number from 1 to \(NavigatorState.maxHistoryLimit)", at: start)
                    }
                    state.historyLimit = value
                case "history":
                    state.history = try readHistory(&scanner, badTabs: &badEntryTabs)
                case "historyStart":
                    historyStart = try readHistoryStart(&scanner)
                case "historyLastSeq":
                    let value = try scanner.readInt()
                    guard value >= 1 else { throw scanner.error("historyLastSeq must be a whole number >= 1", at: start) }
                    historyLastSeq = value
                default:
                    let range = try scanner.skipValue(depth: 2)
                    unknown.append(JSONMember(key: key, value: scanner.bytes[range]))
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
        if format >= 2 {
            unknown.removeAll { member in formatTwoMembers.contains { $0.key == member.key } }
            for (key, start) in formatTwoMembers {
                var member = scanner
                member.position = start
                switch key {
                case "presented": state.tree.chain.presented = try TreeReader.presentations(&member, depth: 2)
                case "tabs": tabs = try TreeReader.tabs(&member, depth: 2)
                case "selectedTab": selectedTab = (try member.readString(), start)
                case "links": state.links = try TreeReader.links(&member, depth: 2)
                default: state.tabContainers = try TreeReader.tabContainers(&member, depth: 2)
                }
            }
            if let badEntryTabs {
                throw scanner.error("a history entry's \"tabs\" must be an array of paths (strings)", at: badEntryTabs)
            }
            if var stored = state.history.stored as? JSONStoredHistory {
                stored.readsTabs = true
                state.history = History(stored: stored)
            }
        } else if state.initial.hasTypedValues || state.tree.allRoutes.contains(where: \.hasTypedValues) {
            throw JSONSyntaxError(reason: "typed parameter values (not strings) need format 2", offset: nil)
        }
        if let tabs {
            guard let selectedTab else { throw JSONSyntaxError(reason: "\"tabs\" without \"selectedTab\"", offset: 0) }
            guard let index = tabs.firstIndex(where: { $0.tab.name == selectedTab.name }) else {
                throw scanner.error("the selected tab \(quoted(selectedTab.name)) is not one of the tabs", at: selectedTab.offset)
            }
            if rootless {
                guard state.stack.isEmpty else { throw JSONSyntaxError(reason: "a \"root\" of null has no \"stack\"", offset: nil) }
                guard tabs.allSatisfy({ $0.hasOwnRoot }) else {
                    throw JSONSyntaxError(reason: "with a \"root\" of null, every tab has a \"root\"", offset: nil)
                }
                state.tree = NavigationTree(tabs: Tabs(tabs.map(\.tab), selected: index), presented: state.tree.chain.presented)
            } else {
                guard !tabs.contains(where: \.hasOwnRoot) else {
                    throw JSONSyntaxError(reason: "a tab has a \"root\" of its own only when the state's \"root\" is null", offset: nil)
                }
                state.tree.tabs = Tabs(tabs.map(\.tab), selected: index)
            }
        } else if rootless {
            throw JSONSyntaxError(reason: "a \"root\" of null needs \"tabs\"", offset: 0)
        } else if let selectedTab {
            throw scanner.error("\"selectedTab\" without \"tabs\"", at: selectedTab.offset)
        }
        do {
            try state.validate()
        } catch let error as NavigatorError {
            throw JSONSyntaxError(reason: error.message, offset: nil)
        }
        if !unknown.isEmpty { state.preserved = Preserved(unknown) }
        state.history.start = historyStart
        state.history.keepGiven(historyLastSeq)
        return state
    }

    /// Reads `historyStart`: `{"next": <seq>, "seq": <seq>, "path": <path>, "tabs": [<path>...]}`
    /// (`tabs` optional; other members ignored).
    private static func readHistoryStart(_ scanner: inout JSONScanner) throws -> HistoryStart {
        let start = scanner.position
        var next: Int?
        var seq: Int?
        var path: String?
        var tabs: [String]?
        try scanner.readObject(depth: 2) { scanner, key in
            switch key {
            case "next": next = try scanner.readInt()
            case "seq": seq = try scanner.readInt()
            case "path": path = try scanner.readString()
            case "tabs":
                var paths: [String] = []
                try scanner.readArray(depth: 3) { paths.append(try $0.readString()) }
                tabs = paths
            default: _ = try scanner.skipValue(depth: 3)
            }
        }
        guard let next, let seq, let path, next >= 1, seq >= 0 else {
            throw scanner.error("historyStart needs next and seq (whole numbers) and path", at: start)
        }
        return HistoryStart(next: next, seq: seq, path: path, tabs: tabs)
    }

    private static func readRouteNames(_ scanner: inout JSONScanner) throws -> [String]? {
        if try scanner.skipNull() { return nil }
        var names: [String] = []
        var seen = SeenKeys()
        try scanner.readArray(depth: 2) { scanner in
            let start = scanner.position
            let name = try scanner.readString()
            guard Route.isValidName(name) else { throw scanner.error("invalid route name \(quoted(name)) in routes", at: start) }
            guard seen.insert(name) else { throw scanner.error("duplicate route \(quoted(name)) in routes", at: start) }
            names.append(name)
        }
        return names
    }

    /// Checks each entry's shape, keeping where its bytes are and its `seq` without decoding the
    /// rest: a command that only appends an entry writes the others back untouched.
    /// `badTabs` is set to where the first entry's `tabs` is not an array of strings: a format-2
    /// file is then invalid, a format-1 file (where 1.0 did not know the member) is not.
    private static func readHistory(_ scanner: inout JSONScanner, badTabs: inout Int?) throws -> History {
        // The common case in one tight pass; anything else is read below, from the start.
        if let scan = HistoryScan(scanner.bytes, at: scanner.position) {
            scanner.position = scan.end
            return History(stored: JSONStoredHistory(buffer: scanner.bytes, bounds: scan.bounds, lastSeq: scan.lastSeq))
        }
        return try readHistoryFully(&scanner, badTabs: &badTabs)
    }

    /// ``readHistory(_:badTabs:)`` for any history, with callbacks per member.
    static func readHistoryFully(_ scanner: inout JSONScanner, badTabs: inout Int?) throws -> History {
        var bounds: [Int] = []
        bounds.reserveCapacity(scanner.bytes.count / 80)  // a typical entry is 150-200 bytes
        var lastSeq = 0
        try scanner.readArray(depth: 2) { scanner in
            _ = scanner.peek()
            let start = scanner.position
            var seq: Int?
            var found = 0
            try scanner.readObjectKeys(depth: 3) { scanner, key in
                switch scanner.packedKey(key) ?? 0 {
                case HistoryKey.seq:
                    let valueStart = scanner.position
                    let value = try scanner.readInt()
                    guard value >= 1 else { throw scanner.error("seq must be a whole number >= 1", at: valueStart) }
                    seq = value
                    found |= 1
                case HistoryKey.at:
                    _ = try scanner.scanString()
                    found |= 2
                case HistoryKey.op:
                    _ = try scanner.scanString()
                    found |= 4
                case HistoryKey.args:
                    try scanner.readArray(depth: 4) { _ = try $0.scanString() }
                    found |= 8
                case HistoryKey.path:
                    _ = try scanner.scanString()
                    found |= 16
                case HistoryKey.tabs:
                    // Paths, like `path`: checked as JSON strings here (so that every entry
                    // accepted now decodes later), read as paths by undo.
                    let valueStart = scanner.position
                    var paths = scanner
                    try scanner.skipValue(depth: 4)
                    if badTabs == nil, (try? paths.readArray(depth: 4) { _ = try $0.scanString() }) == nil {
                        badTabs = valueStart
                    }
                default:
                    // An escaped spelling of a known key is not matched above, but `decodeEntry`
                    // (which decodes keys) would read it: refuse it here, so that an entry
                    // accepted now is read the same way later.
                    if key.escaped, HistoryKey.names.contains(try scanner.text(of: key)) {
                        throw scanner.error("history entry key \(quoted(try scanner.text(of: key))) is written with escapes", at: key.range.lowerBound)
                    }
                    try scanner.skipValue(depth: 4)
                }
            }
            guard found == 31, let seq else {
                throw scanner.error("history entry needs seq, at, op, args and path", at: start)
            }
            bounds.append(start)
            bounds.append(scanner.position)
            lastSeq = max(lastSeq, seq)
        }
        if bounds.isEmpty { return History() }
        return History(stored: JSONStoredHistory(buffer: scanner.bytes, bounds: bounds, lastSeq: lastSeq))
    }
}

/// The keys of an object seen so far, to refuse a duplicate: a list while there are few (a
/// file's dozen top-level keys; a `Set` would cost a conformance lookup on every run), a set
/// beyond, so that a hostile file of a million keys is still read in linear time.
private struct SeenKeys {
    private var few: [String] = []
    private var many: Set<String>?

    /// Adds `key`; `false` when it was already there.
    mutating func insert(_ key: String) -> Bool {
        if many != nil { return many!.insert(key).inserted }
        if few.contains(key) { return false }
        few.append(key)
        if few.count == 32 { many = Set(few) }
        return true
    }
}

/// The keys of a history entry, packed for ``JSONScanner/packedKey(_:)`` (written as literals
/// so that reading them costs nothing; a test checks them against ``JSONScanner/packed(_:)``).
package enum HistoryKey {
    package static let seq: UInt64 = 0x73_65_71  // "seq"
    package static let at: UInt64 = 0x61_74  // "at"
    package static let op: UInt64 = 0x6F_70  // "op"
    package static let args: UInt64 = 0x61_72_67_73  // "args"
    package static let path: UInt64 = 0x70_61_74_68  // "path"
    package static let tabs: UInt64 = 0x74_61_62_73  // "tabs"
    /// The same keys as text.
    package static let names: Set<String> = ["seq", "at", "op", "args", "path", "tabs"]
}
