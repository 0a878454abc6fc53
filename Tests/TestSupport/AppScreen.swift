import Foundation

/// An app's route enum, as the stack formats' fixtures hold it (TCA's `StackState`, a `[Route]`
/// in `@AppStorage`, FlowStacks' `Route<Screen>`): synthesized `Codable`, with a case of every
/// payload shape — unit, unlabelled, labelled, a nested enum, an array, an optional, and text
/// that `JSONEncoder` escapes (`/`, quotes, non-ASCII).
public enum AppScreen: Codable, Hashable, Sendable, CustomStringConvertible {
    /// `{"home":{}}`.
    case home
    /// `{"details":{"_0":42}}`.
    case details(Int)
    /// `{"profile":{"id":7,"name":"Ann"}}` (members in any order).
    case profile(id: Int, name: String)
    /// `{"feature":{"_0":{"item":{"_0":3}}}}`.
    case feature(Feature)
    /// `{"tags":{"_0":["a","b"]}}`.
    case tags([String])
    /// `{"note":{}}` for nil, `{"note":{"_0":"a/b"}}` (written `a\/b`).
    case note(String?)
    /// `{"settings":{}}`.
    case settings

    /// An enum carried as a payload.
    public enum Feature: Codable, Hashable, Sendable {
        case more
        case item(Int)
    }

    public var description: String {
        switch self {
        case .home: "home"
        case .details(let id): "details(\(id))"
        case .profile(let id, let name): "profile(id: \(id), name: \(name.debugDescription))"
        case .feature(.more): "feature(more)"
        case .feature(.item(let n)): "feature(item(\(n)))"
        case .tags(let tags): "tags(\(tags))"
        case .note(let note): "note(\(note.map(\.debugDescription) ?? "nil"))"
        case .settings: "settings"
        }
    }

    /// One screen of each shape, in the order above.
    public static let everyShape: [AppScreen] = [
        .home, .details(42), .profile(id: 7, name: "Ann \"Zoë\""), .feature(.item(3)), .feature(.more),
        .tags(["a", "b"]), .note(nil), .note("a/b — 日本"), .settings,
    ]
}
