// libFuzzer target for the navigator file reader. Not a SwiftPM target: scripts/fuzz.sh
// compiles it with swiftc against the package's library modules, built with the sanitizers.

import RouteCodecs
import RouteModel

/// Decodes the input as a navigator file and checks what every decoding must satisfy: it
/// fails only with `invalidFile` or `newerFormat`; a decoded file's history reads, and its
/// encoding decodes again and then encodes to the same bytes. Also parses it as a path.
@_cdecl("LLVMFuzzerTestOneInput")
public func fileReaderFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let state: NavigatorState
    do {
        state = try NavigatorFile.decode(bytes)
    } catch let error as NavigatorError {
        precondition(error.kind == .invalidFile || error.kind == .newerFormat, "decode threw \(error.kind)")
        precondition(!error.message.contains("\n") && error.hint?.contains("\n") != true, "multi-line error")
        return 0
    } catch {
        fatalError("decode threw \(error)")
    }
    guard let entries = try? state.history.entries() else { fatalError("a decoded file's history does not read") }
    if state.format == NavigatorState.currentFormat {
        let encoded = NavigatorFile.encode(state)
        guard let again = try? NavigatorFile.decode(encoded) else { fatalError("an encoded state does not decode") }
        precondition(again.root == state.root && again.stack == state.stack && (try? again.history.entries()) == entries)
        precondition(NavigatorFile.encode(again) == encoded, "encoding is not stable")
    }
    if let text = String(validating: bytes, as: UTF8.self), let routes = try? RoutePath.parse(text) {
        precondition((try? RoutePath.parse(RoutePath.render(root: routes[0], stack: Array(routes.dropFirst())))) == routes)
    }
    return 0
}
