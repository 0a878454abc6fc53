import Foundation
import Testing
import TestSupport

/// `--relaunch` with `--simulator`, end to end against stand-in `xcrun` and `defaults` (see
/// ``AppStandIn``): the app is terminated before the change, the domain exported and imported,
/// and the app launched after; without `--relaunch`, a write while the app runs says so. The
/// log of calls holds the order.
@Suite(.tags(.endToEnd), .slowLayer) struct SimulatorRelaunchTests {
    static let bundle = AppStandIn.bundle
    static let export = ["xcrun simctl spawn booted defaults export \(bundle) -", "defaults export \(bundle) -"]
    static let `import` = ["xcrun simctl spawn booted defaults import \(bundle) -", "defaults import \(bundle) -"]
    static let terminate = "xcrun simctl terminate booted \(bundle)"
    static let launch = "xcrun simctl launch booted \(bundle)"
    static let launchctl = "xcrun simctl spawn booted launchctl list"

    let standIn = AppStandIn()

    init() {
        standIn.defaults.write(DefaultsDomainTests.smallDomain)
    }

    func run(_ arguments: String..., mode: String? = nil, defaultsMode: String? = nil, toolTimeout: String? = nil) -> RunResult {
        standIn.run(["--domain", Self.bundle, "--simulator", "booted", "--key", "route"] + arguments, mode: mode, defaultsMode: defaultsMode, toolTimeout: toolTimeout)
    }

    func route() -> String? { standIn.domainPreferences()?["route"] as? String }

    /// terminate, export, import, launch: in that order, and the app runs in the new state.
    @Test(arguments: [true, false])
    func relaunchTerminatesBeforeTheWriteAndLaunchesAfter(wasRunning: Bool) {
        standIn.running(simulator: wasRunning)
        let result = run("set", "home", "--relaunch")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty && result.stdout.isEmpty, "\(result.stderr)")
        #expect(standIn.takeCalls() == [Self.terminate] + Self.export + Self.import + [Self.launch])
        #expect(route() == "home")
        // Every other key is kept, read back by Foundation.
        #expect(standIn.domainPreferences()?["launches"] as? Int == 7)
        #expect(standIn.isRunning("sim-running"))
    }

    /// A write that fails launches nothing, and the domain is as it was.
    @Test func aFailedWriteLaunchesNothing() {
        standIn.running(simulator: true)
        let before = standIn.defaults.bytes()
        let result = run("set", "home", "--relaunch", defaultsMode: "import-fails")
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr == "routectl: '\(Self.import[0])' failed with exit status 1: Could not write domain \(Self.bundle)\n")
        #expect(standIn.takeCalls() == [Self.terminate] + Self.export + Self.import)
        #expect(standIn.defaults.bytes() == before)
        #expect(!standIn.isRunning("sim-running"))

        // A change the state refuses (a route setting has no stack to pop) writes and
        // launches nothing either.
        let refused = run("pop", "--relaunch")
        #expect(refused.status != 0 && refused.status != 69, "\(refused.status) \(refused.stderr)")
        #expect(standIn.takeCalls() == [Self.terminate] + Self.export)
        #expect(standIn.defaults.bytes() == before)
    }

    /// A terminate that fails for another reason than the app not running (the simulator is
    /// shut down) stops before anything is read or written.
    @Test func aTerminateThatFailsChangesNothing() {
        let before = standIn.defaults.bytes()
        let result = run("set", "home", "--relaunch", mode: "fail:simctl-terminate")
        #expect(result.status == 69)
        #expect(result.stderr == "routectl: '\(Self.terminate)' failed with exit status 149: An error was encountered processing the command (domain=com.apple.CoreSimulator.SimError, code=405):\n")
        #expect(standIn.takeCalls() == [Self.terminate])
        #expect(standIn.defaults.bytes() == before)
    }

    /// The change is written; a launch that fails says so (exit 69), after it.
    @Test func aLaunchThatFailsIsSaidAfterTheWrite() {
        let result = run("set", "home", "--relaunch", mode: "fail:simctl-launch")
        #expect(result.status == 69)
        #expect(result.stderr == "routectl: '\(Self.launch)' failed with exit status 4: An error was encountered processing the command (domain=FBSOpenApplicationServiceErrorDomain, code=4):\n")
        #expect(standIn.takeCalls() == [Self.terminate] + Self.export + Self.import + [Self.launch])
        #expect(route() == "home")
    }

    /// Without --relaunch, a write while the app runs warns (the app may write over it); one
    /// while it does not, and a read, ask and say nothing more.
    @Test func aWriteWhileTheAppRunsWarns() {
        standIn.running(simulator: true)
        let result = run("set", "home")
        #expect(result.status == 0)
        #expect(result.stderr == "routectl: warning: '\(Self.bundle)' is running on simulator 'booted' and may write over this change; quit it first, or add --relaunch to have routectl restart it in the new state\n")
        #expect(standIn.takeCalls() == Self.export + [Self.launchctl] + Self.import)
        #expect(route() == "home")
        #expect(standIn.isRunning("sim-running"), "the app is left alone")

        let quiet = run("set", "details", "-q")
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")

        standIn.running(simulator: false)
        let stopped = run("set", "settings")
        #expect(stopped.status == 0 && stopped.stderr.isEmpty, "\(stopped.stderr)")
        _ = standIn.takeCalls()

        standIn.running(simulator: true)
        let show = run("show", "--path")
        #expect(show.status == 0 && show.stderr.isEmpty && show.stdout == "settings\n", "\(show.stderr)")
        #expect(standIn.takeCalls() == Self.export)
    }

    /// Each xcrun exchange is bounded: one that hangs is killed at ROUTECTL_TOOL_TIMEOUT and
    /// said (terminate, launch); a look at whether the app runs that hangs is given up, and the
    /// write goes on without a warning.
    @Test(arguments: [
        ("hang:simctl-terminate", true, Self.terminate),
        ("hang:simctl-launch", true, Self.launch),
        ("hang:simctl-launchctl", false, Self.launchctl),
    ])
    func anXcrunThatHangsIsStopped(mode: String, relaunch: Bool, command: String) {
        standIn.running(simulator: true)
        let result = relaunch ? run("set", "home", "--relaunch", mode: mode, toolTimeout: "1") : run("set", "home", mode: mode, toolTimeout: "1")
        if mode == "hang:simctl-launchctl" {
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
            #expect(route() == "home")
        } else {
            #expect(result.status == 69, "\(result.stderr)")
            #expect(result.stderr == "routectl: '\(command)' did not answer within 1 second; it was stopped\n")
            #expect(route() == (mode == "hang:simctl-terminate" ? "onboarding" : "home"))
        }
        let started = standIn.defaults.startedProcesses()
        #expect(started.count == 1)
        for pid in started {
            #expect(DefaultsDomainTests.ends(pid), "process \(pid) that routectl started outlived it")
        }
    }

    /// --relaunch needs a simulator or a device; --simulator and --device do not go together.
    @Test func relaunchNeedsASimulatorOrADevice() {
        let mac = standIn.run(["--domain", Self.bundle, "--key", "route", "set", "home", "--relaunch"])
        #expect(mac.status == 64)
        #expect(mac.errorLines.first == "routectl: option '--relaunch' needs '--simulator <device>' or '--device <name>': routectl does not quit or launch a Mac app", "\(mac.stderr)")
        let file = standIn.run(["-f", standIn.sandbox.file, "set", "home", "--relaunch"])
        #expect(file.status == 64)
        #expect(file.errorLines.first == "routectl: option '--relaunch' needs '--simulator <device>' or '--device <name>' with '--domain <bundle-id>'", "\(file.stderr)")
        let both = run("set", "home", "--device", "iPhone")
        #expect(both.status == 64)
        #expect(both.errorLines.first == "routectl: options '--simulator' and '--device' name different places for the app", "\(both.stderr)")
        #expect(standIn.takeCalls() == [])
    }
}
