// swift-tools-version:6.0
import PackageDescription

// The example app as a package Xcode and xcodebuild open directly, for CI's build for the iOS
// simulator (.github/workflows/ci.yml):
//
//   xcodebuild -scheme ExampleApp -destination 'generic/platform=iOS Simulator' build
//
// It depends on routectl's own package, two folders up; an app of your own adds the same
// products from the repository's URL.
let package = Package(
    name: "ExampleApp",
    // iOS only: TabView(selection:) with Tab values needs iOS 18, and .fullScreenCover has no
    // macOS counterpart.
    platforms: [.iOS(.v18)],
    dependencies: [.package(name: "routectl", path: "../..")],
    targets: [
        .executableTarget(
            name: "ExampleApp",
            dependencies: [
                .product(name: "RouteModel", package: "routectl"),
                .product(name: "RouteNavigator", package: "routectl"),
                .product(name: "RouteStore", package: "routectl"),
            ],
            path: ".",
            sources: ["ExampleApp.swift"]),
    ]
)
