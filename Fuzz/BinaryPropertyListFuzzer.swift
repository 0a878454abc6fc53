// libFuzzer target for the one reader of binary property lists. Not a SwiftPM target:
// scripts/fuzz.sh compiles it with swiftc against the package's library modules, built with the
// sanitizers, and with Tests/TestSupport/BinaryPropertyListRoundTrip.swift.

/// Checks the input with ``BinaryPropertyListRoundTrip``: refused in one line, or read the same
/// whole and in part, and written back to bytes that read the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func binaryPropertyListFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if case .broken(let problem) = BinaryPropertyListRoundTrip.check(bytes) { fatalError(problem) }
    return 0
}
