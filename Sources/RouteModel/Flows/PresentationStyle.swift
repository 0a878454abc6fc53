/// How a flow is shown over another: as a sheet, or as a full-screen cover.
public enum PresentationStyle: String, CaseIterable, Hashable, Sendable {
    /// A sheet (SwiftUI's `.sheet`).
    case sheet
    /// A full-screen cover (SwiftUI's `.fullScreenCover`).
    case cover
}
