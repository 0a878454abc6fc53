// libFuzzer target for the navigator file reader. Not a SwiftPM target: scripts/fuzz.sh
// compiles it with swiftc against the package's library modules, built with the sanitizers.

import RouteCodecs
import RouteModel

/// Decodes the input as a navigator file and checks what every decoding must satisfy: it
/// fails only with `invalidFile` or `newerFormat`, in one line; a decoded file's history reads,
/// and (for a format this build writes) its encoding decodes again to the same state and then
/// encodes to the same bytes. Also parses it as a path: a path that parses renders to text that
/// parses to the same path, and a path of plain routes renders the same with
/// `RoutePath.render(root:stack:)`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fileReaderFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let state: NavigatorState
    do {
        state = try NavigatorFile.decode(bytes)
    } catch let error as NavigatorError {
        precondition(error.kind == .invalidFile || error.kind == .newerFormat, "decode threw \(error.kind)")
        precondition(!error.message.contains("\n"), "multi-line error")
        return 0
    } catch {
        fatalError("decode threw \(error)")
    }
    guard let entries = try? state.history.entries() else { fatalError("a decoded file's history does not read") }
    if state.format <= NavigatorState.currentFormat {
        let encoded = NavigatorFile.encode(state)
        guard let again = try? NavigatorFile.decode(encoded) else { fatalError("an encoded state does not decode") }
        precondition(again.tree == state.tree && (try? again.history.entries()) == entries, "the encoding decodes to another state")
        precondition(NavigatorFile.encode(again) == encoded, "encoding is not stable")
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
