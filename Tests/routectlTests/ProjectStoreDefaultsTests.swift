import Testing
@testable import routectl
import RouteProject

/// The project file's store defaults against the command line and the environment (git's
/// precedence), in process.
@Suite(.tags(.unit)) struct ProjectStoreDefaultsTests {
    func loaded(_ store: ProjectFile.StoreDefaults, folder: String = "/repo") -> LoadedProject {
        var project = ProjectFile()
        project.store = store
        return LoadedProject(project: project, name: "routectl.json", folder: folder)
    }

    func options(_ words: [String], project: LoadedProject?, environment: [String: String] = [:]) throws -> ParsedOptions {
        try ParsedCommandLine(words + ["show"]).options.applying(project) { environment[$0] }
    }

    @Test func theProjectFillsWhatTheCommandLineLeftUnset() throws {
        let domain = loaded(.init(key: "route", domain: "com.example.app", simulator: "booted", format: "setting"))
        let plain = try options([], project: domain)
        #expect(plain.domain == "com.example.app" && plain.simulator == "booted" && plain.key == "route" && plain.format == "setting")
        #expect(plain.storeArguments == ["--domain", "com.example.app", "--simulator", "booted", "--key", "route", "--format", "setting"])
        let key = try options(["--key", "other", "--simulator", "1234"], project: domain)
        #expect(key.domain == "com.example.app" && key.simulator == "1234" && key.key == "other" && key.format == "setting")
        let format = try options(["--format", "routectl"], project: domain)
        #expect(format.format == "routectl")
    }

    @Test func aStoreNamedOnTheCommandLineOrInTheEnvironmentTakesNothingFromTheProject() throws {
        let domain = loaded(.init(key: "route", domain: "com.example.app", simulator: "booted", format: "setting"))
        let file = try options(["-f", "x.json"], project: domain)
        #expect(file.file == "x.json" && file.domain == nil && file.key == nil && file.format == nil && file.simulator == nil)
        let other = try options(["--domain", "com.other"], project: domain)
        #expect(other.domain == "com.other" && other.key == nil && other.simulator == nil)
        let environment = try options([], project: domain, environment: ["ROUTECTL_FILE": "/env.json"])
        #expect(environment.domain == nil && environment.key == nil)
        // An empty ROUTECTL_FILE is unset, as everywhere.
        #expect(try options([], project: domain, environment: ["ROUTECTL_FILE": ""]).domain == "com.example.app")
    }

    @Test func aRelativeFileIsRelativeToTheProjectsFolder() throws {
        #expect(try options([], project: loaded(.init(file: "state/nav.json"))).file == "/repo/state/nav.json")
        #expect(try options([], project: loaded(.init(file: "/abs/nav.json"))).file == "/abs/nav.json")
        #expect(try options([], project: loaded(.init(file: "nav.json"), folder: ".")).file == "nav.json")
        #expect(try options([], project: loaded(.init(file: "nav.json"), folder: "../..")).file == "../../nav.json")
        #expect(try options([], project: nil).file == nil)
    }
}
