/// Bytes as a set element or dictionary key, hashed in one call over their buffer rather than
/// byte by byte (as `[UInt8]`'s own `Hashable` does, ten times slower): the codec checks keys
/// for duplicates and writes each scalar once, which hashes every key and value it meets.
package struct HashedBytes: Hashable {
    /// The bytes.
    package let bytes: [UInt8]

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.count)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
