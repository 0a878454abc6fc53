import Foundation

/// TCA's `StackState` as its own `Codable` conformance reads and writes it, for tests: the plain
/// array of its elements (their ids are not kept), as
/// shared/notes/app-storage-formats.md §4 describes `StackReducer.swift`; the library's code is
/// not copied. An app that keeps `[Route]` in `@AppStorage` or a file writes the same array.
public enum TCAMirror {
    /// `StackState<Element>`: encodes and decodes as `[Element]`.
    public struct StackState<Element> {
        public var elements: [Element]

        public init(_ elements: [Element]) {
            self.elements = elements
        }
    }
}

extension TCAMirror.StackState: Decodable where Element: Decodable {
    public init(from decoder: any Decoder) throws {
        self.init(try [Element](from: decoder))
    }
}

extension TCAMirror.StackState: Encodable where Element: Encodable {
    public func encode(to encoder: any Encoder) throws {
        try elements.encode(to: encoder)
    }
}
