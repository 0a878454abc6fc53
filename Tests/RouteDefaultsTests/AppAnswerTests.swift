import Testing

@testable import RouteDefaults
import JSONText

/// How routectl reads what simctl and devicectl answer about an app, in the shapes public
/// transcripts show (see ``SimulatorApp`` and ``DeviceAppPreferences``).
@Suite(.tags(.unit)) struct AppAnswerTests {
    /// `launchctl list` in a simulator: the app's job, with a process id, is the one labelled
    /// `UIKitApplication:<bundle>[`; a job with `-` for its pid is not running, and another
    /// app whose id starts the same (`.widget`) is another app.
    @Test func launchctlListsTheAppRunningOnlyWithAProcessID() {
        let bundle = "com.example.app"
        let header = "PID\tStatus\tLabel\n101\t0\tcom.apple.backboardd\n-\t0\tcom.apple.searchd\n"
        let running = header + "4242\t0\tUIKitApplication:com.example.app[a1b2][rb-legacy]\n"
        let stopped = header + "-\t0\tUIKitApplication:com.example.app[a1b2][rb-legacy]\n"
        let other = header + "4243\t0\tUIKitApplication:com.example.app.widget[9c1e][rb-legacy]\n"
        #expect(SimulatorApp.lists(bundle, in: Array(running.utf8)))
        #expect(!SimulatorApp.lists(bundle, in: Array(stopped.utf8)))
        #expect(!SimulatorApp.lists(bundle, in: Array(other.utf8)))
        #expect(!SimulatorApp.lists(bundle, in: []))
    }

    /// simctl's words for an app that was not running, in today's and older Xcodes.
    @Test func nothingToTerminateIsRecognized() {
        let today = "An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=3):\nSimulator device failed to terminate com.apple.Settings.\nfound nothing to terminate\n"
        #expect(SimulatorApp.saysNotRunning(Array(today.utf8)))
        #expect(SimulatorApp.saysNotRunning(Array("No matching processes belonging to you were found\n".utf8)))
        #expect(!SimulatorApp.saysNotRunning(Array("Unable to lookup in current state: Shutdown\n".utf8)))
    }

    /// A devicectl failure as Qt Creator's tests pin it: its description, then its reason.
    @Test func devicectlsErrorIsItsDescriptionAndReason() throws {
        let answer = try JSONValue(parsing: Array("""
            {"error": {"code": 24004, "domain": "com.apple.dt.CoreDeviceError", "userInfo": {
              "NSLocalizedDescription": {"string": "Failed to query resizable app session state."},
              "NSLocalizedFailureReason": {"string": "The specified display is not currently hosting a resizable app session."}}},
             "info": {"outcome": "failed"}}
            """.utf8))
        #expect(DeviceAppPreferences.errorText(answer) == "Failed to query resizable app session state. The specified display is not currently hosting a resizable app session.")
        #expect(DeviceAppPreferences.errorText(try JSONValue(parsing: Array(#"{"info": {"outcome": "success"}, "result": {}}"#.utf8))) == nil)
    }

    /// An app's bundle URL and its process's executable URL compare as paths, with or without
    /// `/private`.
    @Test func urlsArePaths() {
        #expect(DeviceAppPreferences.path("file:///private/var/containers/Bundle/Application/X/Example.app/") == "/var/containers/Bundle/Application/X/Example.app/")
        #expect(DeviceAppPreferences.path("file:///var/containers/Bundle/Application/X/Example.app/Example") == "/var/containers/Bundle/Application/X/Example.app/Example")
    }
}
