// libFuzzer target for SwiftUI's NavigationPath (format `navigation-path`). Not a SwiftPM
// target: scripts/fuzz.sh compiles it with Tests/TestSupport/CodecRoundTrip.swift, against the
// package's library modules, built with the sanitizers.

import RouteCodecs
import RouteModel

/// Decodes the input as a NavigationPath and checks what every decoding must satisfy
/// (``CodecRoundTrip``): it fails only with `invalidFile`, on one line; a decoded path is
/// written back byte for byte; and after a push (of an inferred and of a given type), a pop and
/// a go to its own path it encodes (or is refused with `cannotApply` or `invalidInput`, or, a
/// path the app cannot decode as it stands, `invalidFile`: ``CodecRoundTrip``) to a document
/// that decodes to the same stack and then encodes to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func navigationPathFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let codec = NavigationPathCodec()
    let first = CodecRoundTrip.check(bytes, codec, writtenBackUnchanged: true)
    if let problem = first.problem { fatalError(problem) }
    guard case .written(let state, _) = first else { return 0 }
    let route = try! Route("pushed")
    var operations: [NavigationOperation] = [.push(route), .push(GivenElementType.route(route, ofType: "MyApp.Screen")), .pop(1)]
    if let ownPath = try? RoutePath(parsing: state.path) { operations.append(.go(ownPath)) }
    for count in 1...operations.count {
        if let problem = CodecRoundTrip.check(bytes, codec, then: Array(operations.prefix(count))).problem { fatalError(problem) }
    }
    return 0
}
