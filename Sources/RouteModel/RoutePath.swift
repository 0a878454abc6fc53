/// The one-line text form of a navigation state: `home/details?id=42&tab=info/settings`.
///
/// The root comes first, then each pushed route, joined by `/`. A route's parameters follow `?`
/// as `key=value` joined by `&`; every byte of a value outside `A-Z a-z 0-9 - . _ ~` is written
/// `%XX`. Keys need no escaping: they follow the route-name rule.
public enum RoutePath {
    /// The path of a root route and the stack above it.
    public static func render(root: Route, stack: [Route]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32 * (stack.count + 1))
        append(root, to: &bytes)
        for route in stack {
            bytes.append(UInt8(ascii: "/"))
            append(route, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The path segment of one route, such as `details?id=42`.
    public static func segment(_ route: Route) -> String {
        var bytes: [UInt8] = []
        append(route, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses a path back into routes, root first, validating every name and parameter.
    ///
    /// This is the inverse of ``render(root:stack:)``; it is the start of deep-link support.
    public static func parse(_ path: String) throws -> [Route] {
        guard !path.isEmpty else {
            throw NavigatorError(.invalidInput, "invalid path '': it names no route")
        }
        return try path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            let parts = segment.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            var parameters: [Route.Parameter] = []
            if parts.count == 2 {
                for pair in parts[1].split(separator: "&", omittingEmptySubsequences: false) {
                    let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    guard kv.count == 2, let value = percentDecoded(kv[1]) else {
                        throw NavigatorError(.invalidInput, "invalid path segment \(quoted(String(segment)))")
                    }
                    parameters.append(try Route.Parameter(key: String(kv[0]), value: value))
                }
            }
            return try Route(String(parts[0]), parameters: parameters)
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func append(_ route: Route, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: route.name.utf8)
        for (index, parameter) in route.parameters.enumerated() {
            bytes.append(index == 0 ? UInt8(ascii: "?") : UInt8(ascii: "&"))
            bytes.append(contentsOf: parameter.key.utf8)
            bytes.append(UInt8(ascii: "="))
            for byte in parameter.value.utf8 {
                if isUnreserved(byte) {
                    bytes.append(byte)
                } else {
                    bytes.append(UInt8(ascii: "%"))
                    bytes.append(hexDigits[Int(byte >> 4)])
                    bytes.append(hexDigits[Int(byte & 0x0F)])
                }
            }
        }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(JSONScanner.hexValue), let low = iterator.next().flatMap(JSONScanner.hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
