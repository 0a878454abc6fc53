/// A set of names for spotting duplicates, cheap for the few names a route or JSON object
/// usually has: up to 16 are compared in a small array (no hashing, one allocation), and only
/// a longer list moves into a `Set`, so that hostile input with thousands stays linear.
package struct UniqueNames {
    private var few: [String] = []
    private var many: Set<String>?

    package init() {}

    /// Adds `name`; returns `false` when it was already there.
    package mutating func insert(_ name: String) -> Bool {
        if many != nil {
            return many!.insert(name).inserted
        }
        if few.contains(name) { return false }
        few.append(name)
        if few.count > 16 {
            many = Set(few)
            few = []
        }
        return true
    }
}
