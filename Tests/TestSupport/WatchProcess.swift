import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `routectl` running on, its standard output read a line at a time on the calling thread.
public final class WatchProcess {
    public let process = Process()
    private let output = Pipe()
    private var buffer: [UInt8] = []

    /// Starts routectl with `arguments` in ``TestEnvironment/make(home:_:routectlOnPath:)`` plus
    /// `environment`.
    public init(_ arguments: [String], home: String, environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: Routectl.binary)
        process.arguments = arguments
        process.environment = TestEnvironment.make(home: home, environment)
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// The next line: waits until one comes, or the output ends (`nil`), or for
    /// ``Patience/hang`` (a hang, `nil`): a line comes within milliseconds, however busy the
    /// machine, once routectl gets a core.
    public func line() -> String? {
        let descriptor = output.fileHandleForReading.fileDescriptor
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(Patience.hang * 1000))
            if polled < 0, errno == EINTR { continue }
            guard polled > 0 else { return nil }
            var bytes = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &bytes, bytes.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer += bytes[..<count]
        }
    }

    /// Closes the reading end, as a reader that goes away does.
    public func closeOutput() {
        try? output.fileHandleForReading.close()
    }
}
