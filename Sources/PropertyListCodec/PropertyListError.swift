/// A failure to read or write a property list: what is wrong, and for a read, the byte
/// offset where it was found.
///
/// ``description`` is one line, such as `object 3 refers to object 9, but there are only 5 at
/// byte 120`, fit to show as it is.
public struct PropertyListError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, without the offset.
    public var reason: String
    /// The offset from the start of the input of the byte where the problem was found, or
    /// `nil` for a failure to write.
    public var offset: Int?

    /// The error `reason`, found at `offset`.
    public init(_ reason: String, at offset: Int?) {
        self.reason = reason
        self.offset = offset
    }

    /// The reason, then where: `reason at byte N`.
    public var description: String {
        guard let offset else { return reason }
        return "\(reason) at byte \(offset)"
    }
}
