import RouteModel

/// A team's `routectl.json`, as read from its bytes: the store's defaults, the app's routes and
/// types (kept as the text declared, for the schema to interpret), tab containers, deep links
/// and named states. Every member is optional; each declaration keeps the line it is on, so
/// that a later check can name it.
public struct ProjectFile: Equatable, Sendable {
    /// One declaration as written, such as `details(Int)`, and its 1-based line.
    public struct Declaration: Hashable, Sendable {
        public var text: String
        public var line: Int

        public init(_ text: String, line: Int) {
            self.text = text
            self.line = line
        }
    }

    /// A type named under `types`: an enum by an array of its cases, such as `"Feature":
    /// ["more", "list(page: Int)"]`, or a struct by an object of its stored properties and their
    /// types, such as `"DetailFeature.State": {"id": "Int", "draft": "String?"}`.
    public struct TypeDeclaration: Hashable, Sendable {
        public var name: String
        /// The line of the name.
        public var line: Int
        /// An enum's cases, uninterpreted; empty for a struct.
        public var cases: [Declaration]
        /// A struct's stored properties, uninterpreted, in order; `nil` for an enum.
        public var members: [Member]?

        /// An enum.
        public init(name: String, line: Int, cases: [Declaration]) {
            self.name = name
            self.line = line
            self.cases = cases
        }

        /// A struct (`{}`: one without stored properties).
        public init(name: String, line: Int, members: [Member]) {
            self.name = name
            self.line = line
            self.cases = []
            self.members = members
        }
    }

    /// One stored property of a struct under `types`: its name, its type as written (`String?`),
    /// and the line of the type.
    public struct Member: Hashable, Sendable {
        public var name: String
        public var type: String
        public var line: Int

        public init(name: String, type: String, line: Int) {
            self.name = name
            self.type = type
            self.line = line
        }
    }

    /// The defaults of the store options: `-f`, `--key`, `--domain`, `--simulator`, `--format`.
    public struct StoreDefaults: Hashable, Sendable {
        /// `file`, as written (relative to the project file's folder when relative).
        public var file: String?
        public var key: String?
        public var domain: String?
        public var simulator: String?
        public var format: String?
        /// The Swift type of the app's route enum, as SwiftUI's `NavigationPath` names it
        /// (`MyApp.Screen`): the type of a new element that is a route the schema declares.
        public var type: String?
        /// The line of `type`, for messages about it.
        public var typeLine: Int?
        /// The line of the `store` member, for messages about the store as a whole.
        public var line: Int?

        public init(file: String? = nil, key: String? = nil, domain: String? = nil, simulator: String? = nil, format: String? = nil, line: Int? = nil) {
            self.file = file
            self.key = key
            self.domain = domain
            self.simulator = simulator
            self.format = format
            self.line = line
        }

        /// Whether no default is set.
        public var isEmpty: Bool {
            file == nil && key == nil && domain == nil && simulator == nil && format == nil
        }
    }

    /// A tab container declared under `tabs`, and its line.
    public struct TabDeclaration: Hashable, Sendable {
        public var container: TabContainer
        public var line: Int

        public init(container: TabContainer, line: Int) {
            self.container = container
            self.line = line
        }
    }

    /// A deep link declared under `links`, and its line.
    public struct LinkDeclaration: Equatable, Sendable {
        public var link: DeepLink
        public var line: Int

        public init(link: DeepLink, line: Int) {
            self.link = link
            self.line = line
        }
    }

    /// A named state under `states`: its name, its path (parsed; checked against the store's
    /// declarations when used), and its line.
    public struct NamedState: Hashable, Sendable {
        public var name: String
        public var path: RoutePath
        public var line: Int

        public init(name: String, path: RoutePath, line: Int) {
            self.name = name
            self.path = path
            self.line = line
        }
    }

    /// The members a project file may have, in the order the documentation lists them.
    public static let members = ["store", "routes", "types", "tabs", "links", "states"]
    /// The members of `store`.
    public static let storeMembers = ["file", "key", "domain", "simulator", "format", "type"]
    /// The members of one link.
    public static let linkMembers = ["url", "path"]

    public var store = StoreDefaults()
    /// The app's route enum's cases, in order; `nil` when the file has no `routes` member (an
    /// empty array declares an enum with no case).
    public var routes: [Declaration]?
    /// The line of the `routes` member.
    public var routesLine: Int?
    /// The types named under `types`, in order.
    public var types: [TypeDeclaration] = []
    public var tabs: [TabDeclaration] = []
    public var links: [LinkDeclaration] = []
    public var states: [NamedState] = []

    public init() {}

    /// The tab containers, as a navigator file's `init --tabs` would declare them.
    public var tabContainers: [TabContainer] { tabs.map(\.container) }

    /// The links, in declared order.
    public var linkTable: LinkTable { LinkTable(links.map(\.link)) }

    /// The state called `name`, if any.
    public func state(named name: String) -> NamedState? {
        states.first { $0.name == name }
    }
}
