/// A member of a JSON object kept as it was read: its key and the exact bytes of its value.
///
/// Used for keys this build does not know, so rewriting a file loses nothing.
package struct JSONMember: Sendable {
    /// The member's key, decoded.
    package var key: String
    /// The value's bytes, exactly as they stood in the file.
    package var value: ArraySlice<UInt8>

    package init(key: String, value: ArraySlice<UInt8>) {
        self.key = key
        self.value = value
    }
}
