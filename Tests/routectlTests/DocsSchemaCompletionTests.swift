import Foundation
import Testing
import TestSupport

extension DocsTests {
    /// Completions from the project file's schema, in each shell: route names, and after a
    /// route of set, push or present, its labelled parameters (`label=`).
    enum SchemaCompletion {
        /// A sandbox whose folder holds a routectl.json declaring routes (found from there).
        static func box() -> Sandbox {
            let box = Sandbox()
            box.write(#"{"routes": ["home", "details(Int)", "profile(id: Int, name: String?)"]}"#, to: box.folder + "/routectl.json")
            return box
        }

        @Suite(.enabled(if: Docs.which("bash") != nil, "bash is not installed"))
        struct Bash {
            @Test func routesAndTheirLabelledParameters() {
                let box = SchemaCompletion.box()
                #expect(DocsTests.Bash.complete(["routectl", "push", ""], in: box) == ["home", "details", "profile"])
                #expect(DocsTests.Bash.complete(["routectl", "push", "profile", ""], in: box) == ["id=", "name="])
                #expect(DocsTests.Bash.complete(["routectl", "present", "profile", "id=1", "n"], in: box) == ["name="])
                #expect(DocsTests.Bash.complete(["routectl", "push", "details", ""], in: box) == [], "unlabelled values have no key to offer")
                #expect(DocsTests.Bash.complete(["routectl", "go", "home", ""], in: box) == [])
            }
        }

        @Suite(.enabled(if: Docs.zshHasZpty, "zsh with its zsh/zpty module is not installed (.ci/run installs zsh)"))
        struct Zsh {
            @Test func routesAndTheirLabelledParameters() {
                let box = SchemaCompletion.box()
                #expect(Set(DocsTests.Zsh.complete("routectl push ", in: box)) == ["home", "details", "profile"])
                #expect(Set(DocsTests.Zsh.complete("routectl push profile ", in: box)) == ["id=", "name="])
            }
        }

        @Suite(.enabled(if: Docs.which("fish") != nil, "fish is not installed (.ci/run installs it)"))
        struct Fish {
            @Test func routesAndTheirLabelledParameters() {
                let box = SchemaCompletion.box()
                #expect(DocsTests.Fish.complete("routectl push ", in: box).sorted() == ["details", "home", "profile"])
                #expect(DocsTests.Fish.complete("routectl push profile ", in: box).sorted() == ["id=", "name="])
                #expect(DocsTests.Fish.complete("routectl dismiss ", in: box) == [])
            }
        }
    }
}
