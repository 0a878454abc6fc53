import RouteCodecs
import RouteModel
import RouteSchema

/// `check`: whether the app would read the saved state as shown. Every route the state holds,
/// where its format says it stands, against the project file's schema; one line a problem on
/// standard output, exit 1 when there is any. Never changes anything.
enum CheckCommand {
    static func run(_ context: Context) throws -> CommandResult {
        let schema = try requireSchema(context, for: "check")
        let state: StoredState
        do {
            state = try context.store.readLocated().state
        } catch let error as NavigatorError where error.kind == .invalidFile || error.kind == .newerFormat {
            // What the format cannot read, the app cannot either: a finding, not a failure.
            return CommandResult(output: "\(error.message)\n", status: ExitStatus.failure)
        }
        var (problems, count) = SchemaCheck.problems(in: state, schema)
        // The project's named states are paths the team will go to: checked as well.
        for named in context.project?.project.states ?? [] {
            for place in RoutePlace.places(inPath: named.path.description, member: "\(context.project!.name):\(named.line): states.\(named.name)") {
                count += 1
                if let problem = schema.problem(with: place.route) { problems.append("\(place.path): \(problem)") }
            }
        }
        if problems.isEmpty {
            return CommandResult(output: "ok: \(count == 1 ? "1 route fits" : "\(count) routes fit") the schema of \(context.project!.name)\n")
        }
        // A problem quotes the app's values: escaped, as every text routectl prints of them.
        return CommandResult(output: problems.map { Printable.escaped($0) + "\n" }.joined(), status: ExitStatus.failure)
    }

    /// The schema, or a usage error saying that `command` needs one.
    static func requireSchema(_ context: Context, for command: String) throws -> Schema {
        if let schema = context.schema { return schema }
        throw UsageError(
            context.project == nil
                ? "'\(command)' checks against the app's routes, declared in a project file, and there is none (routectl.json here or above, --config, ROUTECTL_CONFIG)"
                : "'\(command)' checks against the app's routes, and \(context.project!.name) declares none",
            hint: "declare them in routectl.json, such as {\"routes\": [\"home\", \"details(Int)\"]}")
    }
}

extension SchemaCheck {
    /// Every problem of `state` against `schema`, each `<where>: <what>`, and how many routes
    /// were checked.
    static func problems(in state: StoredState, _ schema: Schema) -> (problems: [String], routes: Int) {
        switch state {
        case .setting(let setting):
            if case .unset = setting { return ([], 0) }
            return (problem(with: setting, schema).map { ["value: \($0)"] } ?? [], 1)
        case .navigator(let navigator):
            let codec = FormatTable.standard.format(named: navigator.formatName) ?? NavigatorFileCodec()
            let places = codec.routePlaces(in: navigator)
            var problems = codec.unshownParts(of: navigator)
            for place in places {
                if let problem = schema.problem(with: place.route) { problems.append("\(place.path.isEmpty ? "/" : place.path): \(problem)") }
            }
            return (problems, places.count)
        }
    }
}
