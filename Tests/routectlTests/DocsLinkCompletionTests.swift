import Foundation
import Testing
import TestSupport

/// Deep links in the completion scripts, in real shells: after `open`, the fixed starts of the
/// declared URL patterns (from the hidden `__links` helper), and `link`'s subcommands. The
/// drivers are DocsBashTests', DocsZshTests' and DocsFishTests'.
enum LinkCompletion {
    /// The fixed starts of the links ``box()`` declares, in declared order.
    static let prefixes = ["myapp://item/", "myapp://search?q=", "https://example.com/i/"]

    /// A sandbox whose file declares four links (two share a start).
    static func box() -> Sandbox {
        let box = Sandbox()
        for (url, path) in [
            ("myapp://item/{id}", "home/details?id:={id}"), ("myapp://item/{slug}", "home/details?slug={slug}"),
            ("myapp://search?q={q}", "home/search?q={q}"), ("https://example.com/i/{id}", "home/details?id:={id}"),
        ] {
            let added = box.run("link", "add", url, path)
            #expect(added.status == 0, "\(added.stderr)")
        }
        return box
    }
}

extension DocsTests {
    @Suite(.enabled(if: Docs.which("bash") != nil, "bash is not installed"))
    struct BashLinks {
        @Test func openOffersTheStartsOfDeclaredURLs() {
            let box = LinkCompletion.box()
            #expect(DocsTests.Bash.complete(["routectl", "-f", box.file, "open", ""], in: box) == LinkCompletion.prefixes)
            #expect(DocsTests.Bash.complete(["routectl", "open", "h"], in: box, environment: ["ROUTECTL_FILE": box.file]) == ["https://example.com/i/"])
            // Bash splits the word at ':' (COMP_WORDBREAKS): it offers what follows the colon.
            #expect(DocsTests.Bash.complete(["routectl", "-f", box.file, "open", "myapp", ":", "//s"], in: box) == ["//search?q="])
            #expect(DocsTests.Bash.complete(["routectl", "-f", box.file, "open", "myapp", ":"], in: box) == ["//item/", "//search?q="])
            #expect(DocsTests.Bash.complete(["routectl", "-f", box.file, "open", "myapp://item/", "x"], in: box) == [], "one URL only")
            #expect(DocsTests.Bash.complete(["routectl", "open", ""], in: Sandbox()) == [], "no links, nothing to offer")
        }

        @Test("link's subcommands and the new names", arguments: [
            (["routectl", "link", ""], ["add", "list", "remove"]),
            (["routectl", "link", "r"], ["remove"]),
            (["routectl", "link", "add", ""], []),
            (["routectl", "l"], ["link"]),
            (["routectl", "o"], ["open"]),
            (["routectl", "show", "--u"], ["--url"]),
        ])
        func offers(words: [String], expected: [String]) {
            let box = Sandbox()
            #expect(DocsTests.Bash.complete(words, in: box).sorted() == expected.sorted(), "for \(words)")
        }
    }

    @Suite(.enabled(if: Docs.zshHasZpty, "zsh with its zsh/zpty module is not installed (.ci/run installs zsh)"))
    struct ZshLinks {
        @Test func openOffersTheStartsOfDeclaredURLs() {
            let box = LinkCompletion.box()
            #expect(Set(DocsTests.Zsh.complete("routectl -f \(box.file) open ", in: box)) == Set(LinkCompletion.prefixes))
            #expect(DocsTests.Zsh.complete("routectl open myapp://s", in: box, environment: ["ROUTECTL_FILE": box.file]) == ["myapp://search?q="])
        }

        @Test("link's subcommands and the new names", arguments: [
            ("routectl link ", ["add", "list", "remove"]),
            ("routectl o", ["open"]),
            ("routectl show --u", ["--url"]),
        ])
        func offers(line: String, expected: [String]) {
            let box = Sandbox()
            #expect(Set(DocsTests.Zsh.complete(line, in: box)) == Set(expected), "for '\(line)'")
        }
    }

    @Suite(.enabled(if: Docs.which("fish") != nil, "fish is not installed (.ci/run installs it)"))
    struct FishLinks {
        @Test func openOffersTheStartsOfDeclaredURLs() {
            let box = LinkCompletion.box()
            #expect(DocsTests.Fish.complete("routectl -f \(box.file) open ", in: box).sorted() == LinkCompletion.prefixes.sorted())
            #expect(DocsTests.Fish.complete("routectl open myapp://i", in: box, environment: ["ROUTECTL_FILE": box.file]) == ["myapp://item/"])
            #expect(DocsTests.Fish.complete("routectl -f \(box.file) open myapp://item/1 ", in: box) == [])
        }

        @Test("link's subcommands and the new names", arguments: [
            ("routectl link ", ["add", "list", "remove"]),
            ("routectl o", ["open"]),
            ("routectl show --u", ["--url"]),
        ])
        func offers(line: String, expected: [String]) {
            let box = Sandbox()
            #expect(DocsTests.Fish.complete(line, in: box).sorted() == expected.sorted(), "for '\(line)'")
        }
    }
}
