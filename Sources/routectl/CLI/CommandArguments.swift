#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteModel

/// The process's arguments as strings, checked to be valid UTF-8 (Swift's own
/// `CommandLine.arguments` would quietly replace bad bytes).
enum CommandArguments {
    /// The arguments after the program name. An argument that is not valid UTF-8 is replaced
    /// by a marker the parser rejects as an invalid value, never passed on repaired.
    static func read() -> [String] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let pointer = CommandLine.unsafeArgv[index] else { return "" }
            let bytes = UnsafeBufferPointer(start: pointer, count: strlen(pointer))
            return String(validating: bytes.map { UInt8(bitPattern: $0) }, as: UTF8.self) ?? invalidUTF8
        }
    }

    /// Stands in for an argument that is not UTF-8: a control character, which every check of
    /// names, values and commands refuses.
    static let invalidUTF8 = "\u{1}<invalid UTF-8>"
}
