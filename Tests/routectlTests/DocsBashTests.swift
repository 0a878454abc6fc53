import Foundation
import Testing
import TestSupport

extension DocsTests {
    /// completions/routectl.bash in a real bash: the completion function is called the way bash
    /// calls it, with COMP_WORDS and COMP_CWORD set, and COMPREPLY is read back.
    @Suite(.enabled(if: Docs.which("bash") != nil, "bash is not installed"))
    struct Bash {
        /// Sources the script, completes the last of the words, prints COMPREPLY a line each.
        static let driver = """
            source "$1" || exit 3
            shift
            COMP_WORDS=("$@")
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMPREPLY=()
            _routectl  # its status means nothing to bash (but 124, which it never returns)
            complete -p routectl >/dev/null || exit 4
            printf '%s\\n' "${COMPREPLY[@]}"
            """

        /// What bash offers for `words` (the last one being completed).
        static func complete(_ words: [String], in box: Sandbox, environment: [String: String] = [:]) -> [String] {
            let bash = Docs.which("bash") ?? "bash"  // the suite runs only when it is installed
            let driver = box.folder + "/driver.bash"
            _ = FileManager.default.createFile(atPath: driver, contents: Data(Self.driver.utf8))
            let result = Docs.run(
                bash, ["--noprofile", "--norc", driver, Docs.path("completions/routectl.bash")] + words,
                environment: Docs.environment(box, environment), in: box.folder)
            #expect(result.status == 0 && result.stderr.isEmpty, "bash exited with \(result.status) for \(words): \(result.stderr)")
            return result.words
        }

        @Test func scriptIsValidBash() {
            let bash = Docs.which("bash") ?? "bash"  // the suite runs only when it is installed
            let box = Sandbox()
            let result = Docs.run(bash, ["-n", Docs.path("completions/routectl.bash")], environment: Docs.environment(box), in: box.folder)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        }

        @Test("commands, options and fixed values", arguments: [
            (["routectl", "p"], ["pop", "present", "push"]),
            (["routectl", "-q", "h"], ["help", "history"]),
            (["routectl", "show", "--j"], ["--json"]),
            (["routectl", "show", "--p"], ["--path"]),
            (["routectl", "--p"], []),  // --path belongs to show: not before the command
            (["routectl", "pop", "--r"], ["--root", "--relaunch"]),
            (["routectl", "history", "-"], ["--file", "-f", "--key", "--domain", "--simulator", "--device", "--relaunch", "--format", "--config", "--no-config", "--json", "--color", "--no-color", "--quiet", "-q", "--lock-timeout", "--help", "-h", "--version", "--last", "-n"]),
            (["routectl", "--color", ""], ["auto", "always", "never"]),
            (["routectl", "--format", ""], ["routectl", "vapn", "codable-array", "flowstacks", "navigation-path", "setting"]),
            (["routectl", "--format=s"], ["--format=setting"]),
            (["routectl", "--color=a"], ["--color=auto", "--color=always"]),
            (["routectl", "completions", ""], ["bash", "zsh", "fish"]),
            (["routectl", "completions", "z"], ["zsh"]),
            (["routectl", "completions", "zsh", ""], []),
            (["routectl", "help", "p"], ["pop", "present", "push"]),
            (["routectl", "history", "-n", ""], []),
            (["routectl", "_"], []),  // the hidden helper is not offered
        ])
        func offers(words: [String], expected: [String]) {
            let box = Sandbox()
            let offered = Self.complete(words, in: box)
            #expect(offered.sorted() == expected.sorted(), "for \(words)")
        }

        @Test("route names of the file named with -f, --file or ROUTECTL_FILE", arguments: [
            ["-f", "FILE", "push", ""],
            ["-fFILE", "set", ""],
            ["--file", "FILE", "push", ""],
            ["--file", "=", "FILE", "push", ""],  // how bash splits --file=FILE
            ["push", "-f", "FILE", ""],
            ["-f", "FILE", "pop", "--to", ""],
            ["-f", "FILE", "pop", "--to", "=", ""],  // --to=<RouteTab>
            ["-q", "-f", "FILE", "--", "push", ""],
        ])
        func offersDeclaredRoutes(words: [String]) {
            let box = Docs.withDeclaredRoutes()
            let line = ["routectl"] + words.map { $0.replacing("FILE", with: box.file) }
            let offered = Self.complete(line, in: box)
            #expect(offered == Docs.declaredRoutes, "for \(line)")
        }

        @Test func offersRoutesOfTheFileInUse() {
            let box = Docs.withDeclaredRoutes()
            let environment = ["ROUTECTL_FILE": box.file]
            #expect(Self.complete(["routectl", "push", ""], in: box, environment: environment) == Docs.declaredRoutes)
            #expect(Self.complete(["routectl", "pop", "--to", "h"], in: box, environment: environment) == ["home"])
            #expect(Self.complete(["routectl", "set", "home", ""], in: box, environment: environment) == [])  // key=value: nothing
            // Without a file, the default one (missing, in the sandbox's HOME) knows only "root".
            #expect(Self.complete(["routectl", "set", ""], in: box) == ["root"])
        }

        @Test func offersFilesForTheFileOption() {
            let box = Sandbox()
            _ = FileManager.default.createFile(atPath: box.folder + "/nav-one.json", contents: Data())
            #expect(Self.complete(["routectl", "-f", box.folder + "/nav-"], in: box) == [box.folder + "/nav-one.json"])
            #expect(Self.complete(["routectl", "--file", "=", box.folder + "/nav-"], in: box) == [box.folder + "/nav-one.json"])
        }
    }
}
