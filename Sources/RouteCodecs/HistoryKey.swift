/// The keys of a history entry, packed for ``JSONScanner/packedKey(_:)`` (written as literals
/// so that reading them costs nothing; a test checks them against ``JSONScanner/packed(_:)``).
package enum HistoryKey {
    package static let seq: UInt64 = 0x73_65_71  // "seq"
    package static let at: UInt64 = 0x61_74  // "at"
    package static let op: UInt64 = 0x6F_70  // "op"
    package static let args: UInt64 = 0x61_72_67_73  // "args"
    package static let path: UInt64 = 0x70_61_74_68  // "path"
    package static let tabs: UInt64 = 0x74_61_62_73  // "tabs"
    /// The same keys as text.
    package static let names: Set<String> = ["seq", "at", "op", "args", "path", "tabs"]
}
