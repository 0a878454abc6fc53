import Foundation

/// FlowStacks' persisted types (tag 0.10.11) as their own `Codable` code reads and writes them,
/// for tests: `Route<Screen>` and `RouteStyle` with synthesized `Codable`, and
/// `FlowPath.CodableRepresentation` (triples, last route first: the style, the screen's
/// `_mangledTypeName`, the screen's JSON text from a default `JSONEncoder`). Written from
/// shared/notes/app-storage-formats.md §4 and the library's declarations; its code is not
/// copied. What routectl writes is proved readable by decoding it with these types.
public enum FlowStacksMirror {
    /// `Route<Screen>`: `{"push":{"_0":...}}`, `{"sheet":{"_0":...,"withNavigation":true}}`,
    /// `{"cover":{...}}`.
    public enum Route<Screen> {
        case push(Screen)
        case sheet(Screen, withNavigation: Bool)
        case cover(Screen, withNavigation: Bool)
    }

    /// `RouteStyle`: `{"push":{}}`, `{"sheet":{"withNavigation":true}}`, `{"cover":{...}}`.
    public enum RouteStyle: Hashable, Codable, Sendable, CustomStringConvertible {
        case push
        case sheet(withNavigation: Bool)
        case cover(withNavigation: Bool)

        public var description: String {
            switch self {
            case .push: "push"
            case .sheet(let navigation): "sheet(withNavigation: \(navigation))"
            case .cover(let navigation): "cover(withNavigation: \(navigation))"
            }
        }
    }

    /// `FlowPath.CodableRepresentation`: routes of any `Codable` screens, bottom first.
    public struct FlowPath: Codable, CustomStringConvertible {
        /// One route: its style and its screen.
        public struct Element: CustomStringConvertible {
            public var style: RouteStyle
            public var screen: any Codable

            public init(_ style: RouteStyle, _ screen: any Codable) {
                self.style = style
                self.screen = screen
            }

            /// `push AppScreen.details(42)`, `sheet(withNavigation: true) Int 7`.
            public var description: String { "\(style) \(type(of: screen)) \(screen)" }
        }

        public var elements: [Element]

        public init(_ elements: [Element]) {
            self.elements = elements
        }

        /// One element a line, bottom first (``Element/description``).
        public var description: String { elements.map { "\($0)\n" }.joined() }

        /// The types of the notes' module `MyApp`, which exists only there: its `Screen` is
        /// this mirror's ``AppScreen`` (the notes' cases are among its own). Computed, so that no
        /// global of a non-Sendable type warns in every build (`swift build` builds this target too).
        public static var notesTypes: [String: any Codable.Type] { ["5MyApp6ScreenO": AppScreen.self] }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            for element in elements.reversed() {
                try container.encode(element.style)
                try container.encode(_mangledTypeName(type(of: element.screen))!)
                try container.encode(String(decoding: try JSONEncoder().encode(element.screen), as: UTF8.self))
            }
        }

        /// Decodes as the library does: a type name `_typeByName` cannot find (or that is not
        /// `Codable`) is an error, as is a screen's JSON that its type does not decode.
        public init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            var elements: [Element] = []
            while !container.isAtEnd {
                let style = try container.decode(RouteStyle.self)
                let name = try container.decode(String.self)
                guard let type = FlowPath.notesTypes[name] ?? (_typeByName(name) as? any Codable.Type) else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "Cannot instantiate type from name '\(name)'.")
                }
                let json = try container.decode(String.self)
                elements.insert(Element(style, try JSONDecoder().decode(type, from: Data(json.utf8))), at: 0)
            }
            self.elements = elements
        }
    }
}

extension FlowStacksMirror.Route: Codable where Screen: Codable {}
extension FlowStacksMirror.Route: Equatable where Screen: Equatable {}
extension FlowStacksMirror.Route: Hashable where Screen: Hashable {}
extension FlowStacksMirror.Route: Sendable where Screen: Sendable {}

extension FlowStacksMirror.Route: CustomStringConvertible {
    /// `push details(42)`, `sheet(withNavigation: true) home`.
    public var description: String {
        switch self {
        case .push(let screen): "push \(screen)"
        case .sheet(let screen, let navigation): "sheet(withNavigation: \(navigation)) \(screen)"
        case .cover(let screen, let navigation): "cover(withNavigation: \(navigation)) \(screen)"
        }
    }
}
