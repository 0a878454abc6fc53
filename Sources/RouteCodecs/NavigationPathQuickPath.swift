import JSONText
import RouteModel

/// What `show --path` prints of a SwiftUI `NavigationPath` document, written in one pass over
/// its bytes (``NavigationPathCodec/recognizedPath(_:)``): no scan of its strings first, no
/// route, element or state made. Each element's string is read as it stands
/// (``NavigationPathQuickRoute/element(inStringAt:of:parts:)``) and its segment written at once.
///
/// It reads the documents an app's encoder writes, compact or pretty: a JSON array of strings
/// in pairs, each type name module-qualified and without escapes or bytes outside ASCII, each
/// element one ``NavigationPathQuickRoute`` reads. Anything else is `nil`, for decoding to read
/// (or refuse): where this gives a path, it is the one decoding gives (the codec's fuzz tests
/// compare them on every case).
enum NavigationPathQuickPath {
    static func path(of bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { buffer in
            var walk = Walk(buffer: buffer)
            return walk.path()
        }
    }

    /// `utf8` as a string with room for one byte more: a line end a caller adds (as `show`
    /// does) goes in place, without a copy of the path.
    static func string(_ utf8: UnsafeBufferPointer<UInt8>) -> String {
        if #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) {
            return String(unsafeUninitializedCapacity: utf8.count + 1) { string in
                (string.baseAddress! as UnsafeMutablePointer<UInt8>).update(from: utf8.baseAddress!, count: utf8.count)
                return utf8.count
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    private struct Walk {
        let buffer: UnsafeBufferPointer<UInt8>
        var index = 0
        /// The distinct type names met (their strings' ranges, quotes included), and each one's
        /// route name once asked for.
        var types: [Range<Int>] = []
        var routeNames: [String??] = []

        init(buffer: UnsafeBufferPointer<UInt8>) {
            self.buffer = buffer
        }

        mutating func skipWhitespace() {
            while index < buffer.count {
                switch buffer[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        /// Consumes `byte`, after white space, when it is next.
        mutating func take(_ byte: UInt8) -> Bool {
            skipWhitespace()
            guard index < buffer.count, buffer[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func path() -> String? {
            guard take(UInt8(ascii: "[")) else { return nil }
            if take(UInt8(ascii: "]")) {
                skipWhitespace()
                return index == buffer.count ? "/" : nil
            }
            // The path is written from the end of a buffer back, a segment at a time: the
            // document holds the top first. Each segment takes at most three bytes per byte of
            // its pair (a value's bytes escaped; a type's route name is part of its name), so
            // 3n bytes hold it all; only the pages written are touched.
            let count = buffer.count
            let capacity = 3 * count + 8
            let output = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
            let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
            defer {
                output.deallocate()
                scratch.deallocate()
            }
            var parts = NavigationPathQuickRoute.Parts()
            var start = capacity
            repeat {
                skipWhitespace()
                guard let type = typeName(), take(UInt8(ascii: ",")) else { return nil }
                skipWhitespace()
                guard index < count, buffer[index] == UInt8(ascii: "\""),
                    let close = NavigationPathQuickRoute.element(inStringAt: index, of: buffer, parts: &parts),
                    let end = NavigationPathQuickRoute.writeSegment(
                        parts, in: buffer, routeName: parts.name == nil ? routeName(type) : nil, to: scratch, at: 0),
                    end < start  // always (see above): never written past the front
                else { return nil }
                index = close + 1
                (output.baseAddress! + start - end).update(from: scratch.baseAddress!, count: end)
                start -= end + 1
                output[start] = UInt8(ascii: "/")
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "]")) else { return nil }
            skipWhitespace()
            guard index == count else { return nil }
            return NavigationPathQuickPath.string(UnsafeBufferPointer(rebasing: output[start...]))
        }

        /// Reads the type name whose string is next, one without escapes or bytes outside
        /// ASCII, and returns its index in ``types``; `nil` for any other string, or a name that
        /// is not module-qualified.
        mutating func typeName() -> Int? {
            guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else { return nil }
            let start = index
            // Up to the first quote, backslash, control character or byte outside ASCII.
            index = JSONScanner.skipPlainBytes(buffer, from: index + 1)
            guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
            let range = start..<index
            // A path names few types over and over: the last few met are looked at first.
            var known = types.count - 1
            while known >= 0, known >= types.count - 8 {
                if NavigationPathCodec.sameString(types[known], range, in: buffer) { return known }
                known -= 1
            }
            guard NavigationPathTypeName.kind(of: UnsafeBufferPointer(rebasing: buffer[(start + 1)..<(index - 1)])) == .readable else { return nil }
            types.append(range)
            routeNames.append(nil)
            return types.count - 1
        }

        /// The route name a plain value of type `type` shows under (``NavigationPathTypeName/routeName``).
        mutating func routeName(_ type: Int) -> String? {
            if let known = routeNames[type] { return known }
            let range = types[type]
            let name = NavigationPathTypeName(String(decoding: UnsafeBufferPointer(rebasing: buffer[(range.lowerBound + 1)..<(range.upperBound - 1)]), as: UTF8.self)).routeName
            routeNames[type] = .some(name)
            return name
        }
    }
}
