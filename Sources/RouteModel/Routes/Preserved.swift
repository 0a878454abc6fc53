/// What a codec read along with a value and wants back when it writes that value again, such as
/// members of the file this build does not know.
///
/// The model carries it from read to write and never looks inside; it takes no part in
/// equality. Only the codec that made it knows its type, so a second codec can exist beside the
/// first without the model changing.
public struct Preserved: Sendable {
    /// The codec's own value.
    public let payload: any Sendable

    /// Wraps a codec's value.
    public init(_ payload: any Sendable) {
        self.payload = payload
    }
}
