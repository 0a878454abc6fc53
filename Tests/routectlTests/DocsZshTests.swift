import Foundation
import Testing
import TestSupport

extension DocsTests {
    /// completions/_routectl in a real zsh: checked with `zsh -n`, then driven through an
    /// interactive zsh on a pseudo-terminal (zsh/zpty) that types a line and a RouteTab.
    @Suite(.enabled(if: Docs.zshHasZpty, "zsh with its zsh/zpty module is not installed (.ci/run installs zsh)"))
    struct Zsh {

        /// `zsh -f driver.zsh MODE SCRIPT OUT LINE` starts an interactive zsh, loads SCRIPT the
        /// way MODE says (`source` it after compinit, or find it on `fpath`), types LINE and a
        /// RouteTab, and appends every word the completion offers to OUT, one a line: `compadd` is
        /// wrapped so that it first reports the words it would add.
        static let driver = #"""
            zmodload zsh/zpty || exit 2
            mode=$1 script=$2 out=$3 line=$4
            if [[ $mode == fpath ]]; then
              load="fpath=(${(q)script:h} \$fpath); autoload -Uz compinit; compinit -u -D"
            else
              load="autoload -Uz compinit; compinit -u -D; source ${(q)script}"
            fi
            export TERM=xterm
            zpty z zsh -f -i
            zpty -w z "PS1=RE''ADY; $load"
            zpty -r z reply '*READY'
            zpty -w z "compadd() { local -a hits; if (( \${@[(I)-[ODA]*]} )); then builtin compadd \"\$@\"; return; fi; builtin compadd -O hits \"\$@\"; print -rl -- \$hits >> ${(q)out}; builtin compadd \"\$@\"; }"
            zpty -r z reply '*READY'
            zpty -w -n z "$line"$'\t'
            zpty -w -n z $'\C-u'
            zpty -w z 'print -r -- DO""NE'
            zpty -r z reply '*DONE*'
            zpty -d z
            """#

        /// What zsh offers after typing `line` and a RouteTab, or nil when zsh or zsh/zpty is missing.
        static func complete(_ line: String, in box: Sandbox, mode: String = "source", environment: [String: String] = [:]) -> [String] {
            let zsh = Docs.which("zsh") ?? "zsh"  // the suite runs only when it is installed
            let driver = box.folder + "/driver.zsh"
            let out = box.folder + "/offered-" + UUID().uuidString
            _ = FileManager.default.createFile(atPath: driver, contents: Data(Self.driver.utf8))
            _ = FileManager.default.createFile(atPath: out, contents: nil)
            let result = Docs.run(
                zsh, ["-f", driver, mode, Docs.path("completions/_routectl"), out, line],
                environment: Docs.environment(box, environment), in: box.folder)
            #expect(result.status == 0, "zsh failed for '\(line)': \(result.stderr)")
            let offered = FileManager.default.contents(atPath: out).map { String(decoding: $0, as: UTF8.self) } ?? ""
            return offered.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        }

        @Test func scriptIsValidZsh() {
            let zsh = Docs.which("zsh") ?? "zsh"
            let box = Sandbox()
            let result = Docs.run(zsh, ["-n", Docs.path("completions/_routectl")], environment: Docs.environment(box), in: box.folder)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        }

        @Test("commands, options and fixed values", arguments: [
            ("routectl p", ["pop", "present", "push"]),
            ("routectl -q h", ["help", "history"]),
            ("routectl show --j", ["--json"]),
            ("routectl pop --r", ["--root", "--relaunch"]),
            ("routectl completions ", ["bash", "zsh", "fish"]),
            ("routectl help p", ["pop", "present", "push"]),
            ("routectl _", []),
        ])
        func offers(line: String, expected: [String]) {
            let box = Sandbox()
            let offered = Self.complete(line, in: box)
            #expect(Set(offered) == Set(expected), "for '\(line)'")
        }

        @Test("route names of the file named with -f or --file", arguments: [
            "routectl -f FILE push ",
            "routectl push --file=FILE ",
            "routectl push -f FILE ",
            "routectl -f FILE pop --to ",
        ])
        func offersDeclaredRoutes(line: String) {
            let box = Docs.withDeclaredRoutes()
            let typed = line.replacing("FILE", with: box.file)
            let offered = Self.complete(typed, in: box)
            #expect(Set(offered) == Set(Docs.declaredRoutes), "for '\(typed)'")
        }

        @Test func offersRoutesOfTheFileInUse() {
            let box = Docs.withDeclaredRoutes()
            let offered = Self.complete("routectl set ", in: box, environment: ["ROUTECTL_FILE": box.file])
            #expect(Set(offered) == Set(Docs.declaredRoutes))
            #expect(Self.complete("routectl push -f \(box.file) h", in: box) == ["home"])
            #expect(Self.complete("routectl push -f \(box.file) home ", in: box) == [])  // key=value: nothing
        }

        @Test func worksWhenAutoloadedFromFpath() {
            let box = Sandbox()
            let offered = Self.complete("routectl p", in: box, mode: "fpath")
            #expect(Set(offered) == ["pop", "present", "push"])
        }
    }
}
