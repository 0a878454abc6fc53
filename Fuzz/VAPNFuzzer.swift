// libFuzzer target for VAPersistentNavigator's tree (format `vapn`). Not a SwiftPM target:
// scripts/fuzz.sh compiles it with Tests/TestSupport/CodecRoundTrip.swift, against the
// package's library modules, built with the sanitizers.

import RouteCodecs
import RouteModel

/// Decodes the input as a VAPN tree and checks what every decoding must satisfy
/// (``CodecRoundTrip``): it fails only with `invalidFile`, on one line; a decoded tree encodes
/// (or is refused with `cannotApply`) to a document that decodes to the same tree and then
/// encodes to the same bytes; and so does the tree after a push, a present and a dismiss.
@_cdecl("LLVMFuzzerTestOneInput")
public func vapnFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let route = try! Route("pushed")
    let operations: [NavigationOperation] = [.push(route), .present(route, .cover), .dismiss]
    for count in 0...operations.count {
        let outcome = CodecRoundTrip.check(bytes, VAPNCodec(), then: Array(operations.prefix(count)), encodeMayRefuse: [.cannotApply])
        if let problem = outcome.problem { fatalError(problem) }
        if case .refused = outcome, count == 0 { break }
    }
    return 0
}
