/// The options of one command line, as the option table's `apply` functions set them.
struct ParsedOptions: Equatable, Sendable {
    var file: String?
    var json = false
    var noColor = false
    /// `--color`'s choice, when given.
    var color: ColorChoice?
    var quiet = false
    var lockTimeout = 10.0
    var help = false
    var version = false
    var pathOnly = false
    /// `show --url`.
    var url = false
    /// `show --watch`.
    var watch = false
    /// `show --launch-arguments`.
    var launchArguments = false
    /// `show --launch-arguments --swift`.
    var swift = false
    var last: Int?
    /// `--to`'s route, for `pop` and `dismiss`.
    var to: String?
    var popRoot = false
    var cover = false
    /// `present --no-navigation`.
    var noNavigation = false
    var dismissAll = false
    /// Each `--tabs` declaration, in the order given.
    var tabs: [String] = []
    var initial: String?
    var routes: [String]?
    var historyLimit: Int?
    var force = false
    /// `init --if-missing`.
    var ifMissing = false
    /// `--key`: the key of a property list (or domain) that holds the route.
    var key: String?
    /// `--domain`: the preferences domain to edit through `defaults`.
    var domain: String?
    /// `--simulator`: the simulator device to run `defaults` in.
    var simulator: String?
    /// `--device`: the connected device whose app's preferences devicectl copies.
    var device: String?
    /// `--relaunch`: quit the simulator's or device's app before a change, launch it after.
    var relaunch = false
    /// `--format`: the format what is read must be in, and a new state is written in.
    var format: String?
    /// `--config`: the project file to use instead of the one found.
    var config: String?
    /// `--no-config`: use no project file.
    var noConfig = false
    /// `push --type`: the Swift type of the pushed value, for a format that names types.
    var elementType: String?
    /// `migrate --rename`, in the order given.
    var renames: [String] = []
    /// `migrate --drop`, in the order given.
    var drops: [String] = []
    /// `migrate --dry-run`.
    var dryRun = false
    /// `check --allow-missing`.
    var allowMissing = false

    /// The options that chose the store, as given.
    var store: StoreOptions {
        StoreOptions(file: file, domain: domain, simulator: simulator, device: device, key: key, format: format)
    }

    /// The options that chose the store, as words for a command line (``StoreOptions/words``).
    var storeArguments: [String] { store.words }
}

/// The options that chose the store, as given: what a hint repeats of the command.
struct StoreOptions: Equatable {
    var file: String?
    var domain: String?
    var simulator: String?
    var device: String?
    var key: String?
    var format: String?

    /// As words for a command line (unquoted): `-f <file>`, `--domain <domain>`,
    /// `--simulator <device>`, `--device <device>`, `--key <key>`, `--format <name>`, as given.
    var words: [String] {
        var words: [String] = []
        if let file { words += ["-f", Advice.pathArgument(file)] }
        if let domain { words += ["--domain", domain] }
        if let simulator { words += ["--simulator", simulator] }
        if let device { words += ["--device", device] }
        if let key { words += ["--key", key] }
        if let format { words += ["--format", format] }
        return words
    }

    /// ``words`` with `key` as `--key`'s value: in its place when one was given, else added
    /// last.
    func words(key new: String) -> [String] {
        guard key != nil else { return words + ["--key", new] }
        var replaced = self
        replaced.key = new
        return replaced.words
    }
}
