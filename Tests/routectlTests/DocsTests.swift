import Foundation
import Testing

@testable import routectl
import TestSupport

/// The completion scripts and the man page: the checked-in copies match the build, the table
/// they are made from is sound, and the real shells and man tools accept what comes out. The
/// shell and man tests live in nested suites (`DocsTests.Bash`, …) in files of their own.
@Suite(.tags(.endToEnd), .slowLayer) struct DocsTests {
    @Test("each checked-in generated file is what the current build prints", arguments: Docs.generatedFiles.map(\.path))
    func generatedFileIsUpToDate(path: String) throws {
        let arguments = try #require(Docs.generatedFiles.first { $0.path == path }).arguments
        let box = Sandbox()
        let generated = box.runBare(arguments)
        try #require(generated.status == 0, "routectl \(arguments.joined(separator: " ")) failed: \(generated.stderr)")
        let checkedIn = FileManager.default.contents(atPath: Docs.path(path)).map { String(decoding: $0, as: UTF8.self) }
        guard checkedIn != generated.stdout else { return }
        let old = checkedIn?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        let new = generated.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(old, new).prefix { $0 == $1 }.count
        Issue.record(
            """
            \(path) is out of date; run scripts/generate-docs.sh
            first difference at line \(line + 1):
              checked in: \(line < old.count ? String(old[line]) : "(end of file)")
              generated:  \(line < new.count ? String(new[line]) : "(end of file)")
            """)
    }

    @Test func noTwoOptionsShareAName() {
        let longs = OptionSpec.all.map(\.long)
        let shorts = OptionSpec.all.compactMap(\.short)
        #expect(Set(longs).count == longs.count, "duplicate long options in \(longs)")
        #expect(Set(shorts).count == shorts.count, "duplicate short options in \(shorts)")
        let commands = CommandSpec.all.map(\.name)
        #expect(Set(commands).count == commands.count, "duplicate commands in \(commands)")
    }

    /// --format's summary names the formats as a literal (built from the table, it cost every run
    /// ~19,000 instructions): it names every one --format takes, in the table's order.
    @Test func theFormatOptionNamesEveryFormat() throws {
        let format = try #require(OptionSpec.all.first { $0.long == "format" })
        let list = FormatName.all.joined(separator: ", ")
        #expect(format.summary.contains("(" + list + ")"), "--format's summary: \(format.summary); the names: \(list)")
    }

    @Test func valuesAndCompletionsAgree() {
        for option in OptionSpec.all {
            if let valueName = option.valueName {
                #expect(!valueName.isEmpty && !valueName.contains(" "), "--\(option.long) has no usable value name")
            } else {
                #expect(option.completion == .none, "--\(option.long) takes no value, so nothing completes one")
            }
        }
        for command in CommandSpec.all where command.completion != .none {
            #expect(command.arity.upperBound > 0, "'\(command.name)' completes arguments it does not take")
        }
    }

    @Test func everyCommandHasOneRowInTheTable() {
        #expect(CommandSpec.all.map(\.command) == Command.allCases)
    }

    @Test func everyOptionBelongsToVisibleCommands() {
        for option in OptionSpec.all {
            for command in option.commands ?? [] {
                #expect(command.spec.hidden == false, "--\(option.long) belongs to the hidden command '\(command)'")
            }
            #expect(option.commands?.isEmpty != true, "--\(option.long) belongs to no command")
        }
    }

    @Test func namesNeedNoQuotingInAShell() {
        func isWord(_ text: String) -> Bool {
            !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        }
        for command in CommandSpec.all {
            #expect(isWord(command.name), "command name \(command.name)")
            if case .choices(let choices) = command.completion {
                #expect(choices.allSatisfy(isWord), "choices of \(command.name): \(choices)")
            }
        }
        for option in OptionSpec.all {
            #expect(isWord(option.long), "option name \(option.long)")
            #expect(option.short.map { isWord(String($0)) } ?? true, "short name of --\(option.long)")
            if case .choices(let choices) = option.completion {
                #expect(choices.allSatisfy(isWord), "choices of --\(option.long): \(choices)")
            }
        }
    }

    @Test func textsAreOneLineWithoutAFinalPeriod() {
        let summaries = CommandSpec.visible.map(\.summary) + OptionSpec.all.map(\.summary)
        for summary in summaries {
            #expect(!summary.isEmpty && !summary.hasSuffix(".") && !summary.contains("\n"), "summary: \(summary)")
        }
        for command in CommandSpec.visible {
            #expect(!command.details.isEmpty && !command.examples.isEmpty, "'\(command.name)' needs details and an example for the man page")
        }
    }

    @Test func theScriptsHelpersAreInTheTable() {
        let helper = CommandSpec.named(Completions.routesCommand)
        #expect(helper?.hidden == true && helper?.arity == 0...0)
        #expect(Completions.fileOption.commands == nil && Completions.fileOption.valueName != nil)
    }

    @Test("every script and the man page name every visible command and option, and no hidden command")
    func outputsCoverTheTable() {
        let outputs = Shell.allCases.map { ($0.rawValue, Completions.script(for: $0)) } + [("man", ManPage.render())]
        for (name, text) in outputs {
            for command in CommandSpec.visible {
                #expect(text.contains(command.name), "\(name) lacks the command \(command.name)")
            }
            for option in OptionSpec.all {
                let spelled = name == "man" ? option.long.replacing("-", with: "\\-") : option.long
                #expect(text.contains(spelled), "\(name) lacks --\(option.long)")
            }
            for command in CommandSpec.all where command.hidden && name == "man" {
                #expect(!text.contains(command.name), "the man page shows the hidden \(command.name)")
            }
        }
    }

    @Test func theRoutesHelperPrintsDeclaredRoutesElseRoutesSeen() {
        let declared = Docs.withDeclaredRoutes()
        #expect(declared.run("__routes").stdout == Docs.declaredRoutes.map { $0 + "\n" }.joined())
        let seen = Sandbox()
        seen.run("set", "home")
        seen.run("push", "details", "id=1")
        seen.run("pop")
        #expect(seen.run("__routes").stdout == "root\nhome\ndetails\n")
    }
    /// docs/packaging-linux.md's static build and `scripts/release-build.sh` (what bench.sh
    /// measures and link-order.sh profiles) build the same binary: every flag of the script's,
    /// in order.
    @Test func thePackagingNoteBuildsWhatTheScriptsMeasure() throws {
        let script = try String(contentsOfFile: Docs.path("scripts/release-build.sh"), encoding: .utf8)
        let array = try #require(script.range(of: "flags=(").flatMap { start in
            script[start.upperBound...].firstIndex(of: ")").map { script[start.upperBound..<$0] }
        })
        let flags = array.split(whereSeparator: \.isWhitespace).map(String.init)
        try #require(flags.contains("--symbol-ordering-file=scripts/link-order.txt"), "the script's flags: \(flags)")
        let note = try String(contentsOfFile: Docs.path("docs/packaging-linux.md"), encoding: .utf8)
        let install = try #require(note.range(of: "## The static build").map { note[$0.upperBound...] })
        let block = try #require(install.range(of: "```sh\n").flatMap { start in
            install[start.upperBound...].range(of: "```").map { install[start.upperBound..<$0.lowerBound] }
        })
        let command = block.split(separator: "\n").prefix { !$0.hasPrefix("sudo") }
            .joined(separator: " ").split(whereSeparator: { $0.isWhitespace || $0 == "\\" }).map(String.init)
        #expect(Array(command.prefix(2)) == ["swift", "build"])
        #expect(Array(command.dropFirst(2)) == flags)
        let order = try String(contentsOfFile: Docs.path("scripts/link-order.txt"), encoding: .utf8)
        #expect(order.split(separator: "\n").filter { !$0.hasPrefix("#") }.count > 500, "scripts/link-order.txt lists too few functions: run scripts/link-order.sh")
    }
    /// scripts/link-order.txt names functions as the binary's symbol table does: callgrind's marks
    /// on a name (`'2` for a recursive call's second level) name nothing lld could place.
    @Test func theLinkOrderNamesOnlySymbols() throws {
        let order = try String(contentsOfFile: Docs.path("scripts/link-order.txt"), encoding: .utf8)
        let marked = order.split(separator: "\n").filter { !$0.hasPrefix("#") && $0.contains { $0 == "'" || $0.isWhitespace } }
        #expect(marked.count == 0, "\(marked.count) names in scripts/link-order.txt are no symbol's, such as \(marked.prefix(2)): run scripts/link-order.sh")
    }
}
