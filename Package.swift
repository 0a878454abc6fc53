// swift-tools-version:6.0
import PackageDescription

// The layers, each depending only on what it needs (see README, "How the code is laid out"):
//
//   PlainText                      quoting for messages, calendar dates
//   JSONText, PropertyListCodec    syntax only: they know nothing of navigation
//   RouteModel                     the pure model an app links (no Glibc/Darwin, no files)
//   RouteCodecs                    formats: a navigation state as bytes and back, one table
//   RouteProject                   the project file (routectl.json), parsed from its bytes
//   RouteStore                     files: lock, atomic write, the system-call layer
//   RoutePreferences               an app's preferences: plist files and their keys
//   RouteDefaults                  the `defaults`/`xcrun` driver (posix_spawn), simulators
//   RouteWatch                     file watching, and following a store without an actor
//   RouteNavigator                 the observable navigator an app adds
//   routectl                       the command line
let package = Package(
    name: "routectl",
    // What @Observable (RouteNavigator) needs. Newer standard-library APIs (String(validating:as:)
    // is macOS 15 / iOS 18) are not used: ../shared/tools/darwin-typecheck checks that.
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "RouteModel", targets: ["RouteModel"]),
        .library(name: "RouteStore", targets: ["RouteStore"]),
        // What an app adds for the observable navigator over routectl's stores.
        .library(name: "RouteNavigator", targets: ["RouteNavigator"]),
        .executable(name: "routectl", targets: ["routectl"]),
    ],
    targets: [
        .target(name: "PlainText"),
        .target(name: "JSONText", dependencies: ["PlainText"]),
        .target(name: "PropertyListCodec", dependencies: ["PlainText"]),
        .target(name: "RouteModel", dependencies: ["JSONText", "PlainText"]),
        .target(name: "RouteCodecs", dependencies: ["RouteModel", "JSONText"]),
        // An app's route types (the project file's routes and types) and the check of a route,
        // or a whole state, against them.
        .target(name: "RouteSchema", dependencies: ["RouteModel", "JSONText", "PlainText"]),
        // The project file (routectl.json) read from its bytes: no files, no formats.
        .target(name: "RouteProject", dependencies: ["RouteModel", "JSONText", "PlainText"]),
        // Extern: the extended-attribute calls, which Glibc's module map leaves out, are declared
        // with @_extern(c). This is the only target that needs it.
        .target(
            name: "RouteStore", dependencies: ["RouteModel", "RouteCodecs"],
            swiftSettings: [.enableExperimentalFeature("Extern")]),
        .target(name: "RoutePreferences", dependencies: ["RouteModel", "RouteCodecs", "RouteStore", "PropertyListCodec"]),
        // The only target that spawns processes: an app's navigator does not link it.
        .target(name: "RouteDefaults", dependencies: ["RouteModel", "RouteStore", "RoutePreferences", "PropertyListCodec", "PlainText"]),
        // File watching (inotify, kqueue) and the observable navigator: no process spawning.
        .target(name: "RouteWatch", dependencies: ["RouteModel", "RouteStore", "RoutePreferences"]),
        .target(name: "RouteNavigator", dependencies: ["RouteModel", "RouteCodecs", "RouteStore", "RoutePreferences", "RouteWatch"]),
        .executableTarget(
            name: "routectl",
            dependencies: ["RouteModel", "RouteCodecs", "RouteSchema", "RouteStore", "RoutePreferences", "RouteDefaults", "RouteWatch", "RouteProject", "PropertyListCodec", "JSONText", "PlainText"]),
        // What the test targets share: spawning the binary, sandboxes, fuzz inputs.
        .target(name: "TestSupport", dependencies: ["RouteModel", "RouteCodecs", "PlainText", "PropertyListCodec"], path: "Tests/TestSupport"),
        .testTarget(name: "JSONTextTests", dependencies: ["JSONText", "TestSupport"]),
        .testTarget(name: "PropertyListCodecTests", dependencies: ["PropertyListCodec", "TestSupport"]),
        // Types named as SwiftUI's (NavigationStack, Tab, TabView, NavigationPath), for a test
        // that an app importing both modules needs no qualification.
        .target(name: "SwiftUIStandIn", path: "Tests/SwiftUIStandIn"),
        .testTarget(name: "RouteModelTests", dependencies: ["RouteModel", "TestSupport", "SwiftUIStandIn"]),
        .testTarget(name: "RouteSchemaTests", dependencies: ["RouteSchema", "RouteModel", "JSONText", "TestSupport"]),
        .testTarget(name: "RouteProjectTests", dependencies: ["RouteProject", "RouteModel", "TestSupport"]),
        .testTarget(name: "RouteCodecsTests", dependencies: ["RouteCodecs", "RouteModel", "TestSupport"]),
        .testTarget(name: "RouteStoreTests", dependencies: ["RouteStore", "RouteCodecs", "RouteModel", "TestSupport"]),
        .testTarget(name: "RouteDefaultsTests", dependencies: ["RouteDefaults", "RouteModel", "TestSupport"]),
        .testTarget(
            name: "RoutePreferencesTests",
            dependencies: ["RoutePreferences", "RouteStore", "RouteCodecs", "RouteModel", "PropertyListCodec", "TestSupport"]),
        .testTarget(
            name: "RouteNavigatorTests",
            dependencies: ["RouteNavigator", "RoutePreferences", "RouteStore", "RouteCodecs", "RouteModel", "TestSupport"]),
        .testTarget(
            name: "routectlTests",
            dependencies: ["routectl", "RoutePreferences", "RouteDefaults", "RouteStore", "RouteCodecs", "RouteModel", "PropertyListCodec", "JSONText", "PlainText", "TestSupport"],
            exclude: ["Fixtures"]),
    ]
)
