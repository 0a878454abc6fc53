import RouteModel
import RouteCodecs
import RouteStore
import RoutePreferences
import RouteDefaults
import PlainText

/// routectl's record of its changes to a store whose format keeps no history (another library's
/// state, a route setting under a key): each change records what it replaced and wrote
/// (``ChangeJournal``, kept by ``JournalFile``), and `undo`, `redo` and `history` use that
/// record. A store in routectl's own format keeps its history inside it, as before.
enum JournalCommand {
    /// The journal of `store` (`foundKey`: the key that holds the state, when a prefix named
    /// it); `nil` for a store that has none (no state folder can be named).
    static func file(of store: any StateStorage, foundKey: String?, in folder: String?) throws -> JournalFile? {
        guard let folder else { return nil }
        let identity: String
        if let store = store as? NavigatorStore {
            identity = try JournalFile.identity(ofFile: store.path)
        } else if let store = store as? PreferenceKeyStore {
            let key = foundKey ?? store.key.name
            if let file = store.preferences as? PropertyListFileStore {
                identity = try JournalFile.identity(ofFile: file.path, key: key)
            } else if let domain = store.preferences as? DefaultsDomainStore {
                identity = JournalFile.identity(ofDomain: domain.domain, simulator: domain.simulator, key: key)
            } else if let app = store.preferences as? SimulatorAppPreferences {
                identity = JournalFile.identity(ofDomain: app.preferences.domain, simulator: app.preferences.simulator, key: key)
            } else if let app = store.preferences as? DeviceAppPreferences {
                // A connected device's app, its plist copied out to a new temporary folder each time.
                identity = JournalFile.identity(ofDomain: app.bundle, simulator: "physical \(app.device)", key: key)
            } else {
                return nil
            }
        } else {
            return nil
        }
        return JournalFile(identity: identity, folder: folder)
    }

    /// The path of `state` as history records it: a navigator state's path, a setting's value.
    static func path(of state: StoredState) -> String {
        switch state {
        case .navigator(let navigator): return navigator.path
        case .setting(.value(let name)): return name
        case .setting(.integer(let value)): return String(value)
        case .setting(.unset): return ""
        }
    }

    /// Makes `change` (the command `operation`) on `store`, recording it in the store's journal
    /// when it changed a state whose format keeps no history. A journal that cannot be written
    /// does not undo the change: a note says that it cannot be undone.
    static func change(
        _ store: any JournaledStorage, _ operation: NavigationOperation, recover: Bool, _ context: Context,
        _ change: (inout StoredState) throws -> Bool
    ) throws -> ChangeOutcome<StoredState> {
        var (outcome, values) = try store.updateRecording(recover: recover, change)
        guard let values else { return outcome }
        outcome.notes += record(operation, path(of: outcome.state), values, of: store, foundKey: outcome.foundKey, context)
        return outcome
    }

    /// ``change(_:_:recover:_:_:)`` written straight into the stored bytes where their document
    /// can (a push onto a NavigationPath; ``JournaledStorage/updateDocumentRecording(applying:_:)``),
    /// recorded as well: `nil` and the notes to print when it was, else the outcome.
    static func spliced(
        _ store: any JournaledStorage, _ operation: NavigationOperation, _ context: Context,
        _ change: (inout StoredState) throws -> Bool
    ) throws -> (outcome: ChangeOutcome<StoredState>?, notes: [String]) {
        let (outcome, values) = try store.updateDocumentRecording(applying: operation, change)
        guard let values else { return (outcome, []) }
        guard var outcome else {
            // The path is left to `history` (``path(of:_:)``): read from the bytes written
            // only when it is asked for, not at every push.
            return (nil, record(operation, "", values, of: store, foundKey: nil, context))
        }
        outcome.notes += record(operation, path(of: outcome.state), values, of: store, foundKey: outcome.foundKey, context)
        return (outcome, [])
    }

    /// The path `change` made: as recorded, or, for a change spliced into a file's bytes (which
    /// records none), the path of the bytes it wrote, read through their format's one reader.
    static func path(of change: ChangeJournal.Change, _ context: Context) -> String {
        guard change.path.isEmpty, let after = change.after else { return change.path }
        return (try? FormatTable.standard.document(recognized: after)?.document.path(order: context.parameterOrder)) ?? ""
    }

    /// Records a change that made the path `path` and replaced and wrote `values` in the
    /// journal of `store`; what to note (a journal that cannot be written does not undo the
    /// change: a note says that it cannot be undone).
    private static func record(
        _ operation: NavigationOperation, _ path: String, _ values: RecordedValues, of store: any JournaledStorage, foundKey: String?,
        _ context: Context
    ) -> [String] {
        let recorded = ChangeJournal.Change(
            at: WallClock.now(), op: operation.name, args: operation.arguments, path: path, before: values.before, after: values.after)
        var notes: [String] = []
        do {
            guard let file = try file(of: store, foundKey: foundKey, in: context.journalFolder) else {
                return ["warning: routectl could not record this change (neither XDG_STATE_HOME nor HOME is an absolute path), so undo cannot take it back"]
            }
            try file.withLock(timeout: context.options.lockTimeout) {
                var (journal, warning) = file.read()
                if let warning { notes.append(warning) }
                journal.record(recorded)
                try file.write(journal)
            }
        } catch let error as NavigatorError {
            notes.append("warning: routectl could not record this change, so undo cannot take it back: \(error.message)")
        } catch {
            notes.append("warning: routectl could not record this change, so undo cannot take it back: \(error)")
        }
        return notes
    }

    /// Whether `error` refuses `operation`, an undo or a redo, because the state keeps no
    /// history: another library's format, or a route setting.
    static func keepsNoHistory(_ error: NavigatorError, _ operation: NavigationOperation) -> Bool {
        guard case .undo = operation else {
            guard case .redo = operation else { return false }
            return refusesHistory(error, operation.name)
        }
        return refusesHistory(error, operation.name)
    }

    private static func refusesHistory(_ error: NavigatorError, _ name: String) -> Bool {
        switch error.fact {
        case .keepsNoHistory(let operation, _)?, .onlyARootRoute(let operation, _)?, .onlyAnInteger(let operation, _)?: return operation == name
        default: return false
        }
    }

    /// `undo` or `redo` of `count` changes of a store whose format keeps no history, from its
    /// journal; `nil` for a store in routectl's own format (its history is in the file).
    ///
    /// - Throws: `cannotApply` when the journal has fewer changes to take back (or forward), or
    ///   when the store no longer holds what routectl last wrote (nothing is written then).
    static func move(_ operation: NavigationOperation, _ context: Context) throws -> CommandResult? {
        let count: Int
        let undo: Bool
        switch operation {
        case .undo(let value): (count, undo) = (value, true)
        case .redo(let value): (count, undo) = (value, false)
        default: return nil
        }
        guard let store = context.store as? any JournaledStorage else { return nil }
        let (state, foundKey) = try context.store.readLocated()
        guard state.journaled else { return nil }
        let verb = undo ? "undo" : "redo"
        guard count >= 1 else {
            throw NavigatorError(.invalidInput, "invalid count \(count): \(verb) takes a whole number >= 1")
        }
        let subject = context.subject(foundKey: foundKey)
        let changes = "\(count) change\(count == 1 ? "" : "s")"
        guard let file = try file(of: store, foundKey: foundKey, in: context.journalFolder) else {
            throw NavigatorError(
                .cannotApply,
                "cannot \(verb) \(changes) of \(subject): routectl keeps its record of changes in its state folder, and neither XDG_STATE_HOME nor HOME is an absolute path")
        }
        var result = CommandResult()
        try file.withLock(timeout: context.options.lockTimeout) {
            var (journal, warning) = file.read()
            if let warning { result.notes.append(warning) }
            guard let step = undo ? journal.undoStep(count) : journal.redoStep(count) else {
                let available = undo ? journal.place : journal.recorded - journal.place
                guard count > available else {
                    // Enough changes, but one of the two whose values it needs does not read.
                    throw NavigatorError(
                        .cannotApply,
                        "cannot \(verb) \(changes): routectl's record of changes \(quoted(file.path.description, limit: 200)) is damaged (a change in it does not read), so nothing was restored; the next change starts the record again")
                }
                let format: String
                if case .navigator(let navigator) = state { format = "holds a state in the format \(quoted(navigator.formatName)), which keeps no history" } else {
                    format = "holds a route setting, which keeps no history"
                }
                let recorded = available == 0
                    ? "routectl recorded no change of it that can be \(undo ? "undone" : "redone")"
                    : "routectl recorded only \(available) that can be \(undo ? "undone" : "redone")"
                throw NavigatorError(
                    .cannotApply, "cannot \(verb) \(changes): \(subject) \(format), and \(recorded)",
                    fact: undo ? .historyTooShort(requested: count, available: available) : .nothingToRedo(requested: count, available: available))
            }
            guard try store.restore(expecting: step.expected, with: step.restored, foundKey: foundKey) else {
                throw NavigatorError(
                    .cannotApply,
                    "cannot \(verb) \(changes): \(subject) changed since routectl last wrote it (the app, or another tool, wrote it), so nothing was restored")
            }
            journal.place += undo ? -count : count
            do {
                try file.write(journal)
            } catch let error as NavigatorError {
                result.notes.append("warning: routectl could not record this \(verb), so it cannot be taken back: \(error.message)")
            }
        }
        if context.options.json {
            let (after, found) = try context.store.readLocated()
            result.output = context.render(after, foundKey: found)
        }
        return result
    }

    /// `history` of a store whose format keeps no history (`foundKey`: the key that holds it,
    /// when a prefix named it): the changes routectl recorded that are in effect (undone ones
    /// are left out), oldest first.
    static func history(last: Int?, foundKey: String?, _ context: Context) throws -> CommandResult {
        var result = CommandResult()
        var entries: [HistoryEntry] = []
        if let file = try file(of: context.store, foundKey: foundKey, in: context.journalFolder) {
            let (journal, warning) = file.read()
            if let warning { result.notes.append(warning) }
            let shown = journal.inEffect.suffix(max(0, last ?? Int.max))
            entries = shown.map { HistoryEntry(seq: $0.seq, at: $0.change.at, op: $0.change.op, args: $0.change.args, path: path(of: $0.change, context)) }
        }
        let view = HistoryView(entries: entries)
        result.output = context.options.json ? view.json() : view.table(color: context.color, width: Terminal.tableWidth())
        return result
    }
}
