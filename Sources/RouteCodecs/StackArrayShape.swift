import JSONText

/// What the formats kept as one JSON array (`codable-array`, `flowstacks`) look at to
/// recognize their bytes: a scan of the array's elements that builds nothing.
///
/// A value that breaks off (invalid JSON) is judged by the elements before the break, so that
/// the format it was meant to be says what is wrong with it.
struct StackArrayShape {
    /// Whether the bytes start, after white space, with `[`.
    private(set) var isArray = false
    /// How many elements were scanned.
    private(set) var count = 0
    /// Whether the first element is an object.
    private(set) var firstIsObject = false
    /// Whether the first element is a FlowStacks route or route style: an object with one
    /// member, `push`, `sheet` or `cover`.
    private(set) var firstIsRoute = false
    /// Whether every element scanned is a FlowStacks route (see ``firstIsRoute``).
    private(set) var allRoutes = true
    /// Whether the second element is an object (in FlowPath's triples, a style is followed by
    /// a type name, a string).
    private(set) var secondIsObject = false

    init(_ bytes: [UInt8]) {
        var scanner = JSONScanner(bytes)
        guard scanner.peek() == UInt8(ascii: "[") else { return }
        isArray = true
        struct Decided: Error {}
        try? scanner.readArray(depth: 0) { scanner in
            // Past two elements, only FlowStacks' routes look at the rest (all must be routes):
            // an array of anything else (NavigationPath's strings) is decided, and not scanned on.
            if count >= 2, !firstIsRoute { throw Decided() }
            let byte = scanner.peek()
            if count == 1 { secondIsObject = byte == UInt8(ascii: "{") }
            var isRoute = false
            if byte == UInt8(ascii: "{") {
                var members = 0
                var named = true
                try scanner.readObject(depth: 1) { scanner, key in
                    members += 1
                    named = named && (key == "push" || key == "sheet" || key == "cover")
                    try scanner.skipValue(depth: 2)
                }
                isRoute = members == 1 && named
            } else {
                try scanner.skipValue(depth: 1)
            }
            if count == 0 {
                firstIsObject = byte == UInt8(ascii: "{")
                firstIsRoute = isRoute
            }
            allRoutes = allRoutes && isRoute
            count += 1
        }
    }

    /// Whether this is FlowStacks' state: `[Route<Screen>]` (every element a `push`, `sheet`
    /// or `cover` route), `FlowPath.CodableRepresentation` (a route style, then a type name),
    /// or the empty array, which could be either.
    var isFlowStacks: Bool {
        isArray && (count == 0 || (firstIsRoute && (allRoutes || isFlowPath)))
    }

    /// Whether this is FlowPath's triples rather than `[Route<Screen>]`: a route style followed
    /// by what is no object (its type name, a string).
    var isFlowPath: Bool {
        firstIsRoute && count >= 2 && !secondIsObject
    }

    /// Whether this is an array of enum values (TCA's `StackState`, `[Route]`): empty, or
    /// starting with an object, and not FlowStacks' state.
    var isCodableArray: Bool {
        isArray && (count == 0 || (firstIsObject && !isFlowStacks))
    }
}
