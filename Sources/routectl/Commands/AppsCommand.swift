import RouteDefaults

/// `apps --simulator <device>`: the apps installed on a simulator (``SimulatorApps``), so that a
/// user finds the bundle id `--domain` takes. Only the apps of `ApplicationType` `User` are
/// listed, by bundle id: the runtime's own apps (`System`) keep no navigation of the user's.
enum AppsCommand {
    static func run(_ given: ParsedOptions) throws -> CommandResult {
        let project = try ProjectLoading.load(given, environment: Terminal.variable)
        let options = given.applying(project, environment: Terminal.environment)
        guard let device = options.simulator else {
            throw UsageError(
                "'apps' needs '--simulator <device>'",
                hint: "for the booted simulator: routectl apps --simulator booted")
        }
        let all = try SimulatorApps.list(device: device, timeout: try ToolTimeout.seconds(environment: Terminal.variable))
        let apps = all.filter(\.isUser).sorted { $0.bundleID.utf8.lexicographicallyPrecedes($1.bundleID.utf8) }
        var notes: [String] = []
        if apps.isEmpty {
            notes.append("no app of yours is installed on simulator \(quoted(device)) (\(all.count) of the runtime's own left out); install it with: xcrun simctl install \(ShellWord.quote(device)) <path to .app>")
        }
        let view = AppsView(apps: apps)
        return CommandResult(
            output: options.json ? view.json() : apps.isEmpty ? "" : view.table(color: Terminal.useColor(options), width: Terminal.tableWidth()),
            notes: notes)
    }
}
