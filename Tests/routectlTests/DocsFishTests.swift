import Foundation
import Testing
import TestSupport

extension DocsTests {
    /// completions/routectl.fish in a real fish: `complete -C LINE` lists what fish would offer.
    @Suite(.enabled(if: Docs.which("fish") != nil, "fish is not installed (.ci/run installs it)"))
    struct Fish {
        /// What fish offers for `line`.
        static func complete(_ line: String, in box: Sandbox, environment: [String: String] = [:]) -> [String] {
            let fish = Docs.which("fish") ?? "fish"  // the suite runs only when it is installed
            let result = Docs.run(
                fish, ["--no-config", "-c", "source $argv[1]; and complete -C $argv[2]", Docs.path("completions/routectl.fish"), line],
                environment: Docs.environment(box, environment), in: box.folder)
            #expect(result.status == 0 && result.stderr.isEmpty, "fish failed for '\(line)': \(result.stderr)")
            return result.words
        }

        @Test func scriptIsValidFish() {
            let fish = Docs.which("fish") ?? "fish"  // the suite runs only when it is installed
            let box = Sandbox()
            let result = Docs.run(fish, ["--no-config", "-n", Docs.path("completions/routectl.fish")], environment: Docs.environment(box), in: box.folder)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        }

        @Test("commands, options and fixed values", arguments: [
            ("routectl p", ["pop", "present", "push"]),
            ("routectl -q h", ["help", "history"]),
            ("routectl show --j", ["--json"]),
            ("routectl --p", []),  // --path belongs to show: not before the command
            ("routectl pop --r", ["--root", "--relaunch"]),
            ("routectl completions ", ["bash", "zsh", "fish"]),
            ("routectl help p", ["pop", "present", "push"]),
            ("routectl push home ", []),
            ("routectl _", []),
        ])
        func offers(line: String, expected: [String]) {
            let box = Sandbox()
            let offered = Self.complete(line, in: box)
            #expect(offered.sorted() == expected.sorted(), "for '\(line)'")
        }

        @Test("route names of the file named with -f or --file", arguments: [
            "routectl -f FILE push ",
            "routectl -fFILE set ",
            "routectl --file=FILE push ",
            "routectl push --file FILE ",
            "routectl -f FILE pop --to ",
        ])
        func offersDeclaredRoutes(line: String) {
            let box = Docs.withDeclaredRoutes()
            let typed = line.replacing("FILE", with: box.file)
            let offered = Self.complete(typed, in: box)
            #expect(offered.sorted() == Docs.declaredRoutes.sorted(), "for '\(typed)'")
        }

        @Test func offersRoutesOfTheFileInUse() {
            let box = Docs.withDeclaredRoutes()
            let offered = Self.complete("routectl push ", in: box, environment: ["ROUTECTL_FILE": box.file])
            #expect(offered.sorted() == Docs.declaredRoutes.sorted())
            #expect(Self.complete("routectl pop --to h", in: box, environment: ["ROUTECTL_FILE": box.file]) == ["home"])
            #expect(Self.complete("routectl set ", in: box) == ["root"])  // the default file, missing
        }
    }
}
