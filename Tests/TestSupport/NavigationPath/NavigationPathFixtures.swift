import Foundation

/// SwiftUI's `NavigationPath` as apps save it, for tests: the notes' documents
/// (`shared/notes/app-storage-formats.md` §2), byte for byte, and paths built with
/// ``NavigationPathMirror`` and Foundation's `JSONEncoder`. Under a key of an app's
/// preferences, use ``VAPNFixtures/plist(key:value:format:storedAs:)`` with ``key``.
public enum NavigationPathFixtures {
    /// The key the tests keep a path under (apps choose their own).
    public static let key = "SavedPath"

    /// The notes' documents, as printed there.
    public enum Notes {
        /// §2.2: `[Recipe(id: 42), 7]`, Recipe pushed first.
        public static let recipeThenSeven = #"["Swift.Int","7","MyApp.Recipe","{\"id\":42}"]"#
        /// §2.1: the Point-Free post's printout: "hello", 42, true, then a `User` pushed (its
        /// type name printed without a module).
        public static let pointFree = #"["User","{\"id\":42,\"name\":\"Blob\"}","Swift.Bool","true","Swift.Int","42","Swift.String","\"hello\""]"#
        /// §2.1: SwiftUI's own output, quoted by NavigationBackport's maintainer (issue #2).
        public static let navigationBackportIssue = #"["NavigationBackportApp.EmojiVisualisation","{\"emoji\":\"🎈\",\"count\":99}","Swift.Int","99"]"#
        /// §2.1: lm/navigation-stack-backport's expected string for the path `[1, "foo", CodableItem(x: 2)]`.
        public static let backportTest = #"["NavigationStackBackportTests.NavigationPathTests.CodableItem","{\"x\":2}","Swift.String","\"foo\"","Swift.Int","1"]"#
        /// §2.3: pointfreeco's `UINavigationPath` (mangled names), which routectl refuses by name.
        public static let uiNavigationPath = #"["Si","7","5MyApp6RecipeV","{\"id\":42}"]"#

        /// The documents routectl reads, with the paths they show.
        public static let readable: [(document: String, path: String)] = [
            (recipeThenSeven, "/Recipe?id:=42/Int?_0:=7"),
            (pointFree, "/String?_0=hello/Int?_0:=42/Bool?_0:=true/User?id:=42&name=Blob"),
            (navigationBackportIssue, "/Int?_0:=99/EmojiVisualisation?count:=99&emoji=%F0%9F%8E%88"),
            (backportTest, "/Int?_0:=1/String?_0=foo/CodableItem?x:=2"),
        ]
    }

    /// The paths tests build, bottom first.
    public enum Path: String, CaseIterable, Sendable, CustomStringConvertible {
        /// §2.2's path: `Recipe(id: 42)`, then `7`.
        case recipeThenSeven
        /// The app's enum only: home, details(42), profile(id: 7, name: "Ann").
        case screens
        /// Every kind of value: home, 7, Recipe(42), "hello", true, details(3).
        case mixed
        /// Values with more in them: an Article (a `/` JSONEncoder escapes, an array), a
        /// nested enum, an optional left out.
        case values
        /// A private type's value under the app's enum: Hidden(x: 1), then home.
        case withHidden
        /// Nothing pushed: `[]`.
        case empty

        public var description: String { rawValue }

        public var elements: [NavigationPathMirror.Element] {
            switch self {
            case .recipeThenSeven: [.recipe(.init(id: 42)), .int(7)]
            case .screens: [.screen(.home), .screen(.details(42)), .screen(.profile(id: 7, name: "Ann"))]
            case .mixed: [.screen(.home), .int(7), .recipe(.init(id: 42)), .string("hello"), .bool(true), .screen(.details(3))]
            case .values:
                [.article(.init(title: "A/B", tags: ["x", "y"])), .screen(.feature(.item(3))), .screen(.profile(id: 1, name: nil))]
            case .withHidden: [.hidden(.init(x: 1)), .screen(.home)]
            case .empty: []
            }
        }

        /// The path as the app saves it: `JSONEncoder()`, or pretty-printed.
        public func json(pretty: Bool = false) -> [UInt8] {
            let encoder = JSONEncoder()
            if pretty { encoder.outputFormatting = .prettyPrinted }
            return NavigationPathMirror.encode(elements, encoder: encoder)
        }

        /// The paths `show --path` may print (one for each order `JSONEncoder` may write an
        /// object's members in).
        public var shownPaths: [String] {
            switch self {
            case .recipeThenSeven: ["/Recipe?id:=42/Int?_0:=7"]
            case .screens: ["/home/details?_0:=42/profile?id:=7&name=Ann"]  // whatever order the encoder chose
            case .mixed: ["/home/Int?_0:=7/Recipe?id:=42/String?_0=hello/Bool?_0:=true/details?_0:=3"]
            case .values:
                ["/Article?tags:=%5B%22x%22%2C%22y%22%5D&title=A%2FB/feature?_0:=%7B%22item%22%3A%7B%22_0%22%3A3%7D%7D/profile?id:=1"]
            case .withHidden: ["/Hidden?x:=1/home"]
            case .empty: ["/"]
            }
        }
    }

    /// The path stored under ``key`` in the plist file at `path`, decoded as SwiftUI decodes it.
    public static func decodeFromPlist(path: String, key: String = key) throws -> [NavigationPathMirror.Element] {
        try NavigationPathMirror.decode(VAPNFixtures.storedValue(path: path, key: key).json)
    }
}
