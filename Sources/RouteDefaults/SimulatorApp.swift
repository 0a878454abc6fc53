import RouteModel
import PlainText
import RoutePreferences
import PropertyListCodec

/// An app on a simulator, as `xcrun simctl` reaches it: ended with `xcrun simctl terminate
/// <device> <bundle>`, started with `xcrun simctl launch <device> <bundle>`, and seen running in
/// the simulator's `launchd` (`xcrun simctl spawn <device> launchctl list`). Each exchange is
/// bounded in time as ``DefaultsDomainStore``'s are (see ``Subprocess``).
public struct SimulatorApp: Sendable {
    /// The simulator: a device UDID or `booted`.
    public let device: String
    /// The app's bundle identifier (its preferences domain).
    public let bundle: String
    /// How long each exchange may take, in seconds.
    public var timeout: Double

    public init(device: String, bundle: String, timeout: Double = DefaultsDomainStore.defaultTimeout) {
        self.device = device
        self.bundle = bundle
        self.timeout = timeout
    }

    /// Ends the app; an app that was not running is no error.
    ///
    /// simctl says so on standard error, with exit status 3 (`NSPOSIXErrorDomain` code 3,
    /// `ESRCH`): "An error was encountered processing the command (domain=NSPOSIXErrorDomain,
    /// code=3): Simulator device failed to terminate com.apple.Settings. found nothing to
    /// terminate"; older Xcodes said "No matching processes". (Read in public scripts and tests
    /// that drive simctl; not run here.)
    ///
    /// - Throws: `toolFailed` for any other failure, or a run past ``timeout``.
    public func terminate() throws {
        let arguments = ["xcrun", "simctl", "terminate", device, bundle]
        let result = try Subprocess.run(arguments, outputLimit: 1 << 16, timeout: timeout)
        if result.overtime == nil, result.signal == nil, result.status != 0, Self.saysNotRunning(result.errors) { return }
        if let failure = result.failure(Subprocess.named(arguments), timeout: timeout) { throw failure }
    }

    /// Starts the app.
    ///
    /// - Throws: `toolFailed` when simctl fails or does not answer within ``timeout``.
    public func launch() throws {
        let arguments = ["xcrun", "simctl", "launch", device, bundle]
        let result = try Subprocess.run(arguments, outputLimit: 1 << 16, timeout: timeout)
        if let failure = result.failure(Subprocess.named(arguments), timeout: timeout) { throw failure }
    }

    /// Whether the app is running: the simulator's `launchctl list` has a job labelled
    /// `UIKitApplication:<bundle>[...]` with a process id.
    ///
    /// - Throws: `toolFailed` when simctl or launchctl fails or does not answer in time.
    public func isRunning() throws -> Bool {
        let arguments = ["xcrun", "simctl", "spawn", device, "launchctl", "list"]
        let result = try Subprocess.run(arguments, outputLimit: 1 << 22, timeout: timeout)
        if let failure = result.failure(Subprocess.named(arguments), timeout: timeout) { throw failure }
        return Self.lists(bundle, in: result.output)
    }

    /// Whether `launchctl list`'s output `output` lists `bundle` running.
    ///
    /// Its lines are `PID<tab>Status<tab>Label` under a header, the PID `-` for a job that is
    /// not running; an app's job is labelled `UIKitApplication:<bundle>[<hex>][rb-legacy]`
    /// (as facebook/idb's FBSimulatorControl reads it, `FBSimulatorLaunchCtlCommand`, and as
    /// scripts match it: `UIKitApplication:<bundle>[`).
    static func lists(_ bundle: String, in output: [UInt8]) -> Bool {
        let label = Array(("UIKitApplication:" + bundle + "[").utf8)
        for line in output.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: "\t"), maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, !fields[0].isEmpty, fields[0].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { continue }
            if fields[2].starts(with: label) { return true }
        }
        return false
    }

    /// Whether simctl's standard error says there was nothing to terminate.
    static func saysNotRunning(_ errors: [UInt8]) -> Bool {
        let text = String(decoding: errors, as: UTF8.self)
        return text.contains("found nothing to terminate") || text.contains("No matching processes")
    }
}

/// A simulator app's preferences (``DefaultsDomainStore`` with a simulator) changed with the app
/// in mind: with `relaunch`, the app is terminated before the change and launched after it, so
/// that it starts in the new state (a change that fails launches nothing); without, a change
/// about to be written while the app runs is said through `warn` (the app may write over it).
public struct SimulatorAppPreferences: PreferencesDocument {
    public let preferences: DefaultsDomainStore
    public let app: SimulatorApp
    public let relaunch: Bool
    /// Told, once, when a change is about to be written while the app runs (without `relaunch`).
    public let warn: @Sendable (String) -> Void

    public init(_ preferences: DefaultsDomainStore, device: String, relaunch: Bool, warn: @escaping @Sendable (String) -> Void) {
        self.preferences = preferences
        app = SimulatorApp(device: device, bundle: preferences.domain, timeout: preferences.timeout)
        self.relaunch = relaunch
        self.warn = warn
    }

    public var name: String { preferences.name }

    public func read() throws -> PropertyListDocument {
        try preferences.read()
    }

    public func update<Result>(_ change: (PropertyListDocument) throws -> (replacement: PropertyListDocument?, result: Result)) throws -> Result {
        guard relaunch else {
            return try preferences.update { document in
                let answer = try change(document)
                // Only a write is at risk; whether the app runs is asked once, and a failure
                // to ask is no reason to refuse (the write itself says what is wrong).
                if answer.replacement != nil, (try? app.isRunning()) == true {
                    warn(
                        "warning: \(quoted(app.bundle)) is running on simulator \(quoted(app.device)) and may write over this change; "
                            + "quit it first, or add --relaunch to have routectl restart it in the new state")
                }
                return answer
            }
        }
        // Ended before the export, so that what it writes as it goes is read, not lost: the
        // import replaces the whole domain.
        try app.terminate()
        let result = try preferences.update(change)
        try app.launch()
        return result
    }
}
