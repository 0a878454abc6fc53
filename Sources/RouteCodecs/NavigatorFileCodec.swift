import JSONText
import RouteModel

/// The navigator file format (``NavigatorFile``, format 1) as a ``NavigatorCodec``.
public struct NavigatorFileCodec: NavigatorCodec {
    /// A codec for the navigator file format.
    public init() {}

    public var name: String { NavigatorState.ownFormatName }

    public var summary: String? { #"routectl's navigator JSON, an object with a "format" member"# }

    /// routectl's own format starts from nothing: a missing file or key reads as a fresh state.
    public var canCreate: Bool { true }

    /// routectl's own format keeps the history inside the state.
    public var keepsHistory: Bool { true }

    public var maxBytes: Int { NavigatorFile.maxBytes }

    /// Whether `bytes` are a JSON object with a `format` member at its top level: routectl's,
    /// however corrupt the rest is. (Another library's JSON is not routectl's to read.) The look
    /// stops at that member, which routectl writes first, so it costs nothing next to a decode.
    public func recognizes(_ bytes: [UInt8]) -> Bool {
        guard FormatTable.startsWithObject(bytes) else { return false }
        struct Found: Error {}
        var scanner = JSONScanner(bytes)
        do {
            try scanner.readObject(depth: 1) { scanner, key in
                if key == "format" { throw Found() }
                _ = try scanner.skipValue(depth: 2)
            }
        } catch is Found {
            return true
        } catch {}
        return false
    }

    /// Decodes a navigator file.
    public func decode(_ bytes: [UInt8]) throws -> NavigatorState {
        try NavigatorFile.decode(bytes)
    }

    public func checkWritable(_ state: NavigatorState) throws {
        guard state.format > NavigatorState.currentFormat else { return }
        throw NavigatorError(
            .newerFormat,
            "has format \(state.format), newer than this build understands (\(NavigatorState.currentFormat)); it is read-only here")
    }

    public func encode(_ state: inout NavigatorState) throws -> EncodedState {
        try checkEveryPresentationNavigates(state.tree, description: "routectl's navigator file")
        let (pieces, dropped) = try NavigatorFile.encode(&state, limit: maxBytes)
        return EncodedState(pieces: pieces, droppedHistory: dropped)
    }
}

extension NavigatorFileCodec {
    /// The tree's routes by path, the initial route (`initial`), and every route of every kept
    /// history entry's path and tabs (`history[3].path home/details`), as `undo` would bring
    /// them back; an entry that does not decode gives none (reading its history refuses it).
    public func routePlaces(in state: NavigatorState) -> [RoutePlace] {
        var places = RoutePlace.pathPlaces(state.tree)
        if state.tree.hasRoot { places.append(RoutePlace("initial", state.initial)) }
        if let start = state.history.validStart {
            places += RoutePlace.places(inPath: start.path, member: "historyStart.path")
            for (index, tab) in (start.tabs ?? []).enumerated() {
                places += RoutePlace.places(inPath: tab, member: "historyStart.tabs[\(index)]")
            }
        }
        for index in 0..<state.history.count {
            guard let entry = try? state.history.entry(at: index) else { continue }
            places += RoutePlace.places(inPath: entry.path, member: "history[\(index)].path")
            for (tabIndex, tab) in (entry.tabs ?? []).enumerated() {
                places += RoutePlace.places(inPath: tab, member: "history[\(index)].tabs[\(tabIndex)]")
            }
        }
        return places
    }
}
