import Foundation

/// Arrays of the app's enum values as TCA and apps write them, for tests: lists of
/// ``AppScreen`` encoded by Foundation's `JSONEncoder()` through ``TCAMirror/StackState``, the
/// notes' documents, and the decoder that proves what routectl wrote is read back.
public enum CodableArrayFixtures {
    /// The notes' documents (§3 and §4), byte for byte as printed there.
    public enum Notes {
        /// A `[Route]` kept in `@AppStorage` as a JSON string.
        public static let appStorage = #"[{"details":{"_0":42}}]"#
        /// TCA's path of a `@Reducer(state: .codable) enum Path { case detail(DetailFeature) }`:
        /// the case's payload is a feature's state, a struct.
        public static let tcaPath = #"[{"detail":{"_0":{"id":42}}}]"#
    }

    /// The fixtures' stacks, bottom first.
    public enum Stack: String, CaseIterable, Sendable, CustomStringConvertible {
        /// home → details(42).
        case two
        /// Every shape of screen (``AppScreen/everyShape``).
        case everyShape
        /// Nothing.
        case empty

        public var description: String { rawValue }

        public var screens: [AppScreen] {
            switch self {
            case .two: [.home, .details(42)]
            case .everyShape: AppScreen.everyShape
            case .empty: []
            }
        }

        /// The stack as TCA saves it (``CodableArrayFixtures/encode(_:)``).
        public var json: [UInt8] { CodableArrayFixtures.encode(screens) }
    }

    /// `screens` as TCA encodes a `StackState`: `JSONEncoder()`, default settings.
    public static func encode(_ screens: [AppScreen]) -> [UInt8] {
        Array(try! JSONEncoder().encode(TCAMirror.StackState(screens)))
    }

    /// `bytes` as TCA decodes a `StackState`: `JSONDecoder()`, default settings.
    public static func decode(_ bytes: [UInt8]) throws -> [AppScreen] {
        try JSONDecoder().decode(TCAMirror.StackState<AppScreen>.self, from: Data(bytes)).elements
    }
}
