// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "routectl",
    products: [
        .library(name: "RouteModel", targets: ["RouteModel"]),
        .executable(name: "routectl", targets: ["routectl"]),
    ],
    targets: [
        .target(name: "RouteModel"),
        .executableTarget(name: "routectl", dependencies: ["RouteModel"]),
        // What both test targets share: spawning the binary, sandboxes, fuzz inputs.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "RouteModelTests", dependencies: ["RouteModel", "TestSupport"]),
        .testTarget(name: "routectlTests", dependencies: ["routectl", "RouteModel", "TestSupport"]),
    ]
)
