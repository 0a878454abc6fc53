import Foundation
import Testing
import TestSupport

/// A TCA-like stack end to end: every `Path.State` case holds a feature's struct, declared under
/// `types` as an object of its stored properties; a case value may have a default. The fixtures
/// are what the app writes (mirror types encoded by Foundation's `JSONEncoder`), and what
/// routectl writes is read back by the same mirror's `JSONDecoder`.
@Suite(.tags(.endToEnd), .slowLayer) struct SchemaStructCommandTests {
    /// The app's types, as the app declares them (synthesized `Codable`).
    enum App {
        struct DetailState: Codable, Equatable {
            var id: Int
            var draft: String?
            var mode: Mode
        }
        enum Mode: Codable, Equatable {
            case view
            case edit(field: String?)
        }
        struct ListState: Codable, Equatable {
            var page: Int
            var filter: [String]
        }
        struct NavigatorTransition: Codable, Equatable {}
        enum Path: Codable, Equatable {
            case detail(DetailState)
            case list(ListState)
            case about(transition: NavigatorTransition? = nil)
            case help(page: Int = 1)
        }
    }

    /// The same app one version before: `Mode.edit` was `editing`, `draft` was `text`.
    enum OldApp {
        struct DetailState: Codable {
            var id: Int
            var text: String?
            var mode: Mode
        }
        enum Mode: Codable {
            case view
            case editing(field: String?)
        }
        enum Path: Codable {
            case detail(DetailState)
            case list(App.ListState)
        }
    }

    static let project = #"""
        {
          "routes": ["detail(DetailFeature.State)", "list(ListFeature.State)",
                     "about(transition: NavigatorTransition? = nil)", "help(page: Int = 1)"],
          "types": {
            "DetailFeature.State": {"id": "Int", "draft": "String?", "mode": "DetailFeature.Mode"},
            "DetailFeature.Mode": ["view", "edit(field: String?)"],
            "ListFeature.State": {"page": "Int", "filter": "[String]"},
            "NavigatorTransition": {}
          }
        }
        """#

    static func box() -> (Sandbox, ([String]) -> RunResult) {
        let box = Sandbox()
        let config = box.folder + "/routectl.json"
        box.write(project, to: config)
        return (box, { words in box.run(["--config", config, "--format", "codable-array"] + words) })
    }

    static func encoded<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    static func decoded(_ box: Sandbox) throws -> [App.Path] {
        try JSONDecoder().decode([App.Path].self, from: box.contents()!)
    }

    @Test func checkReadsStructsAsTheAppDecodesThem() throws {
        let (box, run) = Self.box()
        let stack: [App.Path] = [
            .detail(.init(id: 1, draft: nil, mode: .view)), .detail(.init(id: 2, draft: "hi", mode: .edit(field: "title"))),
            .list(.init(page: 2, filter: ["a"])), .about(), .about(transition: .init()), .help(page: 3),
        ]
        box.write(try Self.encoded(stack))
        let ok = run(["check"])
        #expect(ok.status == 0 && ok.stdout.hasPrefix("ok: 6 routes of the state fit"), "\(ok)")
        #expect(ok.stderr == "")

        // What the app's decoder refuses, check refuses, naming where and why.
        for (json, problem) in [
            (#"[{"detail":{"_0":{"id":"1","mode":{"view":{}}}}}]"#,
             #"[0]: 'detail' takes a DetailFeature.State as _0, found {"id":"1","mode":{"view":{}}} (DetailFeature.State takes an Int as id, found "1")"#),
            (#"[{"detail":{"_0":{"mode":{"view":{}}}}}]"#,
             #"[0]: 'detail' takes a DetailFeature.State as _0, found {"mode":{"view":{}}} (DetailFeature.State takes an Int as id, found none)"#),
            (#"[{"detail":{"_0":{"id":1,"mode":{"editing":{}}}}}]"#,
             #"[0]: 'detail' takes a DetailFeature.State as _0, found {"id":1,"mode":{"editing":{}}} (DetailFeature.State takes a DetailFeature.Mode as mode, found {"editing":{}} (DetailFeature.Mode has no case 'editing'))"#),
            (#"[{"list":{"_0":{"page":1,"filter":[1]}}}]"#,
             #"[0]: 'list' takes a ListFeature.State as _0, found {"page":1,"filter":[1]} (ListFeature.State takes a [String] as filter, found 1 at [0])"#),
            (#"[{"list":{"_0":[1]}}]"#, #"[0]: 'list' takes a ListFeature.State as _0, found [1] (a ListFeature.State is written as an object of its stored properties)"#),
            (#"[{"help":{}}]"#, "[0]: 'help' takes an Int as page, found none (its default 1 is not decoded: the app's decoder requires the value)"),
        ] {
            #expect(throws: DecodingError.self, "the app refuses \(json)") { try JSONDecoder().decode([App.Path].self, from: Data(json.utf8)) }
            box.write(json)
            let refused = run(["check"])
            #expect(refused.status == 1)
            #expect(refused.stdout == problem + "\n")
        }

        // A member the struct lacks is ignored by the decoder: a note, not a problem.
        let extra = #"[{"detail":{"_0":{"id":1,"drat":"x","mode":{"view":{}}}}},{"about":{"transition":{"style":1}}}]"#
        #expect(try JSONDecoder().decode([App.Path].self, from: Data(extra.utf8)).count == 2)
        box.write(extra)
        let noted = run(["check"])
        #expect(noted.status == 0, "\(noted)")
        #expect(noted.stderr == """
            routectl: [0]: 'detail' _0.drat: DetailFeature.State has no stored property 'drat'; did you mean 'draft'? (the app's decoder ignores it)
            routectl: [1]: 'about' transition.style: NavigatorTransition has no stored property 'style' (the app's decoder ignores it)

            """)
    }

    @Test func changesWriteWhatTheAppDecodes() throws {
        let (box, run) = Self.box()
        box.write(try Self.encoded([App.Path.list(.init(page: 1, filter: []))]))
        #expect(run(["push", "detail", #"_0:={"id":3,"mode":{"edit":{"field":"title"}}}"#]).status == 0)
        // A value with a default that is left out is written as Swift's `.help()` makes it.
        let help = run(["push", "help"])
        #expect(help.status == 0, "\(help)")
        #expect(run(["push", "about"]).status == 0)
        #expect(try Self.decoded(box) == [
            .list(.init(page: 1, filter: [])), .detail(.init(id: 3, draft: nil, mode: .edit(field: "title"))), .help(page: 1), .about(transition: nil),
        ])
        let before = box.text()
        for (words, message) in [
            (["detail", #"_0:={"id":3}"#], #"'detail' takes a DetailFeature.State as _0, found {"id":3} (DetailFeature.State takes a DetailFeature.Mode as mode, found none)"#),
            (["detail", #"_0:={"id":3,"mode":{"view":{}},"drat":"x"}"#],
             #"'detail' takes a DetailFeature.State as _0, found {"id":3,"mode":{"view":{}},"drat":"x"} (DetailFeature.State has no stored property 'drat'; did you mean 'draft'?)"#),
            (["about", #"transition:={"style":1}"#], #"'about' takes a NavigatorTransition? as transition, found {"style":1} (NavigatorTransition has no stored property 'style')"#),
        ] {
            let refused = run(["push"] + words)
            #expect(refused.status == 64)
            #expect(refused.stderr == "routectl: \(message)\n")
        }
        #expect(box.text() == before, "a refused push writes nothing")
    }

    @Test func migrateRenamesACaseAndAPropertyOfANestedType() throws {
        let (box, run) = Self.box()
        let old: [OldApp.Path] = [
            .list(.init(page: 1, filter: [])), .detail(.init(id: 1, text: "draft one", mode: .editing(field: nil))),
            .detail(.init(id: 2, text: nil, mode: .view)),
        ]
        box.write(try Self.encoded(old))
        let stale = run(["check"])
        #expect(stale.status == 1)
        #expect(stale.stdout.contains("(DetailFeature.Mode has no case 'editing'))"), "\(stale.stdout)")
        let dry = run(["migrate", "--rename", "DetailFeature.Mode.editing=edit", "--rename", "DetailFeature.State.text=draft", "--dry-run"])
        #expect(dry.status == 0, "\(dry)")
        #expect(dry.stdout.contains("dry run: nothing changed") && !dry.stdout.contains("could not read"), "\(dry.stdout)")
        let migrated = run(["migrate", "--rename", "DetailFeature.Mode.editing=edit", "--rename", "DetailFeature.State.text=draft"])
        #expect(migrated.status == 0, "\(migrated)")
        #expect(try Self.decoded(box) == [
            .list(.init(page: 1, filter: [])), .detail(.init(id: 1, draft: "draft one", mode: .edit(field: nil))),
            .detail(.init(id: 2, draft: nil, mode: .view)),
        ])
        #expect(run(["check"]).status == 0)
        // Run again, it matches nothing and says so.
        let again = run(["migrate", "--rename", "DetailFeature.Mode.editing=edit"])
        #expect(again.status == 0)
        #expect(again.stderr.contains("nothing to migrate: 'DetailFeature.Mode.editing' stands nowhere"), "\(again.stderr)")
    }

    /// A named state that leaves out a value with a default goes to the value with it (as a
    /// push does), and check takes it as such.
    @Test func aNamedStateGetsItsDefaultsAsGoWritesThem() throws {
        let box = Sandbox()
        let config = box.folder + "/routectl.json"
        box.write(Self.project.replacingOccurrences(of: #""types": {"#, with: #""states": {"help": "/help", "list": "/list"}, "types": {"#), to: config)
        box.write("[]")
        func run(_ words: String...) -> RunResult { box.run(["--config", config, "--format", "codable-array"] + words) }
        let check = run("check")
        #expect(check.status == 1)
        #expect(check.stdout.hasSuffix("states.list /list: 'list' takes a ListFeature.State as _0, found none\n"), "\(check.stdout)")
        #expect(!check.stdout.contains("states.help"), "\(check.stdout)")
        #expect(run("go", "@help").status == 0)
        #expect(try Self.decoded(box) == [.help(page: 1)])
    }

    /// The same under an app's preferences key, binary and XML, as data and as a string.
    @Test(arguments: [VAPNFixtures.PlistFormat.binary, .xml], VAPNFixtures.StoredAs.allCases)
    func underAPlistKey(_ format: VAPNFixtures.PlistFormat, _ storedAs: VAPNFixtures.StoredAs) throws {
        let key = "stack"
        let old: [OldApp.Path] = [.detail(.init(id: 1, text: "t", mode: .editing(field: "title")))]
        let box = try Sandbox.preferences(key, Array(try JSONEncoder().encode(old)), format, storedAs)
        let config = box.folder + "/routectl.json"
        box.write(Self.project, to: config)
        func run(_ words: String...) -> RunResult { box.run(["--config", config, "--key", key] + words) }
        #expect(run("check").status == 1)
        let migrated = run("migrate", "--rename", "DetailFeature.Mode.editing=edit", "--rename", "DetailFeature.State.text=draft")
        #expect(migrated.status == 0, "\(migrated)")
        #expect(run("push", "help").status == 0)
        #expect(run("check").status == 0)
        let stored = try VAPNFixtures.storedValue(path: box.file, key: key)
        #expect(try JSONDecoder().decode([App.Path].self, from: Data(stored.json)) == [.detail(.init(id: 1, draft: "t", mode: .edit(field: "title"))), .help(page: 1)])
        #expect(stored.storedAs == storedAs, "data stays data, a string a string")
        #expect(box.contents()!.starts(with: Data("bplist00".utf8)) == format.isBinary, "binary stays binary, XML XML")
        #expect(try VAPNFixtures.describeOtherPreferences(path: box.file, key: key) == VAPNFixtures.otherPreferencesDescription)
    }

    @Test func aStructIsDeclaredAsSwiftWouldCompileIt() {
        let box = Sandbox()
        let config = box.folder + "/routectl.json"
        for (types, message) in [
            (#"{"S": {"id": "Int", "n": "Intt"}}"#, "routectl.json:3: types.S.n 'Intt': unknown type 'Intt': use String, Int, Double, Bool or a type under 'types' (S)"),
            (#"{"S": {"id": 5}}"#, "routectl.json:3: 'types.S.id' must be a string, found the number '5'"),
            (#"{"S": "Int"}"#, "routectl.json:3: 'types.S' must be an array of its cases"),
            (#"{"S": {"next": "S"}}"#, "routectl.json:3: types.S: no value of S is finite"),
        ] {
            box.write("{\n\"routes\": [\"a(S)\"],\n\"types\": \(types)\n}", to: config)
            let refused = box.run(["--config", config, "show"])
            #expect(refused.status == 64)
            #expect(refused.stderr.hasPrefix("routectl: " + message.replacingOccurrences(of: "routectl.json", with: config)), "\(refused.stderr)")
        }
    }
}
