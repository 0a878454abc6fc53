import RouteModel

/// `link add`, `link list` and `link remove`: the file's deep links. Adding and removing change
/// a declaration under the lock, as `init` declares routes: no history entry.
enum LinkCommand {
    static func run(_ action: LinkAction, _ context: Context) throws -> CommandResult {
        switch action {
        case .list:
            let stored = try context.store.readState()
            let projectLinks = context.project?.project.linkTable ?? LinkTable()
            // A route setting declares no links; the project's are the ones open uses.
            let links = (stored.isSetting && !projectLinks.isEmpty)
                ? projectLinks : context.declaring(try context.naming { try stored.navigator(for: "links") }).links
            let view = LinkView(links: links.links)
            return CommandResult(output: context.options.json ? view.json() : view.table(color: context.color, width: Terminal.tableWidth()))
        case .add(let link):
            return context.changed(try context.store.updateState(recover: false) { stored in
                try stored.changeNavigator(for: "links") { state in
                    try state.links.check(link, against: state)
                    return try state.links.add(link)
                }
            })
        case .remove(let pattern):
            return context.changed(try context.store.updateState(recover: false) { stored in
                try stored.changeNavigator(for: "links") { state in
                    try state.links.remove(pattern)
                    return true
                }
            })
        }
    }
}

extension StoredState {
    var isSetting: Bool {
        if case .setting = self { return true }
        return false
    }
}
