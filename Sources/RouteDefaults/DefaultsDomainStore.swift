import RouteModel
import RouteStore
import PropertyListCodec
import PlainText
import RoutePreferences

/// An app's preferences as the system's preferences daemon (`cfprefsd`) serves them: the
/// domain `domain` (a bundle identifier, or a plist path as `defaults` accepts), read with
/// `defaults export <domain> -` and written with `defaults import <domain> -`. With a
/// `simulator` (a device UDID or `booted`), the same `defaults` runs inside it through
/// `xcrun simctl spawn <simulator>`.
///
/// This is what a running app sees, where an edit of its plist file may be cached away (see
/// ``PropertyListFileStore``). `defaults` takes no lock that routectl could share: two writers
/// of one domain at once may lose one change, and `import` replaces the whole domain, so a key
/// the app writes between the export and the import is lost. Quit the app first.
public struct DefaultsDomainStore: PreferencesDocument {
    /// The domain.
    public let domain: String
    /// The simulator device to run `defaults` in, if any.
    public let simulator: String?
    /// How long each run of the tool (an export, an import) may take, in seconds, before it is
    /// stopped: itself and every process it started (its process group) are killed.
    public var timeout: Double

    /// The time each run of the tool gets unless told otherwise: 30 seconds.
    public static let defaultTimeout = 30.0

    /// The preferences of `domain`, on the simulator `simulator` when given; each run of the
    /// tool is stopped after `timeout` seconds.
    public init(domain: String, simulator: String? = nil, timeout: Double = DefaultsDomainStore.defaultTimeout) {
        self.domain = domain
        self.simulator = simulator
        self.timeout = timeout
    }

    public var name: String {
        "domain " + quoted(domain) + (simulator.map { " on simulator " + quoted($0) } ?? "")
    }

    /// The command line that runs `defaults` with `arguments`.
    public func command(_ arguments: [String]) -> [String] {
        (simulator.map { ["xcrun", "simctl", "spawn", $0] } ?? []) + ["defaults"] + arguments
    }

    /// The domain's preferences, from `defaults export`.
    ///
    /// - Throws: `toolFailed` when the tool cannot run, fails, does not answer within
    ///   ``timeout`` seconds, or prints nothing; `invalidFile`
    ///   when what it prints is not a property list whose root is a dictionary.
    public func read() throws -> PropertyListDocument {
        let arguments = command(["export", domain, "-"])
        let result = try Subprocess.run(arguments, outputLimit: PropertyListDocument.maxBytes, timeout: timeout)
        try check(result, arguments)
        guard !result.output.isEmpty else {
            throw NavigatorError(.toolFailed, "'\(arguments.joined(separator: " "))' printed nothing, where a property list was expected")
        }
        return try PropertyListDocument.decode(result.output, name: "what '\(arguments.joined(separator: " "))' printed")
    }

    /// Exports the domain, lets `change` edit it, and imports the result in the same form.
    public func update<Result>(_ change: (PropertyListDocument) throws -> (replacement: PropertyListDocument?, result: Result)) throws -> Result {
        let (replacement, result) = try change(try read())
        if let replacement {
            let arguments = command(["import", domain, "-"])
            try check(try Subprocess.run(arguments, input: replacement.encoded(), outputLimit: 1 << 16, timeout: timeout), arguments)
        }
        return result
    }

    private func check(_ result: Subprocess.Result, _ arguments: [String]) throws {
        let command = Subprocess.named(arguments)
        if let failure = result.failure(command, timeout: timeout) { throw failure }
        guard result.readAllInput else {
            throw NavigatorError(.toolFailed, "\(command) ended without reading the property list routectl gave it; the domain may be unchanged")
        }
    }
}
