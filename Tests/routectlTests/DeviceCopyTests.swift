import Foundation
import Testing
import TestSupport

/// `--device` with `--domain`, end to end against a stand-in `xcrun devicectl` (see
/// ``AppStandIn``): the app's `Library/Preferences/<bundle>.plist` copied out of its data
/// container into a private temporary folder, changed as a plist file is, and copied back; the
/// app ended first and, with `--relaunch`, launched after. A read copies out only. The log of
/// calls holds the order; the device's copy is read back with Foundation.
@Suite(.tags(.endToEnd), .slowLayer) struct DeviceCopyTests {
    static let bundle = AppStandIn.bundle
    static let device = "iPhone"
    static let source = "Library/Preferences/\(bundle).plist"
    static let apps = "xcrun devicectl device info apps --device \(device) --bundle-id \(bundle) --json-output <temp>/answer.json"
    static let processes = "xcrun devicectl device info processes --device \(device) --json-output <temp>/answer.json"
    static let terminate = "xcrun devicectl device process terminate --device \(device) --pid 801 --json-output <temp>/answer.json"
    static let copyFrom = "xcrun devicectl device copy from --device \(device) --domain-type appDataContainer --domain-identifier \(bundle) --source \(source) --destination <temp>/\(bundle).plist --json-output <temp>/answer.json"
    static let copyTo = "xcrun devicectl device copy to --device \(device) --domain-type appDataContainer --domain-identifier \(bundle) --source <temp>/\(bundle).plist --destination \(source) --json-output <temp>/answer.json"
    static let launch = "xcrun devicectl device process launch --device \(device) \(bundle) --json-output <temp>/answer.json"

    let standIn = AppStandIn()

    init() {
        _ = FileManager.default.createFile(atPath: standIn.devicePlist, contents: Data(DefaultsDomainTests.smallDomain.utf8))
    }

    func run(_ arguments: String..., mode: String? = nil, toolTimeout: String? = nil) -> RunResult {
        standIn.run(["--domain", Self.bundle, "--device", Self.device, "--key", "route"] + arguments, mode: mode, toolTimeout: toolTimeout)
    }

    func deviceBytes() -> Data? { FileManager.default.contents(atPath: standIn.devicePlist) }

    /// `show` copies the plist out, and nothing else: no process is looked at or ended.
    @Test func aReadCopiesOutOnly() {
        standIn.running(device: true)
        let result = run("show")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout == """
            domain  \(Self.bundle)
            device  \(Self.device)
            key     route
            format  setting
            route   onboarding

            """)
        #expect(standIn.takeCalls() == [Self.copyFrom])
        #expect(standIn.isRunning("device-running"))
        #expect(standIn.leftovers() == [])
    }

    /// A change: the app's process found and ended, the plist copied out, changed and copied
    /// back, in that order; with --relaunch the app is launched last. Every other key is kept,
    /// and the XML stays XML (Foundation reads it).
    @Test(arguments: [false, true])
    func aChangeEndsTheAppCopiesOutAndBack(relaunch: Bool) {
        standIn.running(device: true)
        let result = relaunch ? run("set", "home", "--relaunch") : run("set", "home")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(standIn.takeCalls() == [Self.apps, Self.processes, Self.terminate, Self.copyFrom, Self.copyTo] + (relaunch ? [Self.launch] : []))
        let preferences = standIn.devicePreferences()
        #expect(preferences?["route"] as? String == "home")
        #expect(preferences?["launches"] as? Int == 7)
        #expect(preferences?["nav"] as? Data == Data(#"{"format": 1}"#.utf8))
        #expect(deviceBytes().map { $0.starts(with: Data("<?xml".utf8)) } == true)
        #expect(standIn.isRunning("device-running") == relaunch)
        #expect(standIn.leftovers() == [])
    }

    /// An app that is not running is not ended: nothing to end is no error.
    @Test func anAppNotRunningIsNotEnded() {
        let result = run("set", "home")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(standIn.takeCalls() == [Self.apps, Self.processes, Self.copyFrom, Self.copyTo])
        #expect(standIn.devicePreferences()?["route"] as? String == "home")
    }

    /// A copy out that fails changes nothing, launches nothing, and says what devicectl said.
    @Test func aFailedCopyOutChangesNothing() {
        standIn.running(device: true)
        let before = deviceBytes()
        let result = run("set", "home", "--relaunch", mode: "fail:devicectl-copy-from")
        #expect(result.status == 69)
        #expect(result.stderr == "routectl: cannot copy \(Self.source) of '\(Self.bundle)' from device '\(Self.device)': 'xcrun devicectl device copy from' failed with exit status 1: The specified device was not found. (Name: iPhone 15)\n")
        #expect(standIn.takeCalls() == [Self.apps, Self.processes, Self.terminate, Self.copyFrom])
        #expect(deviceBytes() == before)
        #expect(!standIn.isRunning("device-running"))
        #expect(standIn.leftovers() == [])

        let show = run("show", mode: "fail:devicectl-copy-from")
        #expect(show.status == 69 && show.stdout.isEmpty)
        #expect(show.errorLines.first == "routectl: cannot copy \(Self.source) of '\(Self.bundle)' from device '\(Self.device)': 'xcrun devicectl device copy from' failed with exit status 1: The specified device was not found. (Name: iPhone 15)")
    }

    /// A copy back that fails leaves the device's plist as it was, launches nothing, and says
    /// what devicectl said.
    @Test func aFailedCopyBackChangesNothing() {
        let before = deviceBytes()
        let result = run("set", "home", "--relaunch", mode: "fail:devicectl-copy-to")
        #expect(result.status == 69)
        #expect(result.stderr == "routectl: cannot copy \(Self.source) of '\(Self.bundle)' back to device '\(Self.device)'; the app's preferences there are as they were: 'xcrun devicectl device copy to' failed with exit status 1: The specified device was not found. (Name: iPhone 15)\n")
        #expect(standIn.takeCalls() == [Self.apps, Self.processes, Self.copyFrom, Self.copyTo])
        #expect(deviceBytes() == before)
        #expect(standIn.leftovers() == [])
    }

    /// What devicectl says is one line, its control characters escaped.
    @Test func devicectlsWordsAreOneSafeLine() {
        let result = run("show", mode: "fail:devicectl-copy-from noisy")
        #expect(result.status == 69)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "\(result.stderr.debugDescription)")
        #expect(lines[0].contains("The specified device was not found."), "\(result.stderr.debugDescription)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }, "\(result.stderr.debugDescription)")
    }

    /// An app devicectl does not list is said to be missing; nothing is copied.
    @Test func anAppNotInstalledIsSaid() {
        let result = standIn.run(["--domain", "com.example.other", "--device", Self.device, "--key", "route", "set", "home"])
        #expect(result.status == 69)
        #expect(result.stderr == "routectl: 'com.example.other' is not installed on device '\(Self.device)': devicectl lists no such app\n")
        #expect(standIn.takeCalls() == [Self.apps.replacingOccurrences(of: Self.bundle, with: "com.example.other")])
    }

    /// Each devicectl exchange is bounded: one that hangs is killed at ROUTECTL_TOOL_TIMEOUT,
    /// said, and nothing is changed or left behind.
    @Test(arguments: [
        ("hang:devicectl-info-processes", Self.processes, "list the processes of device 'iPhone': 'xcrun devicectl device info processes'"),
        ("hang:devicectl-copy-from", Self.copyFrom, "copy \(Self.source) of '\(Self.bundle)' from device 'iPhone': 'xcrun devicectl device copy from'"),
        ("hang:devicectl-copy-to", Self.copyTo, "copy \(Self.source) of '\(Self.bundle)' back to device 'iPhone'; the app's preferences there are as they were: 'xcrun devicectl device copy to'"),
    ])
    func aDevicectlThatHangsIsStopped(mode: String, last: String, said: String) {
        let before = deviceBytes()
        let result = run("set", "home", "--relaunch", mode: mode, toolTimeout: "1")
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr == "routectl: cannot \(said) did not answer within 1 second; it was stopped\n")
        #expect(standIn.takeCalls().last == last)
        #expect(deviceBytes() == before)
        let started = standIn.defaults.startedProcesses()
        #expect(started.count == 1)
        for pid in started {
            #expect(DefaultsDomainTests.ends(pid), "process \(pid) that routectl started outlived it")
        }
        #expect(standIn.leftovers() == [])
    }

    /// --device needs --domain.
    @Test func aDeviceNeedsADomain() {
        let result = standIn.run(["--device", Self.device, "show"])
        #expect(result.status == 64)
        #expect(result.errorLines.first == "routectl: option '--device' needs '--domain <bundle-id>'")
    }
}
