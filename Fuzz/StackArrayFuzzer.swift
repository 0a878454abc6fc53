// libFuzzer target for the states kept as one JSON array (formats `codable-array` and
// `flowstacks`). Not a SwiftPM target: scripts/fuzz.sh compiles it with
// Tests/TestSupport/CodecRoundTrip.swift, against the package's library modules, built with
// the sanitizers.

import RouteCodecs
import RouteModel

/// Decodes the input in both formats and checks what every decoding must satisfy
/// (``CodecRoundTrip``): it fails only with `invalidFile`, on one line; a decoded state,
/// unchanged, encodes to the input's own bytes; after a push, a present without navigation, a
/// dismiss and a pop it encodes (or is refused with `cannotApply` or `invalidInput`) to a
/// document that decodes to the same tree and then encodes to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func stackArrayFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let codecs: [any NavigatorCodec] = [CodableArrayCodec(), FlowStacksCodec()]
    let route = try! Route("pushed")
    let operations: [NavigationOperation] = [.push(route), .present(route, .cover, withNavigation: false), .dismiss, .pop(1)]
    for codec in codecs {
        for count in 0...operations.count {
            let outcome = CodecRoundTrip.check(bytes, codec, then: Array(operations.prefix(count)), writtenBackUnchanged: true)
            if let problem = outcome.problem { fatalError(problem) }
            if case .refused = outcome, count == 0 { break }
        }
    }
    return 0
}
