import RouteModel

/// `show`: prints the current state.
enum ShowCommand {
    static func run(pathOnly: Bool, _ context: Context) throws -> CommandResult {
        let state = try context.store.readState()
        if pathOnly && !context.options.json {
            switch state {
            case .navigator(let navigator): return CommandResult(output: navigator.path + "\n")
            // Unset prints nothing: the app's default is not known.
            case .setting(let setting): return CommandResult(output: SettingView.path(setting).map { $0 + "\n" } ?? "")
            }
        }
        return CommandResult(output: context.render(state))
    }
}
