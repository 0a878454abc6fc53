import RouteModel

/// What every command needs besides its own arguments: the store for the file in use and how to
/// print.
struct Context {
    var options: ParsedOptions
    var store: NavigatorStore
    /// The file's path as the user should see it (absolute).
    var displayPath: String
    var color: Bool

    /// - Throws: ``UsageError`` when no file is named and there is no home folder to find the
    ///   default one in.
    init(_ options: ParsedOptions) throws {
        self.options = options
        guard let path = FileLocation.resolve(explicit: options.file, environment: Terminal.environment) else {
            throw UsageError(
                "no navigator file: neither --file, ROUTECTL_FILE, XDG_STATE_HOME nor HOME is set",
                hint: "name the file with --file <path> or ROUTECTL_FILE")
        }
        guard !path.contains(CommandArguments.invalidUTF8) else {
            throw UsageError(
                "the navigator file's path from ROUTECTL_FILE, XDG_STATE_HOME or HOME is not valid UTF-8",
                hint: "name the file with --file <path>")
        }
        store = NavigatorStore(path: path, lockTimeout: options.lockTimeout)
        displayPath = Terminal.absolute(path)
        color = Terminal.useColor(options)
    }

    /// What a changing command prints: nothing, or with `--json` the resulting state; and the
    /// store's notes.
    func changed(_ outcome: NavigatorStore.Outcome) -> CommandResult {
        CommandResult(output: options.json ? render(outcome.state) : "", notes: outcome.notes)
    }

    /// The state as `show` prints it, table or JSON as asked.
    func render(_ state: NavigatorState) -> String {
        let view = StateView(file: displayPath, state: state)
        return options.json ? view.json() : view.table(color: color, width: Terminal.tableWidth())
    }
}
