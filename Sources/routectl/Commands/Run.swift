import RouteModel

/// Runs an invocation: the one switch from actions to the commands that carry them out.
enum Run {
    static func perform(_ invocation: Invocation) throws -> CommandResult {
        // Only commands that use the file resolve its path (which can fail without a HOME).
        var context: Context { get throws { try Context(invocation.options) } }
        switch invocation.action {
        case .show(let pathOnly, let url): return try ShowCommand.run(pathOnly: pathOnly, url: url, context)
        case .watch(let pathOnly): return try WatchCommand.run(pathOnly: pathOnly, context)
        case .change(let operation, let recover):
            return try ChangeCommand.run(operation, recover: recover, words: invocation.routeWords, context)
        case .history(let last): return try HistoryCommand.run(last: last, context)
        case .initialize(let state, let force, let ifMissing): return try InitCommand.run(state, force: force, ifMissing: ifMissing, context)
        case .goState(let name):
            let context = try context
            return try ChangeCommand.run(.go(try StatesCommand.path(of: name, in: context.project)), recover: false, context)
        case .launchArguments(nil, let swift): return try ShowCommand.launchArguments(swift: swift, context)
        case .launchArguments(let target?, let swift): return try LaunchTargetCommand.run(target, swift: swift, context)
        case .apps: return try AppsCommand.run(invocation.options)
        case .keys: return try KeysCommand.run(invocation.options)
        case .states: return try StatesCommand.list(invocation.options)
        case .link(let action): return try LinkCommand.run(action, context)
        case .help(let command):
            return CommandResult(output: command.map { Help.command($0.spec) } ?? Help.general())
        case .version: return CommandResult(output: "routectl \(Version.current)\n")
        case .completions(let shell): return CommandResult(output: Completions.script(for: shell))
        case .manual: return CommandResult(output: ManPage.render())
        case .check: return try CheckCommand.run(context)
        case .migrate(let migration, let dryRun): return try MigrateCommand.run(migration, dryRun: dryRun, context)
        case .listNames(let names): return (try? RoutesCommand.run(names, context)) ?? CommandResult()
        }
    }
}
