import Foundation
import TestSupport
import Testing

/// The package's layers (README, "How the code is laid out"): each target imports only the
/// targets below it, the model an app links has no system calls, and nothing but test targets
/// imports Foundation. Read from the sources, so that a new import in the wrong place fails here
/// before it reaches an app.
@Suite(.tags(.unit)) struct LayeringTests {
    static let sources = String(#filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")) + "/Sources"

    /// What each target may import.
    static let allowed: [String: Set<String>] = [
        "PlainText": [],
        "JSONText": ["PlainText"],
        "PropertyListCodec": ["PlainText"],
        "RouteModel": ["JSONText", "PlainText"],
        "RouteCodecs": ["RouteModel", "JSONText", "PlainText"],
        "RouteSchema": ["RouteModel", "JSONText", "PlainText"],
        "RouteProject": ["RouteModel", "JSONText", "PlainText"],
        "RouteStore": ["RouteModel", "RouteCodecs", "PlainText", "Glibc", "Darwin"],
        "RoutePreferences": ["RouteModel", "RouteCodecs", "RouteStore", "PropertyListCodec", "PlainText", "JSONText", "Glibc", "Darwin"],
        "RouteDefaults": ["RouteModel", "RouteStore", "RoutePreferences", "PropertyListCodec", "JSONText", "PlainText", "Glibc", "Darwin"],
        "RouteWatch": ["RouteModel", "RouteStore", "RoutePreferences", "Glibc", "Darwin"],
        "RouteNavigator": ["Observation", "RouteWatch", "RouteModel", "RouteCodecs", "RouteStore", "RoutePreferences", "Glibc", "Darwin", "SwiftUI"],
        // Not the navigator: an actor brings the concurrency runtime, whose start (libdispatch's
        // among it) every command would pay.
        "routectl": ["RouteModel", "RouteCodecs", "RouteSchema", "RouteStore", "RoutePreferences", "RouteDefaults", "RouteWatch", "RouteProject", "PropertyListCodec", "JSONText", "PlainText", "Glibc", "Darwin"],
    ]

    @Test func eachTargetImportsOnlyTheLayersBelowIt() throws {
        var seen: Set<String> = []
        for (file, text) in try Self.swiftFiles() {
            let target = String(file.split(separator: "/").first ?? "")
            seen.insert(target)
            let allowed = try #require(Self.allowed[target], "a target the layering test does not know: \(target)")
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                      words[..<index].allSatisfy({ $0.hasPrefix("@") }) else { continue }
                let module = String(words[index + 1])
                #expect(allowed.contains(module), "\(file) imports \(module), which \(target) may not")
            }
            if ["RouteModel", "JSONText", "PlainText", "PropertyListCodec", "RouteCodecs", "RouteSchema", "RouteProject"].contains(target) {
                #expect(!text.contains("canImport(") && !text.contains("@_extern"), "\(file) reaches the system; only RouteStore, RoutePreferences, RouteDefaults, RouteWatch, RouteNavigator and routectl may")
            }
            if target != "RouteDefaults" {
                // What an app links (the model, the stores, the navigator) builds for tvOS and
                // watchOS, which have no posix_spawn.
                #expect(!text.contains("posix_spawn"), "\(file) spawns a process; only RouteDefaults may")
            }
            if target != "RouteStore" {
                #expect(!text.contains("@_extern"), "\(file) uses @_extern; only RouteStore has the Extern feature")
            }
        }
        #expect(seen == Set(Self.allowed.keys))
    }

    /// What the routectl command line links does without the concurrency runtime: an actor, a
    /// task, an `async` function or the `ContinuousClock` anywhere in it brings that runtime, and
    /// libdispatch with it, into the static binary, whose start every command then pays (11 page
    /// faults and 4 system calls). Only the navigator an app adds may use them.
    @Test func theCommandLineUsesNoConcurrency() throws {
        let words = ["ContinuousClock", "SuspendingClock", "Task {", "Task.", "await ", " async ", "actor ", "@MainActor", "Dispatch"]
        for (file, text) in try Self.swiftFiles() where !file.hasPrefix("RouteNavigator/") {
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            for word in words {
                #expect(!code.contains(word), "\(file) uses \(word): routectl links it")
            }
        }
    }

    /// SwiftUI is imported by one file, the navigator's bindings, and only where it exists: the
    /// rest of the package builds and is tested on Linux.
    @Test func onlyTheBindingsFileImportsSwiftUIBehindCanImport() throws {
        let importing = try Self.swiftFiles().filter { $0.1.contains("import SwiftUI") }
        #expect(importing.map(\.0) == ["RouteNavigator/RouteNavigator+SwiftUI.swift"])
        for (file, text) in importing {
            let lines = text.split(separator: "\n").filter { !$0.hasPrefix("//") && !$0.isEmpty }
            #expect(lines.first == "#if canImport(SwiftUI)" && lines.last == "#endif", "\(file)")
        }
    }

    /// Every suite at the top of a test file says its layer (README, "Tests"), so that
    /// `ROUTECTL_TEST_LAYER=unit` runs exactly the unit layer.
    @Test func everySuiteIsTaggedWithItsLayer() throws {
        let tests = String(Self.sources.dropLast("Sources".count)) + "Tests"
        let paths = FileManager.default.enumerator(atPath: tests)?.compactMap { $0 as? String } ?? []
        var suites = 0
        for relative in paths where relative.hasSuffix("Tests.swift") {
            let text = try String(contentsOfFile: tests + "/" + relative, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("@Suite") {
                suites += 1
                let layers = [".tags(.unit)", ".tags(.fuzz), .slowLayer", ".tags(.endToEnd), .slowLayer", ".tags(.scale), .slowLayer"]
                #expect(layers.contains { line.hasPrefix("@Suite(" + $0) }, "\(relative): \(line)")
            }
        }
        #expect(suites > 50)
    }

    /// Every `.swift` file under Sources, as (path below Sources, text).
    static func swiftFiles() throws -> [(String, String)] {
        let paths = FileManager.default.enumerator(atPath: sources)?.compactMap { $0 as? String } ?? []
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().map { relative in
            (relative, try String(contentsOfFile: sources + "/" + relative, encoding: .utf8))
        }
    }
}
