import Foundation
import Testing
import TestSupport

/// SPEC Part 2 end to end: `present`, `dismiss`, `tab`, `go`, `undo`, `init --tabs`, typed
/// values, format 2, and how `show` and `history` print them, on the built binary.
@Suite(.tags(.endToEnd), .slowLayer) struct NavigatorCommandTests {
    // MARK: - Helpers

    /// What a command that changes nothing must leave alone: the bytes, the inode (a rewrite
    /// renames a new file over the old one) and the number of history entries.
    struct FileState: Equatable, CustomStringConvertible {
        var bytes: Data?
        var inode: UInt64?
        var historyCount: Int?

        var description: String {
            "inode \(inode.map(String.init) ?? "none"), \(historyCount.map(String.init) ?? "no") history entries, "
                + (bytes.map { String(decoding: $0, as: UTF8.self) } ?? "no file")
        }
    }

    static func fileState(_ box: Sandbox) -> FileState {
        let attributes = try? FileManager.default.attributesOfItem(atPath: box.file)
        return FileState(
            bytes: box.contents(),
            inode: (attributes?[.systemFileNumber] as? NSNumber)?.uint64Value,
            historyCount: (box.json()["history"] as? [Any])?.count)
    }

    /// The `hint:` line a refusal must print.
    enum Hint {
        /// No hint line at all.
        case none
        /// Exactly this hint line.
        case line(String)
        /// A hint line that this check does not look at (another test pins it).
        case unchecked
    }

    /// A sandbox whose file is in the README scene's declarations: initial `onboarding`, `home`
    /// a tab container with feed, profile and settings.
    static func tabsBox(routes: String? = nil) -> Sandbox {
        let box = Sandbox()
        var arguments = ["init", "--initial", "onboarding", "--tabs", "home=feed,profile,settings"]
        if let routes { arguments += ["--routes", routes] }
        let created = box.run(arguments)
        #expect(created.status == 0, "\(created.stderr)")
        return box
    }

    /// The README scene: home's profile tab with settings pushed and the edit sheet up, feed
    /// holding details id=42.
    static func readmeScene() -> Sandbox {
        let box = tabsBox()
        expectChanges(box, [
            ["set", "home"], ["push", "details", "id=42"], ["tab", "profile"], ["push", "settings"], ["present", "edit"],
        ])
        return box
    }

    /// Runs each command, each of which must succeed silently and record one history entry.
    static func expectChanges(_ box: Sandbox, _ commands: [[String]], sourceLocation: SourceLocation = #_sourceLocation) {
        for arguments in commands {
            let before = lastSeq(box) ?? 0
            let result = box.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stdout == "" && result.stderr == "", "\(arguments)", sourceLocation: sourceLocation)
            #expect(lastSeq(box) == before + 1, "\(arguments) recorded no entry", sourceLocation: sourceLocation)
        }
    }

    /// The `seq` of the newest history entry.
    static func lastSeq(_ box: Sandbox) -> Int? {
        (box.json()["history"] as? [[String: Any]])?.last?["seq"] as? Int
    }

    /// `arguments` exit 0, print nothing, and leave the file's bytes, inode and history as they
    /// were.
    static func expectNoOp(_ box: Sandbox, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let before = fileState(box)
        #expect(before.bytes == nil || before.inode != nil, "no inode for \(box.file)", sourceLocation: sourceLocation)
        let result = box.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout == "" && result.stderr == "", "\(arguments)", sourceLocation: sourceLocation)
        #expect(fileState(box) == before, "\(arguments) changed the file", sourceLocation: sourceLocation)
    }

    /// `arguments` fail with `status`, print `message` (and `hint`) on stderr, nothing on
    /// stdout, and leave the file (or its absence) exactly as it was.
    static func expectRefused(
        _ box: Sandbox, _ arguments: [String], _ status: Int32, _ message: String, hint: Hint = .none,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = fileState(box)
        let result = box.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout == "", "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.errorLines.first.map(String.init) == message, "\(arguments)", sourceLocation: sourceLocation)
        switch hint {
        case .none:
            #expect(result.errorLines.count == 1, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        case .line(let line):
            #expect(result.errorLines.dropFirst().map(String.init) == [line], "\(arguments)", sourceLocation: sourceLocation)
        case .unchecked:
            #expect(result.errorLines.count == 2, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        }
        #expect(fileState(box) == before, "\(arguments) changed the file", sourceLocation: sourceLocation)
    }

    static func path(_ box: Sandbox) -> String {
        box.run("show", "--path").stdout
    }

    static func format(_ box: Sandbox) -> Int? {
        box.json()["format"] as? Int
    }

    static func historyJSON(_ box: Sandbox) throws -> [[String: Any]] {
        let result = box.run("history", "--json")
        try #require(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    // MARK: - 1. The README scene

    @Test func readmeScenePathJSONAndTable() {
        let box = Self.readmeScene()
        #expect(Self.path(box) == "home/tab:profile/settings/sheet:edit\n")
        let json = box.run("show", "--json")
        #expect(json.status == 0 && json.stderr == "")
        #expect(json.stdout == """
            {
              "file": "\(box.file)",
              "format": "routectl",
              "initial": {"name": "onboarding"},
              "root": {"name": "home"},
              "stack": [],
              "presented": [],
              "tabs": [
                {"name": "feed", "stack": [{"name": "details", "params": {"id": "42"}}], "presented": []},
                {"name": "profile", "stack": [{"name": "settings"}], "presented": [{"style": "sheet", "root": {"name": "edit"}, "stack": []}]},
                {"name": "settings", "stack": [], "presented": []}
              ],
              "selectedTab": "profile",
              "top": {"name": "edit"},
              "path": "home/tab:profile/settings/sheet:edit",
              "tabContainers": {"home": ["feed", "profile", "settings"]}
            }

            """)
        let table = box.run("show")
        #expect(table.status == 0 && table.stderr == "")
        #expect(table.stdout == """
            file     \(box.file)
            format   routectl
            initial  onboarding
            path     home/tab:profile/settings/sheet:edit
            tabs     feed [profile] settings

            DEPTH  WHERE        ROUTE     PARAMS
            0      base         home
            1      tab profile  profile
            2      tab profile  settings
            3      sheet        edit

            """)
        // A changing command's --json prints what show --json prints.
        let pushed = box.run("push", "attachments", "--json")
        #expect(pushed.status == 0)
        #expect(pushed.stdout == box.run("show", "--json").stdout)
        #expect(pushed.stdout.contains(#""top": {"name": "attachments"},"#))
    }

    @Test func baseChainPresentationsInJSONAndTable() {
        let box = Sandbox()
        #expect(box.run("init", "--routes", "root,home,details,compose,attachments,login").status == 0)
        Self.expectChanges(box, [
            ["set", "home"], ["push", "details", "id=42"], ["present", "compose", "draft:=7"], ["push", "attachments"],
            ["present", "login", "--cover", "via=a b"],
        ])
        #expect(Self.path(box) == "home/details?id=42/sheet:compose?draft:=7/attachments/cover:login?via=a%20b\n")
        #expect(box.run("show", "--json").stdout == """
            {
              "file": "\(box.file)",
              "format": "routectl",
              "initial": {"name": "root"},
              "root": {"name": "home"},
              "stack": [{"name": "details", "params": {"id": "42"}}],
              "presented": [{"style": "sheet", "root": {"name": "compose", "params": {"draft": 7}}, "stack": [{"name": "attachments"}]}, {"style": "cover", "root": {"name": "login", "params": {"via": "a b"}}, "stack": []}],
              "top": {"name": "login", "params": {"via": "a b"}},
              "path": "home/details?id=42/sheet:compose?draft:=7/attachments/cover:login?via=a%20b",
              "routes": ["root", "home", "details", "compose", "attachments", "login"]
            }

            """)
        #expect(box.run("show").stdout == """
            file     \(box.file)
            format   routectl
            initial  root
            path     home/details?id=42/sheet:compose?draft:=7/attachments/cover:login?via=a%20b
            routes   root, home, details, compose, attachments, login

            DEPTH  WHERE  ROUTE        PARAMS
            0      base   home
            1      base   details      id=42
            2      sheet  compose      draft:=7
            3      sheet  attachments
            4      cover  login        'via=a b'

            """)
    }

    @Test func plainStatesKeepThe10TableAndJSONHasPresentedAndTop() {
        let box = Sandbox()
        Self.expectChanges(box, [["set", "home"], ["push", "details", "id=42"]])
        #expect(box.run("show").stdout == """
            file     \(box.file)
            format   routectl
            initial  root
            path     home/details?id=42

            DEPTH  ROUTE    PARAMS
            0      home
            1      details  id=42

            """)
        #expect(box.run("show", "--json").stdout == """
            {
              "file": "\(box.file)",
              "format": "routectl",
              "initial": {"name": "root"},
              "root": {"name": "home"},
              "stack": [{"name": "details", "params": {"id": "42"}}],
              "presented": [],
              "top": {"name": "details", "params": {"id": "42"}},
              "path": "home/details?id=42"
            }

            """)
    }

    @Test func tabsWithoutPresentationsShowTheWhereColumnAndTabsLine() {
        let box = Self.tabsBox(routes: "onboarding,home,feed,profile,settings,details")
        Self.expectChanges(box, [["set", "home"], ["push", "details", "id=42"]])
        #expect(box.run("show").stdout == """
            file     \(box.file)
            format   routectl
            initial  onboarding
            path     home/tab:feed/details?id=42
            tabs     [feed] profile settings
            routes   onboarding, home, feed, profile, settings, details

            DEPTH  WHERE     ROUTE    PARAMS
            0      base      home
            1      tab feed  feed
            2      tab feed  details  id=42

            """)
        // A container declared but not the root: no tabs or selectedTab members.
        Self.expectChanges(box, [["set", "details"]])
        #expect(box.run("show", "--json").stdout == """
            {
              "file": "\(box.file)",
              "format": "routectl",
              "initial": {"name": "onboarding"},
              "root": {"name": "details"},
              "stack": [],
              "presented": [],
              "top": {"name": "details"},
              "path": "details",
              "routes": ["onboarding", "home", "feed", "profile", "settings", "details"],
              "tabContainers": {"home": ["feed", "profile", "settings"]}
            }

            """)
    }

    // MARK: - 2. present, dismiss, tab: success, no-op, refusal

    @Test func presentOpensSheetsAndCoversOverTheTopFlow() throws {
        let box = Sandbox()
        Self.expectChanges(box, [["set", "home"], ["present", "compose"], ["push", "draft"], ["present", "login", "--cover"]])
        #expect(Self.path(box) == "home/sheet:compose/draft/cover:login\n")
        // --cover may come first; parameters follow the route.
        Self.expectChanges(box, [["present", "--cover", "photo", "id=9"]])
        #expect(Self.path(box) == "home/sheet:compose/draft/cover:login/cover:photo?id=9\n")
        // Presenting is always a change, even of the route already on top.
        Self.expectChanges(box, [["present", "photo", "id=9"]])
        #expect(Self.path(box) == "home/sheet:compose/draft/cover:login/cover:photo?id=9/sheet:photo?id=9\n")
    }

    @Test func presentRefusals() {
        let box = Sandbox()
        #expect(box.run("init", "--routes", "root,home,edit").status == 0)
        Self.expectRefused(box, ["present"], 64, "routectl: missing argument for 'present'",
                           hint: .line("hint: usage: routectl present <route> [<key=value> ...]"))
        Self.expectRefused(box, ["present", "9x"], 64, "routectl: invalid route name '9x': it must start with a letter or '_'")
        Self.expectRefused(box, ["present", "edt"], 64, "routectl: route 'edt' is not in this file's routes",
                           hint: .line("hint: did you mean 'edit'?"))
        Self.expectRefused(box, ["present", "edit", "--cover=yes"], 64, "routectl: option '--cover' takes no value, but was given 'yes'")
        Self.expectRefused(box, ["push", "edit", "--cover"], 64, "routectl: option '--cover' does not apply to 'push'",
                           hint: .line("hint: it belongs to 'routectl present'"))
        Self.expectRefused(box, ["present", "edit", "k:=abc"], 64,
                           #"routectl: invalid typed value 'abc' for parameter 'k': expected a JSON number, true, false, null, "string", [array] or {object}"#,
                           hint: .line("hint: a typed value is JSON: a number, true, false, null, a quoted string, an array or an object, such as count:=7 or 'item:={\"id\":7}'"))
    }

    @Test func dismissRemovesTheTopPresentation() {
        let box = Sandbox()
        Self.expectChanges(box, [["set", "home"], ["present", "a"], ["push", "a2"], ["present", "b", "--cover"], ["dismiss"]])
        #expect(Self.path(box) == "home/sheet:a/a2\n")
        Self.expectChanges(box, [["dismiss"]])
        #expect(Self.path(box) == "home\n")
    }

    @Test func dismissAllAndTo() {
        let box = Sandbox()
        Self.expectChanges(box, [
            ["set", "home"], ["push", "details"], ["present", "a"], ["push", "shared"], ["present", "b", "--cover"],
            ["push", "c"], ["present", "shared"], ["push", "d"],
        ])
        #expect(Self.path(box) == "home/details/sheet:a/shared/cover:b/c/sheet:shared/d\n")
        // A route of the top flow (its root or pushed): nothing to do.
        Self.expectNoOp(box, ["dismiss", "--to", "shared"])
        Self.expectNoOp(box, ["dismiss", "--to", "d"])
        // The nearest flow from the top that holds it.
        Self.expectChanges(box, [["dismiss", "--to", "c"]])
        #expect(Self.path(box) == "home/details/sheet:a/shared/cover:b/c\n")
        Self.expectChanges(box, [["dismiss", "--to=shared"]])
        #expect(Self.path(box) == "home/details/sheet:a/shared\n")
        // The base counts.
        Self.expectChanges(box, [["dismiss", "--to", "details"]])
        #expect(Self.path(box) == "home/details\n")
        Self.expectChanges(box, [["present", "x"], ["present", "y", "--cover"], ["dismiss", "--all"]])
        #expect(Self.path(box) == "home/details\n")
        Self.expectNoOp(box, ["dismiss", "--all"])
        Self.expectNoOp(box, ["dismiss", "--to", "home"])
    }

    @Test func dismissRefusals() {
        let box = Sandbox()
        Self.expectChanges(box, [["set", "home"], ["push", "details"]])
        Self.expectRefused(box, ["dismiss"], 1, "routectl: nothing to dismiss: no sheet or cover is presented",
                           hint: .line("hint: the state is 'home/details'"))
        Self.expectChanges(box, [["present", "compose"]])
        Self.expectRefused(box, ["dismiss", "--to", "nowhere"], 1, "routectl: route 'nowhere' is in no flow on screen, presented or not",
                           hint: .line("hint: the state is 'home/details/sheet:compose'"))
        Self.expectRefused(box, ["dismiss", "--all", "--to", "home"], 64, "routectl: 'dismiss' takes only one of --all and --to <route>")
        Self.expectRefused(box, ["dismiss", "extra"], 64, "routectl: unexpected argument 'extra' for 'dismiss'",
                           hint: .line("hint: usage: routectl dismiss [--all | --to <route>]"))
        Self.expectRefused(box, ["dismiss", "--to"], 64, "routectl: missing value for option '--to'",
                           hint: .line("hint: write '--to <route>' or '--to=<route>'"))
        Self.expectRefused(box, ["dismiss", "--to", "9x"], 64, "routectl: invalid route name '9x': it must start with a letter or '_'")
        Self.expectRefused(box, ["dismiss", "--al"], 64, "routectl: unknown option '--al'", hint: .line("hint: did you mean '--all'?"))
        // A missing file: nothing is presented, and no file appears.
        let empty = Sandbox()
        Self.expectRefused(empty, ["dismiss"], 1, "routectl: nothing to dismiss: no sheet or cover is presented",
                           hint: .line("hint: the state is 'root'"))
        Self.expectNoOp(empty, ["dismiss", "--all"])
        #expect(empty.contents() == nil)
    }

    @Test func dismissToOnADeclaredRouteListRefusesOtherNames() {
        let box = Sandbox()
        #expect(box.run("init", "--routes", "root,a").status == 0)
        Self.expectChanges(box, [["present", "a"]])
        Self.expectRefused(box, ["dismiss", "--to", "zzz"], 64, "routectl: route 'zzz' is not in this file's routes",
                           hint: .line("hint: allowed routes: root, a"))
    }

    @Test func popActsOnTheTopFlowAndNeverClosesIt() throws {
        let box = Sandbox()
        Self.expectChanges(box, [["set", "home"], ["push", "details"], ["present", "compose"], ["push", "x"], ["push", "y"]])
        Self.expectChanges(box, [["pop"]])
        #expect(Self.path(box) == "home/details/sheet:compose/x\n")
        Self.expectRefused(box, ["pop", "2"], 1, "routectl: cannot pop 2 routes: the sheet holds 1 above its root",
                           hint: .line("hint: a pop never closes the sheet; to close it, run: routectl -f \(box.file) dismiss"))
        Self.expectRefused(box, ["pop", "--to", "details"], 1, "routectl: route 'details' is not in the sheet on top",
                           hint: .line("hint: the state is 'home/details/sheet:compose/x'"))
        Self.expectChanges(box, [["pop", "--to", "compose"]])
        Self.expectNoOp(box, ["pop", "--root"])
        Self.expectNoOp(box, ["pop", "--to", "compose"])
        Self.expectRefused(box, ["pop"], 1, "routectl: nothing to pop: the sheet shows its root",
                           hint: .line("hint: a pop never closes the sheet; to close it, run: routectl -f \(box.file) dismiss"))
        Self.expectChanges(box, [["present", "login", "--cover"]])
        Self.expectRefused(box, ["pop"], 1, "routectl: nothing to pop: the cover shows its root",
                           hint: .line("hint: a pop never closes the cover; to close it, run: routectl -f \(box.file) dismiss"))
        // The hint works when pasted.
        let hint = try #require(box.run("pop").errorLines.last)
        let pasted = HintTests.runHinted(hint, in: box)
        #expect(pasted.status == 0, "\(pasted.stderr)")
        #expect(Self.path(box) == "home/details/sheet:compose\n")
    }

    @Test func tabSelectsAndKeepsEachTabsFlows() {
        let box = Self.readmeScene()
        Self.expectChanges(box, [["tab", "feed"]])
        #expect(Self.path(box) == "home/tab:feed/details?id=42\n")
        Self.expectChanges(box, [["tab", "settings"]])
        #expect(Self.path(box) == "home/tab:settings\n")
        Self.expectChanges(box, [["tab", "profile"]])
        #expect(Self.path(box) == "home/tab:profile/settings/sheet:edit\n")
        // The selected tab: nothing to do.
        Self.expectNoOp(box, ["tab", "profile"])
        // Push, pop and present act on the selected tab; a tab's root is never popped.
        Self.expectChanges(box, [["tab", "settings"]])
        Self.expectRefused(box, ["pop"], 1, "routectl: nothing to pop: the stack is empty",
                           hint: .line("hint: the state is 'home/tab:settings'"))
        #expect(box.run("tab", "profile", "--json").stdout == box.run("show", "--json").stdout)
    }

    @Test func tabRefusals() {
        let box = Self.tabsBox()
        // The root (onboarding) is no tab container.
        Self.expectRefused(box, ["tab", "feed"], 1, "routectl: the root 'onboarding' has no tabs",
                           hint: .line("hint: tab containers: home; to make one the root, run: routectl -f \(box.file) set home"))
        Self.expectChanges(box, [["set", "home"]])
        Self.expectRefused(box, ["tab", "feeds"], 64, "routectl: 'feeds' is not a tab of 'home'", hint: .line("hint: did you mean 'feed'?"))
        Self.expectRefused(box, ["tab", "profil"], 64, "routectl: 'profil' is not a tab of 'home'", hint: .line("hint: did you mean 'profile'?"))
        Self.expectRefused(box, ["tab", "zzz"], 64, "routectl: 'zzz' is not a tab of 'home'",
                           hint: .line("hint: the tabs of 'home' are: feed, profile, settings"))
        Self.expectRefused(box, ["tab"], 64, "routectl: missing argument for 'tab'", hint: .line("hint: usage: routectl tab <name>"))
        Self.expectRefused(box, ["tab", "feed", "profile"], 64, "routectl: unexpected argument 'profile' for 'tab'",
                           hint: .line("hint: usage: routectl tab <name>"))
        // No container declared at all.
        let plain = Sandbox()
        Self.expectChanges(plain, [["set", "home"]])
        Self.expectRefused(plain, ["tab", "feed"], 1, "routectl: the root 'home' has no tabs",
                           hint: .line("hint: this file declares no tab containers (init --tabs declares them)"))
    }

    @Test func setAndResetStartTabsAtTheirRoots() {
        let box = Self.readmeScene()
        Self.expectChanges(box, [["set", "home"]])
        #expect(Self.path(box) == "home/tab:feed\n")
        #expect(box.run("show", "--json").stdout.contains("""
              "tabs": [
                {"name": "feed", "stack": [], "presented": []},
                {"name": "profile", "stack": [], "presented": []},
                {"name": "settings", "stack": [], "presented": []}
              ],
              "selectedTab": "feed",
            """))
        Self.expectNoOp(box, ["set", "home"])
        Self.expectChanges(box, [["reset"]])
        #expect(Self.path(box) == "onboarding\n")
        Self.expectNoOp(box, ["reset"])
    }

    // MARK: - 3. go

    @Test("go to the current path changes nothing", arguments: [
        [["set", "home"]],
        [["set", "home"], ["push", "details", "id=42", "q=a b&c/d"]],
        [["set", "home"], ["push", "details", "n:=7", "ok:=true", "none:=null", "x:=-2.5e3"], ["present", "compose", "draft:=7"],
         ["push", "attachments"], ["present", "login", "--cover", "to=é"]],
        [["set", "feed"], ["present", "home", "--cover"]],  // a container only matters at the root
        [["set", "home"], ["tab", "profile"]],
        [["set", "home"], ["push", "details", "id=42"], ["tab", "profile"], ["push", "settings"], ["present", "edit", "n:=1"]],
        [["set", "home", "k=v"], ["tab", "settings"], ["present", "a", "--cover"], ["push", "b"]],
    ])
    func goToTheCurrentPathIsANoOp(setup: [[String]]) {
        let box = Self.tabsBox()
        Self.expectChanges(box, setup)
        let current = String(Self.path(box).dropLast())
        Self.expectNoOp(box, ["go", current])
    }

    @Test func goBuildsTheStateThePathDescribes() {
        let box = Sandbox()
        Self.expectChanges(box, [["go", "home/details?id=42/sheet:compose?draft:=7/attachments/cover:login"]])
        #expect(box.run("show", "--json").stdout == """
            {
              "file": "\(box.file)",
              "format": "routectl",
              "initial": {"name": "root"},
              "root": {"name": "home"},
              "stack": [{"name": "details", "params": {"id": "42"}}],
              "presented": [{"style": "sheet", "root": {"name": "compose", "params": {"draft": 7}}, "stack": [{"name": "attachments"}]}, {"style": "cover", "root": {"name": "login"}, "stack": []}],
              "top": {"name": "login"},
              "path": "home/details?id=42/sheet:compose?draft:=7/attachments/cover:login"
            }

            """)
        // Percent escapes decode; the same state written another way changes nothing.
        Self.expectChanges(box, [["go", "home/details?q=a%20b%26c%2Fd&lang=%C3%A9"]])
        #expect((box.json()["stack"] as? [[String: Any]])?.first?["params"] as? [String: String] == ["q": "a b&c/d", "lang": "é"])
        Self.expectNoOp(box, ["go", "home/details?q=a%20b%26c%2fd&lang=%c3%a9"])
        // A typed JSON string is a string.
        Self.expectNoOp(box, ["go", "home/details?q:=%22a%20b%26c%2Fd%22&lang=%C3%A9"])
    }

    @Test func goKeepsOtherTabsWhenTheRootStaysTheContainer() {
        let box = Self.readmeScene()
        Self.expectChanges(box, [["go", "home/tab:settings/about"]])
        #expect(Self.path(box) == "home/tab:settings/about\n")
        #expect(box.run("show", "--json").stdout.contains("""
              "tabs": [
                {"name": "feed", "stack": [{"name": "details", "params": {"id": "42"}}], "presented": []},
                {"name": "profile", "stack": [{"name": "settings"}], "presented": [{"style": "sheet", "root": {"name": "edit"}, "stack": []}]},
                {"name": "settings", "stack": [{"name": "about"}], "presented": []}
              ],
              "selectedTab": "settings",
            """))
        // The selected tab's chain is replaced whole.
        Self.expectChanges(box, [["go", "home/tab:profile"]])
        #expect(box.run("show", "--json").stdout.contains("""
                {"name": "profile", "stack": [], "presented": []},
            """))
    }

    @Test func goResetsTheTabsWhenTheRootChanges() {
        let box = Self.readmeScene()
        Self.expectChanges(box, [["go", "onboarding/welcome"], ["go", "home/tab:profile"]])
        #expect(box.run("show", "--json").stdout.contains("""
              "tabs": [
                {"name": "feed", "stack": [], "presented": []},
                {"name": "profile", "stack": [], "presented": []},
                {"name": "settings", "stack": [], "presented": []}
              ],
              "selectedTab": "profile",
            """))
    }

    @Test("go refuses a path that does not parse, naming the column", arguments: [
        ("", "routectl: invalid path '': at column 1, it names no route"),
        ("home//x", "routectl: invalid path 'home//x': at column 6, empty segment (two '/' in a row, or one at the end)"),
        ("plain/", "routectl: invalid path 'plain/': at column 7, empty segment (two '/' in a row, or one at the end)"),
        ("/plain", "routectl: invalid path '/plain': at column 1, a path starting with '/' is of a stack without a root of its own (the app's root view), and this state has a root: start with it"),
        ("sheet:x", "routectl: invalid path 'sheet:x': at column 1, the path starts with the root route, not a sheet"),
        ("cover:x/a", "routectl: invalid path 'cover:x/a': at column 1, the path starts with the root route, not a cover"),
        ("root/a?k=%zz", "routectl: invalid path 'root/a?k=%zz': at column 10, the value of parameter 'k' has a '%' not followed by two hex digits"),
        ("root/a?k=%C3", "routectl: invalid path 'root/a?k=%C3': at column 10, the value of parameter 'k' is not UTF-8 once its %XX are decoded"),
        ("root/a?j=éé&k=%4", "routectl: invalid path 'root/a?j=éé&k=%4': at column 15, the value of parameter 'k' has a '%' not followed by two hex digits"),
        ("root/a?k:=[1", #"routectl: invalid path 'root/a?k:=[1': at column 11, invalid typed value '[1' for parameter 'k': expected a JSON number, true, false, null, "string", [array] or {object}"#),
        ("root/a?k:=abc", #"routectl: invalid path 'root/a?k:=abc': at column 11, invalid typed value 'abc' for parameter 'k': expected a JSON number, true, false, null, "string", [array] or {object}"#),
        ("root/a?k", "routectl: invalid path 'root/a?k': at column 8, parameter 'k' has no '=': expected key=value or key:=<json>"),
        ("root/a?9k=1", "routectl: invalid path 'root/a?9k=1': at column 8, invalid parameter key '9k': it must start with a letter or '_'"),
        ("root/bogus:a", "routectl: invalid path 'root/bogus:a': at column 6, unknown segment kind 'bogus:': expected a route, sheet:<route>, cover:<route> or tab:<name>"),
        ("root/sheet:9x", "routectl: invalid path 'root/sheet:9x': at column 12, invalid route name '9x': it must start with a letter or '_'"),
    ])
    func goRefusesUnparsablePaths(text: String, message: String) {
        let box = Self.tabsBox()
        Self.expectChanges(box, [["set", "home"], ["push", "details"]])
        Self.expectRefused(box, ["go", text], 64, message, hint: .unchecked)
    }

    @Test("go refuses a path that does not fit the declarations, naming the column", arguments: [
        ("home/details", "routectl: invalid path 'home/details': at column 6, 'home' is a tab container: nothing is pushed on it; follow it with tab:<name>, one of feed, profile, settings", "hint: see the current state's path with: routectl -f FILE show --path"),
        ("sheet:edit", "routectl: invalid path 'sheet:edit': at column 1, the path starts with the root route, not a sheet", "hint: see the current state's path with: routectl -f FILE show --path"),
        ("home/tab:feeds", "routectl: invalid path 'home/tab:feeds': at column 6, 'feeds' is not a tab of 'home'", "hint: did you mean 'feed'?"),
        ("home?k=v/tab:profil/x", "routectl: invalid path 'home?k=v/tab:profil/x': at column 10, 'profil' is not a tab of 'home'", "hint: did you mean 'profile'?"),
        ("home/tab:zzz", "routectl: invalid path 'home/tab:zzz': at column 6, 'zzz' is not a tab of 'home'", "hint: the tabs of 'home' are: feed, profile, settings"),
        ("plain/tab:feed", "routectl: invalid path 'plain/tab:feed': at column 7, 'plain' has no tabs: tab:<name> follows only a tab container's root", "hint: see the current state's path with: routectl -f FILE show --path"),
        ("home/tab:feed/a/tab:profile", "routectl: invalid path 'home/tab:feed/a/tab:profile': at column 17, tab:<name> comes once", "hint: see the current state's path with: routectl -f FILE show --path"),
    ])
    func goRefusesPathsThatDoNotFit(text: String, message: String, hint: String) {
        let box = Self.tabsBox()
        Self.expectChanges(box, [["set", "home"], ["push", "details"]])
        Self.expectRefused(box, ["go", text], 64, message, hint: .line(hint.replacing("FILE", with: box.file)))
    }

    @Test func aCoverOverTheWholeTabContainerIsAPathAndAFormat2File() {
        let box = Self.tabsBox()
        Self.expectChanges(box, [["go", "home/tab:profile/edit"], ["go", "home/cover:login"]])
        #expect(box.run("show", "--path").stdout == "home/cover:login/tab:profile/edit\n", "the tab below stays")
        let before = box.contents()
        #expect(box.run("go", "home/cover:login/tab:profile/edit").status == 0)
        #expect(box.contents() == before, "go to the shown path changes nothing")
        #expect(box.run("push", "signup").status == 0)
        #expect(box.run("show", "--path").stdout == "home/cover:login/signup/tab:profile/edit\n", "push acts on the cover, on top")
        #expect(box.text().contains(#""presented": [{"style": "cover", "root": {"name": "login"}, "stack": [{"name": "signup"}]}]"#), "\(box.text())")
        #expect(box.run("undo", "2").status == 0)
        #expect(box.run("show", "--path").stdout == "home/tab:profile/edit\n")
    }

    @Test func goTabOnARootWithoutTabs() {
        let box = Sandbox()  // no container declared at all
        Self.expectChanges(box, [["set", "home"]])
        Self.expectRefused(box, ["go", "home/tab:x"], 64,
                           "routectl: invalid path 'home/tab:x': at column 6, 'home' has no tabs: tab:<name> follows only a tab container's root",
                           hint: .line("hint: see the current state's path with: routectl -f \(box.file) show --path"))
    }

    @Test func goRefusesRoutesOutsideTheDeclaredList() {
        let box = Self.tabsBox(routes: "onboarding,home,feed,profile,settings,details")
        Self.expectRefused(box, ["go", "home/tab:feed/detials"], 64, "routectl: invalid path 'home/tab:feed/detials': at column 15, route 'detials' is not in this file's routes",
                           hint: .line("hint: did you mean 'details'?"))
        Self.expectRefused(box, ["go", "home/tab:feed/details/sheet:zzz"], 64, "routectl: invalid path 'home/tab:feed/details/sheet:zzz': at column 23, route 'zzz' is not in this file's routes",
                           hint: .line("hint: allowed routes: onboarding, home, feed, profile, settings, … (6 in all)"))
        Self.expectRefused(box, ["go", "zzz"], 64, "routectl: invalid path 'zzz': at column 1, route 'zzz' is not in this file's routes",
                           hint: .line("hint: allowed routes: onboarding, home, feed, profile, settings, … (6 in all)"))
        Self.expectChanges(box, [["go", "home/tab:feed/details/sheet:details"]])
    }

    @Test func goUsageErrors() {
        let box = Sandbox()
        Self.expectRefused(box, ["go"], 64, "routectl: missing argument for 'go'", hint: .line("hint: usage: routectl go <path>|@<name>"))
        Self.expectRefused(box, ["go", "a", "b"], 64, "routectl: unexpected argument 'b' for 'go'", hint: .line("hint: usage: routectl go <path>|@<name>"))
        #expect(box.contents() == nil)
    }

    // Bug: a path that does not parse is refused before the command knows its file, so the hint
    // shows `routectl show --path` without the `-f <file>` the command was given (the hint for
    // a path that parses but does not fit does name it). Pasted, it shows another file's path.
    @Test func goParseErrorHintNamesTheFile() {
        let box = Self.tabsBox()
        for text in ["", "home//x", "sheet:x", "root/a?k=%zz", "root/a?k:=[1"] {
            let result = box.run("go", text)
            #expect(result.status == 64)
            #expect(result.errorLines.last == "hint: see the current state's path with: routectl -f \(box.file) show --path")
        }
    }

    // MARK: - 4. Typed values

    @Test func typedValuesAreStoredAsJSONValues() throws {
        let box = Sandbox()
        Self.expectChanges(box, [["push", "x", "n:=7", "b:=true", "z:=null", #"s:="hi""#, "f:=-2.5e3", "t=7"]])
        #expect(box.text().contains(#"  "stack": [{"name": "x", "params": {"n": 7, "b": true, "z": null, "s": "hi", "f": -2.5e3, "t": "7"}}],"#),
                "\(box.text())")
        let params = try #require((box.json()["stack"] as? [[String: Any]])?.first?["params"] as? [String: Any])
        #expect(params["s"] as? String == "hi")
        #expect(params["t"] as? String == "7")
        #expect(params["n"] is NSNumber && !(params["n"] is String))
        #expect((params["n"] as? NSNumber)?.intValue == 7)
        #expect((params["f"] as? NSNumber)?.doubleValue == -2500)
        #expect(params["z"] is NSNull)
        // Printed in one order, labels in byte order (issue 34, item 4); stored as given.
        #expect(Self.path(box) == "root/x?b:=true&f:=-2.5e3&n:=7&s=hi&t=7&z:=null\n")
        #expect(box.run("show").stdout.hasSuffix("1      x      b:=true f:=-2.5e3 n:=7 s=hi t=7 z:=null\n"))
        #expect(box.run("show", "--json").stdout.contains(#""top": {"name": "x", "params": {"n": 7, "b": true, "z": null, "s": "hi", "f": -2.5e3, "t": "7"}},"#))
        // JSON text is kept as written; a JSON string's escapes are decoded into a string.
        Self.expectChanges(box, [["push", "y", "e:=1.0", "g:=1E2", #"u:="a\"b\u0041""#]])
        #expect(box.text().contains(#"{"name": "y", "params": {"e": 1.0, "g": 1E2, "u": "a\"bA"}}"#), "\(box.text())")
        #expect(Self.path(box) == "root/x?b:=true&f:=-2.5e3&n:=7&s=hi&t=7&z:=null/y?e:=1.0&g:=1E2&u=a%22bA\n")
    }

    @Test("a typed value that is no JSON value is a usage error", arguments: ["abc", "01", "+1", ".5", "1.", "True", " 7", "[1", "{", #""a"#, "NaN", "0x10"])
    func invalidTypedValues(value: String) {
        let box = Sandbox()
        Self.expectRefused(box, ["push", "x", "k:=" + value], 64,
                           #"routectl: invalid typed value '\#(value)' for parameter 'k': expected a JSON number, true, false, null, "string", [array] or {object}"#,
                           hint: .line("hint: a typed value is JSON: a number, true, false, null, a quoted string, an array or an object, such as count:=7 or 'item:={\"id\":7}'"))
        #expect(box.contents() == nil)
    }

    @Test func typedValuesRoundTripThroughGoAndUndo() {
        let box = Sandbox()
        Self.expectChanges(box, [["push", "x", "n:=7", "b:=false", "z:=null", "f:=-2.5e3"], ["push", "y"], ["undo"]])
        #expect(Self.path(box) == "root/x?b:=false&f:=-2.5e3&n:=7&z:=null\n")
        // Undo restores the route from its history entry's path, which prints it in one order.
        #expect(box.text().contains(#""params": {"b": false, "f": -2.5e3, "n": 7, "z": null}"#), "\(box.text())")
        Self.expectNoOp(box, ["go", "root/x?n:=7&b:=false&z:=null&f:=-2.5e3"])
        // A string "7" is not the number 7.
        Self.expectChanges(box, [["go", "root/x?n=7&b:=false&z:=null&f:=-2.5e3"]])
        #expect(box.text().contains(#""params": {"n": "7", "b": false, "z": null, "f": -2.5e3}"#))
    }

    // MARK: - 5. undo

    @Test func undoRestoresTheWholeStateIncludingOtherTabs() throws {
        let box = Self.readmeScene()
        let scene = box.run("show", "--json").stdout
        Self.expectChanges(box, [["set", "elsewhere"]])
        #expect(Self.path(box) == "elsewhere\n")
        Self.expectChanges(box, [["undo"]])
        #expect(box.run("show", "--json").stdout == scene)
        // The undo is recorded; redo takes its change forward again (issue 17, item 19).
        var last = try #require(try Self.historyJSON(box).last)
        #expect(last["op"] as? String == "undo" && last["args"] as? [String] == ["1"])
        #expect(last["path"] as? String == "home/tab:profile/settings/sheet:edit")
        Self.expectChanges(box, [["redo"]])
        #expect(Self.path(box) == "elsewhere\n")
        Self.expectChanges(box, [["undo"]])
        #expect(box.run("show", "--json").stdout == scene)
        // Within the container: a change to another tab's flows is undone too.
        Self.expectChanges(box, [["tab", "feed"], ["pop"], ["tab", "profile"]])
        #expect(box.run("show", "--json").stdout.contains(#"{"name": "feed", "stack": [], "presented": []},"#))
        Self.expectChanges(box, [["undo", "2"]])
        #expect(box.run("show", "--json").stdout == scene.replacing(#""selectedTab": "profile""#, with: #""selectedTab": "feed""#)
            .replacing(#""top": {"name": "edit"}"#, with: #""top": {"name": "details", "params": {"id": "42"}}"#)
            .replacing(#""path": "home/tab:profile/settings/sheet:edit""#, with: #""path": "home/tab:feed/details?id=42""#))
        last = try #require(try Self.historyJSON(box).last)
        #expect(last["op"] as? String == "undo" && last["args"] as? [String] == ["2"])
    }

    @Test func undoSeveralChanges() throws {
        let box = Sandbox()
        Self.expectChanges(box, [["set", "home"], ["push", "a"], ["present", "b"], ["push", "c", "n:=1"]])
        Self.expectChanges(box, [["undo", "2"]])
        #expect(Self.path(box) == "home/a\n")
        #expect(Self.format(box) == 1)
        // A second undo steps further back (issue 17, item 19); redo comes forward again.
        Self.expectChanges(box, [["undo"]])
        #expect(Self.path(box) == "home\n")
        Self.expectChanges(box, [["redo", "3"]])
        #expect(Self.path(box) == "home/a/sheet:b/c?n:=1\n")
        #expect(Self.format(box) == 2)
        // Back to the fresh state: the first change (seq 1) is still kept.
        Self.expectChanges(box, [["undo", "4"]])
        #expect(Self.path(box) == "root\n")
        let history = try Self.historyJSON(box)
        #expect(history.map { $0["op"] as? String } == ["set", "push", "present", "push", "undo", "undo", "redo", "undo"])
        #expect(history.map { $0["args"] as? [String] } == [["home"], ["a"], ["b"], ["c", "n:=1"], ["2"], ["1"], ["3"], ["4"]])
    }

    @Test func undoPastTheHistoryIsRefused() {
        let box = Sandbox()
        Self.expectRefused(box, ["undo"], 1, "routectl: cannot undo 1 change: no recorded change can be undone",
                           hint: .line("hint: see what can be undone with: routectl -f \(box.file) history"))
        #expect(box.contents() == nil)
        Self.expectChanges(box, [["set", "home"], ["push", "a"], ["push", "b"]])
        Self.expectRefused(box, ["undo", "4"], 1, "routectl: cannot undo 4 changes: the history reaches back 3 changes",
                           hint: .line("hint: see what can be undone with: routectl -f \(box.file) history"))
        Self.expectRefused(box, ["undo", "0"], 64, "routectl: invalid count '0' for 'undo': expected a whole number >= 1")
        Self.expectRefused(box, ["undo", "x"], 64, "routectl: invalid count 'x' for 'undo': expected a whole number >= 1")
        Self.expectRefused(box, ["undo", "1", "2"], 64, "routectl: unexpected argument '2' for 'undo'",
                           hint: .line("hint: usage: routectl undo [<n>]"))
        Self.expectChanges(box, [["undo", "3"]])
        #expect(Self.path(box) == "root\n")
    }

    @Test func undoAfterTheHistoryWasTrimmed() {
        let box = Sandbox()
        #expect(box.run("init", "--initial", "start", "--history-limit", "3").status == 0)
        Self.expectChanges(box, [["push", "r1"], ["push", "r2"], ["push", "r3"], ["push", "r4"], ["push", "r5"]])
        #expect((box.json()["history"] as? [[String: Any]])?.map { $0["seq"] as? Int } == [3, 4, 5])
        // Entries 3, 4 and 5 are kept, and the state before 3 as historyStart (issue 17, item 15).
        let start = box.json()["historyStart"] as? [String: Any]
        #expect(start?["next"] as? Int == 3 && start?["seq"] as? Int == 2 && start?["path"] as? String == "start/r1/r2", "\(String(describing: start))")
        Self.expectRefused(box, ["undo", "4"], 1, "routectl: cannot undo 4 changes: the history reaches back 3 changes",
                           hint: .line("hint: see what can be undone with: routectl -f \(box.file) history"))
        Self.expectChanges(box, [["undo", "2"]])
        #expect(Self.path(box) == "start/r1/r2/r3\n")
        #expect((box.json()["history"] as? [[String: Any]])?.map { $0["seq"] as? Int } == [4, 5, 6])
        // The undo entry took a place: 4 and 5 are kept, and the state before 4, where the undo
        // went, is the start, the oldest state known.
        Self.expectRefused(box, ["undo"], 1, "routectl: cannot undo 1 change: no recorded change can be undone",
                           hint: .line("hint: see what can be undone with: routectl -f \(box.file) history"))
        Self.expectChanges(box, [["redo", "2"]])
        #expect(Self.path(box) == "start/r1/r2/r3/r4/r5\n")
        // While seq 1 is kept, undo reaches the fresh state (the initial route).
        let fresh = Sandbox()
        #expect(fresh.run("init", "--initial", "start", "--history-limit", "3").status == 0)
        Self.expectChanges(fresh, [["set", "home"], ["push", "a"]])
        Self.expectChanges(fresh, [["undo", "2"]])
        #expect(Self.path(fresh) == "start\n")
        // push b starts from the fresh state, where the undo went: one step back, no further.
        Self.expectChanges(fresh, [["push", "b"]])
        #expect((fresh.json()["history"] as? [[String: Any]])?.map { $0["seq"] as? Int } == [2, 3, 4])
        Self.expectRefused(fresh, ["undo", "2"], 1, "routectl: cannot undo 2 changes: the history reaches back 1 change",
                           hint: .line("hint: see what can be undone with: routectl -f \(fresh.file) history"))
    }

    @Test func undoToTheFreshStateOfATabContainerInitial() {
        let box = Sandbox()
        #expect(box.run("init", "--initial", "home", "--tabs", "home=feed,profile").status == 0)
        let fresh = box.run("show", "--json").stdout
        Self.expectChanges(box, [["tab", "profile"], ["push", "a"], ["undo", "2"]])
        #expect(box.run("show", "--json").stdout == fresh)
    }

    @Test func undoThatLandsOnAnEqualStateIsRecordedSinceItMovesAlongTheChanges() {
        let box = Sandbox()
        Self.expectChanges(box, [["push", "a"], ["push", "b"], ["pop"]])
        // Before the last two changes the state was root/a, as it is now; the undo still
        // records where it went, so that the next undo steps back from there (issue 17, item 19).
        Self.expectChanges(box, [["undo", "2"]])
        #expect(Self.path(box) == "root/a\n")
        Self.expectChanges(box, [["undo"]])
        #expect(Self.path(box) == "root\n")
    }

    // MARK: - 6. Format 1 or 2

    @Test func plainStatesStayFormatOne() {
        let box = Sandbox()
        for arguments in [["set", "home"], ["push", "a", "k=v"], ["push", "b"], ["pop"], ["pop", "--root"], ["push", "c"], ["reset"]] {
            Self.expectChanges(box, [arguments])
            #expect(Self.format(box) == 1, "after \(arguments)")
        }
    }

    @Test func presentationsAndTypedValuesNeedFormatTwoOnlyWhileHeld() {
        let box = Sandbox()
        Self.expectChanges(box, [["set", "home"]])
        let plain = box.text()
        #expect(Self.format(box) == 1)
        Self.expectChanges(box, [["present", "a"]])
        #expect(Self.format(box) == 2)
        Self.expectChanges(box, [["push", "b"], ["present", "c", "--cover"]])
        #expect(Self.format(box) == 2)
        Self.expectChanges(box, [["dismiss"]])
        #expect(Self.format(box) == 2)
        Self.expectChanges(box, [["dismiss", "--all"]])
        #expect(Self.format(box) == 1)
        // Laid out as 1.0 lays out the file: no Part 2 member is left behind.
        #expect(!box.text().contains(#""presented""#) && !box.text().contains(#""tabs""#))
        #expect(box.text().hasPrefix(plain.components(separatedBy: #"  "history": ["#)[0]))
        Self.expectChanges(box, [["push", "x", "n:=1"]])
        #expect(Self.format(box) == 2)
        Self.expectChanges(box, [["pop"]])
        #expect(Self.format(box) == 1)
        Self.expectChanges(box, [["go", "home/sheet:a"]])
        #expect(Self.format(box) == 2)
        Self.expectChanges(box, [["undo"]])
        #expect(Self.format(box) == 1)
    }

    @Test func declaredTabContainersAlwaysNeedFormatTwo() {
        let box = Self.tabsBox()
        #expect(Self.format(box) == 2)
        #expect(box.text().contains(#"  "tabContainers": {"home": ["feed", "profile", "settings"]},"#))
        for arguments in [["set", "plain"], ["push", "a"], ["pop"], ["set", "home"], ["tab", "profile"], ["set", "plain"], ["reset"]] {
            Self.expectChanges(box, [arguments])
            #expect(Self.format(box) == 2, "after \(arguments)")
        }
    }

    // MARK: - 7. init --tabs

    @Test func initDeclaresTabContainers() {
        let box = Sandbox()
        #expect(box.run("init", "--tabs", "home=feed,profile", "--tabs", "more=x,y").status == 0)
        #expect(box.text() == """
            {
              "format": 2,
              "initial": {"name": "root"},
              "root": {"name": "root"},
              "stack": [],
              "presented": [],
              "tabContainers": {"home": ["feed", "profile"], "more": ["x", "y"]},
              "historyLimit": 1000,
              "history": []
            }

            """)
        let withRoutes = Sandbox()
        #expect(withRoutes.run("init", "--routes", "root,home,feed,profile", "--tabs=home=feed,profile").status == 0)
        #expect(withRoutes.json()["tabContainers"] as? [String: [String]] == ["home": ["feed", "profile"]])
    }

    @Test("init --tabs refuses bad declarations and creates no file", arguments: [
        (["--tabs", "home"], "routectl: invalid tab declaration 'home': expected <container>=<tab>,<tab>...", nil),
        (["--tabs", "home="], "routectl: invalid tab name '': it is empty", nil),
        (["--tabs", "home=a,,b"], "routectl: invalid tab name '': it is empty", nil),
        (["--tabs", "=a"], "routectl: invalid tab container name '': it is empty", nil),
        (["--tabs", "9x=a"], "routectl: invalid tab container name '9x': it must start with a letter or '_'", nil),
        (["--tabs", "home=9a"], "routectl: invalid tab name '9a': it must start with a letter or '_'", nil),
        (["--tabs", "home=feed,profile,feed"], "routectl: tab 'feed' is declared twice for 'home'", nil),
        (["--tabs", "home=a", "--tabs", "home=b"], "routectl: tab container 'home' is declared twice", nil),
        (["--routes", "root,home,feed", "--tabs", "home=feed,profile"], "routectl: tab 'profile' is not in the route list",
         "hint: add it: --routes profile,root,home,feed"),
        (["--routes", "root,feed,profile", "--tabs", "home=feed,profile"], "routectl: tab container 'home' is not in the route list",
         "hint: add it: --routes home,root,feed,profile"),
        (["--tabs"], "routectl: missing value for option '--tabs'", "hint: write '--tabs <container=tab,...>' or '--tabs=<container=tab,...>'"),
    ] as [([String], String, String?)])
    func initTabsErrors(arguments: [String], message: String, hint: String?) {
        let box = Sandbox()
        Self.expectRefused(box, ["init"] + arguments, 64, message, hint: hint.map(Hint.line) ?? .none)
        #expect(box.listing() == [])
    }

    // MARK: - 8. history

    @Test func historyRecordsEachNewCommand() throws {
        let box = Self.tabsBox()
        Self.expectChanges(box, [
            ["set", "home"],
            ["present", "compose", "draft:=7", "to=a b"],
            ["present", "--cover", "login"],
            ["dismiss"],
            ["present", "photo"],
            ["dismiss", "--to", "compose"],
            ["dismiss", "--all"],
            ["tab", "profile"],
            ["go", "home/tab:feed/details?id=%34%32"],
            ["undo"],
            ["push", "a"], ["push", "b"],
            ["undo", "2"],
        ])
        let history = try Self.historyJSON(box)
        let rows = history.map { entry in
            "\(entry["seq"] as? Int ?? 0) \(entry["op"] as? String ?? "?") \(entry["args"] as? [String] ?? ["?"]) \(entry["path"] as? String ?? "?")"
        }
        #expect(rows == [
            #"1 set ["home"] home/tab:feed"#,
            #"2 present ["compose", "draft:=7", "to=a b"] home/tab:feed/sheet:compose?draft:=7&to=a%20b"#,
            #"3 present ["login", "--cover"] home/tab:feed/sheet:compose?draft:=7&to=a%20b/cover:login"#,
            #"4 dismiss [] home/tab:feed/sheet:compose?draft:=7&to=a%20b"#,
            #"5 present ["photo"] home/tab:feed/sheet:compose?draft:=7&to=a%20b/sheet:photo"#,
            #"6 dismiss ["--to", "compose"] home/tab:feed/sheet:compose?draft:=7&to=a%20b"#,
            #"7 dismiss ["--all"] home/tab:feed"#,
            #"8 tab ["profile"] home/tab:profile"#,
            #"9 go ["home/tab:feed/details?id=42"] home/tab:feed/details?id=42"#,
            #"10 undo ["1"] home/tab:profile"#,
            #"11 push ["a"] home/tab:profile/a"#,
            #"12 push ["b"] home/tab:profile/a/b"#,
            #"13 undo ["2"] home/tab:profile"#,
        ])
        let table = box.run("history").stdout.replacing(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/, with: "YYYY-MM-DDTHH:MM:SSZ")
        #expect(table == """
            SEQ  TIME                  OP       ARGS                           PATH
            1    YYYY-MM-DDTHH:MM:SSZ  set      home                           home/tab:feed
            2    YYYY-MM-DDTHH:MM:SSZ  present  compose draft:=7 'to=a b'      home/tab:feed/sheet:compose?draft:=7&to=a%20b
            3    YYYY-MM-DDTHH:MM:SSZ  present  login --cover                  home/tab:feed/sheet:compose?draft:=7&to=a%20b/cover:login
            4    YYYY-MM-DDTHH:MM:SSZ  dismiss                                 home/tab:feed/sheet:compose?draft:=7&to=a%20b
            5    YYYY-MM-DDTHH:MM:SSZ  present  photo                          home/tab:feed/sheet:compose?draft:=7&to=a%20b/sheet:photo
            6    YYYY-MM-DDTHH:MM:SSZ  dismiss  --to compose                   home/tab:feed/sheet:compose?draft:=7&to=a%20b
            7    YYYY-MM-DDTHH:MM:SSZ  dismiss  --all                          home/tab:feed
            8    YYYY-MM-DDTHH:MM:SSZ  tab      profile                        home/tab:profile
            9    YYYY-MM-DDTHH:MM:SSZ  go       'home/tab:feed/details?id=42'  home/tab:feed/details?id=42
            10   YYYY-MM-DDTHH:MM:SSZ  undo     1                              home/tab:profile
            11   YYYY-MM-DDTHH:MM:SSZ  push     a                              home/tab:profile/a
            12   YYYY-MM-DDTHH:MM:SSZ  push     b                              home/tab:profile/a/b
            13   YYYY-MM-DDTHH:MM:SSZ  undo     2                              home/tab:profile

            """)
    }

    // MARK: - 9. The hidden __tabs helper (the shells are driven in DocsTabCompletionTests)

    @Test func tabsHelperListsTheRootsTabs() {
        let box = Self.tabsBox()
        let none = box.run("__tabs")
        #expect(none.status == 0 && none.stdout == "" && none.stderr == "")
        Self.expectChanges(box, [["set", "home"]])
        let tabs = box.run("__tabs")
        #expect(tabs.status == 0 && tabs.stderr == "")
        #expect(tabs.stdout == "feed\nprofile\nsettings\n")
        Self.expectRefused(box, ["__tabs", "extra"], 64, "routectl: unexpected argument 'extra' for '__tabs'",
                           hint: .line("hint: '__tabs' takes no arguments"))
        let missing = Sandbox()
        let empty = missing.run("__tabs")
        #expect(empty.status == 0 && empty.stdout == "" && empty.stderr == "")
        #expect(missing.contents() == nil)
        // Hidden: not in the help's command list.
        #expect(!box.runBare(["help"]).stdout.contains("__tabs"))
    }
}

