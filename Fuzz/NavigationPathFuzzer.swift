// libFuzzer target for SwiftUI's NavigationPath (format `navigation-path`). Not a SwiftPM
// target: scripts/fuzz.sh compiles it with swiftc against the package's library modules, built
// with the sanitizers.

import RouteCodecs
import RouteModel

/// Decodes the input as a NavigationPath and checks what every decoding must satisfy: it fails
/// only with `invalidFile`, on one line; a decoded path is written back byte for byte; and
/// after a push (of an inferred and of a given type), a pop and a go to its own path it
/// encodes (or is refused with `cannotApply` or `invalidInput`) to a document that decodes to
/// the same stack and then encodes to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func navigationPathFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let codec = NavigationPathCodec()
    var state: NavigatorState
    do {
        state = try codec.decode(bytes)
    } catch let error as NavigatorError {
        precondition(error.kind == .invalidFile, "decode threw \(error.kind)")
        precondition(!error.message.contains("\n"), "multi-line error")
        return 0
    } catch {
        fatalError("decode threw \(error)")
    }
    var unchanged = state
    precondition((try? codec.encode(&unchanged).bytes) == bytes, "an unchanged path is not written back byte for byte")
    let route = try! Route("pushed")
    let ownPath = try? RoutePath(parsing: state.path)
    let operations: [NavigationOperation?] = [
        nil, .push(route), .push(GivenElementType.route(route, ofType: "MyApp.Screen")), .pop(1), ownPath.map { .go($0) },
    ]
    for operation in operations {
        if let operation { _ = try? state.apply(operation) }
        var written = state
        guard let encoded = try? codec.encode(&written).bytes else { continue }  // refused
        guard var again = try? codec.decode(encoded) else { fatalError("an encoded path does not decode") }
        precondition(again.tree == state.tree, "the encoding decodes to another path")
        precondition((try? codec.encode(&again).bytes) == encoded, "encoding is not stable")
    }
    return 0
}
