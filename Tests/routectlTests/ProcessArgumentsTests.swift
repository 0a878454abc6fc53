import Testing
@testable import routectl

/// `ProcessArguments` (Linux, Swift 6.3 on): the arguments glibc hands `.init_array`, which a
/// static routectl reads in place of the runtime's `/proc/self/maps` walk. This test process
/// links the module dynamically, so the runtime's own `CommandLine` is the witness.
@Suite(.tags(.unit)) struct ProcessArgumentsTests {
    #if canImport(Glibc) && compiler(>=6.3)
    @Test func theArgumentsCapturedAtStartAreTheProcesssOwn() throws {
        var count: Int32 = -1
        let vector = routectlUnsafeArgvArgc(&count)
        #expect(ProcessArguments.vector != nil, "the .init_array function did not run")
        #expect(count == CommandLine.argc)
        let captured = (0..<Int(count)).map { String(cString: try! #require(vector[$0])) }
        #expect(captured == CommandLine.arguments)
        #expect(vector[Int(count)] == nil, "argv ends with a null pointer")
    }
    #endif
}
