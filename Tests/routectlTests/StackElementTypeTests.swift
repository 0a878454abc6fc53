import Foundation
import Testing
import TestSupport

/// A stack element must be what the app decodes (issue 34, items 2 and 12; SPEC Part 4): a new
/// element of a format that stores each element's type (SwiftUI's NavigationPath, FlowStacks'
/// FlowPath) is written as a value of a type routectl knows holds it, else refused (64); a new
/// name in a format that stores none (`codable-array`, `[Route<Screen>]`) is written with a
/// warning; a document the app cannot decode as it stands is shown, never changed (65). Every
/// write is read back with a mirror of the library's decoder; every refusal leaves the bytes.
@Suite(.tags(.endToEnd), .slowLayer) struct StackElementTypeTests {
    typealias Element = NavigationPathMirror.Element
    typealias Fixture = NavigationPathFixtures.Path

    /// The path in the sandbox's file, as SwiftUI restores it.
    static func restored(_ box: Sandbox) throws -> [Element] {
        try NavigationPathMirror.decode(Array(box.contents() ?? Data()))
    }

    /// Runs `arguments` and expects the refusal `status` whose first line contains `message`
    /// and whose hint line is `hint` (`FILE`: the sandbox's file), the file unchanged.
    static func expectRefused(
        _ box: Sandbox, _ arguments: [String], status: Int32 = 64, _ message: String, hint: String?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = box.contents()
        let result = box.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.errorLines.first?.hasPrefix("routectl: ") == true, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.errorLines.first?.contains(message) == true, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        if let hint {
            #expect(result.errorLines.count == 2, "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.errorLines.last == hint.replacingOccurrences(of: "FILE", with: box.file)[...], "\(result.stderr)", sourceLocation: sourceLocation)
        }
        #expect(box.contents() == before, "\(arguments): nothing written", sourceLocation: sourceLocation)
    }

    /// A project file declaring the mirror's `MyApp.Screen` (with `store.type` when `typed`).
    static func project(typed: Bool) -> String {
        """
        {
          \(typed ? "\"store\": {\"type\": \"MyApp.Screen\"}," : "")
          "routes": ["home", "details(Int)", "profile(id: Int, name: String?)", "feature(Feature)", "settings"],
          "types": {"Feature": ["more", "item(Int)"]}
        }
        """
    }

    // MARK: NavigationPath

    @Test func aNavigationPathsNewElementWithoutASchemaMustBeOfATypeThatShowsItsName() throws {
        let screens = Fixture.screens.elements
        let box = Sandbox(holding: Fixture.screens.json())
        // A struct's name on a path of the app's enum alone: no MyApp.Screen {"Recipe":...}.
        Self.expectRefused(
            box, ["push", "Recipe", "id:=42"],
            "cannot tell the type of the new element 'Recipe?id:=42': no value in the path shows as 'Recipe', and without the app's routes (routectl.json) routectl cannot know the cases of 'MyApp.Screen'",
            hint: "hint: for example: routectl -f FILE push Recipe id:=42 --type MyApp.Recipe")
        Self.expectRefused(
            box, ["push", "detials"], "cannot tell the type of the new element 'detials'",
            hint: "hint: did you mean 'details'? run: routectl -f FILE push details")
        Self.expectRefused(
            box, ["push", "settings"], "routectl cannot know the cases of 'MyApp.Screen'",
            hint: "hint: for example: routectl -f FILE push settings --type MyApp.Screen")
        Self.expectRefused(box, ["go", "/home/Recipe?id:=1"], "cannot tell the type of the new element 'Recipe?id:=1'", hint: nil)
        Self.expectRefused(box, ["--json", "push", "Recipe", "id:=42"], "cannot tell the type of the new element 'Recipe?id:=42'", hint: nil)
        // A name the path's values of one type show: that type, as the app decodes it.
        #expect(box.run("push", "details", "_0:=5").status == 0)
        #expect(try Self.restored(box) == screens + [.screen(.details(5))])
        // --type names the type: written as asked.
        #expect(box.run("push", "feature", #"_0:={"more":{}}"#, "--type", "MyApp.Screen").status == 0)
        #expect(box.run("push", "Recipe", "id:=7", "--type", "MyApp.Recipe").status == 0)
        #expect(try Self.restored(box) == screens + [.screen(.details(5)), .screen(.feature(.more)), .recipe(.init(id: 7))])
        // Now a Recipe shows as 'Recipe': the next one takes its type.
        #expect(box.run("push", "Recipe", "id:=8").status == 0)
        #expect(try Self.restored(box).last == .recipe(.init(id: 8)))
    }

    @Test(arguments: VAPNFixtures.PlistFormat.allCases)
    func underAPlistKeyTheSame(_ format: VAPNFixtures.PlistFormat) throws {
        let key = NavigationPathFixtures.key
        let box = Sandbox(holding: try VAPNFixtures.plist(key: key, value: Fixture.screens.json(), format: format, storedAs: .data))
        Self.expectRefused(
            box, ["--key", key, "push", "Recipe", "id:=42"], "cannot tell the type of the new element 'Recipe?id:=42'",
            hint: "hint: for example: routectl -f FILE --key SavedPath push Recipe id:=42 --type MyApp.Recipe")
        #expect(box.run("--key", key, "push", "details", "_0:=5").status == 0)
        #expect(try NavigationPathFixtures.decodeFromPlist(path: box.file) == Fixture.screens.elements + [.screen(.details(5))])
    }

    @Test func aNavigationPathsNewElementWithASchema() throws {
        for typed in [true, false] {
            let box = Sandbox(holding: Fixture.screens.json())
            let config = box.folder + "/routectl.json"
            box.write(Self.project(typed: typed), to: config)
            let screens = Fixture.screens.elements
            // A route the schema does not declare, named as a type: a struct's value, needing --type.
            Self.expectRefused(
                box, ["--config", config, "push", "Recipe", "id:=42"],
                typed ? "the schema declares no route 'Recipe' for 'MyApp.Screen'" : "cannot tell the type of the new element 'Recipe?id:=42'",
                hint: "hint: for example: routectl -f FILE push Recipe id:=42 --type MyApp.Recipe")
            Self.expectRefused(box, ["--config", config, "push", "detials"], "route 'detials' is not in the schema's routes", hint: "hint: did you mean 'details'?")
            #expect(box.run(["--config", config, "push", "Recipe", "id:=42", "--type", "MyApp.Recipe"]).status == 0)
            #expect(try Self.restored(box) == screens + [.recipe(.init(id: 42))])
            if typed {
                // --type naming the schema's route enum: a route it lacks is none of its cases.
                Self.expectRefused(
                    box, ["--config", config, "push", "Settings", "--type", "MyApp.Screen"],
                    "route 'Settings' is not in the schema's routes, which are those of 'MyApp.Screen' (store.type)", hint: nil)
                // Declared, and its type named by store.type.
                let pushed = box.run(["--config", config, "push", "feature", "more"])
                #expect(pushed.status == 0, "\(pushed.stderr)")
                #expect(try Self.restored(box) == screens + [.recipe(.init(id: 42)), .screen(.feature(.more))])
            } else {
                // Declared, but the schema names no type: the path's values of its name tell it, or --type.
                Self.expectRefused(
                    box, ["--config", config, "push", "feature", "more"], "cannot tell the type of the new element",
                    hint: #"hint: for example: routectl -f FILE push feature '_0:={"more":{}}' --type MyApp.Screen"#)
                #expect(box.run(["--config", config, "push", "details", "3"]).status == 0)
                #expect(try Self.restored(box) == screens + [.recipe(.init(id: 42)), .screen(.details(3))])
            }
        }
    }

    /// A new value of the standard library's Int, String, Bool... is one JSON scalar of its
    /// kind, given as `_0` of a route named after the type: SwiftUI decodes `Swift.Int`
    /// `{"recipe":{}}`, `"x"` or `1.5` as an Int and fails, and restores none of the path.
    @Test func aStandardTypesNewValueIsOneScalarOfItsKind() throws {
        let box = Sandbox(holding: Fixture.recipeThenSeven.json())
        for arguments in [
            ["push", "recipe", "--type", "Swift.Int"], ["push", "Int", "--type", "Swift.Int"], ["push", "Int", "_0=x", "--type", "Swift.Int"],
            ["push", "Int", "_0:=1.5"], ["push", "Int", "_0:=1e3"], ["push", "Int", "a:=1", "--type", "Swift.Int"],
            ["push", "String", "_0:=8", "--type", "Swift.String"], ["push", "Bool", "_0:=1", "--type", "Swift.Bool"],
            ["push", "Int8", "_0:=300", "--type", "Swift.Int8"], ["push", "UInt", "_0:=-1", "--type", "Swift.UInt"],
            ["push", "Double", "_0=1", "--type", "Swift.Double"],
        ] {
            Self.expectRefused(box, arguments, "is one ", hint: nil)
        }
        // The values the app decodes are written.
        for arguments in [
            ["push", "Int", "_0:=8"], ["push", "String", "_0=hi", "--type", "Swift.String"], ["push", "Bool", "_0:=true", "--type", "Swift.Bool"],
            ["push", "Int", "_0:=-9223372036854775808", "--type", "Swift.Int"],
        ] {
            let pushed = box.run(arguments)
            #expect(pushed.status == 0, "\(arguments): \(pushed.stderr)")
        }
        #expect(try Self.restored(box) == Fixture.recipeThenSeven.elements + [.int(8), .string("hi"), .bool(true), .int(Int.min)])
        // FlowStacks' FlowPath names Int as Si.
        let flow = Sandbox(holding: FlowStacksFixtures.encode(flowPath: [.init(.push, AppScreen.details(42))]))
        Self.expectRefused(flow, ["push", "recipe", "--type", "Si"], "is one ", hint: nil)
        Self.expectRefused(flow, ["push", "Int", "_0=x", "--type", "Si"], "is one ", hint: nil)
        #expect(flow.run("push", "Int", "_0:=3", "--type", "Si").status == 0)
        #expect(try FlowStacksFixtures.decode(flowPath: Array(flow.contents() ?? Data())).elements.map { "\($0)" } == ["push AppScreen details(42)", "push Int 3"])
    }

    /// A stored value of the standard library's Int, String, Bool... that is not of its kind
    /// (`Swift.Int` `"x"`, hand-edited or written by an older routectl) fails the app's decoder:
    /// `check` reports it, and no change hides it; a value of its kind is fine.
    @Test func aStoredStandardValueOfTheWrongKindIsReportedAndNeverChanged() throws {
        for (document, place) in [
            (#"["Swift.Int","\"x\"","MyApp.Screen","{\"home\":{}}"]"#, "at [1], "),
            (#"["MyApp.Screen","{\"home\":{}}","Swift.Bool","\"yes\""]"#, "at [3], "),
            (#"[{"push":{}},"Si","{\"recipe\":{}}",{"push":{}},"5MyApp6ScreenO","{\"home\":{}}"]"#, "at [2], "),
        ] {
            let box = Sandbox(holding: Array(document.utf8))
            let config = box.folder + "/routectl.json"
            box.write(Self.project(typed: false), to: config)
            let check = box.run(["--config", config, "check"])
            #expect(check.status == 1, "\(document): \(check.stdout)\(check.stderr)")
            #expect(check.stdout.contains("the app cannot decode it as it stands: \(place)"), "\(check.stdout)")
            Self.expectRefused(box, ["push", "home"], status: 65, "the app cannot decode", hint: nil)
            Self.expectRefused(box, ["--no-config", "push", "home"], status: 65, "the app cannot decode", hint: nil)
        }
        let fine = Sandbox(holding: Fixture.recipeThenSeven.json())
        #expect(fine.run("push", "Int", "_0:=8").status == 0)
    }

    /// A value the app reads that routectl cannot hold (text over 1,024 bytes, a control
    /// character, JSON nested past 64 levels, which Foundation reads to 512) is refused without
    /// saying that the app rejects it (issue 34 item 15's kind: the user may then reset --force
    /// a good state); JSON that does not parse still says so.
    @Test func aValueRoutectlCannotHoldIsNeverSaidToBeRejectedByTheApp() throws {
        let long = String(repeating: "x", count: 2000)
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        func node(_ id: Int, _ child: String?) -> String {
            #"{"root":{"main":{}},"destinations":[],"kind":{"flow":{}},"id":"00000000-0000-0000-0000-0000000000\#(id < 10 ? "0" : "")\#(id)","tabs":[],"presentation":{"sheet":{}}"#
                + (child.map { #","navigator":"# + $0 } ?? "") + "}"
        }
        let vapn = (1...70).reduce(nil as String?) { node($1, $0) }!
        let neutral = "hint: routectl changes nothing in another library's state that it cannot read"
        for (document, message, format) in [
            (#"["MyApp.Screen","{\"note\":{\"_0\":\"\#(long)\"}}"]"#, "is 2000 bytes; the limit is 1024", nil),
            (#"["MyApp.Screen","{\"note\":{\"_0\":\"a\\u0007b\"}}"]"#, "holds a control character", nil),
            (#"["MyApp.Screen","{\"tags\":{\"_0\":\#(deep)}}"]"#, "nested deeper than 64 levels", nil),
            (#"[{"note":{"_0":"\#(long)"}}]"#, "is 2000 bytes; the limit is 1024", nil),
            (#"[{"tags":{"_0":\#(deep)}}]"#, "nested deeper than 64 levels", "codable-array"),
            (#"[{"push":{}},"5MyApp6ScreenO","{\"note\":{\"_0\":\"\#(long)\"}}"]"#, "is 2000 bytes; the limit is 1024", nil),
            (#"[{"push":{"_0":{"note":{"_0":"\#(long)"}}}}]"#, "is 2000 bytes; the limit is 1024", nil),
            (vapn, "nested deeper than 64 levels", nil),
        ] as [(String, String, String?)] {
            let box = Sandbox(holding: Array(document.utf8))
            Self.expectRefused(box, (format.map { ["--format", $0] } ?? []) + ["show"], status: 65, message, hint: neutral)
        }
        let broken = Sandbox(holding: Array(#"["MyApp.Screen","{\"note\":"]"#.utf8))
        Self.expectRefused(broken, ["show"], status: 65, "does not parse", hint: neutral + "; the app's own decoder would reject it too")
    }

    @Test func aNavigationPathTheAppCannotDecodeIsShownButNeverChanged() throws {
        let box = Sandbox(holding: Fixture.withHidden.json())
        #expect(box.run("show", "--path").stdout == "/Hidden?x:=1/home\n")
        for arguments in [["push", "home"], ["push", "Int", "_0:=1", "--type", "Swift.Int"], ["pop"], ["pop", "--root"], ["reset"], ["go", "/"]] {
            Self.expectRefused(
                box, arguments, status: 65,
                "the app cannot decode this path as it stands: at [2], 'MyApp.(unknown context at $56099b7b7278).Hidden' is a private type's name",
                hint: "hint: routectl writes nothing to a state the app cannot restore; see it with: routectl -f FILE show")
        }
        // A type name without its module: no app resolves it.
        let unqualified = Sandbox(holding: Array(NavigationPathFixtures.Notes.pointFree.utf8))
        Self.expectRefused(unqualified, ["push", "Int", "_0:=1"], status: 65, "at [0], 'User' is a type name without its module", hint: nil)
        // check reports it.
        let config = box.folder + "/routectl.json"
        box.write(Self.project(typed: true), to: config)
        let check = box.run(["--config", config, "check"])
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("'MyApp.(unknown context at $56099b7b7278).Hidden' is a private type's name"), "\(check.stdout)")
    }

    // MARK: FlowStacks' FlowPath

    @Test func aFlowPathsNewScreenWithoutASchemaMustBeOfATypeThatShowsItsName() throws {
        let elements: [FlowStacksMirror.FlowPath.Element] = [.init(.push, AppScreen.details(42)), .init(.push, AppScreen.profile(id: 7, name: "Ann"))]
        let box = Sandbox(holding: FlowStacksFixtures.encode(flowPath: elements))
        func screens() throws -> [String] {
            try FlowStacksFixtures.decode(flowPath: Array(box.contents() ?? Data())).elements.map { "\($0)" }
        }
        let before = try screens()
        let mangled = _mangledTypeName(AppScreen.self)!
        Self.expectRefused(
            box, ["push", "Recipe", "id:=42"], "cannot tell the type of the new screen 'Recipe?id:=42'",
            hint: "hint: name its type as FlowStacks writes it, mangled as Swift's _mangledTypeName gives it (such as 5MyApp6RecipeV), with --type <name>")
        Self.expectRefused(box, ["push", "detials"], "cannot tell the type of the new screen 'detials'", hint: "hint: did you mean 'details'? run: routectl -f FILE push details")
        Self.expectRefused(
            box, ["push", "settings"], "without the app's routes (routectl.json) routectl cannot know the cases of '\(mangled)'; name it with --type",
            hint: "hint: for example: routectl -f FILE push settings --type \(mangled)")
        Self.expectRefused(box, ["push", "settings", "--type", "Swift.Array<Swift.Int>"], "cannot write 'settings' as a value of 'Swift.Array<Swift.Int>': the routes name types mangled, and routectl mangles the names of enums, structs and classes only", hint: nil)
        #expect(box.run("push", "details", "_0:=5").status == 0)
        #expect(try screens() == before + ["push AppScreen details(5)"])
        // --type names the type, as the library's _mangledTypeName writes it.
        #expect(box.run("push", "note", "_0=a", "--type", mangled).status == 0)
        #expect(try screens() == before + ["push AppScreen details(5)", #"push AppScreen note("a")"#])
        #expect(box.run("pop").status == 0)
        #expect(try screens() == before + ["push AppScreen details(5)"])
        // With a schema declaring it, the one enum type there holds it.
        let config = box.folder + "/routectl.json"
        box.write(Self.project(typed: false), to: config)
        let pushed = box.run(["--config", config, "push", "settings"])
        #expect(pushed.status == 0, "\(pushed.stderr)")
        #expect(try screens() == before + ["push AppScreen details(5)", "push AppScreen settings"])
        Self.expectRefused(box, ["--config", config, "push", "Recipe", "id:=42"], "route 'Recipe' is not in the schema's routes", hint: nil)
    }

    @Test func aFlowPathTheAppCannotDecodeIsShownButNeverChanged() throws {
        // A readable name: FlowStacks resolves the mangled names _mangledTypeName gives, only.
        let document = #"[{"push":{}},"MyApp.Screen","{\"home\":{}}"]"#
        let box = Sandbox(holding: Array(document.utf8))
        #expect(box.run("show", "--path").stdout == "/home\n")
        Self.expectRefused(box, ["push", "home"], status: 65, "the app cannot decode these routes as they stand: at [1], 'MyApp.Screen' is no mangled type name", hint: "hint: routectl writes nothing to a state the app cannot restore; see it with: routectl -f FILE show")
        Self.expectRefused(box, ["pop"], status: 65, "the app cannot decode these routes as they stand", hint: nil)
    }

    // MARK: Formats that store no type name

    @Test func aNewNameInACodableArrayOrRoutesIsWrittenWithAWarning() throws {
        let array = Sandbox(holding: CodableArrayFixtures.encode([.home, .details(42)]))
        let pushed = array.run("push", "settings")
        #expect(pushed.status == 0, "\(pushed.stderr)")
        #expect(pushed.stderr == #"routectl: warning: 'settings' is new to this stack, and without the app's routes routectl could not check that the app has it; declare them in routectl.json, such as {"routes": ["home", "details(Int)"]}"# + "\n")
        #expect(try CodableArrayFixtures.decode(Array(array.contents() ?? Data())) == [.home, .details(42), .settings])
        let known = array.run("push", "details", "_0:=5")
        #expect(known.status == 0 && known.stderr.isEmpty, "\(known.stderr)")
        #expect(try CodableArrayFixtures.decode(Array(array.contents() ?? Data())) == [.home, .details(42), .settings, .details(5)])
        // With a schema, an undeclared route is refused, capitalised or not.
        let config = array.folder + "/routectl.json"
        array.write(Self.project(typed: false), to: config)
        Self.expectRefused(array, ["--config", config, "push", "Recipe", "id:=42"], "route 'Recipe' is not in the schema's routes", hint: nil)
        Self.expectRefused(array, ["--config", config, "push", "detials"], "route 'detials' is not in the schema's routes", hint: "hint: did you mean 'details'?")
        let declared = array.run(["--config", config, "push", "home"])
        #expect(declared.status == 0 && declared.stderr.isEmpty, "\(declared.stderr)")
        #expect(try CodableArrayFixtures.decode(Array(array.contents() ?? Data())) == [.home, .details(42), .settings, .details(5), .home])

        let routes = Sandbox(holding: FlowStacksFixtures.encode([.push(.home), .push(.details(42))]))
        let flow = routes.run("push", "settings")
        #expect(flow.status == 0, "\(flow.stderr)")
        #expect(flow.stderr.hasPrefix("routectl: warning: 'settings' is new to this stack"), "\(flow.stderr)")
        #expect(try FlowStacksFixtures.decode(Array(routes.contents() ?? Data())) == [.push(.home), .push(.details(42)), .push(.settings)])
    }

    // MARK: migrate (item 12)

    @Test func migrateRenamesAnElementOfAPathOfTwoTypesInItsOwnType() throws {
        // 7 pushed, then a case the app has since renamed (detail → details).
        let document = #"["MyApp.Screen","{\"detail\":{\"_0\":42}}","Swift.Int","7"]"#
        let box = Sandbox(holding: Array(document.utf8))
        let migrated = box.run("migrate", "--rename", "detail=details")
        #expect(migrated.status == 0, "\(migrated.stderr)")
        #expect(try Self.restored(box) == [.int(7), .screen(.details(42))])
        #expect(box.text() == #"["MyApp.Screen","{\"details\":{\"_0\":42}}","Swift.Int","7"]"#)
    }

    /// The same for FlowStacks' FlowPath: a renamed screen keeps its type (it was exit 64,
    /// asking for a --type that migrate does not take, on a FlowPath of one type too).
    @Test func migrateRenamesAScreenOfAFlowPathInItsOwnType() throws {
        for document in [
            #"[{"push":{}},"Si","7",{"push":{}},"5MyApp6ScreenO","{\"detail\":{\"_0\":42}}"]"#,
            #"[{"push":{}},"5MyApp6ScreenO","{\"home\":{}}",{"push":{}},"5MyApp6ScreenO","{\"detail\":{\"_0\":42}}"]"#,
        ] {
            let box = Sandbox(holding: Array(document.utf8))
            let migrated = box.run("migrate", "--rename", "detail=details")
            #expect(migrated.status == 0, "\(migrated.stderr)")
            let screens = try FlowStacksFixtures.decode(flowPath: Array(box.contents() ?? Data())).elements.map { "\($0)" }
            #expect(screens.first == "push AppScreen details(42)", "\(screens)")
            #expect(box.text() == document.replacingOccurrences(of: "detail", with: "details"))
        }
    }
}
