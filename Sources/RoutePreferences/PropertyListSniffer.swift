import PropertyListCodec
import RouteCodecs
import RouteModel

/// A codec for a navigator file that first looks whether the file is an app's preferences
/// instead: a property list is not a navigator file, and the route is under one of its keys,
/// so it is refused with the keys that could hold one.
///
/// The JSON codec knows nothing of property lists; a store reading a file the user named puts
/// this in front of it.
public struct PropertyListSniffer: NavigatorCodec {
    /// The codec that reads what is not a property list.
    public let wrapped: any NavigatorCodec

    /// `wrapped`, behind the property-list check.
    public init(_ wrapped: any NavigatorCodec) {
        self.wrapped = wrapped
    }

    public var name: String { wrapped.name }

    public var maxBytes: Int { wrapped.maxBytes }

    public var summary: String? { wrapped.summary }

    public var canCreate: Bool { wrapped.canCreate }

    public var keepsHistory: Bool { wrapped.keepsHistory }

    /// Whether the wrapped codec recognizes `bytes`, or they are a property list: that is this
    /// codec's to refuse (``decode(_:)``), also in a table narrowed to its format (`--format`),
    /// which would otherwise refuse it as not in that format.
    public func recognizes(_ bytes: [UInt8]) -> Bool {
        wrapped.recognizes(bytes) || PropertyListFormat.detect(bytes) != nil
    }

    /// Decodes `bytes` with the wrapped codec.
    ///
    /// - Throws: as ``NavigatorCodec/decode(_:)``, and `invalidInput` with the fact
    ///   ``NavigatorError/Fact/propertyListNeedsKey(candidates:)`` for a property list.
    public func decode(_ bytes: [UInt8]) throws -> NavigatorState {
        if PropertyListFormat.detect(bytes) != nil {
            let document = try? PropertyListDocument.decode(bytes, name: "")
            throw NavigatorError(
                .invalidInput, "is a property list, not a navigator file: say which of its keys holds the route",
                detail: PreferencesFact.propertyListNeedsKey(candidates: document.map { PreferenceKey.candidates(in: $0.dictionary) } ?? []))
        }
        return try wrapped.decode(bytes)
    }

    public func checkWritable(_ state: NavigatorState) throws {
        try wrapped.checkWritable(state)
    }

    public func encode(_ state: inout NavigatorState) throws -> EncodedState {
        try wrapped.encode(&state)
    }
}
