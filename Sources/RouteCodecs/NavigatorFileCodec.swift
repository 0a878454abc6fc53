import RouteModel

/// The navigator file format (``NavigatorFile``, format 1) as a ``NavigatorCodec``.
public struct NavigatorFileCodec: NavigatorCodec {
    /// A codec for the navigator file format.
    public init() {}

    public var maxBytes: Int { NavigatorFile.maxBytes }

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
