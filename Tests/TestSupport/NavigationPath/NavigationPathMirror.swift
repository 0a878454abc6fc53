import Foundation

/// A mirror of SwiftUI's `NavigationPath.CodableRepresentation`, for tests: the algorithm the
/// notes document (§2.1, as lm/navigation-stack-backport, built to match SwiftUI, implements
/// it) over a fixed set of an app's types, whose names are hard-coded as `_typeName(qualified:
/// true)` gives them on Darwin (Linux's own names differ, and a test of a SwiftUI format must
/// not depend on them).
///
/// Encoding: the elements last pushed first, each as its type name and its JSON text
/// (`JSONEncoder()` per element), the strings then encoded as one array. Decoding: the array
/// of strings, in pairs, each value decoded as the type its name stands for; a name the app
/// does not have (or a private type's, whose address no later run has) throws, as SwiftUI's
/// decoder does.
public enum NavigationPathMirror {
    /// `struct Recipe: Codable, Hashable { let id: Int }` in module `MyApp`.
    public struct Recipe: Codable, Hashable, Sendable {
        public let id: Int
        public init(id: Int) { self.id = id }
    }

    /// `struct Article: Codable, Hashable { let title: String; let tags: [String] }` (two members).
    public struct Article: Codable, Hashable, Sendable {
        public let title: String
        public let tags: [String]
        public init(title: String, tags: [String]) { self.title = title; self.tags = tags }
    }

    /// The app's route enum, `MyApp.Screen`, synthesized `Codable`.
    public enum Screen: Codable, Hashable, Sendable {
        case home
        case details(Int)
        case profile(id: Int, name: String?)
        case feature(Feature)
    }

    /// A nested enum, `MyApp.Feature`.
    public enum Feature: Codable, Hashable, Sendable {
        case more
        case item(Int)
    }

    /// A private struct: its name holds an address (`MyApp.(unknown context at $…).Hidden`).
    public struct Hidden: Codable, Hashable, Sendable {
        public let x: Int
        public init(x: Int) { self.x = x }
    }

    /// One element of a path: a value of one of the app's types.
    public enum Element: Hashable, Sendable, CustomStringConvertible {
        case int(Int)
        case string(String)
        case bool(Bool)
        case recipe(Recipe)
        case article(Article)
        case screen(Screen)
        case hidden(Hidden)

        /// The type's name as SwiftUI writes it.
        public var typeName: String {
            switch self {
            case .int: TypeName.int
            case .string: TypeName.string
            case .bool: TypeName.bool
            case .recipe: TypeName.recipe
            case .article: TypeName.article
            case .screen: TypeName.screen
            case .hidden: TypeName.hidden
            }
        }

        /// The value's JSON text, as `JSONEncoder()` writes it.
        public var json: String {
            let encoder = JSONEncoder()
            // The mirror's types always encode; a failure is a defect of the mirror itself.
            let data: Data
            switch self {
            case .int(let value): data = try! encoder.encode(value)
            case .string(let value): data = try! encoder.encode(value)
            case .bool(let value): data = try! encoder.encode(value)
            case .recipe(let value): data = try! encoder.encode(value)
            case .article(let value): data = try! encoder.encode(value)
            case .screen(let value): data = try! encoder.encode(value)
            case .hidden(let value): data = try! encoder.encode(value)
            }
            return String(decoding: data, as: UTF8.self)
        }

        public var description: String { "\(typeName) \(json)" }
    }

    /// The type names, as `_typeName(T.self, qualified: true)` gives them in an app `MyApp`.
    public enum TypeName {
        public static let int = "Swift.Int"
        public static let string = "Swift.String"
        public static let bool = "Swift.Bool"
        public static let recipe = "MyApp.Recipe"
        public static let article = "MyApp.Article"
        public static let screen = "MyApp.Screen"
        /// A private type's name, holding the address of one run.
        public static let hidden = "MyApp.(unknown context at $56099b7b7278).Hidden"
    }

    /// What the mirror's decoder could not do, as SwiftUI's would not.
    public enum Failure: Error, CustomStringConvertible {
        case oddCount(Int)
        case unknownType(String)
        case badValue(type: String, json: String, error: String)

        public var description: String {
            switch self {
            case .oddCount(let count): "an odd number of strings (\(count))"
            case .unknownType(let name): "no type is named \(name)"
            case .badValue(let type, let json, let error): "\(json) is no \(type): \(error)"
            }
        }
    }

    /// `path` (bottom first) as SwiftUI saves it, with `encoder` for the outer array (an app's:
    /// `JSONEncoder()` by default; `.prettyPrinted` in some apps).
    public static func encode(_ path: [Element], encoder: JSONEncoder = JSONEncoder()) -> [UInt8] {
        var strings: [String] = []
        for element in path.reversed() {
            strings.append(element.typeName)
            strings.append(element.json)
        }
        return Array(try! encoder.encode(strings))
    }

    /// The path (bottom first) SwiftUI restores from `bytes`; throws what it would not restore.
    public static func decode(_ bytes: [UInt8]) throws -> [Element] {
        let strings = try JSONDecoder().decode([String].self, from: Data(bytes))
        guard strings.count % 2 == 0 else { throw Failure.oddCount(strings.count) }
        var path: [Element] = []
        for index in stride(from: strings.count - 2, through: 0, by: -2) {
            path.append(try element(type: strings[index], json: strings[index + 1]))
        }
        return path
    }

    /// The value of type `type` whose JSON text is `json`.
    public static func element(type: String, json: String) throws -> Element {
        let data = Data(json.utf8)
        let decoder = JSONDecoder()
        do {
            switch type {
            case TypeName.int: return .int(try decoder.decode(Int.self, from: data))
            case TypeName.string: return .string(try decoder.decode(String.self, from: data))
            case TypeName.bool: return .bool(try decoder.decode(Bool.self, from: data))
            case TypeName.recipe: return .recipe(try decoder.decode(Recipe.self, from: data))
            case TypeName.article: return .article(try decoder.decode(Article.self, from: data))
            case TypeName.screen: return .screen(try decoder.decode(Screen.self, from: data))
            default: throw Failure.unknownType(type)  // a private type's name included: its address is gone
            }
        } catch let error as DecodingError {
            throw Failure.badValue(type: type, json: json, error: "\(error)")
        }
    }
}
