import Foundation

/// FlowStacks' routes as the library's types encode them, for tests: lists of
/// `Route<AppScreen>` encoded by Foundation's `JSONEncoder()` (compact, `/` escaped, members in
/// an order that can change from one encoding to the next), FlowPath's triples likewise, the
/// notes' own documents, and the decoders that prove what routectl wrote is read back.
public enum FlowStacksFixtures {
    public typealias Route = FlowStacksMirror.Route<AppScreen>

    /// The notes' documents (§4), byte for byte as printed there.
    public enum Notes {
        /// `[Route<Screen>]`: push details(42), sheet home (with navigation), cover
        /// profile(id: 7, name: "Ann") without navigation.
        public static let routes = #"""
            [{"push":{"_0":{"details":{"_0":42}}}},{"sheet":{"_0":{"home":{}},"withNavigation":true}},{"cover":{"_0":{"profile":{"id":7,"name":"Ann"}},"withNavigation":false}}]
            """#

        /// `FlowPath([.push(Screen.details(42)), .sheet(7, withNavigation: true)])`'s
        /// `CodableRepresentation`: triples, last first.
        public static let flowPath = #"""
            [{"sheet":{"withNavigation":true}},"Si","7",{"push":{}},"5MyApp6ScreenO","{\"details\":{\"_0\":42}}"]
            """#
    }

    /// The fixtures' route lists, bottom first.
    public enum Routes: String, CaseIterable, Sendable, CustomStringConvertible {
        /// Two pushes: details(42), profile(id: 7, name: "Ann").
        case pushes
        /// push home, sheet settings (with navigation) → push details(7), cover feature(more)
        /// without navigation.
        case presented
        /// Every shape of screen (``AppScreen/everyShape``), pushed.
        case everyShape
        /// A sheet without navigation, then a cover with, then a push on it.
        case bareSheet
        /// Nothing.
        case empty

        public var description: String { rawValue }

        public var routes: [Route] {
            switch self {
            case .pushes: [.push(.details(42)), .push(.profile(id: 7, name: "Ann"))]
            case .presented: [.push(.home), .sheet(.settings, withNavigation: true), .push(.details(7)), .cover(.feature(.more), withNavigation: false)]
            case .everyShape: AppScreen.everyShape.map { .push($0) }
            case .bareSheet: [.sheet(.home, withNavigation: false), .cover(.details(1), withNavigation: true), .push(.tags(["x"]))]
            case .empty: []
            }
        }

        /// The routes as the app saves them (``FlowStacksFixtures/encode(_:)``).
        public var json: [UInt8] { FlowStacksFixtures.encode(routes) }
    }

    /// `routes` as an app saves them: `JSONEncoder()`, default settings.
    public static func encode(_ routes: [Route]) -> [UInt8] {
        Array(try! JSONEncoder().encode(routes))
    }

    /// `bytes` as an app reads them: `JSONDecoder()`, default settings.
    public static func decode(_ bytes: [UInt8]) throws -> [Route] {
        try JSONDecoder().decode([Route].self, from: Data(bytes))
    }

    /// FlowPath's triples of `elements` (bottom first), as the library encodes them.
    public static func encode(flowPath elements: [FlowStacksMirror.FlowPath.Element]) -> [UInt8] {
        Array(try! JSONEncoder().encode(FlowStacksMirror.FlowPath(elements)))
    }

    /// FlowPath's triples as the library decodes them.
    public static func decode(flowPath bytes: [UInt8]) throws -> FlowStacksMirror.FlowPath {
        try JSONDecoder().decode(FlowStacksMirror.FlowPath.self, from: Data(bytes))
    }

    /// A FlowPath of every kind of element: an enum screen pushed, an `Int` in a sheet with
    /// navigation, a `String` pushed on it, a cover without navigation.
    public static var flowPathElements: [FlowStacksMirror.FlowPath.Element] { [
        .init(.push, AppScreen.details(42)), .init(.sheet(withNavigation: true), 7),
        .init(.push, "hello / 日本"), .init(.push, AppScreen.profile(id: 7, name: "Ann")),
        .init(.cover(withNavigation: false), AppScreen.feature(.item(3))),
    ] }

    /// One line a route, bottom first: what two lists are compared by.
    public static func describe(_ routes: [Route]) -> String {
        routes.map { "\($0)\n" }.joined()
    }
}
