import RouteModel

/// What `show --path` prints of a SwiftUI `NavigationPath` document, written in one pass over
/// its bytes (``NavigationPathCodec/recognizedPath(_:)``, ``NavigationPathQuickWalk``): no route,
/// element or state made, each element's segment written as it is read. `nil` for a document
/// the walk refuses, for decoding to read (or refuse): where this gives a path, it is the one
/// decoding gives (the codec's fuzz tests compare them on every case).
enum NavigationPathQuickPath {
    /// The path of `bytes`, or `nil` for a document the walk refuses.
    static func path(of bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { buffer in
            var walk = NavigationPathQuickWalk(buffer)
            if walk.isDone { return "/" }
            // The path is written from the end of a buffer back, a segment at a time: the
            // document holds the top first. Each segment takes at most three bytes per byte of
            // its pair (a value's bytes escaped; a type's route name is part of its name), so
            // 3n bytes hold it all; only the pages written are touched.
            let capacity = 3 * buffer.count + 8
            let output = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
            let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
            defer {
                output.deallocate()
                scratch.deallocate()
            }
            var parts = NavigationPathQuickRoute.Parts()
            var start = capacity
            while let pair = walk.next(into: &parts) {
                guard let end = writeSegment(parts, in: buffer, routeName: parts.name == nil ? walk.routeName(pair.type) : nil, to: scratch),
                    end < start  // always (see above): never written past the front
                else { return nil }
                (output.baseAddress! + start - end).update(from: scratch.baseAddress!, count: end)
                start -= end + 1
                output[start] = UInt8(ascii: "/")
            }
            guard walk.isDone else { return nil }
            return string(UnsafeBufferPointer(rebasing: output[start...]))
        }
    }

    /// Writes the path segment of the element read into `parts` from `buffer`
    /// (``RoutePath/segment(_:)`` of its route), shown under `routeName` when a plain value,
    /// at the start of `output`; returns its length, or `nil` for a plain value with no
    /// `routeName`. Nothing is made for the route: its name and values are copied from the
    /// buffer (valid UTF-8, as the reading checked). It takes at most three bytes for each of
    /// the content's (a value's bytes escaped; a key and its `?`, `:` and `=` stand for the
    /// `\"key\":` read) and, for a plain value, `routeName` and `?_0:=`: `output` has room.
    private static func writeSegment(
        _ parts: NavigationPathQuickRoute.Parts, in buffer: UnsafeBufferPointer<UInt8>, routeName: String?,
        to output: UnsafeMutableBufferPointer<UInt8>
    ) -> Int? {
        func copy(_ range: Range<Int>, at offset: Int) -> Int {
            (output.baseAddress! + offset).update(from: buffer.baseAddress! + range.lowerBound, count: range.count)
            return offset + range.count
        }
        var count: Int
        if let name = parts.name {
            count = copy(name, at: 0)
        } else {
            guard var name = routeName else { return nil }
            count = name.withUTF8 { utf8 in
                output.baseAddress!.update(from: utf8.baseAddress!, count: utf8.count)
                return utf8.count
            }
        }
        for (index, part) in parts.parameters.enumerated() {
            output[count] = index == 0 ? UInt8(ascii: "?") : UInt8(ascii: "&")
            if let key = part.key {
                count = copy(key, at: count + 1)
            } else {
                output[count + 1] = UInt8(ascii: "_")
                output[count + 2] = UInt8(ascii: "0")
                count += 3
            }
            if part.type != .string {
                output[count] = UInt8(ascii: ":")
                count += 1
            }
            output[count] = UInt8(ascii: "=")
            count = PercentEncoding.write(utf8: UnsafeBufferPointer(rebasing: buffer[part.value]), to: output, at: count + 1)
        }
        return count
    }

    /// `utf8` as a string with room for one byte more: a line end a caller adds (as `show`
    /// does) goes in place, without a copy of the path.
    private static func string(_ utf8: UnsafeBufferPointer<UInt8>) -> String {
        if #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) {
            return String(unsafeUninitializedCapacity: utf8.count + 1) { string in
                (string.baseAddress! as UnsafeMutablePointer<UInt8>).update(from: utf8.baseAddress!, count: utf8.count)
                return utf8.count
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}
