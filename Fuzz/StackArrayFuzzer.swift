// libFuzzer target for the states kept as one JSON array (formats `codable-array` and
// `flowstacks`). Not a SwiftPM target: scripts/fuzz.sh compiles it with swiftc against the
// package's library modules, built with the sanitizers.

import RouteCodecs
import RouteModel

/// Decodes the input in both formats and checks what every decoding must satisfy: it fails only
/// with `invalidFile`, on one line; a decoded state, unchanged, encodes to the input's own
/// bytes; after a push, a present without navigation, a dismiss and a pop it encodes (or is
/// refused with `cannotApply` or `invalidInput`) to a document that decodes to the same tree
/// and then encodes to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func stackArrayFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let codecs: [any NavigatorCodec] = [CodableArrayCodec(), FlowStacksCodec()]
    for codec in codecs {
        var state: NavigatorState
        do {
            state = try codec.decode(bytes)
        } catch let error as NavigatorError {
            precondition(error.kind == .invalidFile, "decode threw \(error.kind)")
            precondition(!error.message.contains("\n"), "multi-line error")
            continue
        } catch {
            fatalError("decode threw \(error)")
        }
        var unchanged = state
        precondition((try? codec.encode(&unchanged).bytes) == bytes, "an unchanged state is not written back byte for byte")
        let route = try! Route("pushed")
        for operation in [NavigationOperation.push(route), .present(route, .cover, withNavigation: false), .dismiss, .pop(1)] {
            _ = try? state.apply(operation)
            var written = state
            guard let encoded = try? codec.encode(&written).bytes else { continue }  // refused
            guard var again = try? codec.decode(encoded) else { fatalError("an encoded state does not decode") }
            precondition(again.tree == state.tree, "the encoding decodes to another tree")
            precondition((try? codec.encode(&again).bytes) == encoded, "encoding is not stable")
        }
    }
    return 0
}
