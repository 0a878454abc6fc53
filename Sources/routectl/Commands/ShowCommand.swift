import RouteModel

/// `show`: prints the current state.
enum ShowCommand {
    static func run(pathOnly: Bool, url: Bool, _ context: Context) throws -> CommandResult {
        let state = try context.store.readState()
        if url {
            let navigator = try context.naming { try state.navigator(for: "links") }
            return CommandResult(output: try navigator.url().description + "\n")
        }
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
