// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "routectl",
    products: [
        .library(name: "RouteModel", targets: ["RouteModel"]),
        .executable(name: "routectl", targets: ["routectl"]),
    ],
    targets: [
        // Extern: the extended-attribute calls, which Glibc's module map leaves out, are declared
        // with @_extern(c).
        .target(name: "RouteModel", swiftSettings: [.enableExperimentalFeature("Extern")]),
        .executableTarget(name: "routectl", dependencies: ["RouteModel"]),
        // What both test targets share: spawning the binary, sandboxes, fuzz inputs.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "RouteModelTests", dependencies: ["RouteModel", "TestSupport"]),
        .testTarget(name: "routectlTests", dependencies: ["routectl", "RouteModel", "TestSupport"], exclude: ["Fixtures"]),
    ]
)
