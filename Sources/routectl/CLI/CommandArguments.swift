#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteModel
import PlainText

/// The process's arguments as strings, checked to be valid UTF-8 (Swift's own
/// `CommandLine.arguments` would quietly replace bad bytes).
enum CommandArguments {
    /// The arguments after the program name.
    ///
    /// - Throws: ``UsageError`` naming the first argument that is not valid UTF-8, by position
    ///   and with its bytes shown (`\xff` for a byte that is not UTF-8).
    static func read() throws -> [String] {
        try read(count: CommandLine.argc, vector: CommandLine.unsafeArgv)
    }

    /// ``read()`` of the `count` words at `vector` (`argv`): none at all, not even the
    /// program's name, when `count` is 0 (an `execve` with an empty `argv`, which a kernel
    /// before Linux 5.18, or another system, passes on as it is).
    static func read(count: Int32, vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) throws -> [String] {
        guard count > 1 else { return [] }
        return try (1..<Int(count)).map { index in
            guard let pointer = vector[index] else { return "" }
            let bytes = UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map { UInt8(bitPattern: $0) }
            guard let text = validUTF8(bytes) else {
                throw UsageError(
                    "argument \(index) is not valid UTF-8: \(shown(bytes))",
                    hint: "routectl takes route names, parameters and paths in UTF-8")
            }
            return text
        }
    }

    /// `bytes` quoted for a message: valid UTF-8 as it is (control characters escaped), every
    /// other byte as `\xHH`.
    static func shown(_ bytes: [UInt8]) -> String {
        var text = ""
        // Enough to show past the quoting limit; a 100 KB argument is not formatted whole.
        var rest = bytes.prefix(256)
        while !rest.isEmpty {
            // The longest valid prefix (at most 4 bytes a character), else one bad byte.
            var taken = false
            for length in (1...min(4, rest.count)).reversed() {
                if let piece = validUTF8(rest.prefix(length)), piece.unicodeScalars.count == 1 {
                    text += piece
                    rest = rest.dropFirst(length)
                    taken = true
                    break
                }
            }
            if !taken {
                let byte = rest.removeFirst()
                text += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
            }
        }
        return NavigatorError.quote(text + (bytes.count > 256 ? "…" : ""), limit: 200)
    }
}
