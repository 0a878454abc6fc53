import Foundation
import Testing
import TestSupport

/// Issue 17 item 13: reading a FIFO, a device or a socket is refused as the contract says, exit
/// 73 ("a directory or special file in the way"), naming the file, with `--key` too; and
/// nothing is created beside it.
@Suite(.tags(.endToEnd), .slowLayer) struct SpecialFileTests {
    /// A FIFO, a device and a socket in a sandbox (the device through a link to /dev/null).
    static func specials(in box: Sandbox) throws -> [String] {
        let fifo = box.folder + "/fifo.plist"
        let device = box.folder + "/null.plist"
        let socketPath = box.folder + "/socket.plist"
        try #require(mkfifo(fifo, 0o644) == 0)
        try #require(symlink("/dev/null", device) == 0)
        try #require(bindSocket(socketPath))
        return [fifo, device, socketPath, "/dev/null"]
    }

    /// Binds a Unix socket at `path` (the socket file stays after the descriptor is closed).
    static func bindSocket(_ path: String) -> Bool {
        #if canImport(Glibc)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sockaddr_un>.size)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 }
        }
    }

    @Test func readingASpecialFileIsExit73NamingIt() throws {
        let box = Sandbox()
        let files = try Self.specials(in: box)
        let before = box.listing()
        for file in files {
            for key in [nil, "route"] {
                for command in [["show"], ["show", "--path"], ["show", "--json"], ["history"]] {
                    let arguments = ["-f", file] + (key.map { ["--key", $0] } ?? []) + command
                    let result = box.runBare(arguments)
                    #expect(result.status == 73, "\(arguments): \(result.status) \(result.stderr)")
                    #expect(result.errorLines == ["routectl: '\(file)' is not a regular file"], "\(arguments)")
                    #expect(result.stdout.isEmpty, "\(arguments)")
                }
            }
        }
        #expect(box.listing() == before, "\(box.listing())")
    }

    /// Changes were refused with 73 already; with `--key` too, naming the file.
    @Test func changingASpecialFileIsExit73NamingIt() throws {
        let box = Sandbox()
        let files = try Self.specials(in: box)
        let before = box.listing()
        for file in files {
            for key in [nil, "route"] {
                let arguments = ["-f", file] + (key.map { ["--key", $0] } ?? []) + ["set", "home"]
                let result = box.runBare(arguments)
                #expect(result.status == 73, "\(arguments): \(result.status) \(result.stderr)")
                #expect(result.errorLines == ["routectl: '\(file)' is not a regular file"], "\(arguments)")
            }
        }
        #expect(box.listing() == before, "\(box.listing())")
    }
}
