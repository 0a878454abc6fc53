// libFuzzer target for the command-line parser. Not a SwiftPM target: scripts/fuzz.sh compiles
// it with swiftc, together with the sources of routectl (but main.swift), against the package's
// library modules.

import RouteModel

/// Splits the input at NUL bytes into words (a word that is not UTF-8, which the binary refuses
/// before parsing, becomes a stand-in with a control character, which the parser refuses too),
/// and resolves them as routectl would: the only errors allowed are
/// `UsageError` and `NavigatorError` of kind `invalidInput`, with one-line messages and hints
/// (a `NavigatorError`'s hint is the one `Advice` gives, naming the store the words chose, as
/// main.swift prints it).
@_cdecl("LLVMFuzzerTestOneInput")
public func parserFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let words = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
        String(validating: $0, as: UTF8.self) ?? "\u{1}<invalid UTF-8>"
    }
    var store = StoreOptions()
    do {
        let parsed = try ParsedCommandLine(words)
        store = parsed.options.store
        _ = try Invocation(parsed)
    } catch let error as UsageError {
        precondition(!error.message.contains("\n") && error.hint?.contains("\n") != true, "multi-line error")
    } catch let error as NavigatorError {
        precondition(error.kind == .invalidInput, "parser threw \(error.kind)")
        let hint = Advice.hint(for: error, store: store)
        precondition(!error.message.contains("\n") && hint?.contains("\n") != true, "multi-line error")
    } catch {
        fatalError("parser threw \(error)")
    }
    return 0
}
