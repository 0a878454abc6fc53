import Foundation
import Testing
import TestSupport

/// The navigator commands in the completion scripts, in real shells: tab names after `tab`
/// (from the hidden `__tabs` helper), route names after `present` and `dismiss --to`, and the
/// new command and option names. Each shell's suite is skipped when that shell is missing, as in
/// DocsBashTests, DocsZshTests and DocsFishTests, whose drivers these suites reuse.
enum NavigatorCompletion {
    /// The routes the navigator file declares, in declared order.
    static let routes = ["onboarding", "home", "details", "feed", "profile", "settings"]
    /// The tabs of its container `home`.
    static let tabs = ["feed", "profile", "settings"]

    /// A sandbox whose file declares ``routes`` and the container `home` with ``tabs``; with
    /// `atContainer`, `home` is the root (else the root is `onboarding`, which has no tabs).
    static func box(atContainer: Bool = true) -> Sandbox {
        let box = Sandbox()
        let created = box.run(
            "init", "--initial", "onboarding", "--routes", routes.joined(separator: ","),
            "--tabs", "home=" + tabs.joined(separator: ","))
        #expect(created.status == 0, "\(created.stderr)")
        if atContainer {
            let set = box.run("set", "home")
            #expect(set.status == 0, "\(set.stderr)")
        }
        return box
    }
}

extension DocsTests {
    @Suite(.enabled(if: Docs.which("bash") != nil, "bash is not installed"))
    struct BashNavigator {
        @Test("tab names of the file's root", arguments: [
            ["-f", "FILE", "tab", ""],
            ["-fFILE", "tab", ""],
            ["--file", "=", "FILE", "tab", ""],  // how bash splits --file=FILE
            ["tab", "-f", "FILE", ""],
            ["-q", "-f", "FILE", "--", "tab", ""],
        ])
        func offersTabs(words: [String]) {
            let box = NavigatorCompletion.box()
            let line = ["routectl"] + words.map { $0.replacing("FILE", with: box.file) }
            #expect(DocsTests.Bash.complete(line, in: box) == NavigatorCompletion.tabs, "for \(line)")
        }

        @Test func tabNamesFollowTheFileAndTheRoot() {
            let box = NavigatorCompletion.box()
            #expect(DocsTests.Bash.complete(["routectl", "-f", box.file, "tab", "p"], in: box) == ["profile"])
            #expect(DocsTests.Bash.complete(["routectl", "tab", ""], in: box, environment: ["ROUTECTL_FILE": box.file]) == NavigatorCompletion.tabs)
            #expect(DocsTests.Bash.complete(["routectl", "-f", box.file, "tab", "feed", ""], in: box) == [])  // one tab only
            // A root without tabs, and the default file (missing): nothing to offer.
            let plain = NavigatorCompletion.box(atContainer: false)
            #expect(DocsTests.Bash.complete(["routectl", "-f", plain.file, "tab", ""], in: plain) == [])
            #expect(DocsTests.Bash.complete(["routectl", "tab", ""], in: plain) == [])
        }

        @Test("route names after present and dismiss --to", arguments: [
            ["-f", "FILE", "present", ""],
            ["-f", "FILE", "present", "--cover", ""],
            ["present", "-f", "FILE", ""],
            ["-f", "FILE", "dismiss", "--to", ""],
            ["-f", "FILE", "dismiss", "--to", "=", ""],  // --to=<RouteTab>
            ["dismiss", "--file", "=", "FILE", "--to", ""],
        ])
        func offersRoutes(words: [String]) {
            let box = NavigatorCompletion.box()
            let line = ["routectl"] + words.map { $0.replacing("FILE", with: box.file) }
            #expect(DocsTests.Bash.complete(line, in: box) == NavigatorCompletion.routes, "for \(line)")
        }

        @Test("navigator commands and options", arguments: [
            (["routectl", "t"], ["tab"]),
            (["routectl", "d"], ["dismiss"]),
            (["routectl", "g"], ["go"]),
            (["routectl", "u"], ["undo"]),
            (["routectl", "present", "--c"], ["--color", "--config", "--cover"]),
            (["routectl", "dismiss", "--a"], ["--all"]),
            (["routectl", "dismiss", "--t"], ["--to"]),
            (["routectl", "push", "--c"], ["--color", "--config"]),  // --cover belongs to present
            (["routectl", "init", "--t"], ["--tabs"]),
            (["routectl", "dismiss", ""], []),
            (["routectl", "present", "home", ""], []),  // key=value: nothing
            (["routectl", "go", ""], []),
            (["routectl", "undo", ""], []),
            (["routectl", "__"], []),  // the hidden helpers are not offered
        ])
        func offers(words: [String], expected: [String]) {
            let box = NavigatorCompletion.box()
            #expect(DocsTests.Bash.complete(words, in: box).sorted() == expected.sorted(), "for \(words)")
        }
    }

    @Suite(.enabled(if: Docs.zshHasZpty, "zsh with its zsh/zpty module is not installed (.ci/run installs zsh)"))
    struct ZshNavigator {
        @Test("tab names of the file's root", arguments: [
            "routectl -f FILE tab ",
            "routectl --file=FILE tab ",
            "routectl tab -f FILE ",
        ])
        func offersTabs(line: String) {
            let box = NavigatorCompletion.box()
            let typed = line.replacing("FILE", with: box.file)
            #expect(Set(DocsTests.Zsh.complete(typed, in: box)) == Set(NavigatorCompletion.tabs), "for '\(typed)'")
        }

        @Test func tabNamesFollowTheFileAndTheRoot() {
            let box = NavigatorCompletion.box()
            #expect(DocsTests.Zsh.complete("routectl -f \(box.file) tab p", in: box) == ["profile"])
            #expect(Set(DocsTests.Zsh.complete("routectl tab ", in: box, environment: ["ROUTECTL_FILE": box.file])) == Set(NavigatorCompletion.tabs))
            let plain = NavigatorCompletion.box(atContainer: false)
            #expect(DocsTests.Zsh.complete("routectl -f \(plain.file) tab ", in: plain) == [])
        }

        @Test("route names after present and dismiss --to", arguments: [
            "routectl -f FILE present ",
            "routectl present --file=FILE ",
            "routectl -f FILE dismiss --to ",
            "routectl dismiss -f FILE --to=",
        ])
        func offersRoutes(line: String) {
            let box = NavigatorCompletion.box()
            let typed = line.replacing("FILE", with: box.file)
            #expect(Set(DocsTests.Zsh.complete(typed, in: box)) == Set(NavigatorCompletion.routes), "for '\(typed)'")
        }

        @Test("navigator commands and options", arguments: [
            ("routectl t", ["tab"]),
            ("routectl d", ["dismiss"]),
            ("routectl g", ["go"]),
            ("routectl u", ["undo"]),
            ("routectl dismiss --a", ["--all"]),
            ("routectl init --t", ["--tabs"]),
        ])
        func offers(line: String, expected: [String]) {
            let box = NavigatorCompletion.box()
            #expect(Set(DocsTests.Zsh.complete(line, in: box)) == Set(expected), "for '\(line)'")
        }
    }

    @Suite(.enabled(if: Docs.which("fish") != nil, "fish is not installed (.ci/run installs it)"))
    struct FishNavigator {
        @Test("tab names of the file's root", arguments: [
            "routectl -f FILE tab ",
            "routectl -fFILE tab ",
            "routectl --file=FILE tab ",
            "routectl tab --file FILE ",
        ])
        func offersTabs(line: String) {
            let box = NavigatorCompletion.box()
            let typed = line.replacing("FILE", with: box.file)
            #expect(DocsTests.Fish.complete(typed, in: box).sorted() == NavigatorCompletion.tabs.sorted(), "for '\(typed)'")
        }

        @Test func tabNamesFollowTheFileAndTheRoot() {
            let box = NavigatorCompletion.box()
            #expect(DocsTests.Fish.complete("routectl -f \(box.file) tab p", in: box) == ["profile"])
            #expect(DocsTests.Fish.complete("routectl tab ", in: box, environment: ["ROUTECTL_FILE": box.file]).sorted() == NavigatorCompletion.tabs.sorted())
            #expect(DocsTests.Fish.complete("routectl -f \(box.file) tab feed ", in: box) == [])
            let plain = NavigatorCompletion.box(atContainer: false)
            #expect(DocsTests.Fish.complete("routectl -f \(plain.file) tab ", in: plain) == [])
        }

        @Test("route names after present and dismiss --to", arguments: [
            "routectl -f FILE present ",
            "routectl present --file FILE ",
            "routectl -f FILE dismiss --to ",
        ])
        func offersRoutes(line: String) {
            let box = NavigatorCompletion.box()
            let typed = line.replacing("FILE", with: box.file)
            #expect(DocsTests.Fish.complete(typed, in: box).sorted() == NavigatorCompletion.routes.sorted(), "for '\(typed)'")
        }

        @Test("navigator commands and options", arguments: [
            ("routectl t", ["tab"]),
            ("routectl d", ["dismiss"]),
            ("routectl g", ["go"]),
            ("routectl u", ["undo"]),
            ("routectl present --c", ["--color", "--config", "--cover"]),
            ("routectl dismiss --a", ["--all"]),
            ("routectl init --t", ["--tabs"]),
            ("routectl dismiss ", []),
            ("routectl go ", []),
            ("routectl __", []),
        ])
        func offers(line: String, expected: [String]) {
            let box = NavigatorCompletion.box()
            #expect(DocsTests.Fish.complete(line, in: box).sorted() == expected.sorted(), "for '\(line)'")
        }
    }
}
