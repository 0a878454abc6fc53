/// A member of a JSON object kept as it was read: its key and the exact bytes of its value.
///
/// Used for keys this build does not know, so rewriting a file loses nothing.
struct JSONMember: Sendable {
    /// The member's key, decoded.
    var key: String
    /// The value's bytes, exactly as they stood in the file.
    var value: ArraySlice<UInt8>
}
