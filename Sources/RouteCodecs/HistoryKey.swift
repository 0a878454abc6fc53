/// The keys of a history entry, packed for ``JSONScanner/packedKey(_:)`` (written as literals
/// so that reading them costs nothing; a test checks them against ``JSONScanner/packed(_:)``).
package enum HistoryKey {
    package static let seq: UInt64 = 0x73_65_71  // "seq"
    package static let at: UInt64 = 0x61_74  // "at"
    package static let op: UInt64 = 0x6F_70  // "op"
    package static let args: UInt64 = 0x61_72_67_73  // "args"
    package static let path: UInt64 = 0x70_61_74_68  // "path"
    package static let tabs: UInt64 = 0x74_61_62_73  // "tabs"
    /// The keys numbered, so that the reader tells them apart with one jump (`0` is any other key).
    package static var seqNumber: Int { 1 }
    package static var atNumber: Int { 2 }
    package static var opNumber: Int { 3 }
    package static var argsNumber: Int { 4 }
    package static var pathNumber: Int { 5 }
    package static var tabsNumber: Int { 6 }
    /// The same keys as text.
    package static let names: Set<String> = ["seq", "at", "op", "args", "path", "tabs"]

    /// The keys' string tokens as they stand in the bytes, quotes included (`"seq"`), each as
    /// the little-endian word of its bytes and its length: the reader tells a plain key with one
    /// comparison (a test checks them against the text). Computed, so that they are constants in
    /// the code rather than globals initialized on first use.
    package static var seqToken: (word: UInt64, length: Int) { (0x22_7165_7322, 5) }
    package static var atToken: (word: UInt64, length: Int) { (0x2274_6122, 4) }
    package static var opToken: (word: UInt64, length: Int) { (0x2270_6F22, 4) }
    package static var argsToken: (word: UInt64, length: Int) { (0x2273_6772_6122, 6) }
    package static var pathToken: (word: UInt64, length: Int) { (0x2268_7461_7022, 6) }
    package static var tabsToken: (word: UInt64, length: Int) { (0x2273_6261_7422, 6) }
}
