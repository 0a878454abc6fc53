import Testing

@testable import RouteDefaults
import RouteModel
import TestSupport

/// `Subprocess`, the one way routectl runs another program, in process: what it gives the
/// program and takes back, and how it bounds a program that misbehaves. (The `defaults` and
/// `xcrun` stand-ins of DefaultsDomainTests drive it through the binary.)
@Suite(.tags(.endToEnd), .slowLayer) struct SubprocessTests {
    @Test func inputGoesInAndOutputAndErrorsComeBack() throws {
        let result = try Subprocess.run(["sh", "-c", "cat; echo oops >&2; exit 3"], input: Array("hello".utf8), outputLimit: 1 << 20, timeout: Patience.hang)
        #expect(result.output == Array("hello".utf8))
        #expect(result.errors == Array("oops\n".utf8))
        #expect(result.firstErrorLine == "oops")
        #expect(result.status == 3)
        #expect(result.signal == nil)
        #expect(result.overtime == nil)
        #expect(result.readAllInput)
    }

    @Test func aProgramThatOutlivesItsTimeIsStoppedWithItsGroup() throws {
        let result = try Subprocess.run(["sh", "-c", "sleep 30 & sleep 30"], outputLimit: 1 << 20, timeout: 0.3)
        #expect(result.overtime == .running)
    }

    @Test func aSignalThatEndsItIsSaid() throws {
        let result = try Subprocess.run(["sh", "-c", "kill -TERM $$"], outputLimit: 1 << 20, timeout: Patience.hang)
        #expect(result.signal == 15)
        #expect(result.status == 128 + 15)
    }

    @Test func tooMuchOutputIsRefused() {
        #expect(throws: NavigatorError.self) {
            try Subprocess.run(["sh", "-c", "yes | head -c 100000"], outputLimit: 1000, timeout: Patience.hang)
        }
    }

    @Test func aProgramNotOnThePathIsRefused() {
        #expect(throws: NavigatorError.self) {
            try Subprocess.run(["routectl-no-such-program-\(UInt32.random(in: 0...UInt32.max))"], outputLimit: 1000, timeout: Patience.hang)
        }
    }
}
