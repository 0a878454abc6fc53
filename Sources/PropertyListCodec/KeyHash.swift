/// The hash by which a dictionary's keys are found twice through a table, in a binary plist's
/// check (``BinaryPropertyListIndex``) and an XML plist's reader (``XMLPropertyListReader``): a
/// seed, each word of eight bytes mixed in turn, then the bits spread.
enum KeyHash {
    /// A seed that differs from process to process (a file cannot be built to collide).
    static let seed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0xCBF2_9CE4_8422_2325 as UInt64)
        return UInt64(truncatingIfNeeded: hasher.finalize()) | 1
    }()

    /// One step: `word` mixed into `hash`.
    @inline(__always) static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
        return mixed ^ mixed >> 32
    }

    /// The last step: ``mix(_:_:)``'s multiplication carries only upwards, so keys that differ
    /// only in their last word's high bytes (`setting1`, `setting2`, "...numéro 12") would fill
    /// one slot of the table; this spreads every bit over the low ones (MurmurHash3's
    /// finalizer).
    @inline(__always) static func finish(_ hash: UInt64) -> UInt64 {
        var hash = hash
        hash ^= hash &>> 33
        hash = hash &* 0xFF51_AFD7_ED55_8CCD
        hash ^= hash &>> 33
        return hash
    }
}
