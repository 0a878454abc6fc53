#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import routectl

/// `CommandArguments.read`: the words after the program's name, from any `argv`.
@Suite(.tags(.unit)) struct CommandArgumentsTests {
    /// `argv` of `words`, as C strings, for the length of `body`.
    func withArgv<R>(_ words: [String], _ body: (Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) throws -> R) rethrows -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return try pointers.withUnsafeMutableBufferPointer { try body(Int32(words.count), $0.baseAddress!) }
    }

    @Test func theWordsAfterTheProgramsName() throws {
        let words = try withArgv(["routectl", "push", "details", "id=1", ""]) { try CommandArguments.read(count: $0, vector: $1) }
        #expect(words == ["push", "details", "id=1", ""])
    }

    @Test func noArgumentsAtAllNotEvenTheProgramsName() throws {
        // An execve with an empty argv (a kernel before Linux 5.18 passes it on as it is).
        #expect(try withArgv([]) { try CommandArguments.read(count: $0, vector: $1) } == [])
        #expect(try withArgv(["routectl"]) { try CommandArguments.read(count: $0, vector: $1) } == [])
    }
}
