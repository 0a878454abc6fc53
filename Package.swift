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
        .testTarget(name: "RouteModelTests", dependencies: ["RouteModel"]),
        .testTarget(name: "routectlTests", dependencies: ["routectl", "RouteModel"]),
    ]
)
