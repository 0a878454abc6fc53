import RouteModel
import JSONText
import PlainText

/// Reads the members of a navigator file into a state, one pass over the bytes.
enum FileReader {
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
    /// rest (the map ``JSONStoredHistory`` holds): `show` builds no entry, a command that only
    /// appends one writes the others back untouched, and `history` and `undo` decode those they
    /// need. `badTabs` is set to where the first entry's `tabs` is not an array of strings: a
    /// format-2 file is then invalid, a format-1 file (where 1.0 did not know the member) is not.
    static func readHistory(_ scanner: inout JSONScanner, badTabs: inout Int?) throws -> History {
        let whole = scanner
        var bounds: [Int] = []
        bounds.reserveCapacity(whole.bytes.count / 80)  // a typical entry is 150-200 bytes
        var lastSeq = 0
        let end = try whole.bytes.withUnsafeBufferPointer { buffer in
            var cursor = HistoryCursor(buffer: buffer, index: whole.position, scanner: whole)
            try cursor.expect(UInt8(ascii: "["), "'['")
            if cursor.next() == UInt8(ascii: "]") { return cursor.index + 1 }
            while true {
                _ = cursor.next()
                let start = cursor.index
                lastSeq = max(lastSeq, try cursor.entry(badTabs: &badTabs))
                bounds.append(start)
                bounds.append(cursor.index)
                switch cursor.next() {
                case UInt8(ascii: ","):
                    cursor.index += 1
                    cursor.skipEntryIndent()
                case UInt8(ascii: "]"): return cursor.index + 1
                default: throw cursor.error("expected ',' or ']'")
                }
            }
        }
        scanner.position = end
        if bounds.isEmpty { return History() }
        return History(stored: JSONStoredHistory(buffer: whole.bytes, bounds: bounds, lastSeq: lastSeq))
    }
}

/// The history array read over the file's bytes with ``JSONScanner``'s grammar, taken a token at
/// a time (its strings, integers and any other value are the scanner's own): each entry is
/// checked once, and nothing of it is built but its `seq`. (A struct with mutating methods, not
/// local functions capturing the index, which the compiler checks for exclusive access at run
/// time.)
private struct HistoryCursor {
    let buffer: UnsafeBufferPointer<UInt8>
    var index: Int
    /// The scanner over the same bytes, for the values read as a whole (an unknown member's, a
    /// long number).
    let scanner: JSONScanner

    func error(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(reason: reason, offset: offset ?? index)
    }

    /// The next byte after white space (`index` moved to it), or 0 at the end.
    @inline(__always)
    mutating func next() -> UInt8 {
        // Most tokens follow one space, or none.
        if index < buffer.count, buffer[index] > 0x20 { return buffer[index] }
        if index &+ 1 < buffer.count, buffer[index] == 0x20, buffer[index &+ 1] > 0x20 {
            index &+= 1
            return buffer[index]
        }
        while index < buffer.count {
            let byte = buffer[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D else { return byte }
            index &+= 1
        }
        return 0
    }

    /// Moves past `\n    ` at `index` (the white space the writer puts before an entry) in one
    /// comparison, if it is there; ``next()`` reads any white space left.
    @inline(__always)
    mutating func skipEntryIndent() {
        guard index &+ 8 <= buffer.count else { return }
        let word = UInt64(littleEndian: UnsafeRawPointer(buffer.baseAddress!).loadUnaligned(fromByteOffset: index, as: UInt64.self))
        if word & 0xFF_FFFF_FFFF == 0x20_2020_200A { index &+= 5 }
    }

    /// ``expect(_:_:)``'s error (out of line, to keep the readers short).
    @inline(never)
    func missing(_ expected: String) -> JSONSyntaxError {
        error("expected \(expected)")
    }

    /// Consumes `byte` after white space, or throws naming `expected`.
    @inline(__always)
    mutating func expect(_ byte: UInt8, _ expected: String) throws {
        guard next() == byte else { throw missing(expected) }
        index &+= 1
    }

    /// Checks the string after white space and moves past it; whether it holds escapes.
    @_transparent  // inlined for certain (`@inline(__always)` is only a hint to the compiler)
    mutating func string() throws -> Bool {
        guard next() == UInt8(ascii: "\"") else { throw notString() }
        // Plain ASCII to the closing quote, most often.
        let end = JSONScanner.skipPlainBytes(buffer, from: index &+ 1)
        if end < buffer.count, buffer[end] == UInt8(ascii: "\"") {
            index = end &+ 1
            return false
        }
        return try escapedString()
    }

    /// ``string()`` for one that is not plain ASCII (or does not end): the scanner's full check.
    @inline(never)
    mutating func escapedString() throws -> Bool {
        let (after, escaped) = try JSONScanner.scanString(buffer, from: index)
        index = after
        return escaped
    }

    /// ``string()``'s error where no string starts (out of line, to keep the check short).
    @inline(never)
    func notString() -> JSONSyntaxError {
        error("expected a string")
    }

    /// The key whose quote is at `index`, moved past: which history key it is (``HistoryKey``'s
    /// number, `0` for any other key), and whether it holds escapes.
    mutating func key() throws -> (key: Int, escaped: Bool) {
        if index &+ 8 <= buffer.count {
            // A history key told by its first letter, then its token in one comparison.
            let word = UInt64(littleEndian: UnsafeRawPointer(buffer.baseAddress!).loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let token: (word: UInt64, length: Int)
            let key: Int
            switch UInt8(truncatingIfNeeded: word >> 8) {
            case UInt8(ascii: "s"): (token, key) = (HistoryKey.seqToken, HistoryKey.seqNumber)
            case UInt8(ascii: "a"):
                if UInt8(truncatingIfNeeded: word >> 16) == UInt8(ascii: "t") {
                    (token, key) = (HistoryKey.atToken, HistoryKey.atNumber)
                } else {
                    (token, key) = (HistoryKey.argsToken, HistoryKey.argsNumber)
                }
            case UInt8(ascii: "o"): (token, key) = (HistoryKey.opToken, HistoryKey.opNumber)
            case UInt8(ascii: "p"): (token, key) = (HistoryKey.pathToken, HistoryKey.pathNumber)
            case UInt8(ascii: "t"): (token, key) = (HistoryKey.tabsToken, HistoryKey.tabsNumber)
            default: return try otherKey()
            }
            if word & ~(UInt64.max &<< (token.length &* 8)) == token.word {
                index &+= token.length
                return (key, false)
            }
        }
        return try otherKey()
    }

    /// ``key()`` for a key that is not a history key's plain token.
    @inline(never)
    mutating func otherKey() throws -> (key: Int, escaped: Bool) {
        let keyStart = index
        let escaped = try string()
        var packed: UInt64 = 0
        if !escaped, index &- keyStart <= 10 {
            for keyIndex in (keyStart &+ 1)..<(index &- 1) { packed = packed << 8 | UInt64(buffer[keyIndex]) }
        }
        switch packed {
        case HistoryKey.seq: return (HistoryKey.seqNumber, escaped)
        case HistoryKey.at: return (HistoryKey.atNumber, escaped)
        case HistoryKey.op: return (HistoryKey.opNumber, escaped)
        case HistoryKey.args: return (HistoryKey.argsNumber, escaped)
        case HistoryKey.path: return (HistoryKey.pathNumber, escaped)
        case HistoryKey.tabs: return (HistoryKey.tabsNumber, escaped)
        default: return (0, escaped)
        }
    }

    /// The value after white space read as a whole by the scanner, from `index`.
    @discardableResult
    mutating func whole<T>(_ read: (inout JSONScanner) throws -> T) throws -> T {
        var value = scanner
        value.position = index
        defer { index = value.position }
        return try read(&value)
    }

    /// The value of the member whose key (history key `number`, or `0` for any other, from
    /// `keyStart` to `keyEnd`) has been read with its colon: checked, `index` moved past it.
    @_transparent
    mutating func member(
        _ number: Int, keyStart: Int, keyEnd: Int, escaped: Bool, valueStart: Int, seq: inout Int, found: inout Int, badTabs: inout Int?
    ) throws {
        switch number {
        case HistoryKey.seqNumber:
            let first = next()
            guard first == UInt8(ascii: "-") || (first &- UInt8(ascii: "0")) < 10 else { throw error("expected a number") }
            if let (number, end) = JSONScanner.shortInt(buffer, at: index) {
                seq = number
                index = end
            } else {
                seq = try longInt()
            }
            guard seq >= 1 else { throw error("seq must be a whole number >= 1", at: valueStart) }
            found |= 1
        case HistoryKey.atNumber:
            _ = try string()
            found |= 2
        case HistoryKey.opNumber:
            _ = try string()
            found |= 4
        case HistoryKey.argsNumber:
            try expect(UInt8(ascii: "["), "'['")
            if next() == UInt8(ascii: "]") {
                index &+= 1
            } else {
                while true {
                    _ = try string()
                    switch next() {
                    case UInt8(ascii: ","): index &+= 1; continue
                    case UInt8(ascii: "]"): index &+= 1
                    default: throw error("expected ',' or ']'")
                    }
                    break
                }
            }
            found |= 8
        case HistoryKey.pathNumber:
            _ = try string()
            found |= 16
        case HistoryKey.tabsNumber:
            try tabs(valueStart: valueStart, badTabs: &badTabs)
        default:
            try otherMember(keyStart: keyStart, keyEnd: keyEnd, escaped: escaped)
        }
    }

    /// The `seq` after white space that is no short integer, read by the scanner (out of line,
    /// as are the members below, to keep ``entry(badTabs:)`` short enough to inline its parts).
    @inline(never)
    mutating func longInt() throws -> Int {
        try whole { try $0.readInt() }
    }

    /// The value of an entry's `tabs`, after white space.
    @inline(never)
    mutating func tabs(valueStart: Int, badTabs: inout Int?) throws {
        // Paths, like `path`: checked as JSON strings here (so that every entry
        // accepted now decodes later), read as paths by undo.
        var paths = scanner
        paths.position = index
        try whole { try $0.skipValue(depth: 4) }
        if badTabs == nil, (try? paths.readArray(depth: 4) { _ = try $0.scanString() }) == nil {
            badTabs = valueStart
        }
    }

    /// The value of a member whose key is no history key (from `keyStart` to `keyEnd`).
    @inline(never)
    mutating func otherMember(keyStart: Int, keyEnd: Int, escaped: Bool) throws {
        // An escaped spelling of a known key is not matched above, but `decodeEntry`
        // (which decodes keys) would read it: refuse it here, so that an entry
        // accepted now is read the same way later.
        let key = JSONScanner.JSONKey(range: keyStart..<keyEnd, escaped: escaped)
        if escaped, HistoryKey.names.contains(try scanner.text(of: key)) {
            throw error("history entry key \(quoted(try scanner.text(of: key))) is written with escapes", at: keyStart)
        }
        try whole { try $0.skipValue(depth: 4) }
    }

    /// The entry whose `{` is next: its members checked, its `seq` returned, `index` moved past
    /// its `}`.
    mutating func entry(badTabs: inout Int?) throws -> Int {
        guard next() == UInt8(ascii: "{") else { throw error("expected '{'") }
        let start = index
        index &+= 1
        var seq = 0
        var found = 0
        if next() == UInt8(ascii: "}") {
            index &+= 1
        } else {
            while true {
                guard next() == UInt8(ascii: "\"") else { throw error("expected a string key") }
                let keyStart = index
                // A history key followed by `: `, as the writer spaces it, told by its first
                // letter and one comparison; any other spelling (white space, escapes, another
                // key) is read by `key()`, by the same rules.
                var number = -1
                var length = 0
                if index &+ 8 <= buffer.count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(buffer.baseAddress!).loadUnaligned(fromByteOffset: index, as: UInt64.self))
                    @inline(__always)
                    func spaced(_ token: (word: UInt64, length: Int), _ key: Int) -> Bool {
                        let spacedLength = token.length &+ 2
                        let mask = spacedLength == 8 ? UInt64.max : ~(UInt64.max &<< (spacedLength &* 8))
                        guard word & mask == token.word | 0x20_3A &<< (token.length &* 8) else { return false }
                        (number, length) = (key, token.length)
                        return true
                    }
                    switch UInt8(truncatingIfNeeded: word >> 8) {
                    case UInt8(ascii: "s"): _ = spaced(HistoryKey.seqToken, HistoryKey.seqNumber)
                    case UInt8(ascii: "a"):
                        if !spaced(HistoryKey.atToken, HistoryKey.atNumber) { _ = spaced(HistoryKey.argsToken, HistoryKey.argsNumber) }
                    case UInt8(ascii: "o"): _ = spaced(HistoryKey.opToken, HistoryKey.opNumber)
                    case UInt8(ascii: "p"): _ = spaced(HistoryKey.pathToken, HistoryKey.pathNumber)
                    case UInt8(ascii: "t"): _ = spaced(HistoryKey.tabsToken, HistoryKey.tabsNumber)
                    default: break
                    }
                }
                let keyEnd: Int
                let valueStart: Int
                var escaped = false
                if number >= 0 {
                    keyEnd = index &+ length
                    index = keyEnd &+ 2
                    valueStart = keyEnd &+ 1
                } else {
                    (number, escaped) = try key()
                    keyEnd = index
                    try expect(UInt8(ascii: ":"), "':'")
                    valueStart = index
                }
                try member(number, keyStart: keyStart, keyEnd: keyEnd, escaped: escaped, valueStart: valueStart, seq: &seq, found: &found, badTabs: &badTabs)
                // `, "` (the writer's space between members): on to the next key's quote.
                if index &+ 3 <= buffer.count, buffer[index] == UInt8(ascii: ","), buffer[index &+ 1] == 0x20,
                    buffer[index &+ 2] == UInt8(ascii: "\"") {
                    index &+= 2
                    continue
                }
                switch next() {
                case UInt8(ascii: ","): index &+= 1; continue
                case UInt8(ascii: "}"): index &+= 1
                default: throw error("expected ',' or '}'")
                }
                break
            }
        }
        guard found == 31 else { throw error("history entry needs seq, at, op, args and path", at: start) }
        return seq
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
