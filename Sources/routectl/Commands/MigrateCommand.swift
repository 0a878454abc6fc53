import RouteCodecs
import RouteModel
import RouteSchema

/// `migrate`: renames and drops applied to the saved state, its history included (rewritten in
/// place: no entry of its own). With a schema, nothing changes when any route would still not
/// fit it. `--dry-run` prints the paths before and after.
enum MigrateCommand {
    static func run(_ migration: Migration, dryRun: Bool, _ context: Context) throws -> CommandResult {
        // `<Type>.<case>=<new>` of a type the schema declares renames that type's case.
        let migration = migration.resolved(with: context.schema)
        if dryRun {
            let (state, _) = try context.store.readLocated()
            let migrated = try migrate(state, migration)
            let problems = context.schema.map { SchemaCheck.problems(in: migrated.state, $0).problems } ?? []
            return CommandResult(
                output: "before: \(path(state))\nafter:  \(path(migrated.state))\n"
                    + (migrated.historyRewritten > 0 ? "history: \(migrated.historyRewritten) of \(migrated.historyCount) entries rewritten\n" : "")
                    + (problems.isEmpty ? "" : "the app still could not read:\n" + problems.map { "  \(Printable.escaped($0))\n" }.joined())
                    + "dry run: nothing changed\n",
                notes: migrated.changed ? [] : [nothingMatched(migration, context)],
                status: problems.isEmpty ? ExitStatus.success : ExitStatus.failure)
        }
        var rewritten = 0
        let outcome = try context.naming {
            try context.store.updateState(recover: false) { state in
                let migrated = try migrate(state, migration)
                if let schema = context.schema { try refuseUnreadable(migrated.state, schema) }
                rewritten = migrated.historyRewritten
                let changed = migrated.changed
                state = migrated.state
                return changed
            }
        }
        var result = context.changed(outcome)
        if !outcome.changed { result.notes.append(nothingMatched(migration, context)) }
        if rewritten > 0 { result.notes.append("\(rewritten) history \(rewritten == 1 ? "entry" : "entries") rewritten") }
        return result
    }

    /// Said when no route or parameter the migration names stands anywhere in the state: a
    /// misspelt `--rename` would otherwise pass in silence.
    private static func nothingMatched(_ migration: Migration, _ context: Context) -> String {
        let parameters = migration.parameterRenames.flatMap { route, keys in keys.keys.map { route + "." + $0 } }
        let cases = migration.typeRenames.flatMap { type, names in names.keys.map { type + "." + $0 } }
        let named = Set(migration.routeRenames.keys).union(parameters).union(cases).union(migration.drops).sorted()
        let list = named.map { "'\($0)'" }.joined(separator: ", ")
        return "nothing to migrate: \(list) stands nowhere in \(context.storeName) or its history"
    }

    private static func path(_ state: StoredState) -> String {
        switch state {
        case .navigator(let navigator): return navigator.path
        case .setting(let setting): return SettingView.path(setting) ?? "(unset)"
        }
    }

    struct Migrated {
        var state: StoredState
        var changed: Bool
        var historyRewritten = 0
        var historyCount = 0
    }

    /// Throws (exit 1) when a route of `state` would still not fit `schema`.
    static func refuseUnreadable(_ state: StoredState, _ schema: Schema) throws {
        let (problems, _, _) = SchemaCheck.problems(in: state, schema)
        guard let first = problems.first else { return }
        let more = problems.count > 1 ? " (and \(problems.count - 1) more, which --dry-run lists)" : ""
        throw NavigatorError(
            .cannotApply,
            "migrate changes nothing: afterwards the app still could not read \(first)\(more); add --rename or --drop for it")
    }

    /// `state` migrated.
    static func migrate(_ state: StoredState, _ migration: Migration) throws -> Migrated {
        var result: Migrated
        switch state {
        case .setting(let setting):
            guard case .value(let name) = setting, Route.isValidName(name) else {
                result = Migrated(state: state, changed: false)
                break
            }
            if migration.drops.contains(name) {
                result = Migrated(state: .setting(.unset), changed: true)
            } else {
                let renamed = try migration.renamed(try Route(name))
                result = Migrated(state: .setting(.value(renamed.name)), changed: renamed.name != name)
            }
        case .navigator(let navigator):
            var new = navigator
            new.tree = try migration.apply(to: navigator.tree)
            if navigator.resetRule == .initialRoute {
                if migration.drops.contains(navigator.initial.name) {
                    throw NavigatorError(
                        .cannotApply,
                        "cannot drop \(NavigatorError.quote(navigator.initial.name)): it is the initial route that reset returns to; rename it to a route the app has (--rename \(navigator.initial.name)=<route>)")
                }
                new.initial = try migration.renamed(navigator.initial)
            }
            var rewritten = 0
            var count = 0
            if navigator.keepsHistory {
                let entries = try navigator.history.entries()
                count = entries.count
                var kept: [HistoryEntry] = []
                for entry in entries {
                    guard let path = try migration.apply(toPath: entry.path) else {
                        rewritten += 1
                        continue
                    }
                    var changed = entry
                    changed.path = path
                    changed.tabs = try entry.tabs.map { try $0.map { try migration.apply(toPath: $0) ?? $0 } }
                    if changed != entry { rewritten += 1 }
                    kept.append(changed)
                }
                if rewritten > 0 {
                    var history = History(kept)
                    // The numbers of removed entries stay given: the next change takes the one
                    // after the last ever given, not a removed entry's.
                    history.keepGiven(navigator.history.lastSeq)
                    if var start = navigator.history.validStart {
                        start.path = try migration.apply(toPath: start.path) ?? start.path
                        start.tabs = try start.tabs.map { try $0.map { try migration.apply(toPath: $0) ?? $0 } }
                        history.start = start
                    }
                    new.history = history
                }
            }
            let changed = rewritten > 0 || new.tree != navigator.tree || new.initial != navigator.initial
            result = Migrated(state: .navigator(new), changed: changed, historyRewritten: rewritten, historyCount: count)
        }
        return result
    }
}
