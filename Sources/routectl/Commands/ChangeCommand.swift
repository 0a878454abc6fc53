import RouteStore
import RouteModel
import RouteCodecs
import RoutePreferences
import RouteSchema

/// `set`, `push`, `pop` and `reset`: one navigation operation, applied under the lock.
enum ChangeCommand {
    /// - Parameter recover: move a corrupt file aside and start fresh (`reset --force`).
    /// - Parameter words: the route's words, when one is positional (``Invocation/routeWords``).
    static func run(_ operation: NavigationOperation, recover: Bool, words: [String]? = nil, _ context: Context) throws -> CommandResult {
        // The schema's conversions first, before any store is read: a refusal changes nothing.
        let operation = try SchemaCheck.conform(operation, words: words, context)
        if context.store is NavigatorStore {
            // A navigator file takes no integer: refused before the file is read.
            try checkInteger(operation, in: .navigator(NavigatorState()), context)
        }
        var unchecked: String?
        let change = { (state: inout StoredState) throws -> Bool in
            try checkElementType(in: state, context)
            try checkInteger(operation, in: state, context)
            let before = state
            // Stamped under the lock, so that history times follow history order.
            let changed = try context.perform(try SchemaCheck.rawValue(operation, in: before, context), on: &state, at: WallClock.now())
            if changed, let schema = context.schema { try SchemaCheck.checkNewRoutes(before: before, after: state, schema) }
            unchecked = changed && context.schema == nil ? newNameUnchecked(before: before, after: state) : nil
            return changed
        }
        if canSplice(operation, recover: recover, context), let store = context.store as? DocumentStorage {
            // Written straight into the stored bytes where their document can (a push onto a
            // NavigationPath): what `change` would write, with nothing to print (--json never
            // comes here) but what routectl's record of the change notes (see JournalCommand).
            let spliced: (outcome: ChangeOutcome<StoredState>?, notes: [String])
            if let journaled = context.store as? any JournaledStorage {
                spliced = try context.naming { try JournalCommand.spliced(journaled, operation, context, change) }
            } else {
                spliced = (try context.naming({ try store.updateDocument(applying: operation, change) }), [])
            }
            guard let outcome = spliced.outcome else {
                return CommandResult(notes: spliced.notes)
            }
            var result = context.changed(outcome)
            warn(unchecked, outcome, &result)
            result.kept = outcome
            return result
        }
        // Named: a navigator file's refusal of an undo its format keeps no history for names no
        // store (a key's store names itself).
        let outcome: ChangeOutcome<StoredState>
        do {
            outcome = try context.naming {
                if let store = context.store as? any JournaledStorage {
                    return try JournalCommand.change(store, operation, recover: recover, context, change)
                }
                return try context.store.updateState(recover: recover, change)
            }
        } catch let error as NavigatorError where JournalCommand.keepsNoHistory(error, operation) {
            // Undo and redo of a state that keeps no history (refused as the state was read, so
            // routectl's own file is read once): from routectl's record of its changes.
            guard let moved = try JournalCommand.move(operation, context) else { throw error }
            return moved
        }
        var result = context.changed(outcome)
        warn(unchecked, outcome, &result)
        result.kept = outcome
        return result
    }

    /// The warning for a new route name `name` that nothing could check (``newNameUnchecked(before:after:)``), once written.
    private static func warn(_ name: String?, _ outcome: ChangeOutcome<StoredState>, _ result: inout CommandResult) {
        guard outcome.changed, let name else { return }
        result.notes.append(
            #"warning: '\#(name)' is new to this stack, and without the app's routes routectl could not check that the app has it; declare them in routectl.json, such as {"routes": ["home", "details(Int)"]}"#)
    }

    /// The formats that write the app's enum values with no type name beside them: without a
    /// schema, nothing tells whether a new name is a case of the app's enum.
    private static let namelessFormats: Set<String> = [CodableArrayCodec().name, FlowStacksCodec().name]

    /// The first route name of `after` that no route of `before` had, in a format that writes
    /// no type names (``namelessFormats``); `nil` when there is none.
    private static func newNameUnchecked(before: StoredState, after: StoredState) -> String? {
        guard case .navigator(let old) = before, case .navigator(let new) = after, namelessFormats.contains(new.formatName) else { return nil }
        let known = Set(old.tree.allRoutes.map(\.name))
        return new.tree.allRoutes.first { !$0.name.isEmpty && !known.contains($0.name) }?.name
    }

    /// Whether the store may write `operation` without reading the state: a plain push (no
    /// `--type`), with no project file (whose declarations, schema and raw values the change
    /// would apply) and no `--json` (which prints the state).
    private static func canSplice(_ operation: NavigationOperation, recover: Bool, _ context: Context) -> Bool {
        guard case .push(let route) = operation, route.preserved == nil, !recover, context.options.elementType == nil,
            context.project == nil, context.schema == nil, !context.options.json
        else { return false }
        return true
    }

    /// Refuses `set <integer>` (64) where no integer can be stored: a navigator state, whose
    /// root is a route name, or a setting that holds text. When the schema's routes have `Int`
    /// raw values and one case has this one, the hint sets that case by name.
    private static func checkInteger(_ operation: NavigationOperation, in state: StoredState, _ context: Context) throws {
        guard case .setInteger(let value) = operation else { return }
        let what: String
        switch state {
        case .navigator: what = "the state's root is a route, and a route's name starts with a letter or '_' (an integer is the raw value an Int-backed enum keeps under a key of the app's preferences: name it with --key)"
        case .setting(.value): what = "the key holds a route's name as text, and an integer is no name"
        case .setting: return
        }
        var hint: String?
        if let schema = context.schema, let raw = Int(exactly: value), let named = schema.routes.case(rawValue: .int(raw)) {
            hint = "\(value) is the raw value of '\(named.name)'; to set it by name, run: \(Advice.routectl(context.givenStore)) set \(named.name)"
        }
        throw UsageError("cannot set the integer \(value): \(what)", hint: hint)
    }

    /// Refuses `push --type` on a state whose format names no element types (64), before
    /// anything changes: the type would be dropped without a word.
    private static func checkElementType(in state: StoredState, _ context: Context) throws {
        guard context.options.elementType != nil else { return }
        let format: String
        switch state {
        case .navigator(let navigator): format = navigator.formatName
        case .setting: format = PreferenceKey.settingFormatName
        }
        // FlowStacks' FlowPath names its screens' types too (its [Route<Screen>] refuses it).
        guard FormatTable.standard.format(named: format)?.namesElementTypes != true, format != FlowStacksCodec().name else { return }
        if case .navigator(let navigator) = state, navigator.formatName.contains(" or ") {
            // `[]`: no format told yet; `--type` means a NavigationPath, but say it.
            throw FormatTable.severalFormats(FormatTable.standard.names.filter { navigator.formatName.contains($0) })
        }
        throw NavigatorError(
            .invalidInput,
            "option '--type' names the type of a new element of SwiftUI's NavigationPath, and this state is in the format \(NavigatorError.quote(format)), which names none")
    }
}
