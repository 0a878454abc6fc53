import Foundation
import Testing
import TestSupport

@testable import routectl

/// Deep links end to end on the built binary: `link add|list|remove`, `open`, `show --url`,
/// `show --json` listing links, the file afterwards, every error with its status and hint, and
/// the README's `xcrun simctl openurl booted "$(routectl show --url)"` with a stand-in xcrun.
@Suite(.tags(.endToEnd), .slowLayer) struct LinkCommandTests {
    typealias N = NavigatorCommandTests

    static let routes = "onboarding,home,feed,profile,settings,details,search"

    /// The README scene's file with a route list and three links.
    static func linkedBox() -> Sandbox {
        let box = N.tabsBox(routes: routes)
        for (url, path) in [
            ("myapp://item/{id}", "home/tab:feed/details?id:={id}"),
            ("myapp://item/{slug}", "home/tab:feed/details?slug={slug}"),
            ("myapp://search?q={q}&src=app", "home/tab:profile/search?q={q}"),
        ] {
            let added = box.run("link", "add", url, path)
            #expect(added.status == 0 && added.stdout == "" && added.stderr == "", "\(url): \(added.stderr)")
        }
        return box
    }

    // MARK: Declaring

    @Test func addListAndRemoveKeepLinksInTheFileInOrderWithoutHistory() throws {
        let box = Self.linkedBox()
        #expect(N.lastSeq(box) == nil, "declaring links records nothing")
        #expect(N.format(box) == 2)
        #expect(box.text().contains("""
              "tabContainers": {"home": ["feed", "profile", "settings"]},
              "links": [
                {"url": "myapp://item/{id}", "path": "home/tab:feed/details?id:={id}"},
                {"url": "myapp://item/{slug}", "path": "home/tab:feed/details?slug={slug}"},
                {"url": "myapp://search?q={q}&src=app", "path": "home/tab:profile/search?q={q}"}
              ],
              "historyLimit": 1000,
            """), "\(box.text())")
        #expect(box.run("link", "list").stdout == """
            URL                           PATH
            myapp://item/{id}             home/tab:feed/details?id:={id}
            myapp://item/{slug}           home/tab:feed/details?slug={slug}
            myapp://search?q={q}&src=app  home/tab:profile/search?q={q}

            """)
        #expect(box.run("link", "list", "--json").stdout == """
            [
              {"url": "myapp://item/{id}", "path": "home/tab:feed/details?id:={id}"},
              {"url": "myapp://item/{slug}", "path": "home/tab:feed/details?slug={slug}"},
              {"url": "myapp://search?q={q}&src=app", "path": "home/tab:profile/search?q={q}"}
            ]

            """)
        N.expectNoOp(box, ["link", "add", "MyApp://Item/{id}/", "home/tab:feed/details?id:={id}"])
        let removed = box.run("link", "remove", "MYAPP://item/{slug}")
        #expect(removed.status == 0 && removed.stdout == "" && removed.stderr == "", "\(removed.stderr)")
        #expect(box.run("link", "list").stdout.split(separator: "\n").count == 3)
        #expect(N.lastSeq(box) == nil)
    }

    @Test func anEmptyListIsItsHeader() {
        let box = Sandbox()
        #expect(box.run("link", "list").stdout == "URL  PATH\n")
        #expect(box.run("link", "list", "--json").stdout == "[]\n")
        #expect(!FileManager.default.fileExists(atPath: box.file), "listing creates nothing")
    }

    @Test func removingTheLastLinkOfAPlainStateWritesFormatOneAgain() {
        let box = Sandbox()
        #expect(box.run("init", "--initial", "home").status == 0)
        let plain = box.text()
        #expect(box.run("link", "add", "myapp://home", "home").status == 0)
        #expect(N.format(box) == 2)
        #expect(box.run("link", "remove", "myapp://home").status == 0)
        #expect(box.text() == plain, "byte for byte the format-1 file")
    }

    @Test func showJSONListsTheLinksAndAddWithJSONPrintsTheState() {
        let box = Self.linkedBox()
        let json = box.run("show", "--json").stdout
        #expect(json.hasSuffix("""
              "tabContainers": {"home": ["feed", "profile", "settings"]},
              "links": [
                {"url": "myapp://item/{id}", "path": "home/tab:feed/details?id:={id}"},
                {"url": "myapp://item/{slug}", "path": "home/tab:feed/details?slug={slug}"},
                {"url": "myapp://search?q={q}&src=app", "path": "home/tab:profile/search?q={q}"}
              ]
            }

            """), "\(json)")
        let added = box.run("--json", "link", "add", "myapp://settings", "home/tab:settings")
        #expect(added.status == 0 && added.stdout.contains(#"{"url": "myapp://settings", "path": "home/tab:settings"}"#))
    }

    // MARK: open and show --url

    @Test func openAppliesThePathAsGoAndRecordsTheNormalisedURL() throws {
        let box = Self.linkedBox()
        N.expectChanges(box, [["open", "MyApp://ITEM/42/"]])
        #expect(N.path(box) == "home/tab:feed/details?id:=42\n")
        N.expectNoOp(box, ["open", "myapp://item/42"])
        N.expectChanges(box, [["open", "myapp://search?src=app&q=caf%c3%a9+x"]])
        #expect(N.path(box) == "home/tab:profile/search?q=caf%C3%A9%2Bx\n")
        let history = try N.historyJSON(box)
        #expect(history.map { $0["op"] as? String } == ["open", "open"])
        #expect(history.map { $0["args"] as? [String] } == [["myapp://item/42"], ["myapp://search?q=caf%C3%A9%2Bx&src=app"]])
        #expect(box.run("show", "--url").stdout == "myapp://search?q=caf%C3%A9%2Bx&src=app\n")
        N.expectChanges(box, [["undo"]])
        #expect(N.path(box) == "home/tab:feed/details?id:=42\n")
        #expect(box.run("link", "list").stdout.split(separator: "\n").count == 4, "undo leaves links alone")
        let json = box.run("--json", "open", "myapp://item/abc")
        #expect(json.status == 0 && json.stdout.contains(#""path": "home/tab:feed/details?slug=abc""#), "a typed placeholder passes text on")
    }

    @Test func showURLGivesWhatOpenTakesBack() {
        let box = Self.linkedBox()
        N.expectChanges(box, [["go", "home/tab:feed/details?slug=a%20b"]])
        let shown = box.run("show", "--url")
        #expect(shown.status == 0 && shown.stdout == "myapp://item/a%20b\n" && shown.stderr == "")
        N.expectNoOp(box, ["open", String(shown.stdout.dropLast())])
        #expect(box.run("show").stdout.contains("\nurl      myapp://item/a%20b\n"), "the table shows the URL")
    }

    // MARK: Errors

    @Test func refusedLinkDeclarations() {
        let box = Self.linkedBox()
        let file = ShellWord.quote(box.file)
        N.expectRefused(box, ["link", "add", "myapp://item/a b", "home/tab:feed"], 64,
            "routectl: invalid URL pattern 'myapp://item/a b': at column 15, ' ' is not allowed here in a URL pattern: write it as %20")
        N.expectRefused(box, ["link", "add", "myapp://x/x{id}", "home/tab:feed/details?id={id}"], 64,
            "routectl: invalid URL pattern 'myapp://x/x{id}': at column 12, a placeholder is a whole path segment, such as /{id} or ?q={q} (write a literal '{' or '}' as %7B or %7D)")
        N.expectRefused(box, ["link", "add", "myapp://x/{id}", "home/tab:feed/details?id=a{id}"], 64,
            "routectl: invalid path 'home/tab:feed/details?id=a{id}': at column 26, a placeholder is a whole parameter value, such as id={id} (write a literal '{' or '}' as %7B or %7D)",
            hint: .unchecked)
        N.expectRefused(box, ["link", "add", "myapp://x/{id}", "home/tab:feed/details?id={idx}"], 64,
            "routectl: invalid link 'myapp://x/{id}' 'home/tab:feed/details?id={idx}': the placeholder '{id}' of the URL pattern is not in the path pattern",
            hint: .line("hint: each placeholder appears once on each side, as in: routectl link add 'myapp://item/{id}' 'home/details?id={id}'"))
        N.expectRefused(box, ["link", "add", "myapp://x/{id}", "home/tab:feed/detail?id={id}"], 64,
            "routectl: invalid path pattern 'home/tab:feed/detail?id={id}': at column 15, route 'detail' is not in this file's routes",
            hint: .line("hint: did you mean 'details'?"))
        N.expectRefused(box, ["link", "add", "myapp://x", "home/details"], 64,
            "routectl: invalid path pattern 'home/details': at column 6, 'home' is a tab container: nothing is pushed on it; follow it with tab:<name>, one of feed, profile, settings",
            hint: .unchecked)
        N.expectRefused(box, ["link", "add", "myapp://item/{id}", "home/tab:feed/details?n={id}"], 1,
            "routectl: the URL pattern 'myapp://item/{id}' is already declared, for 'home/tab:feed/details?id:={id}'",
            hint: .line("hint: to declare it anew, first run: routectl -f \(file) link remove 'myapp://item/{id}'"))
        N.expectRefused(box, ["link", "remove", "myapp://item/{idd}"], 1,
            "routectl: no link is declared for the URL pattern 'myapp://item/{idd}'", hint: .line("hint: did you mean 'myapp://item/{id}'?"))
        N.expectRefused(box, ["link", "remove", "web://elsewhere"], 1,
            "routectl: no link is declared for the URL pattern 'web://elsewhere'", hint: .line("hint: see the declared links with: routectl -f \(file) link list"))
        N.expectRefused(box, ["link", "ad", "a", "b"], 64, "routectl: unknown link subcommand 'ad'", hint: .line("hint: did you mean 'add'?"))
        N.expectRefused(box, ["link", "zap"], 64, "routectl: unknown link subcommand 'zap'",
            hint: .line("hint: usage: routectl link add|list|remove [<url-pattern> [<path-pattern>]]"))
        N.expectRefused(box, ["link", "add", "myapp://x"], 64, "routectl: missing argument for 'link add'",
            hint: .line("hint: usage: routectl link add <url-pattern> <path-pattern>"))
        N.expectRefused(box, ["link", "list", "x"], 64, "routectl: unexpected argument 'x' for 'link list'", hint: .line("hint: usage: routectl link list"))
        N.expectRefused(box, ["link"], 64, "routectl: missing argument for 'link'", hint: .unchecked)
        let empty = Sandbox()
        N.expectRefused(empty, ["link", "remove", "myapp://x"], 1, "routectl: no link is declared for the URL pattern 'myapp://x'",
            hint: .line("hint: this file declares no links"))
    }

    @Test func refusedOpens() {
        let box = Self.linkedBox()
        N.expectRefused(box, ["open", "myapp://item/a b"], 64,
            "routectl: invalid URL 'myapp://item/a b': at column 15, ' ' is not allowed here in a URL: write it as %20")
        N.expectRefused(box, ["open", "myapp://item/%zz"], 64, "routectl: invalid URL 'myapp://item/%zz': at column 14, a '%' not followed by two hex digits")
        N.expectRefused(box, ["open", "item/42"], 64, "routectl: invalid URL 'item/42': at column 1, a URL starts with its scheme and ':', such as myapp://")
        N.expectRefused(box, ["open", "myapp://me@item/42"], 64, "routectl: invalid URL 'myapp://me@item/42': at column 11, user information ('…@') is not part of a deep link")
        N.expectRefused(box, ["open", "myapp://item/42#top"], 64, "routectl: the URL 'myapp://item/42#top' has a fragment ('#…'), which no link pattern takes")
        N.expectRefused(box, ["open", "myapp://item/a%01b"], 64,
            "routectl: the value for '{slug}': value of parameter 'slug' holds a control character '\\u{1}'")
        N.expectRefused(box, ["open", "myapp://search?q=x&src=web"], 1, "routectl: no link pattern matches the URL 'myapp://search?q=x&src=web'",
            hint: .line("hint: the closest link pattern is 'myapp://search?q={q}&src=app': its query item 'src' is 'app', not 'web'"))
        N.expectRefused(box, ["open", "myapp://search?q=x&src=app&utm=mail"], 1, "routectl: no link pattern matches the URL 'myapp://search?q=x&src=app&utm=mail'",
            hint: .line("hint: the closest link pattern is 'myapp://search?q={q}&src=app': it takes no query item 'utm'"))
        N.expectRefused(box, ["open", "myapp://item/1/2"], 1, "routectl: no link pattern matches the URL 'myapp://item/1/2'",
            hint: .line("hint: the closest link pattern is 'myapp://item/{id}': it has 1 path segment, not 2"))
        N.expectRefused(Sandbox(), ["open", "myapp://item/1"], 1, "routectl: no link pattern matches the URL 'myapp://item/1'",
            hint: .line("hint: this file declares no links; see how to declare one with: routectl help link"))
    }

    @Test func refusedShowURL() {
        let box = Self.linkedBox()
        let file = ShellWord.quote(box.file)
        N.expectRefused(box, ["show", "--url"], 1, "routectl: no deep link URL for the current path 'onboarding': no link's path pattern matches it",
            hint: .line("hint: see the declared links with: routectl -f \(file) link list"))
        N.expectRefused(Sandbox(), ["show", "--url"], 1, "routectl: no deep link URL for the current path 'root': this file declares no links",
            hint: .line("hint: this file declares no links; see how to declare one with: routectl help link"))
        N.expectRefused(box, ["show", "--url", "--json"], 64, "routectl: option '--url' cannot be used with '--json'", hint: .unchecked)
        N.expectRefused(box, ["show", "--path", "--url"], 64, "routectl: option '--url' cannot be used with '--path'", hint: .unchecked)
        N.expectRefused(box, ["push", "x", "--url"], 64, "routectl: option '--url' does not apply to 'push'", hint: .unchecked)
    }

    // MARK: The simulator

    /// The README's macOS line, run by bash with a stand-in `xcrun` first on `PATH` that writes
    /// its arguments to a file, one a line: it gets `simctl openurl booted <the URL>`, the URL
    /// one word whatever it holds.
    @Test func theReadmeSimulatorLineHandsXcrunTheURL() throws {
        let box = Self.linkedBox()
        N.expectChanges(box, [["open", "myapp://search?src=app&q=two%20words"]])
        let readme = try String(contentsOfFile: Docs.path("README.md"), encoding: .utf8)
        let line = #"xcrun simctl openurl booted "$(routectl show --url)""#
        #expect(readme.contains(line), "the README shows the command line this test runs")
        let bin = box.folder + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let log = box.folder + "/xcrun-arguments"
        let xcrun = bin + "/xcrun"
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$XCRUN_LOG\"\n".write(toFile: xcrun, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: xcrun)
        var environment = TestEnvironment.make(home: box.folder, ["ROUTECTL_FILE": box.file, "XCRUN_LOG": log], routectlOnPath: true)
        environment["PATH"] = bin + ":" + environment["PATH"]!
        let bash = Docs.which("bash") ?? "/bin/bash"
        let result = Subprocess.run(bash, ["-c", line], environment: environment, in: box.folder)
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        let recorded = try String(contentsOfFile: log, encoding: .utf8)
        #expect(recorded == "simctl\nopenurl\nbooted\nmyapp://search?q=two%20words&src=app\n")
    }

    // MARK: Completion helper

    @Test func theLinksHelperPrintsEachFixedStartOnce() {
        let box = Self.linkedBox()
        #expect(box.run("link", "add", "myapp://settings", "home/tab:settings").status == 0)
        #expect(box.run("__links").stdout == "myapp://item/\nmyapp://search?q=\nmyapp://settings\n")
        #expect(Sandbox().run("__links").stdout == "")
    }
}
