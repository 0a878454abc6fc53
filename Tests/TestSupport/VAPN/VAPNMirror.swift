import Foundation

/// VAPersistentNavigator's saved state (tag 4.0.0) as its own `Codable` code reads and writes
/// it, for tests: an app's `PersistentViewNavigator<Destination, TabTag, SheetTag>` with the
/// app types of shared/notes/app-storage-formats.md §1.3, extended with cases that exercise
/// every kind of value. Written from the notes (§1 as corrected by §6); the library's code is
/// not copied. What routectl writes is proved readable by decoding it with these types.
public enum VAPNMirror {
    /// `NavigatorKind`: synthesized `Codable`, so `{"flow":{}}`. (No raw type here or in the
    /// tags: a `String` raw value would make `Codable` write `"flow"` instead.)
    public enum Kind: Codable, Hashable, Sendable, CaseIterable {
        case singleView, flow, tabView
    }

    /// `TypedNavigatorPresentation<SheetTag>`: synthesized `Codable`, so `{"sheet":{}}` (a nil
    /// tag is left out), `{"sheet":{"tag":{"first":{}}}}` or `{"fullScreenCover":{}}`.
    public enum Presentation: Codable, Hashable, Sendable {
        case sheet(tag: SheetTag? = nil)
        case fullScreenCover

        /// A sheet without a tag, the library's default presentation.
        public static var sheet: Presentation { .sheet() }
    }

    /// The app's route enum (`PersistentDestination`, synthesized `Codable`).
    public enum Destination: Codable, Hashable, Sendable {
        case main
        case details(Int)
        case settings
        case profile(id: Int, name: String)
        case feature(Feature)
        case tags([String])
        case urlExample(URL)
        /// A nil note is left out: `{"optionalNote":{}}`.
        case optionalNote(String?)
    }

    /// An enum carried as a payload: `{"feature":{"_0":{"item":{"_0":3}}}}`.
    public enum Feature: Codable, Hashable, Sendable {
        case more
        case item(Int)
    }

    /// The app's tab tags (`PersistentTabItemTag`).
    public enum TabTag: Codable, Hashable, Sendable, CaseIterable {
        case first, second
    }

    /// The app's sheet tags (`PersistentSheetTag`).
    public enum SheetTag: Codable, Hashable, Sendable, CaseIterable {
        case first
    }
}
