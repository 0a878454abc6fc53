import Testing
import PlainText

/// The sizes messages print: a limit as it is, not a fixed 16 MiB.
@Suite(.tags(.unit)) struct ByteSizeTests {
    @Test func sizesAreSaidInTheLargestWholeUnit() {
        #expect(byteSize(16 << 20) == "16 MiB")
        #expect(byteSize(8 << 20) == "8 MiB")
        #expect(byteSize(1 << 20) == "1 MiB")
        #expect(byteSize(512 << 10) == "512 KiB")
        #expect(byteSize((1 << 20) + 1) == "1048577 bytes")
        #expect(byteSize(1000) == "1000 bytes")
        #expect(byteSize(1) == "1 byte")
        #expect(byteSize(0) == "0 bytes")
    }
}
