#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import RouteStore

/// The name of a `readdir` entry, as the stale-temporary sweep reads it (after every write).
/// Swift sees `d_name` as a fixed array (256 bytes on Linux, 1,024 on Darwin), but the kernel's
/// record ends after the name and its NUL; the last entry of `readdir`'s buffer can end a few
/// bytes before an unmapped page. Copying the array read past it: `push` crashed (SIGSEGV in
/// `removeStale`) once in 800 pushes into a folder of 1,600 files.
@Suite(.tags(.unit)) struct DirectoryEntryNameTests {
    @Test func aNameIsReadUpToItsEndAndNoFurther() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        // Two pages, the second unreadable: an entry whose name's NUL is the first page's last byte.
        guard let memory = mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), memory != MAP_FAILED else {
            Issue.record("mmap failed")
            return
        }
        defer { munmap(memory, 2 * page) }
        #expect(mprotect(memory + page, page, PROT_NONE) == 0)
        var probe = dirent()
        let offset = withUnsafeMutablePointer(to: &probe.d_name) { UnsafeRawPointer($0) } - withUnsafeMutablePointer(to: &probe) { UnsafeRawPointer($0) }
        for length in 1...40 {
            // The record's start is aligned as a dirent must be.
            let start = (page - (offset + length + 1)) & ~(MemoryLayout<dirent>.alignment - 1)
            let name = Array(repeating: UInt8(ascii: "n"), count: page - 1 - (start + offset))
            let entry = (memory + start).bindMemory(to: dirent.self, capacity: 1)
            (memory + start + offset).copyMemory(from: name, byteCount: name.count)
            (memory + page - 1).storeBytes(of: 0, as: UInt8.self)
            #expect(TemporaryFile.withName(of: entry) { Array($0) } == name)
        }
    }
}
