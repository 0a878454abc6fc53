// libFuzzer target for the navigator file reader. Not a SwiftPM target: scripts/fuzz.sh
// compiles it with Tests/TestSupport/CodecRoundTrip.swift, against the package's library
// modules, built with the sanitizers.

import RouteCodecs
import RouteModel

/// Decodes the input as a navigator file through its one reader and checks what every decoding
/// must satisfy (``CodecRoundTrip``): it fails only with `invalidFile`, on one line; after a
/// push it encodes to a document that decodes to the same tree and then encodes to the same
/// bytes; and its history reads, and reads back the same from that document (the entries the
/// reader mapped are written back as they stood). A file of a newer format fails only with
/// `newerFormat`, on one line. Also parses the input as a path: a path that parses renders to
/// text that parses to the same path, and a path of plain routes renders the same with
/// `RoutePath.render(root:stack:)`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fileReaderFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let pushed = try! Route("pushed")
    if case .failure(let error as NavigatorError) = Result(catching: { try NavigatorFile.decode(bytes) }), error.kind == .newerFormat {
        precondition(!error.message.contains("\n"), "multi-line error")
    } else {
        switch CodecRoundTrip.check(bytes, NavigatorFileCodec(), then: [.push(pushed)]) {
        case .broken(let problem): fatalError(problem)
        case .refused: break
        case .written(let state, let encoded):
            guard let entries = try? state.history.entries() else { fatalError("a decoded file's history does not read") }
            guard let again = try? NavigatorFile.decode(encoded), (try? again.history.entries()) == entries else {
                fatalError("the history does not read back as it was")
            }
        }
    }
    if let text = String(validating: bytes, as: UTF8.self), let path = try? RoutePath(parsing: text) {
        precondition((try? RoutePath(parsing: path.description)) == path, "a rendered path does not parse to the same path")
        let routes = path.segments.compactMap { segment -> Route? in
            if case .route(let route) = segment { return route } else { return nil }
        }
        if !path.withoutRoot, routes.count == path.segments.count {
            let rendered = RoutePath.render(root: routes[0], stack: Array(routes.dropFirst()))
            precondition(rendered == path.description, "render(root:stack:) differs from the path's own rendering")
        }
    }
    return 0
}
