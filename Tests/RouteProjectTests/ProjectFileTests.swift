import Testing
import RouteModel
import RouteProject
import TestSupport

/// The project file read from its bytes: every member, every refusal with its line, hostile
/// input. Pure: no file system.
@Suite(.tags(.unit)) struct ProjectFileTests {
    static let formats = ["routectl", "vapn", "navigation-path", "codable-array", "flowstacks", "setting"]

    func parse(_ text: String) throws -> ProjectFile {
        try ProjectFile(parsing: Array(text.utf8), formats: Self.formats)
    }

    /// The error `text` gets, as `<line>: <reason>`.
    func refusal(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "accepted"
        } catch let error as ProjectFileError {
            return error.message(file: "routectl.json")
        } catch {
            return "\(error)"
        }
    }

    /// `types` declares an enum by an array of its cases (as before structs: such a file keeps
    /// its meaning) and a struct by an object of its stored properties and their types.
    @Test func typesDeclareStructsAsObjects() throws {
        let project = try parse("""
            {"types": {
              "Feature": ["more"],
              "DetailFeature.State": {"id": "Int",
                                      "draft": "String?"},
              "NavigatorTransition": {}
            }}
            """)
        #expect(project.types == [
            ProjectFile.TypeDeclaration(name: "Feature", line: 2, cases: [.init("more", line: 2)]),
            ProjectFile.TypeDeclaration(
                name: "DetailFeature.State", line: 3, members: [.init(name: "id", type: "Int", line: 3), .init(name: "draft", type: "String?", line: 4)]),
            ProjectFile.TypeDeclaration(name: "NavigatorTransition", line: 5, members: []),
        ])
        #expect(project.types[0].members == nil)
        #expect(refusal("{\"types\": {\"S\": {\"id\":\n 5}}}") == "routectl.json:2: 'types.S.id' must be a string, found the number '5'")
        #expect(refusal(#"{"types": {"S": {"id": "Int", "id": "String"}}}"#) == "routectl.json:1: not valid JSON: duplicate member 'id'")
    }

    static let example = """
        {
          "store":  {"domain": "com.example.app", "simulator": "booted", "key": "route", "format": "setting"},
          "routes": ["onboarding", "home",
                     "details(Int)", "profile(id: Int, name: String?)", "feature(Feature)"],
          "types":  {"Feature": ["more", "list(page: Int)"]},
          "tabs":   {"home": ["feed", "profile", "settings"]},
          "links":  [{"url": "myapp://item/{id}", "path": "home/tab:feed/details?_0:={id}"}],
          "states": {"signed-in-profile": "home/tab:profile", "editing": "home/tab:profile/sheet:edit"}
        }
        """

    @Test func readsEveryMemberWithItsLine() throws {
        let project = try parse(Self.example)
        #expect(project.store == ProjectFile.StoreDefaults(key: "route", domain: "com.example.app", simulator: "booted", format: "setting", line: 2))
        #expect(project.routes?.map(\.text) == ["onboarding", "home", "details(Int)", "profile(id: Int, name: String?)", "feature(Feature)"])
        #expect(project.routes?.map(\.line) == [3, 3, 4, 4, 4])
        #expect(project.routesLine == 3)
        #expect(project.types == [ProjectFile.TypeDeclaration(name: "Feature", line: 5, cases: [.init("more", line: 5), .init("list(page: Int)", line: 5)])])
        #expect(project.tabContainers == [try TabContainer(name: "home", tabs: ["feed", "profile", "settings"])])
        #expect(project.tabs.map(\.line) == [6])
        #expect(project.links.map(\.line) == [7])
        #expect(project.linkTable.links == [try DeepLink(url: "myapp://item/{id}", path: "home/tab:feed/details?_0:={id}")])
        #expect(project.states.map(\.name) == ["signed-in-profile", "editing"])
        #expect(project.state(named: "editing")?.path == (try RoutePath(parsing: "home/tab:profile/sheet:edit")))
        #expect(project.state(named: "editing")?.line == 8)
    }

    @Test func everyMemberIsOptional() throws {
        let project = try parse("{}")
        #expect(project == ProjectFile())
        #expect(project.routes == nil)
        #expect(try parse(#"{"routes": []}"#).routes == [])
        #expect(try parse(#"{"store": {"file": "state/nav.json"}}"#).store.file == "state/nav.json")
    }

    @Test func unknownMembersNameTheLineAndWhatTheyCouldMean() throws {
        #expect(refusal("{\n\n\"stor\": {}}") == "routectl.json:3: 'stor' is not a member of a project file")
        do {
            _ = try parse(#"{"stor": {}}"#)
            Issue.record("accepted")
        } catch let error as ProjectFileError {
            #expect(error.unknown == .init(name: "stor", candidates: ProjectFile.members))
        }
        #expect(refusal("{\"store\": {\n\"fiel\": \"x\"}}") == "routectl.json:2: 'fiel' is not a member of 'store'")
        #expect(refusal("{\"links\": [{\"url\": \"a://b\", \"pth\": \"home\"}]}") == "routectl.json:1: 'pth' is not a member of 'links[0]'")
    }

    @Test func membersOfTheWrongTypeAreRefusedAtTheirLine() {
        #expect(refusal("[]") == "routectl.json:1: a project file is a JSON object, found an array")
        #expect(refusal("{\"store\":\n \"route\"}") == "routectl.json:2: 'store' must be an object of strings (file, key, domain, simulator, format, type), found a string")
        #expect(refusal(#"{"store": {"file": 42}}"#) == "routectl.json:1: 'store.file' must be a string, found the number '42'")
        #expect(refusal(#"{"routes": "home"}"#) == #"routectl.json:1: 'routes' must be an array of strings (enum cases such as "details(Int)"), found a string"#)
        #expect(refusal("{\"routes\": [\"home\",\n null]}") == "routectl.json:2: 'routes[1]' must be a string, found null")
        #expect(refusal(#"{"types": {"Feature": "more"}}"#) == #"routectl.json:1: 'types.Feature' must be an array of its cases (an enum, such as ["more", "list(page: Int)"]) or an object of its stored properties (a struct, such as {"id": "Int"}), found a string"#)
        #expect(refusal(#"{"tabs": {"home": "feed"}}"#) == "routectl.json:1: 'tabs.home' must be an array of tab names, found a string")
        #expect(refusal(#"{"links": {}}"#) == #"routectl.json:1: 'links' must be an array of links ({"url": ..., "path": ...}), found an object"#)
        #expect(refusal(#"{"links": [{"url": "a://b"}]}"#) == "routectl.json:1: 'links[0]' needs both a 'url' and a 'path'")
        #expect(refusal(#"{"states": {"a": true}}"#) == "routectl.json:1: 'states.a' must be a string, found true")
    }

    @Test func invalidDeclarationsAreRefusedNamingTheMember() {
        #expect(refusal(#"{"store": {"format": "vapm"}}"#).hasPrefix("routectl.json:1: 'vapm' is not a format; 'store.format' is one of routectl, vapn,"))
        #expect(refusal(#"{"store": {"file": "a", "domain": "b"}}"#) == "routectl.json:1: 'store' names both a file and a domain: keep one")
        #expect(refusal(#"{"store": {"simulator": "booted"}}"#) == "routectl.json:1: 'store.simulator' needs 'store.domain'")
        #expect(refusal(#"{"store": {"domain": "-rf"}}"#) == "routectl.json:1: 'store.domain' must be a bundle identifier")
        #expect(refusal(#"{"store": {"file": ""}}"#) == "routectl.json:1: 'store.file' must name a file")
        #expect(refusal(#"{"store": {"key": ""}}"#) == "routectl.json:1: 'store.key' must name a key")
        #expect(refusal(#"{"tabs": {"home": []}}"#) == "routectl.json:1: 'tabs.home': tab container 'home' declares no tab")
        #expect(refusal(#"{"tabs": {"home": ["a", "a"]}}"#) == "routectl.json:1: 'tabs.home': tab 'a' is declared twice for 'home'")
        #expect(refusal("{\"states\": {\"x\":\n \"home/\"}}").hasPrefix("routectl.json:2: 'states.x': "))
        #expect(refusal(#"{"states": {"@x": "home"}}"#).hasPrefix("routectl.json:1: '@x' is not a state name"))
        #expect(refusal(#"{"links": [{"url": "a://b/{id}", "path": "home"}]}"#).hasPrefix("routectl.json:1: 'links[0]': "))
        let twice = #"{"links": [{"url": "a://b", "path": "home"}, {"url": "a://b", "path": "other"}]}"#
        #expect(refusal(twice).hasPrefix("routectl.json:1: 'links[1]': "))
    }

    @Test func textThatIsNotJSONNamesTheLine() {
        #expect(refusal("{\n\"routes\": [\n\"home\",\n]}") == "routectl.json:4: not valid JSON: expected a string, number, true, false or null")
        #expect(refusal("") == "routectl.json:1: not valid JSON: expected a value")
        #expect(refusal("{} x") == "routectl.json:1: not valid JSON: unexpected data after the end of the document")
    }

    @Test func hostileInputIsOneLineAndNeverAHang() throws {
        // Duplicate members, at the second one's line.
        #expect(refusal("{\"store\": {},\n\"store\": {}}") == "routectl.json:2: not valid JSON: duplicate member 'store'")
        #expect(refusal("{\"store\": {\"key\": \"a\",\n \"key\": \"b\"}}") == "routectl.json:2: not valid JSON: duplicate member 'key'")
        // In a large object too (past the short objects' scan), early and late keys.
        let many = (0..<40).map { "\"T\($0)\": []" }
        #expect(refusal("{\"types\": {" + (many + ["\n\"T3\": []"]).joined(separator: ", ") + "}}") == "routectl.json:2: not valid JSON: duplicate member 'T3'")
        #expect(refusal("{\"types\": {" + (many + ["\n\"T39\": []"]).joined(separator: ", ") + "}}") == "routectl.json:2: not valid JSON: duplicate member 'T39'")
        #expect(try parse("{\"types\": {" + many.joined(separator: ", ") + "}}").types.count == 40)
        // Deep nesting is refused before it exhausts the stack.
        let deep = "{\"types\": " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        #expect(refusal(deep).hasPrefix("routectl.json:1: not valid JSON: nested deeper than"))
        // Huge: refused by size before it is parsed.
        let huge = "{\"routes\": [" + String(repeating: "\"home\",", count: 200_000) + "\"x\"]}"
        #expect(refusal(huge) == "routectl.json: is larger than 1 MiB (\(huge.utf8.count) bytes): a project file holds declarations only")
        // Control characters: raw ones are not JSON; escaped ones are quoted escaped.
        #expect(refusal("{\"sto\u{1}re\": 1}").hasPrefix("routectl.json:1: not valid JSON"))
        let escaped = refusal(#"{"sto\u001b[2Jre": 1}"#)
        #expect(escaped == #"routectl.json:1: 'sto\u{1b}[2Jre' is not a member of a project file"#)
        #expect(!escaped.unicodeScalars.contains { $0.value < 0x20 })
        // A long member name is cut short.
        #expect(refusal("{\"" + String(repeating: "x", count: 10_000) + "\": 1}").count < 200)
        // Not UTF-8.
        #expect(throws: ProjectFileError.self) { try ProjectFile(parsing: [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], formats: []) }
    }

    @Test func linesAreCountedForManyDeclarations() throws {
        let routes = (0..<5000).map { "\"r\($0)\"" }.joined(separator: ",\n")
        let project = try parse("{\"routes\": [\n" + routes + "]}")
        #expect(project.routes?.count == 5000)
        #expect(project.routes?.last?.line == 5001)
    }

    @Test func stateNames() {
        #expect(ProjectFile.isStateName("signed-in-profile"))
        #expect(ProjectFile.isStateName("v1.2_x"))
        #expect(!ProjectFile.isStateName(""))
        #expect(!ProjectFile.isStateName("-x"))
        #expect(!ProjectFile.isStateName("a b"))
        #expect(!ProjectFile.isStateName("é"))
        #expect(!ProjectFile.isStateName(String(repeating: "a", count: 101)))
    }
}
