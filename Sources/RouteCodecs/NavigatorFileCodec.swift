import RouteModel

/// The navigator file format (``NavigatorFile``, format 1) as a ``NavigatorCodec``.
public struct NavigatorFileCodec: NavigatorCodec {
    /// A codec for the navigator file format.
    public init() {}

    public var name: String { "routectl" }

    public var maxBytes: Int { NavigatorFile.maxBytes }

    /// Whether `bytes` start, after white space, with `{`: routectl's file is a JSON object.
    public func recognizes(_ bytes: [UInt8]) -> Bool {
        FormatTable.startsWithObject(bytes)
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
        let (bytes, dropped) = try NavigatorFile.encode(&state, limit: maxBytes)
        return EncodedState(bytes: bytes, droppedHistory: dropped)
    }
}
