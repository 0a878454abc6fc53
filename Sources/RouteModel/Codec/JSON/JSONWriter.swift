/// Builds JSON text as UTF-8 bytes, in exactly the order and layout its caller writes it.
///
/// There is no reflection and no sorting: the caller decides key order, which keeps every
/// document routectl writes in a fixed, documented order.
public struct JSONWriter: Sendable {
    /// The text written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty writer, with room for about `capacity` bytes.
    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far, as a string.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends text as it is: punctuation, white space or already-encoded JSON.
    public mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends already-encoded JSON bytes.
    mutating func raw(_ encoded: ArraySlice<UInt8>) {
        bytes.append(contentsOf: encoded)
    }

    /// Appends a quoted, escaped JSON string.
    public mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a whole number.
    public mutating func integer(_ value: Int) {
        raw(String(value))
    }

    /// Appends `["a", "b"]`.
    public mutating func stringArray(_ values: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { raw(", ") }
            string(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends a route as `{"name": "...", "params": {...}}`, leaving `params` out when empty
    /// and keeping members this build does not know after the known ones.
    public mutating func route(_ route: Route) {
        raw("{\"name\": ")
        string(route.name)
        if !route.parameters.isEmpty {
            raw(", \"params\": {")
            for (index, parameter) in route.parameters.enumerated() {
                if index > 0 { raw(", ") }
                string(parameter.key)
                raw(": ")
                string(parameter.value)
            }
            raw("}")
        }
        for member in (route.preserved?.payload as? [JSONMember]) ?? [] {
            raw(", ")
            string(member.key)
            raw(": ")
            raw(member.value)
        }
        raw("}")
    }

    /// Appends `[route, route]`.
    public mutating func routeArray(_ routes: [Route]) {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in routes.enumerated() {
            if index > 0 { raw(", ") }
            route(element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends a history entry on one line, keys in the order `seq`, `at`, `op`, `args`, `path`.
    public mutating func historyEntry(_ entry: HistoryEntry) {
        raw("{\"seq\": ")
        integer(entry.seq)
        raw(", \"at\": ")
        string(entry.at)
        raw(", \"op\": ")
        string(entry.op)
        raw(", \"args\": ")
        stringArray(entry.args)
        raw(", \"path\": ")
        string(entry.path)
        raw("}")
    }

    /// Appends the members the file and `show --json` share, each after `,` on a line of its
    /// own at the top level: `initial`, `root` and `stack`.
    public mutating func routeMembers(of state: NavigatorState) {
        raw(",\n  \"initial\": ")
        route(state.initial)
        raw(",\n  \"root\": ")
        route(state.root)
        raw(",\n  \"stack\": ")
        routeArray(state.stack)
    }

    /// Appends `,` and the `routes` member when the state declares routes.
    public mutating func routeList(of state: NavigatorState) {
        guard let routes = state.routes else { return }
        raw(",\n  \"routes\": ")
        stringArray(routes)
    }
}
