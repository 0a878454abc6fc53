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
            throw NavigatorError(.invalidFile, "is larger than \(byteSize(maxBytes)) (\(bytes.count) bytes)")
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
                    "the change would make the file \(total) bytes, more than the \(byteSize(limit)) a navigator file may hold, even keeping only the newest history entry",
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

    /// The history array at `start` (its value in a file) as the file reader reads it: where each
    /// entry stands, the highest `seq`, and the index after the array. `nil` for an empty history.
    package static func readHistory(_ bytes: [UInt8], at start: Int) throws -> (history: JSONStoredHistory?, end: Int) {
        var scanner = JSONScanner(bytes)
        scanner.position = start
        var badTabs: Int?
        let history = try FileReader.readHistory(&scanner, badTabs: &badTabs)
        guard badTabs == nil else { throw JSONSyntaxError(reason: "a history entry's \"tabs\" must be an array of paths (strings)", offset: badTabs) }
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
