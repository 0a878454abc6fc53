import RouteModel

/// A value that several formats read as the same state, so that its content cannot tell whose
/// it is: `[]`, the empty stack of codable-array, flowstacks and navigation-path alike.
///
/// It reads as that state (shown, popped, reset: nothing to change), and refuses to write a
/// different one, since what a new element looks like depends on the format: `--format` says.
struct UndecidedFormat: NavigatorCodec {
    /// The formats that read the value, in the table's order.
    let candidates: [any NavigatorCodec]

    var name: String {
        candidates.dropLast().map(\.name).joined(separator: ", ") + " or " + candidates[candidates.count - 1].name
    }

    var summary: String? { nil }

    var maxBytes: Int { candidates[0].maxBytes }

    func recognizes(_ bytes: [UInt8]) -> Bool { candidates.allSatisfy { $0.recognizes(bytes) } }

    func decode(_ bytes: [UInt8]) throws -> NavigatorState {
        try candidates[0].decode(bytes)
    }

    func checkWritable(_ state: NavigatorState) throws {}

    func encode(_ state: inout NavigatorState) throws -> EncodedState {
        throw FormatTable.severalFormats(candidates.map(\.name))
    }
}
