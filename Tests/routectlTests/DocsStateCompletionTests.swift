import Foundation
import Testing
import TestSupport

/// `go @` in the completion scripts, in real shells: the project file's named states, each as
/// `@<name>` (from the hidden `__states` helper), in declared order; nothing without a project
/// file. Each shell's suite is skipped when that shell is missing, as in DocsTabCompletionTests.
enum StateCompletion {
    /// The states routectl.json declares, as `go` takes them.
    static let states = ["@item", "@settings", "@inbox"]

    /// A sandbox with a project file declaring ``states`` (no store: the states are the
    /// project file's, whatever the store holds).
    static func box() -> Sandbox {
        let box = Sandbox()
        box.write(#"{"states": {"item": "/home/details?_0:=42", "settings": "/home/settings", "inbox": "/home/inbox"}}"#, to: box.folder + "/routectl.json")
        return box
    }
}

extension DocsTests {
    @Suite(.enabled(if: Docs.which("bash") != nil, "bash is not installed"))
    struct BashStates {
        @Test func goOffersTheNamedStates() {
            let box = StateCompletion.box()
            #expect(DocsTests.Bash.complete(["routectl", "go", ""], in: box) == StateCompletion.states)
            #expect(DocsTests.Bash.complete(["routectl", "go", "@i"], in: box) == ["@item", "@inbox"])
            #expect(DocsTests.Bash.complete(["routectl", "go", ""], in: Sandbox()) == [], "no project file")
        }
    }

    @Suite(.enabled(if: Docs.zshHasZpty, "zsh with its zsh/zpty module is not installed (.ci/run installs zsh)"))
    struct ZshStates {
        @Test func goOffersTheNamedStates() {
            let box = StateCompletion.box()
            #expect(Set(DocsTests.Zsh.complete("routectl go ", in: box)) == Set(StateCompletion.states))
            #expect(DocsTests.Zsh.complete("routectl go @s", in: box) == ["@settings"])
        }
    }

    @Suite(.enabled(if: Docs.which("fish") != nil, "fish is not installed (.ci/run installs it)"))
    struct FishStates {
        @Test func goOffersTheNamedStates() {
            let box = StateCompletion.box()
            #expect(DocsTests.Fish.complete("routectl go ", in: box).sorted() == StateCompletion.states.sorted())
            #expect(DocsTests.Fish.complete("routectl go @s", in: box) == ["@settings"])
        }
    }
}
