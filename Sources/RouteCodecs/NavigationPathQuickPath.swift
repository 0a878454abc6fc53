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
            // 16 bytes more: a short copy stores two whole words (``copy(_:of:to:at:)``).
            let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity + 16)
            defer {
                output.deallocate()
                scratch.deallocate()
            }
            var parts = NavigationPathQuickRoute.Parts()
            var start = capacity
            // The route names plain values show under, by type, made once each: their bytes in
            // `names` (a route name is never empty, so an empty range is one not made yet).
            var names: [UInt8] = []
            var nameRanges: [Range<Int>] = []
            while let pair = walk.next(into: &parts) {
                var name = 0..<0
                if parts.name == nil {
                    while nameRanges.count <= pair.type { nameRanges.append(0..<0) }
                    if nameRanges[pair.type].isEmpty {
                        guard let routeName = walk.routeName(pair.type) else { return nil }
                        names.append(contentsOf: routeName.utf8)
                        nameRanges[pair.type] = names.count - routeName.utf8.count..<names.count
                    }
                    name = nameRanges[pair.type]
                }
                let written = names.withUnsafeBufferPointer { names in
                    writeSegment(parts, in: buffer, routeName: UnsafeBufferPointer(rebasing: names[name]), to: scratch)
                }
                guard let end = written, end < start  // always (see above): never written past the front
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
    /// (``RoutePath/segment(_:)`` of its route), shown under `routeName` (UTF-8) when a plain
    /// value, at the start of `output`; returns its length, or `nil` for a plain value with an
    /// empty `routeName`. Nothing is made for the route: its name and values are copied from
    /// the buffer (valid UTF-8, as the reading checked). It takes at most three bytes for each of
    /// the content's (a value's bytes escaped; a key and its `?`, `:` and `=` stand for the
    /// `\"key\":` read) and, for a plain value, `routeName` and `?_0:=`: `output` has room.
    private static func writeSegment(
        _ parts: NavigationPathQuickRoute.Parts, in buffer: UnsafeBufferPointer<UInt8>, routeName: UnsafeBufferPointer<UInt8>,
        to output: UnsafeMutableBufferPointer<UInt8>
    ) -> Int? {
        var count: Int
        if let name = parts.name {
            count = copy(name, of: buffer, to: output, at: 0)
        } else {
            guard !routeName.isEmpty else { return nil }
            count = copy(routeName, to: output, at: 0)
        }
        for index in 0..<parts.count {
            let part = parts[index]
            output[count] = index == 0 ? UInt8(ascii: "?") : UInt8(ascii: "&")
            if let key = part.key {
                count = copy(key, of: buffer, to: output, at: count + 1)
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
            // A number, `true`, `false` or `null` is unreserved bytes only: copied as it stands.
            count = part.type == .string
                ? PercentEncoding.write(utf8: UnsafeBufferPointer(rebasing: buffer[part.value]), to: output, at: count + 1)
                : copy(part.value, of: buffer, to: output, at: count + 1)
        }
        return count
    }

    /// Copies the bytes at `range` of `buffer` to `output` at `offset` and returns where they
    /// end: up to 16 bytes (a name, a key, a number: most are) as two words loaded and stored
    /// whole, when the buffer has 16 bytes from the range's start; `output` has 16 bytes of room
    /// past what is written (the bytes past the copy's end are written over next, or past the
    /// segment's end, never read).
    @inline(__always) private static func copy(
        _ range: Range<Int>, of buffer: UnsafeBufferPointer<UInt8>, to output: UnsafeMutableBufferPointer<UInt8>, at offset: Int
    ) -> Int {
        let count = range.count
        guard count <= 16, range.lowerBound &+ 16 <= buffer.count else {
            return copy(UnsafeBufferPointer(rebasing: buffer[range]), to: output, at: offset)
        }
        let source = UnsafeRawPointer(buffer.baseAddress! + range.lowerBound)
        let target = UnsafeMutableRawPointer(output.baseAddress! + offset)
        target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
        target.storeBytes(of: source.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
        return offset &+ count
    }

    /// Copies `bytes` to `output` at `offset` (with room for them) and returns where they end:
    /// a name of a few bytes (most are) a byte at a time, not through a call of `memcpy`.
    @inline(__always) private static func copy(_ bytes: UnsafeBufferPointer<UInt8>, to output: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        if bytes.count <= 16 {
            for index in 0..<bytes.count { output[offset + index] = bytes[index] }
        } else {
            (output.baseAddress! + offset).update(from: bytes.baseAddress!, count: bytes.count)
        }
        return offset + bytes.count
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
