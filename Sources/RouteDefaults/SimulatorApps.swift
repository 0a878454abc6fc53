import RouteModel
import PropertyListCodec
import PlainText
import RoutePreferences

/// One app installed on a simulator, as `xcrun simctl listapps` describes it.
public struct InstalledApp: Equatable, Sendable {
    /// The bundle identifier (the key of its entry), what `--domain` takes.
    public var bundleID: String
    /// `CFBundleDisplayName`, else `CFBundleName`, else empty.
    public var name: String
    /// `ApplicationType`: `User` for an app installed on the simulator (one of yours), `System`
    /// for the runtime's own; empty when the entry has none.
    public var type: String

    public init(bundleID: String, name: String, type: String) {
        self.bundleID = bundleID
        self.name = name
        self.type = type
    }

    /// Whether it is an app installed on the simulator rather than one the runtime brings.
    public var isUser: Bool { type == "User" }
}

/// The apps installed on a simulator: `xcrun simctl listapps <device>`, which prints an
/// old-style (OpenStep) property list, a dictionary from each bundle id to its Info.plist keys
/// and containers (see ``OpenStepPropertyList``). The run is bounded in time as `defaults` is
/// (``DefaultsDomainStore/timeout``).
public enum SimulatorApps {
    /// The most `listapps` may print: 16 MiB (a simulator's few dozen apps print about 60 KiB).
    public static let outputLimit = 16 << 20

    /// The command line that lists `device`'s apps.
    public static func command(device: String) -> [String] {
        ["xcrun", "simctl", "listapps", device]
    }

    /// The apps of `device`, in the order `listapps` prints them (by bundle id).
    ///
    /// - Throws: `toolFailed` when `xcrun` cannot run, fails, does not answer within `timeout`
    ///   seconds, or prints nothing; `invalidFile` when what it prints is not the list.
    public static func list(device: String, timeout: Double) throws -> [InstalledApp] {
        let arguments = command(device: device)
        let shown = "'" + arguments.joined(separator: " ") + "'"
        let result = try Subprocess.run(arguments, outputLimit: outputLimit, timeout: timeout)
        let said = result.firstErrorLine.isEmpty ? "" : ": " + result.firstErrorLine
        let seconds = (timeout == timeout.rounded() && timeout < 1e15 ? String(Int(timeout)) : String(timeout)) + (timeout == 1 ? " second" : " seconds")
        switch result.overtime {
        case .running?: throw NavigatorError(.toolFailed, "\(shown) did not answer within \(seconds); it was stopped")
        case .outputHeld?: throw NavigatorError(.toolFailed, "\(shown) ended, but a process it started kept its output open for \(seconds); it was stopped")
        case nil: break
        }
        if let signal = result.signal {
            throw NavigatorError(.toolFailed, "\(shown) was ended by signal \(signal)" + said)
        }
        guard result.status == 0 else {
            throw NavigatorError(.toolFailed, "\(shown) failed with exit status \(result.status)" + said)
        }
        guard !result.output.isEmpty else {
            throw NavigatorError(.toolFailed, "\(shown) printed nothing, where the list of apps was expected")
        }
        return try parse(result.output, name: "what \(shown) printed")
    }

    /// The apps `bytes` (what `listapps` prints) describe; `name` says where they come from in
    /// a refusal.
    ///
    /// - Throws: `invalidFile` when they are not an old-style property list whose root is a
    ///   dictionary of dictionaries.
    public static func parse(_ bytes: [UInt8], name: String) throws -> [InstalledApp] {
        let value: PropertyListValue
        do {
            value = try OpenStepPropertyList.decode(bytes)
        } catch let error as PropertyListError {
            throw NavigatorError(.invalidFile, "\(name) is not an old-style property list: \(error)", detail: PreferencesFact.unreadablePropertyList)
        }
        guard case .dictionary(let apps) = value else {
            throw NavigatorError(.invalidFile, "\(name) is \(value.kindPhrase), where a dictionary of apps by bundle id was expected", detail: PreferencesFact.unreadablePropertyList)
        }
        return try apps.entries.map { entry in
            guard case .dictionary(let info) = entry.value else {
                throw NavigatorError(.invalidFile, "\(name) has \(entry.value.kindPhrase) for \(quoted(entry.key)), where a dictionary describing the app was expected", detail: PreferencesFact.unreadablePropertyList)
            }
            func text(_ key: String) -> String? {
                if case .string(let text)? = info[key], !text.isEmpty { return text }
                return nil
            }
            return InstalledApp(
                bundleID: entry.key, name: text("CFBundleDisplayName") ?? text("CFBundleName") ?? "",
                type: text("ApplicationType") ?? "")
        }
    }
}
