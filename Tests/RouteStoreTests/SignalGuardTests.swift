import Testing
import RouteStore

/// Issue 35 item 5: in the command-line tool (the process that opts in), two writes at once on
/// two threads each keep their temporary file's path for the signal handler; one static buffer
/// kept only the last. Tracked without installing handlers: the test process's actions are
/// left alone (a navigator's write must find none installed).
@Suite(.tags(.unit), .serialized) struct SignalGuardTests {
    @Test func twoWritesAtOnceEachKeepTheirTemporaryPath() {
        let first = FilePath("/x/a.json.tmp-1-00000001"), second = FilePath("/x/b.json.tmp-1-00000002")
        let a = SignalGuard(tracking: first, optedIn: true, installing: false)
        let b = SignalGuard(tracking: second, optedIn: true, installing: false)
        #expect(Set(SignalGuard.tracked()) == [first, second])
        a.release()
        #expect(SignalGuard.tracked() == [second])
        b.release()
        #expect(SignalGuard.tracked().isEmpty)
    }

    /// A process that did not opt in (an app) tracks nothing and installs nothing.
    @Test func nothingIsTrackedWithoutTheOptIn() {
        let guarded = SignalGuard(tracking: FilePath("/x/c.json.tmp-1-00000003"), optedIn: false, installing: true)
        #expect(SignalGuard.tracked().isEmpty)
        guarded.release()
    }
}
