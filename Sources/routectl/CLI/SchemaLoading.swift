import RouteCodecs
import RouteModel
import RouteProject
import RouteSchema

/// The schema of a project file's `routes` and `types`, read with the file, before any store:
/// a declaration synthesized `Codable` could not produce is a usage error (exit 64) naming the
/// file, the line and the member.
enum SchemaLoading {
    /// The Swift type of the route enum `store.type` names, checked as a type routectl writes
    /// for a NavigationPath's new element (module-qualified, no private type's).
    static func routeType(_ loaded: LoadedProject) throws -> String? {
        guard let type = loaded.project.store.type else { return nil }
        do {
            try GivenElementType.checkReadable(type)
        } catch let error as NavigatorError {
            throw UsageError(
                "\(loaded.name):\(loaded.project.store.typeLine ?? 1): store.type \(NavigatorError.quote(type)): \(error.reason)",
                hint: "name the route enum as the app's module does, such as \"type\": \"MyApp.Screen\"")
        }
        return type
    }

    static func schema(_ loaded: LoadedProject) throws -> Schema? {
        guard let routes = loaded.project.routes else {
            guard let type = loaded.project.types.first else { return nil }
            throw UsageError(
                "\(loaded.name):\(type.line): types.\(type.name): types are the types of the routes' values, and there is no 'routes'",
                hint: "declare the app's routes, such as \"routes\": [\"home\", \"details(Int)\"]")
        }
        do {
            return try Schema(
                routes: routes.map { SchemaDeclaration($0.text, line: $0.line) },
                types: loaded.project.types.map { type in
                    if let members = type.members {
                        return Schema.TypeDeclaration(name: type.name, line: type.line, members: members.map { SchemaMember($0.name, $0.type, line: $0.line) })
                    }
                    return Schema.TypeDeclaration(name: type.name, line: type.line, cases: type.cases.map { SchemaDeclaration($0.text, line: $0.line) })
                },
                file: loaded.name)
        } catch {
            throw UsageError(error.description)
        }
    }
}
