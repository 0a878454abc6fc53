/// Bytes as a set element or dictionary key, hashed once, when made, in one call over their
/// buffer rather than byte by byte (as `[UInt8]`'s own `Hashable` does, ten times slower): the
/// codec checks keys for duplicates and writes each scalar once, which hashes every key and
/// value it meets. A set that grows hashes each element again on every resize; that is then
/// the stored hash, not the bytes.
package struct HashedBytes: Hashable {
    /// The bytes' hash, compared first (equal bytes have equal hashes).
    private let hash: Int
    /// The bytes.
    package let bytes: [UInt8]

    package init(_ bytes: [UInt8]) {
        var hasher = Hasher()
        hasher.combine(bytes.count)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        self.hash = hasher.finalize()
        self.bytes = bytes
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
