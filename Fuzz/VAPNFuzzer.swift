// libFuzzer target for VAPersistentNavigator's tree (format `vapn`). Not a SwiftPM target:
// scripts/fuzz.sh compiles it with swiftc against the package's library modules, built with
// the sanitizers.

import RouteCodecs
import RouteModel

/// Decodes the input as a VAPN tree and checks what every decoding must satisfy: it fails only
/// with `invalidFile`, on one line; a decoded tree encodes (or is refused with `cannotApply`)
/// to a document that decodes to the same tree and then encodes to the same bytes; and so does
/// the tree after a push, a present and a dismiss.
@_cdecl("LLVMFuzzerTestOneInput")
public func vapnFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let codec = VAPNCodec()
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
    let route = try! Route("pushed")
    for operation in [nil, NavigationOperation.push(route), .present(route, .cover), .dismiss] {
        if let operation { _ = try? state.apply(operation) }
        var written = state
        guard let encoded = try? codec.encode(&written).bytes else { continue }  // cannotApply: refused
        guard var again = try? codec.decode(encoded) else { fatalError("an encoded tree does not decode") }
        precondition(again.tree == state.tree, "the encoding decodes to another tree")
        precondition((try? codec.encode(&again).bytes) == encoded, "encoding is not stable")
    }
    return 0
}
