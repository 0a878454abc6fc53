/// What a codec read along with a value and wants back when it writes that value again, such as
/// members of the file this build does not know.
///
/// The model carries it from read to write and never looks inside; it takes no part in
/// equality. Only the codec that made it knows its type, so a second codec can exist beside the
/// first without the model changing.
///
/// A class, immutable: a route that carries one is copied with one reference counted, not an
/// existential copied through the runtime's generic witnesses (a route is copied often, and a
/// path of 1,000 screens has 1,000 of them).
public final class Preserved: Sendable {
    /// The codec's own value.
    public let payload: any Sendable

    /// Wraps a codec's value.
    public init(_ payload: any Sendable) {
        self.payload = payload
    }
}
